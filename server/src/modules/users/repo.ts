/** User queries. */
import type { Database } from '../../db/client.js';
import { likeEscape } from '../../db/sql.js';
import { PROFILE_SELECT, toProfile, type ProfileRow } from '../../shared/profiles.js';

export { toProfile };

/** The database, or one transaction of it (Database.tx): writes that go together take this. */
export type Writer = Pick<Database, 'query'>;
/** Runs `fn` in one transaction. */
export const inTransaction = <T>(database: Database, fn: (w: Writer) => Promise<T>) => database.tx((query) => fn({ query }));

export interface UserFilter {
  areaIds: string[];
  audit: boolean;
  username?: string;
  name?: string;
  phone?: string;
  roleId?: number;
  status?: number;
  auditStatus?: number;
  limit: number;
  offset: number;
}

export async function listProfiles(database: Database, f: UserFilter) {
  const where = ['u.area_id = any($1::varchar[])'];
  const params: unknown[] = [f.areaIds];
  const add = (clause: string, value: unknown) => {
    params.push(value);
    where.push(clause.replace('?', `$${params.length}`));
  };
  if (f.audit) {
    if (f.auditStatus !== undefined) add('u.audit_status = ?', f.auditStatus);
    else where.push('u.audit_status in (0, 2)');
  } else where.push('u.audit_status = 1');
  if (f.username) add(`u.username ilike ?`, `%${likeEscape(f.username)}%`);
  if (f.name) add(`u.name ilike ?`, `%${likeEscape(f.name)}%`);
  if (f.phone) add(`u.phone like ?`, `%${likeEscape(f.phone)}%`);
  if (f.status !== undefined) add('u.status = ?', f.status);
  if (f.roleId !== undefined) add('exists (select 1 from user_roles x where x.user_id = u.id and x.role_id = ?)', f.roleId);
  const cond = where.join(' and ');
  const [{ total }] = await database.query<{ total: number }>(`select count(*)::int as total from users u where ${cond}`, params);
  const rows = await database.query<ProfileRow>(`${PROFILE_SELECT} where ${cond} order by u.id desc limit $${params.length + 1} offset $${params.length + 2}`, [
    ...params,
    f.limit,
    f.offset,
  ]);
  return { rows, total };
}

/** The columns a manager checks before touching a user: area, level, roles and the permissions they give. */
export async function findManaged(database: Database, id: number) {
  const [u] = await database.query<{ id: number; areaId: string; userLevel: number; roleIds: number[]; perms: number[] }>(
    `select u.id, u.area_id as "areaId", u.user_level as "userLevel",
            coalesce((select array_agg(ur.role_id order by ur.role_id) from user_roles ur where ur.user_id = u.id), '{}') as "roleIds",
            coalesce((select array_agg(distinct rp.permission_id) from user_roles ur
                        join role_permissions rp on rp.role_id = ur.role_id where ur.user_id = u.id), '{}') as perms
       from users u where u.id = $1`,
    [id],
  );
  return u;
}

export async function usernameExists(database: Database, username: string) {
  return (await database.query('select 1 from users where username = $1', [username])).length > 0;
}

export async function phoneExists(database: Database, phone: string, exceptId?: number) {
  return (await database.query('select 1 from users where phone = $1 and id <> $2', [phone, exceptId ?? 0])).length > 0;
}

export interface NewUserRow {
  username: string;
  passwordHash: string;
  name: string;
  phone: string | null;
  company: string | null;
  areaId: string;
  userLevel: number;
  siteId: string | null;
  brandId: number | null;
  unavailableTime: Date | null;
  idcardUrl: string | null;
  idcardBackUrl: string | null;
  creatorId: number;
}

/** Inserts an already audited user and returns its id. */
export async function insertUser(database: Writer, u: NewUserRow) {
  const [row] = await database.query<{ id: number }>(
    `insert into users (username, password_hash, name, phone, company, area_id, user_level, site_id, brand_id,
                        unavailable_time, idcard_url, idcard_back_url, creator_id, audit_status)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 1) returning id`,
    [
      u.username,
      u.passwordHash,
      u.name,
      u.phone,
      u.company,
      u.areaId,
      u.userLevel,
      u.siteId,
      u.brandId,
      u.unavailableTime,
      u.idcardUrl,
      u.idcardBackUrl,
      u.creatorId,
    ],
  );
  return row.id;
}

/** Column names come from the service's own mapping, never from input keys. */
export async function updateUserColumns(database: Writer, id: number, values: Record<string, unknown>) {
  const cols = Object.keys(values);
  if (!cols.length) return;
  const sets = cols.map((col, i) => `${col} = $${i + 2}`);
  await database.query(`update users set ${sets.join(', ')} where id = $1`, [id, ...Object.values(values)]);
}

export async function replaceRoles(database: Writer, userId: number, roleIds: number[]) {
  await database.query('delete from user_roles where user_id = $1', [userId]);
  if (roleIds.length) {
    await database.query('insert into user_roles (user_id, role_id) select $1, unnest($2::int[]) on conflict do nothing', [userId, roleIds]);
  }
}

export async function deleteSessions(database: Writer, userId: number) {
  await database.query('delete from sessions where user_id = $1', [userId]);
}

export async function setStatus(database: Database, id: number, status: number) {
  await database.query('update users set status = $2 where id = $1', [id, status]);
}

export async function setAudit(database: Database, id: number, auditStatus: number, remark: string | null) {
  await database.query('update users set audit_status = $2, audit_remark = $3 where id = $1', [id, auditStatus, remark]);
}

/** The given roles with their area and permissions (unknown ids are left out). */
export async function rolesWithPermissions(database: Database, roleIds: number[]) {
  return database.query<{ id: number; areaId: string; perms: number[] | null }>(
    `select r.id, r.area_id as "areaId",
            (select array_agg(permission_id) from role_permissions rp where rp.role_id = r.id) as perms
       from roles r where r.id = any($1::int[])`,
    [roleIds],
  );
}
