/**
 * Loads what every guarded screen needs (spec §2 Route guard): user info, permissions, the area
 * tree and the national area list. Each result that arrives is stored; failures are ignored so
 * the screen still opens (auth errors are handled, and redirected, by the request layer).
 */
import { isAggregation } from '../../lib/aggregation';
import { withNationRoot } from '../../lib/area';
import { fetchAreaTree, fetchNationalAreas, fetchPermissions, fetchUser } from './service';
import { selfAreaIdOf, useSession } from './store';
import type { NationalArea } from './types';

export async function loadSession(): Promise<void> {
  const session = useSession.getState();
  const userCall = fetchUser();
  // the area tree is asked for with the stored user's area, or the fresh one on a first load
  const areaId = session.user?.areaId ?? (await userCall.then((u) => u.areaId).catch(() => session.selfAreaId));
  const [user, permissions, national, tree] = await Promise.allSettled([userCall, fetchPermissions(), fetchNationalAreas(), fetchAreaTree(areaId)]);

  if (!useSession.getState().authorization) return; // logged out meanwhile (auth error)
  const patch: Parameters<typeof session.patch>[0] = {};
  if (user.status === 'fulfilled') {
    patch.user = user.value;
    patch.selfAreaId = selfAreaIdOf(user.value);
    patch.level = user.value.areaLevel;
  }
  if (permissions.status === 'fulfilled') patch.permissions = permissions.value ?? [];
  if (national.status === 'fulfilled') patch.nationalArea = withNationRoot(national.value ?? []) as NationalArea[];
  if (tree.status === 'fulfilled') {
    const areas = tree.value ?? [];
    patch.areaAll = areas;
    patch.selfAddress = areas[0] ?? null;
    patch.isAggregation = isAggregation(areas[0]);
  }
  useSession.getState().patch(patch);
}
