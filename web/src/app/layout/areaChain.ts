/** The header's area chain (spec §2): province / city / district names of the user's area. */
import { NATION_ID, areaChain } from '../../lib/area';

/**
 * Names of the province, city and district of `areaId` (ids padded to six digits, repeats left
 * out: a province gives one name). The nation, or an area whose names are unknown yet, gives
 * `[fallback]`.
 */
export function areaChainNames(areaId: string | null | undefined, nameOf: (id: string) => string | undefined, fallback: string): string[] {
  if (!areaId || areaId === NATION_ID) return [fallback];
  const ids = [...new Set(areaChain(areaId))];
  const names = ids.map(nameOf);
  return names.every((n): n is string => !!n) ? names : [fallback];
}
