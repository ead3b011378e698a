/**
 * Route guard (spec §2): the guarded layout's loader. No token → /login at once; otherwise load
 * user, permissions, area tree and national areas, and proceed whatever the outcome.
 * /login, /unlogin, /401, /404, /index and unknown paths sit outside this layout.
 */
import { redirect } from 'react-router';
import { loadSession } from './session/bootstrap';
import { getToken } from './session/store';

export async function guardLoader() {
  if (!getToken()) return redirect('/login');
  await loadSession().catch(() => undefined);
  return null;
}

/** Load once on entering the guarded area, not on every move inside it. */
export const guardShouldRevalidate = () => false;
