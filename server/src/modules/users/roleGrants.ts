/** Who may hand out which role: only roles whose permissions the acting user holds (no escalation). */
import type { Database } from '../../db/client.js';
import type { Auth } from '../../http/auth.js';
import { badRequest, forbidden } from '../../http/envelope.js';

export async function assertAssignable(database: Database, auth: Auth, roleIds: number[]) {
  if (roleIds.length === 0) return;
  const rows = await database.query<{ id: number; areaId: string; perms: number[] | null }>(
    `select r.id, r.area_id as "areaId",
            (select array_agg(permission_id) from role_permissions rp where rp.role_id = r.id) as perms
       from roles r where r.id = any($1::int[])`,
    [roleIds],
  );
  if (rows.length !== new Set(roleIds).size) throw badRequest('角色不存在，请刷新后重试');
  for (const r of rows) {
    if (!(r.perms ?? []).every((p) => auth.held.has(p))) throw forbidden('不能分配超出自身权限的角色');
    if (!auth.sees(r.areaId) && !auth.sees(auth.user.areaId)) throw forbidden('不能分配其他区域的角色');
  }
}
