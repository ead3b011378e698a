/** User management: every write checks that the target user and area are within the actor's scope. */
import type { Database } from '../../db/client.js';
import type { Auth } from '../../http/auth.js';
import { badRequest, forbidden, notFound } from '../../http/envelope.js';
import { hashPassword, passwordProblem, randomPassword } from '../../domain/password.js';
import { assertAssignable, assertKeptRolesCover } from './roleGrants.js';
import { setPassword } from '../../shared/accounts.js';
import { readableBrand } from '../../shared/brands.js';
import { attachUploads, fileOf, urlOf } from '../../shared/uploads.js';
import { releaseUploads, removeFiles } from '../../shared/uploadRelease.js';
import { USER_COLUMNS } from '../../shared/profiles.js';
import * as repo from './repo.js';
import { UserFields, type NewUserInput, type UserInput } from './schemas.js';

/** The fields 编辑用户 stores as given: those of the form that have a column (the roles are links of their own). */
const EDITABLE = (Object.keys(UserFields) as (keyof typeof UserFields)[]).filter(
  (key): key is keyof UserInput & keyof typeof USER_COLUMNS => key in USER_COLUMNS,
);

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

/** The stored files of the ID card fields (400 naming the field for an address that is not an upload). */
function idcardFiles(input: UserInput): { front?: string | null; back?: string | null } {
  const one = (v: string | null | undefined, field: string) => {
    if (v === undefined || v === null || v === '') return v === undefined ? undefined : null;
    const file = fileOf(v);
    if (!file) throw badRequest(`参数 ${field} 不是可用的上传文件，请重新上传`);
    return file;
  };
  return { front: one(input.idcardUrl, 'idcardUrl'), back: one(input.idcardBackUrl, 'idcardBackUrl') };
}

/** An enterprise account's enterprise must exist and be one the editor sees. */
async function checkBrand(database: Database, auth: Auth, brandId: number | null | undefined) {
  if (brandId !== undefined && brandId !== null) await readableBrand(database, auth, brandId);
}

/** Attaches the ID card photos to the account in its write: each an upload of the editor or already the account's. */
async function attachIdcards(w: repo.Writer, auth: Auth, id: number, files: { front?: string | null; back?: string | null }) {
  if (files.front) await attachUploads(w, auth, 'idcard', id, [files.front], 'idcardUrl');
  if (files.back) await attachUploads(w, auth, 'idcard', id, [files.back], 'idcardBackUrl');
}

/** ID card photos: the account itself, and whoever manages accounts of its area. */
export async function mayReadIdcard(database: Database, auth: Auth, userId: number) {
  if (auth.user.id === userId) return true;
  const areaId = await repo.areaOfUser(database, userId);
  return !!areaId && auth.can('user.manage') && auth.sees(areaId);
}

export const usernameTaken = repo.usernameExists;
export const phoneTaken = repo.phoneExists;

export async function createUser(database: Database, auth: Auth, input: NewUserInput) {
  auth.assertArea(input.areaId);
  checkLevel(auth, input.userLevel);
  const problem = passwordProblem(input.password);
  if (problem) throw badRequest(problem);
  if (await usernameTaken(database, input.username)) throw badRequest('用户名已存在，请换一个');
  if (input.phone && (await phoneTaken(database, input.phone))) throw badRequest('手机号已被其他账号使用');
  await assertAssignable(database, auth, input.roleIds ?? [], input.areaId);
  await checkBrand(database, auth, input.brandId);
  const idcards = idcardFiles(input);
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
      idcardUrl: idcards.front ? urlOf(idcards.front) : null,
      idcardBackUrl: idcards.back ? urlOf(idcards.back) : null,
      creatorId: auth.user.id,
    });
    await repo.replaceRoles(w, id, input.roleIds ?? []);
    await attachIdcards(w, auth, id, idcards);
    return id;
  });
}

/**
 * Every check first, then the row, its roles and (for a past validity) its sessions in one
 * transaction: a refused edit writes nothing. A replaced or removed ID card photo is forgotten in
 * the same transaction (no longer served) and its file deleted from `dataDir` after it.
 */
export async function editUser(database: Database, auth: Auth, id: number, input: UserInput, dataDir: string) {
  const target = await loadManaged(database, auth, id);
  if (input.areaId !== undefined) auth.assertArea(input.areaId);
  checkLevel(auth, input.userLevel);
  if (input.phone && (await phoneTaken(database, input.phone, id))) throw badRequest('手机号已被其他账号使用');
  const areaId = input.areaId ?? target.areaId;
  if (input.roleIds) await assertAssignable(database, auth, input.roleIds, areaId);
  else if (areaId !== target.areaId) await assertKeptRolesCover(database, auth, target.roleIds, areaId);
  await checkBrand(database, auth, input.brandId);
  const idcards = idcardFiles(input);
  const values: repo.UserValues = {};
  for (const key of EDITABLE) (values as Record<string, unknown>)[key] = input[key];
  if (idcards.front !== undefined) values.idcardUrl = idcards.front && urlOf(idcards.front);
  if (idcards.back !== undefined) values.idcardBackUrl = idcards.back && urlOf(idcards.back);
  const released = await repo.inTransaction(database, async (w) => {
    await repo.updateUser(w, id, values);
    await attachIdcards(w, auth, id, idcards);
    if (input.roleIds) await repo.replaceRoles(w, id, input.roleIds);
    // a new validity period in the past ends the sessions at once
    if (input.unavailableTime && input.unavailableTime.getTime() <= Date.now()) await repo.deleteSessions(w, id);
    if (idcards.front === undefined && idcards.back === undefined) return [];
    const held = (await repo.idcardUrlsOf(w, id)).map(fileOf).filter((f): f is string => !!f);
    return releaseUploads(w, 'idcard', id, held);
  });
  await removeFiles(dataDir, released);
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
