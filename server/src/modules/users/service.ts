/** User management: every write checks that the target user and area are within the actor's scope. */
import type { Database } from '../../db/client.js';
import type { Auth } from '../../http/auth.js';
import { badRequest, forbidden, notFound } from '../../http/envelope.js';
import { hashPassword, passwordProblem, randomPassword } from '../../domain/password.js';
import { assertAssignable, assertKeptRolesCover } from './roleGrants.js';
import { setPassword } from '../../shared/accounts.js';
import * as repo from './repo.js';

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

/**
 * The target user, after checking the actor may manage it: in the actor's area, not above their
 * level, and holding no permission the actor lacks (managing such an account, its password
 * included, would hand those permissions over).
 */
export async function loadManaged(database: Database, auth: Auth, id: number) {
  const u = await repo.findManaged(database, id);
  if (!u) throw notFound('用户');
  auth.assertArea(u.areaId);
  if (u.userLevel > auth.user.userLevel) throw forbidden('不能管理级别高于自己的账号');
  if (!u.perms.every((p) => auth.held.has(p))) throw forbidden('不能管理权限高于自己的账号');
  return u;
}

function checkLevel(auth: Auth, level: number | undefined) {
  if (level !== undefined && level > auth.user.userLevel) throw forbidden('不能创建级别高于自己的账号');
}

export const usernameTaken = repo.usernameExists;
export const phoneTaken = repo.phoneExists;

export async function createUser(database: Database, auth: Auth, input: UserInput & { username: string; password: string; areaId: string }) {
  auth.assertArea(input.areaId);
  checkLevel(auth, input.userLevel);
  const problem = passwordProblem(input.password);
  if (problem) throw badRequest(problem);
  if (await usernameTaken(database, input.username)) throw badRequest('用户名已存在，请换一个');
  if (input.phone && (await phoneTaken(database, input.phone))) throw badRequest('手机号已被其他账号使用');
  await assertAssignable(database, auth, input.roleIds ?? [], input.areaId);
  const passwordHash = await hashPassword(input.password);
  return repo.inTransaction(database, async (w) => {
    const id = await repo.insertUser(w, {
      username: input.username,
      passwordHash,
      name: input.name ?? '',
      phone: input.phone ?? null,
      company: input.company ?? null,
      areaId: input.areaId,
      userLevel: input.userLevel ?? 2,
      siteId: input.siteId ?? null,
      brandId: input.brandId ?? null,
      unavailableTime: input.unavailableTime ?? null,
      idcardUrl: input.idcardUrl ?? null,
      idcardBackUrl: input.idcardBackUrl ?? null,
      creatorId: auth.user.id,
    });
    await repo.replaceRoles(w, id, input.roleIds ?? []);
    return id;
  });
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

/** Every check first, then the row, its roles and (for a past validity) its sessions in one transaction: a refused edit writes nothing. */
export async function editUser(database: Database, auth: Auth, id: number, input: UserInput) {
  const target = await loadManaged(database, auth, id);
  if (input.areaId !== undefined) auth.assertArea(input.areaId);
  checkLevel(auth, input.userLevel);
  if (input.phone && (await phoneTaken(database, input.phone, id))) throw badRequest('手机号已被其他账号使用');
  const areaId = input.areaId ?? target.areaId;
  if (input.roleIds) await assertAssignable(database, auth, input.roleIds, areaId);
  else if (areaId !== target.areaId) await assertKeptRolesCover(database, auth, target.roleIds, areaId);
  const values: Record<string, unknown> = {};
  for (const [key, col] of Object.entries(COLUMNS)) {
    const v = (input as Record<string, unknown>)[key];
    if (v !== undefined) values[col] = v;
  }
  await repo.inTransaction(database, async (w) => {
    await repo.updateUserColumns(w, id, values);
    if (input.roleIds) await repo.replaceRoles(w, id, input.roleIds);
    // a new validity period in the past ends the sessions at once
    if (input.unavailableTime && input.unavailableTime.getTime() <= Date.now()) await repo.deleteSessions(w, id);
  });
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
  await repo.setStatus(database, id, status);
  if (status === 1) await repo.deleteSessions(database, id);
}
