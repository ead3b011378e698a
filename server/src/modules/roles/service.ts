/** Roles group permissions. A role belongs to an area; only roles within the actor's scope change. */
import type { Static } from 'typebox';
import type { Database } from '../../db/client.js';
import type { Auth } from '../../http/auth.js';
import { badRequest, forbidden, notFound } from '../../http/envelope.js';
import { formatTime } from '../../domain/time.js';
import { PERMISSIONS, SEED_ROLES } from '../../domain/permissions.js';
import * as repo from './repo.js';
import type { RoleRow } from './repo.js';
import type { Role, RoleEdit, RoleInput } from './schemas.js';

export type { RoleRow };

const SEED_IDS = new Set(SEED_ROLES.map((r) => r.id));

/** Roles a user sees: those of their areas, and the platform's (area 000000). */
export async function visibleRoles(database: Database, auth: Auth, f: { roleName?: string; limit?: number; offset?: number } = {}) {
  return repo.listRoles(database, auth.scopeAreaIds(), f);
}

export function toRole(r: RoleRow, tz: string): Static<typeof Role> {
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

/** The role's area, after checking the actor may change it. */
async function loadOwned(database: Database, auth: Auth, id: number): Promise<string> {
  const areaId = await repo.roleArea(database, id);
  if (areaId === undefined) throw notFound('角色');
  if (SEED_IDS.has(id) && auth.user.userLevel < 3) throw forbidden('系统内置角色只能由超级管理员修改');
  auth.assertArea(areaId);
  return areaId;
}

export async function addRole(database: Database, auth: Auth, input: RoleInput) {
  checkPermissions(auth, input.permissionIds);
  if (await repo.nameTaken(database, input.roleName, auth.areaId)) throw badRequest('该区域已有同名角色');
  return repo.inTransaction(database, async (w) => {
    const id = await repo.insertRole(w, {
      roleName: input.roleName,
      remark: input.remark ?? null,
      areaId: auth.areaId,
      applicable: input.applicable ?? false,
    });
    await repo.replacePermissions(w, id, input.permissionIds);
    return id;
  });
}

/** Every check first, then the role and its permissions in one transaction: a refused edit writes nothing. */
export async function editRole(database: Database, auth: Auth, input: RoleEdit) {
  const areaId = await loadOwned(database, auth, input.id);
  if (input.permissionIds) checkPermissions(auth, input.permissionIds);
  if (input.roleName !== undefined && (await repo.nameTaken(database, input.roleName, areaId, input.id))) {
    throw badRequest('该区域已有同名角色');
  }
  await repo.inTransaction(database, async (w) => {
    await repo.updateRole(w, input.id, { roleName: input.roleName, remark: input.remark, applicable: input.applicable });
    if (input.permissionIds) await repo.replacePermissions(w, input.id, input.permissionIds);
  });
}

export async function deleteRole(database: Database, auth: Auth, id: number) {
  if (SEED_IDS.has(id)) throw badRequest('系统内置角色不能删除');
  await loadOwned(database, auth, id);
  const n = await repo.userCount(database, id);
  if (n > 0) throw badRequest(`该角色下还有 ${n} 个用户，请先调整这些用户的角色后再删除`);
  await repo.deleteRole(database, id);
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
