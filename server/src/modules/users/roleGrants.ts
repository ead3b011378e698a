/**
 * Who may hand out which role (issue 16): a role belongs to an area (000000: the platform's). The
 * acting user gives only roles of their own area or below, or the platform's, whose permissions
 * they all hold; and a role of an area is only held by users of that area or below, so that the
 * area that edits the role never widens what users elsewhere may do.
 */
import type { Database } from '../../db/client.js';
import type { Auth } from '../../http/auth.js';
import { badRequest, forbidden } from '../../http/envelope.js';
import { ROOT_AREA_ID } from '../../domain/areas.js';
import { rolesWithPermissions } from './repo.js';

type RoleRow = Awaited<ReturnType<typeof rolesWithPermissions>>[number];

async function load(database: Database, roleIds: number[]): Promise<RoleRow[]> {
  const rows = await rolesWithPermissions(database, roleIds);
  if (rows.length !== new Set(roleIds).size) throw badRequest('角色不存在，请刷新后重试');
  return rows;
}

function assertCovers(auth: Auth, rows: RoleRow[], userAreaId: string) {
  for (const r of rows) {
    if (r.areaId !== ROOT_AREA_ID && !auth.within(userAreaId, r.areaId)) {
      throw forbidden('该角色属于其他区域，不能分配给此区域的用户');
    }
  }
}

/** Throws unless `auth` may give every one of `roleIds` to a user of `userAreaId`. */
export async function assertAssignable(database: Database, auth: Auth, roleIds: number[], userAreaId: string) {
  if (roleIds.length === 0) return;
  const rows = await load(database, roleIds);
  for (const r of rows) {
    if (r.areaId !== ROOT_AREA_ID && !auth.sees(r.areaId)) throw forbidden('不能分配其他区域的角色');
    if (!(r.perms ?? []).every((p) => auth.held.has(p))) throw forbidden('不能分配超出自身权限的角色');
  }
  assertCovers(auth, rows, userAreaId);
}

/** Throws unless roles a user keeps still cover the user's new area (a move out of their area). */
export async function assertKeptRolesCover(database: Database, auth: Auth, roleIds: number[], userAreaId: string) {
  if (roleIds.length === 0) return;
  assertCovers(auth, await load(database, roleIds), userAreaId);
}
