/** Who may hand out which role: only roles whose permissions the acting user holds (no escalation). */
import type { Database } from '../../db/client.js';
import type { Auth } from '../../http/auth.js';
import { badRequest, forbidden } from '../../http/envelope.js';
import { rolesWithPermissions } from './repo.js';

export async function assertAssignable(database: Database, auth: Auth, roleIds: number[]) {
  if (roleIds.length === 0) return;
  const rows = await rolesWithPermissions(database, roleIds);
  if (rows.length !== new Set(roleIds).size) throw badRequest('角色不存在，请刷新后重试');
  for (const r of rows) {
    if (!(r.perms ?? []).every((p) => auth.held.has(p))) throw forbidden('不能分配超出自身权限的角色');
    if (!auth.sees(r.areaId) && !auth.sees(auth.user.areaId)) throw forbidden('不能分配其他区域的角色');
  }
}
