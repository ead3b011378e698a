import { FILL } from './constants';
import type { SiteFlag } from './siteStatus';

export interface FillStatus {
  label: '空桩' | '偏少' | '正常' | '偏多' | '满桩';
  flag: SiteFlag;
}

/**
 * Capacity: floor(siteBikeCeiling × fullPileNum) when fullPileNum > 0, otherwise siteBikeCeiling; the
 * server's rule (server/src/domain/siteStatus.ts capacityOf): the product is rounded to 9 decimals
 * before flooring, so 25 × 1.16 (28.999999999999996 in floating point) gives 29.
 */
export function siteCapacity(ceiling: number, fullPileNum: number): number {
  const c = Number.isFinite(ceiling) ? ceiling : 0;
  if (!(Number.isFinite(fullPileNum) && fullPileNum > 0)) return c;
  return Math.floor(Math.round(c * fullPileNum * 1e9) / 1e9);
}

/**
 * Fill status of a site (spec §4). Count 0 is 空桩; a capacity of 0 with bikes is 满桩;
 * otherwise by ratio = count / capacity: < 0.2 偏少, ≥ 1 满桩, > 0.8 偏多, else 正常.
 */
export function fillStatus(count: number, ceiling: number, fullPileNum: number = FILL.defaultFullPileNum): FillStatus {
  const n = Number.isFinite(count) ? count : 0;
  if (n <= 0) return { label: '空桩', flag: 0 };
  const capacity = siteCapacity(ceiling, fullPileNum);
  if (capacity <= 0) return { label: '满桩', flag: 2 };
  // the server's comparisons, in integers: n/capacity < 0.2, ≥ 1, > 0.8
  if (5 * n < capacity) return { label: '偏少', flag: 4 };
  if (n >= capacity) return { label: '满桩', flag: 2 };
  if (5 * n > 4 * capacity) return { label: '偏多', flag: 3 };
  return { label: '正常', flag: 1 };
}
