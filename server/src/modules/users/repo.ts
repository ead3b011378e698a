/** User queries. */
import type { Static } from 'typebox';
import type { Database } from '../../db/client.js';
import { columnValues, insertSql, updateSql, type Columns } from '../../db/columns.js';
import { likeEscape } from '../../db/sql.js';
import { PROFILE_SELECT, USER_COLUMNS, type ProfileRow } from '../../shared/profiles.js';
import type { Application, AuditQuery } from './schemas.js';

/** The database, or one transaction of it (Database.tx): writes that go together take this. */
export type Writer = Pick<Database, 'query'>;
/** Runs `fn` in one transaction. */
export const inTransaction = <T>(database: Database, fn: (w: Writer) => Promise<T>) => database.tx((query) => fn({ query }));

/** The lists' filters (AuditQuery's, /list gives no applyType or times) with the times parsed, the scope and the page. */
export type UserFilter = Omit<Static<typeof AuditQuery>, 'selfAreaId' | 'currentPage' | 'pageSize' | 'startTime' | 'endTime'> & {
  areaIds: string[];
  audit: boolean;
  /** applications: applied at or after / before */
  from?: Date;
  to?: Date;
  limit: number;
  offset: number;
};

export async function listProfiles(database: Database, f: UserFilter) {
  const where = ['u.area_id = any($1::varchar[])'];
  const params: unknown[] = [f.areaIds];
  const add = (clause: string, value: unknown) => {
    params.push(value);
    where.push(clause.replace('?', `$${params.length}`));
  };
  if (f.audit) {
    // applications: accounts that registered themselves, in any audit state (or the one asked for)
    where.push('u.apply_type is not null');
    if (f.auditStatus !== undefined) add('u.audit_status = ?', f.auditStatus);
    if (f.applyType !== undefined) add('u.apply_type = ?', f.applyType);
    if (f.from) add('u.created_at >= ?', f.from);
    if (f.to) add('u.created_at < ?', f.to);
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

/** The area of an account, or undefined. */
export async function areaOfUser(database: Database, id: number): Promise<string | undefined> {
  const [row] = await database.query<{ areaId: string }>('select area_id as "areaId" from users where id = $1', [id]);
  return row?.areaId;
}

/**
 * Counts one registration attempt of `address` in the current fixed window of `windowMinutes` (on
 * the database's clock, so every process shares the count) and answers the count so far; the
 * windows that ended a day ago go with it.
 */
export async function countRegisterAttempt(database: Database, address: string, windowMinutes: number): Promise<number> {
  const [row] = await database.query<{ count: number }>(
    `with swept as (delete from register_attempts where window_start < now() - interval '1 day')
     insert into register_attempts (address, window_start, count)
     values ($1, to_timestamp(floor(extract(epoch from now()) / ($2::int * 60)) * ($2::int * 60)), 1)
     on conflict (address, window_start) do update set count = register_attempts.count + 1
     returning count`,
    [address.slice(0, 64), windowMinutes],
  );
  return row.count;
}

/** The ID card photo addresses an account holds now (front, back; nulls left out). */
export async function idcardUrlsOf(database: Writer, id: number): Promise<string[]> {
  const [row] = await database.query<{ front: string | null; back: string | null }>(
    'select idcard_url as front, idcard_back_url as back from users where id = $1',
    [id],
  );
  return row ? [row.front, row.back].filter((u): u is string => !!u) : [];
}

export async function usernameExists(database: Database, username: string) {
  return (await database.query('select 1 from users where username = $1', [username])).length > 0;
}

export async function phoneExists(database: Database, phone: string, exceptId?: number) {
  return (await database.query('select 1 from users where phone = $1 and id <> $2', [phone, exceptId ?? 0])).length > 0;
}

/** What a user write stores, by the API's keys (USER_COLUMNS), and the columns never read back: the password's hash, the creator, the application. */
export type UserValues = Partial<
  Omit<ProfileRow, 'roles' | 'areaName' | 'areaLevel' | 'platformCode' | 'createdAt' | 'creatorName'> & {
    passwordHash: string;
    creatorId: number;
    applyType: number;
    applyReason: string | null;
  }
>;

const WRITTEN = {
  ...USER_COLUMNS,
  passwordHash: 'password_hash',
  creatorId: 'creator_id',
  applyType: 'apply_type',
  applyReason: 'apply_reason',
} satisfies Columns<UserValues>;

/** A new user as 新增用户 stores it: every field given (null: none). */
export type NewUserRow = Required<
  Pick<
    UserValues,
    | 'username'
    | 'passwordHash'
    | 'name'
    | 'phone'
    | 'company'
    | 'areaId'
    | 'userLevel'
    | 'siteId'
    | 'brandId'
    | 'unavailableTime'
    | 'idcardUrl'
    | 'idcardBackUrl'
    | 'creatorId'
  >
>;

/** Inserts an already audited user and returns its id. */
export async function insertUser(database: Writer, u: NewUserRow) {
  const { text, params } = insertSql('users', columnValues(WRITTEN, { ...u, auditStatus: 1 }), 'returning id');
  const [row] = await database.query<{ id: number }>(text, params);
  return row.id;
}

/** Sets the values given on the user. */
export async function updateUser(database: Writer, id: number, values: UserValues) {
  const columns = columnValues(WRITTEN, values);
  if (!Object.keys(columns).length) return;
  const { text, params } = updateSql('users', columns, 'id = $1', [id]);
  await database.query(text, params);
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

/** Audits a pending application (only while it is pending: two auditors cannot both decide); answers whether it was. */
export async function setAudit(database: Writer, id: number, auditStatus: number, remark: string | null, auditorId: number) {
  const rows = await database.query(
    'update users set audit_status = $2, audit_remark = $3, audit_user_id = $4, audit_time = now() where id = $1 and audit_status = 0 returning id',
    [id, auditStatus, remark, auditorId],
  );
  return rows.length > 0;
}

/** What an application adds to the profile (the list's fields but the audit's time). */
export type ApplicationExtra = Pick<Static<typeof Application>, 'id' | 'applyType' | 'applyReason' | 'auditorName'> & { auditTime: Date | null };

/** What an application adds to the profile: what was asked for, why, who decided and when. */
export async function applicationExtras(database: Database, ids: number[]) {
  return database.query<ApplicationExtra>(
    `select u.id, u.apply_type as "applyType", u.apply_reason as "applyReason", u.audit_time as "auditTime", a.name as "auditorName"
       from users u left join users a on a.id = u.audit_user_id where u.id = any($1::int[])`,
    [ids],
  );
}

/** The application's kind and state, for the auditor's checks. */
export async function findApplication(database: Database, id: number) {
  const [row] = await database.query<{ applyType: number | null; auditStatus: number }>(
    'select apply_type as "applyType", audit_status as "auditStatus" from users where id = $1',
    [id],
  );
  return row;
}

/** A self-registered account waiting for audit, as 注册申请 stores it. */
export type NewApplicant = Required<Pick<UserValues, 'username' | 'passwordHash' | 'name' | 'company' | 'areaId' | 'applyType' | 'applyReason'>> & {
  phone: string;
};

/**
 * Inserts a self-registered account waiting for audit (audit_status 0), or already refused with
 * `refused` as its reason (shown at login), and returns its id.
 */
export async function insertApplicant(database: Writer, u: NewApplicant, refused?: string) {
  const audit = refused ? { auditStatus: 2, auditRemark: refused } : { auditStatus: 0 };
  const { text, params } = insertSql('users', columnValues(WRITTEN, { ...u, userLevel: 2, ...audit }), 'returning id');
  const [row] = await database.query<{ id: number }>(text, params);
  return row.id;
}

/** Roles anyone may apply for (seeded 5, 27, 31, 32, 34 and any marked applicable). */
export async function applicableRoles(database: Database) {
  return database.query<{ id: number; roleName: string }>(`select id, role_name as "roleName" from roles where applicable and area_id = '000000' order by id`);
}

/** The areas directly below `parentId`, and whether each has areas below it. */
export async function childAreas(database: Database, parentId: string) {
  return database.query<{ id: string; areaName: string; level: number; leaf: boolean }>(
    `select a.id, a.area_name as "areaName", a.level, not exists (select 1 from areas c where c.parent_id = a.id) as leaf
       from areas a where a.parent_id = $1 order by a.id`,
    [parentId],
  );
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
