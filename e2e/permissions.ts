/**
 * Roles the browser tests create through the API hold permissions named as the server names them
 * (server/src/domain/permissions.ts), not by spec §6 number.
 */
import { PERMISSIONS, type PermissionKey } from '../server/src/domain/permissions';

/** `permissionIds` of POST /role/add for these permissions: a button brings its menu, as the role editor ticks them. */
export function permissionIds(names: readonly PermissionKey[]): number[] {
  const ids = new Set<number>();
  for (const name of names) {
    const p = PERMISSIONS.find((q) => q.key === name);
    if (!p) throw new Error(`unknown permission ${name}`);
    if (p.parentId !== null) ids.add(p.parentId);
    ids.add(p.id);
  }
  return [...ids].sort((a, b) => a - b);
}
