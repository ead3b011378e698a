/**
 * jsdom tests: a logged-in session, its permissions by the server's names (lib/permission.ts), as the
 * guard leaves it after a login. One helper for every screen's tests, instead of a copy per file
 * filling the store with spec §6 numbers.
 */
import { queryClient } from '../app/queryClient';
import { heldDefaults, persistedDefaults, type SessionData, useSession } from '../app/session/store';
import type { PermissionEntry, User } from '../app/session/types';
import { entriesOf, PERMISSION_IDS, type PermissionName } from '../lib/permission';

/** The permissions of a test: some names, or every permission of the catalogue. */
export type Permissions = readonly PermissionName[] | 'all';

/** 海淀's area administrator (userLevel 2): the user of a test that names no other. */
export const HAIDIAN_USER = { id: 1, username: 'hd', name: '海淀', areaId: '110108', userLevel: 2, roles: [] } satisfies Partial<User>;

/** A super administrator (userLevel 3) in 海淀. */
export const ADMIN_USER = { username: 'admin', name: '管理员', userLevel: 3 } satisfies Partial<User>;

export interface LogIn extends Partial<Omit<SessionData, 'permissions' | 'user'>> {
  permissions: Permissions;
  /** fields over HAIDIAN_USER */
  user?: Partial<User>;
}

/** The session's permission list (`[{id, children}]`) holding exactly these permissions. */
export function permissionsOf(permissions: Permissions): PermissionEntry[] {
  return entriesOf(permissions === 'all' ? (Object.keys(PERMISSION_IDS) as PermissionName[]) : permissions);
}

/**
 * A fresh session (every field at its default, the query cache emptied) logged in with token `tok`
 * as `user` holding `permissions`; other fields (areaAll, selfAreaId, authorization, …) as given.
 */
export function logIn({ permissions, user, ...fields }: LogIn): void {
  queryClient.clear();
  useSession.setState({
    ...persistedDefaults(),
    ...heldDefaults(),
    authorization: 'tok',
    user: { ...HAIDIAN_USER, ...user } as unknown as User,
    permissions: permissionsOf(permissions),
    ...fields,
  });
}

/** The logged-in user now holds exactly these permissions (the rest of the session kept). */
export function setPermissions(permissions: Permissions): void {
  useSession.setState({ permissions: permissionsOf(permissions) });
}
