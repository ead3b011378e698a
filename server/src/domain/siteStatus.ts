/** Site fill status (spec §4): count against capacity by the thresholds of siteStatus below; exact, integer arithmetic, pure. */

type MessageType = 'empty' | 'less' | 'more' | 'full';

export interface SiteStatus {
  /** 0 empty, 1 normal, 2 full, 3 many, 4 few (spec §4 site flag). */
  flag: 0 | 1 | 2 | 3 | 4;
  messageType: MessageType | null;
  label: '空桩' | '偏少' | '正常' | '偏多' | '满桩';
  /** Status filter value: 满桩 1, 偏多 2, 偏少 3, 空桩 4; normal has none. */
  filter: 1 | 2 | 3 | 4 | null;
}

const EMPTY: SiteStatus = { flag: 0, messageType: 'empty', label: '空桩', filter: 4 };
const LESS: SiteStatus = { flag: 4, messageType: 'less', label: '偏少', filter: 3 };
const FULL: SiteStatus = { flag: 2, messageType: 'full', label: '满桩', filter: 1 };
const MORE: SiteStatus = { flag: 3, messageType: 'more', label: '偏多', filter: 2 };
const NORMAL: SiteStatus = { flag: 1, messageType: null, label: '正常', filter: null };

/**
 * capacity = floor(siteBikeCeiling × fullPileNum × factor); fullPileNum counts only when > 0 and
 * factor (the largest factor of the open magnify groups the site is in, magnifyFactors) only when
 * > 0, else each is 1. The product is rounded to 9 decimals before flooring, so the floor is that
 * of the decimal product (25 × 1.16 is 29, not 28). The console's web/src/lib/fillStatus.ts
 * siteCapacity is this same rule without the factor (the server sends the snapshot's capacity).
 */
export function capacityOf(siteBikeCeiling: number, fullPileNum: number, factor = 1): number {
  const pile = fullPileNum > 0 ? fullPileNum : 1;
  const f = factor > 0 && Number.isFinite(factor) ? factor : 1;
  if (pile === 1 && f === 1) return siteBikeCeiling;
  // round away binary noise before flooring (20 × 0.7 is 13.999999999999998, 25 × 1.16 is 28.999999999999996)
  return Math.floor(Math.round(siteBikeCeiling * pile * f * 1e9) / 1e9);
}

/** A magnify group as the snapshot reads it. */
export interface MagnifyGroup {
  siteList: readonly string[];
  factor: number;
  openSwitch: boolean;
}

/**
 * Site → factor of the open magnify groups: a site in several open groups takes the largest
 * factor (the clash check warns about that case); closed groups count for nothing.
 */
export function magnifyFactors(groups: Iterable<MagnifyGroup>): Map<string, number> {
  const out = new Map<string, number>();
  for (const g of groups) {
    if (!g.openSwitch || !(g.factor > 0) || !Number.isFinite(g.factor)) continue;
    for (const siteId of g.siteList) {
      const had = out.get(siteId);
      if (had === undefined || g.factor > had) out.set(siteId, g.factor);
    }
  }
  return out;
}

/** The first condition that holds: 0 → empty; < 20 % → less; ≥ 100 % → full; > 80 % → more; else normal. */
export function siteStatus(count: number, capacity: number): SiteStatus {
  if (count <= 0) return EMPTY;
  if (capacity <= 0) return FULL;
  if (5 * count < capacity) return LESS;
  if (count >= capacity) return FULL;
  if (5 * count > 4 * capacity) return MORE;
  return NORMAL;
}

/** Spec §5: the full-pile value falls back to 1 when not numeric, its alias to 满桩值. */
export function fullPileOf(value: unknown, alias: unknown): { value: number; alias: string } {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return { value: Number.isFinite(n) ? n : 1, alias: typeof alias === 'string' && alias.trim() ? alias : '满桩值' };
}

export const STATUS_BY_FILTER: Record<1 | 2 | 3 | 4, number> = { 1: 2, 2: 3, 3: 4, 4: 0 };

/** Site flag (0 empty, 1 normal, 2 full, 3 many, 4 few) → status label (spec §4). */
export const FLAG_LABEL = ['空桩', '正常', '满桩', '偏多', '偏少'] as const;
export const flagLabel = (flag: number | null | undefined) => FLAG_LABEL[flag ?? 0] ?? '正常';

/** messageType → label (spec §4: empty→空桩, less→偏少, more→偏多, full→满桩, else 正常). */
export function messageLabel(t: string | null | undefined): string {
  return ({ empty: '空桩', less: '偏少', more: '偏多', full: '满桩' } as Record<string, string>)[t ?? ''] ?? '正常';
}
