/** Area helpers: six-digit ids, the three-level chain and the 全国 root (spec §2, §3). */

export interface AreaLike {
  id: string;
  areaName: string;
  parentId?: string | null;
  level: number;
  areaCode?: string;
  aggregation?: number;
}

export const NATION_ID = '000000';

/** Pad an area id to six digits on the right: 11 → 110000, 1101 → 110100. */
export function padAreaId(id: string | number | null | undefined): string {
  const s = String(id ?? '').trim();
  return s.slice(0, 6).padEnd(6, '0');
}

/** Province, city and district ids of an area id: 110108 → 110000, 110100, 110108. */
export function areaChain(id: string | number | null | undefined): [string, string, string] {
  const full = padAreaId(id);
  return [padAreaId(full.slice(0, 2)), padAreaId(full.slice(0, 4)), full];
}

/** The 全国 root entry prepended to area lists. */
export function nationRoot(): AreaLike & { areaCode: string; aggregation: number } {
  return { id: NATION_ID, areaCode: NATION_ID, areaName: '全国', parentId: null, level: 0, aggregation: 0 };
}

/** Prepend the 全国 root unless the list already starts with it. */
export function withNationRoot<T extends AreaLike>(list: readonly T[]): Array<T | ReturnType<typeof nationRoot>> {
  if (list[0]?.id === NATION_ID) return [...list];
  return [nationRoot(), ...list];
}
