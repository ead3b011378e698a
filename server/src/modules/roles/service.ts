/** Roles group permissions. A role belongs to an area; only roles within the actor's scope change. */
import type { Database } from '../../db/client.js';
import type { Auth } from '../../http/auth.js';
import { badRequest, forbidden, notFound } from '../../http/envelope.js';
import { formatTime } from '../../domain/time.js';
import { PERMISSIONS, SEED_ROLES } from '../../domain/permissions.js';

const SEED_IDS = new Set(SEED_ROLES.map((r) => r.id));

export interface RoleRow {
  id: number;
  roleName: string;
  remark: string | null;
  areaId: string;
  areaName: string | null;
  applicable: boolean;
  createdAt: Date;
  permissionIds: number[] | null;
  userCount: number;
}

const SELECT = `
  select r.id, r.role_name as "roleName", r.remark, r.area_id as "areaId", a.area_name as "areaName",
         r.applicable, r.created_at as "createdAt",
         (select array_agg(permission_id order by permission_id) from role_permissions rp where rp.role_id = r.id) as "permissionIds",
         (select count(*)::int from user_roles ur where ur.role_id = r.id) as "userCount"
    from roles r left join areas a on a.id = r.area_id`;

/** Roles a user sees: those of their areas, and the platform's (area 000000). */
export async function visibleRoles(database: Database, auth: Auth, f: { roleName?: string; limit?: number; offset?: number } = {}) {
  const params: unknown[] = [auth.scopeAreaIds()];
  let cond = `(r.area_id = any($1::varchar[]) or r.area_id = '000000')`;
  if (f.roleName) {
    params.push(`%${f.roleName}%`);
    cond += ` and r.role_name ilike $${params.length}`;
  }
  const [{ total }] = await database.query<{ total: number }>(`select count(*)::int as total from roles r where ${cond}`, params);
  const page = f.limit !== undefined ? ` limit ${f.limit} offset ${f.offset ?? 0}` : '';
  const rows = await database.query<RoleRow>(`${SELECT} where ${cond} order by r.id${page}`, params);
  return { rows, total };
}

export function toRole(r: RoleRow, tz: string) {
  return {
    id: r.id,
    roleName: r.roleName,
    remark: r.remark,
    areaId: r.areaId,
    areaName: r.areaName ?? '',
    applicable: r.applicable,
    createTime: formatTime(r.createdAt, tz)!,
    permissionIds: r.permissionIds ?? [],
    userCount: r.userCount,
  };
}

function checkPermissions(auth: Auth, ids: number[]) {
  const known = new Set(PERMISSIONS.map((p) => p.id));
  const unknown = ids.find((id) => !known.has(id));
  if (unknown !== undefined) throw badRequest(`权限 ${unknown} 不存在`);
  if (!ids.every((id) => auth.held.has(id))) throw forbidden('不能授予超出自身权限的权限');
}

async function loadOwned(database: Database, auth: Auth, id: number) {
  const [r] = await database.query<{ areaId: string }>('select area_id as "areaId" from roles where id = $1', [id]);
  if (!r) throw notFound('角色');
  if (SEED_IDS.has(id) && auth.user.userLevel < 3) throw forbidden('系统内置角色只能由超级管理员修改');
  auth.assertArea(r.areaId);
}

async function setPermissions(database: Database, roleId: number, ids: number[]) {
  await database.query('delete from role_permissions where role_id = $1', [roleId]);
  if (ids.length) {
    await database.query('insert into role_permissions (role_id, permission_id) select $1, unnest($2::int[]) on conflict do nothing', [
      roleId,
      ids,
    ]);
  }
}

export async function addRole(database: Database, auth: Auth, input: { roleName: string; remark?: string; applicable?: boolean; permissionIds: number[] }) {
  checkPermissions(auth, input.permissionIds);
  const dup = await database.query('select 1 from roles where role_name = $1 and area_id = $2', [input.roleName, auth.areaId]);
  if (dup.length) throw badRequest('该区域已有同名角色');
  const [row] = await database.query<{ id: number }>(
    'insert into roles (role_name, remark, area_id, applicable) values ($1, $2, $3, $4) returning id',
    [input.roleName, input.remark ?? null, auth.areaId, input.applicable ?? false],
  );
  await setPermissions(database, row.id, input.permissionIds);
  return row.id;
}

export async function editRole(
  database: Database,
  auth: Auth,
  input: { id: number; roleName?: string; remark?: string; applicable?: boolean; permissionIds?: number[] },
) {
  await loadOwned(database, auth, input.id);
  await database.query(
    `update roles set role_name = coalesce($2, role_name), remark = coalesce($3, remark), applicable = coalesce($4, applicable) where id = $1`,
    [input.id, input.roleName ?? null, input.remark ?? null, input.applicable ?? null],
  );
  if (input.permissionIds) {
    checkPermissions(auth, input.permissionIds);
    await setPermissions(database, input.id, input.permissionIds);
  }
}

export async function deleteRole(database: Database, auth: Auth, id: number) {
  if (SEED_IDS.has(id)) throw badRequest('系统内置角色不能删除');
  await loadOwned(database, auth, id);
  const [{ n }] = await database.query<{ n: number }>('select count(*)::int as n from user_roles where role_id = $1', [id]);
  if (n > 0) throw badRequest(`该角色下还有 ${n} 个用户，请先调整这些用户的角色后再删除`);
  await database.query('delete from roles where id = $1', [id]);
}

/** The catalogue as a tree, limited to what the user holds. */
export function permissionTree(held: ReadonlySet<number>) {
  return PERMISSIONS.filter((p) => p.parentId === null && held.has(p.id)).map((m) => ({
    id: m.id,
    key: m.key,
    name: m.name,
    children: PERMISSIONS.filter((b) => b.parentId === m.id && held.has(b.id)).map((b) => ({ id: b.id, key: b.key, name: b.name })),
  }));
}
