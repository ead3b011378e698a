/** User management: every write checks that the target user and area are within the actor's scope. */
import type { Database } from '../../db/client.js';
import type { Auth } from '../../http/auth.js';
import { badRequest, forbidden, notFound } from '../../http/envelope.js';
import { hashPassword, passwordProblem, randomPassword } from '../../domain/password.js';
import { assertAssignable } from './roleGrants.js';
import { setPassword } from '../../shared/accounts.js';

export interface UserInput {
  username?: string;
  password?: string;
  name?: string;
  phone?: string | null;
  company?: string | null;
  areaId?: string;
  roleIds?: number[];
  userLevel?: number;
  siteId?: string | null;
  brandId?: number | null;
  unavailableTime?: Date | null;
  idcardUrl?: string | null;
  idcardBackUrl?: string | null;
}

/** The target user's area, after checking the actor may manage it. */
export async function loadManaged(database: Database, auth: Auth, id: number) {
  const [u] = await database.query<{ id: number; areaId: string; userLevel: number }>(
    'select id, area_id as "areaId", user_level as "userLevel" from users where id = $1',
    [id],
  );
  if (!u) throw notFound('用户');
  auth.assertArea(u.areaId);
  if (u.userLevel > auth.user.userLevel) throw forbidden('不能管理级别高于自己的账号');
  return u;
}

function checkLevel(auth: Auth, level: number | undefined) {
  if (level !== undefined && level > auth.user.userLevel) throw forbidden('不能创建级别高于自己的账号');
}

export async function usernameTaken(database: Database, username: string) {
  return (await database.query('select 1 from users where username = $1', [username])).length > 0;
}

export async function phoneTaken(database: Database, phone: string, exceptId?: number) {
  return (await database.query('select 1 from users where phone = $1 and id <> $2', [phone, exceptId ?? 0])).length > 0;
}

export async function createUser(database: Database, auth: Auth, input: UserInput & { username: string; password: string; areaId: string }) {
  auth.assertArea(input.areaId);
  checkLevel(auth, input.userLevel);
  const problem = passwordProblem(input.password);
  if (problem) throw badRequest(problem);
  if (await usernameTaken(database, input.username)) throw badRequest('用户名已存在，请换一个');
  if (input.phone && (await phoneTaken(database, input.phone))) throw badRequest('手机号已被其他账号使用');
  await assertAssignable(database, auth, input.roleIds ?? []);
  const [row] = await database.query<{ id: number }>(
    `insert into users (username, password_hash, name, phone, company, area_id, user_level, site_id, brand_id,
                        unavailable_time, idcard_url, idcard_back_url, creator_id, audit_status)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 1) returning id`,
    [
      input.username,
      await hashPassword(input.password),
      input.name ?? '',
      input.phone ?? null,
      input.company ?? null,
      input.areaId,
      input.userLevel ?? 2,
      input.siteId ?? null,
      input.brandId ?? null,
      input.unavailableTime ?? null,
      input.idcardUrl ?? null,
      input.idcardBackUrl ?? null,
      auth.user.id,
    ],
  );
  await setRoles(database, row.id, input.roleIds ?? []);
  return row.id;
}

const COLUMNS: Record<string, string> = {
  name: 'name',
  phone: 'phone',
  company: 'company',
  areaId: 'area_id',
  userLevel: 'user_level',
  siteId: 'site_id',
  brandId: 'brand_id',
  unavailableTime: 'unavailable_time',
  idcardUrl: 'idcard_url',
  idcardBackUrl: 'idcard_back_url',
};

export async function editUser(database: Database, auth: Auth, id: number, input: UserInput) {
  await loadManaged(database, auth, id);
  if (input.areaId !== undefined) auth.assertArea(input.areaId);
  checkLevel(auth, input.userLevel);
  if (input.phone && (await phoneTaken(database, input.phone, id))) throw badRequest('手机号已被其他账号使用');
  const sets: string[] = [];
  const params: unknown[] = [id];
  for (const [key, col] of Object.entries(COLUMNS)) {
    const v = (input as Record<string, unknown>)[key];
    if (v === undefined) continue;
    params.push(v);
    sets.push(`${col} = $${params.length}`);
  }
  if (sets.length) await database.query(`update users set ${sets.join(', ')} where id = $1`, params);
  if (input.roleIds) {
    await assertAssignable(database, auth, input.roleIds);
    await setRoles(database, id, input.roleIds);
  }
  // a new validity period in the past ends the sessions at once
  if (input.unavailableTime && input.unavailableTime.getTime() <= Date.now()) {
    await database.query('delete from sessions where user_id = $1', [id]);
  }
}

async function setRoles(database: Database, userId: number, roleIds: number[]) {
  await database.query('delete from user_roles where user_id = $1', [userId]);
  if (roleIds.length) {
    await database.query('insert into user_roles (user_id, role_id) select $1, unnest($2::int[]) on conflict do nothing', [
      userId,
      roleIds,
    ]);
  }
}

export async function resetPassword(database: Database, auth: Auth, id: number, password?: string) {
  await loadManaged(database, auth, id);
  const pw = password ?? randomPassword();
  const problem = passwordProblem(pw);
  if (problem) throw badRequest(problem);
  await setPassword(database, id, pw);
  return password ? null : pw;
}

export async function banUser(database: Database, auth: Auth, id: number, status: 0 | 1) {
  if (id === auth.user.id) throw badRequest('不能禁用自己的账号');
  await loadManaged(database, auth, id);
  await database.query('update users set status = $2 where id = $1', [id, status]);
  if (status === 1) await database.query('delete from sessions where user_id = $1', [id]);
}

export async function auditUser(database: Database, auth: Auth, id: number, auditStatus: 1 | 2, remark?: string) {
  await loadManaged(database, auth, id);
  await database.query('update users set audit_status = $2, audit_remark = $3 where id = $1', [id, auditStatus, remark ?? null]);
}
