/** Login call; its failures are shown on the form, so every answer comes back to the caller. */
import type { Body } from '../../api/types';
import { envelope } from '../../app/request';
import { isPhone, landingOf } from '../../app/screens';
import { fetchPermissions } from '../../app/session/service';
import { useSession } from '../../app/session/store';
import { can } from '../../lib/permission';

export type Credentials = Body<'/api/login'>;

// 用户登录 POST /api/login
export const login = (body: Credentials) => envelope.post('/login', body, { passErrors: true });

/**
 * Where a fresh login goes: on a phone the field app for those who hold it; else the big screen for
 * those who hold it, for the others the first screen their roles open (landingOf), so a field user's
 * phone opens #/field and never loads the big screen nor the desk.
 * The permissions asked here are kept in the session; when they cannot be had, the big screen decides
 * (it sends a user without it on once the session is loaded).
 */
export async function landing(): Promise<string> {
  try {
    const permissions = (await fetchPermissions()) ?? [];
    if (!Array.isArray(permissions)) return '/index';
    useSession.getState().patch({ permissions });
    // the big screen for those who hold it, but a phone goes to the field app when the user holds it
    if (isPhone() && can(permissions, 'field')) return landingOf(permissions, true)!;
    return can(permissions, 'home') ? '/index' : (landingOf(permissions) ?? '/index');
  } catch {
    return '/index';
  }
}
