/**
 * Site ranking (站点排名): rents, returns, ups and downs per site over a window, read in three tiers
 * that split the window without overlap:
 *   1. rolled-up days: stats_site_yearly, stats_site_monthly or stats_site_daily (year, month or day
 *      windows), for the days up to the site-day watermark (one row per site: every brand together,
 *      or the enterprise's brand), and then the next day's partial rows in stats_site_daily up to
 *      the 'site_today' watermark;
 *   2. completed hours after those: stats_hourly;
 *   3. the current and the previous hour, which the hourly rollup may not have finished: the events.
 * The watermarks and the tiers are read in one repeatable-read transaction, so a rollup committing
 * meanwhile cannot make a row count twice or not at all.
 */
import type { Static } from 'typebox';
import { localDay } from '../../domain/time.js';
import { liveSince } from '../../shared/watermarks.js';
import { dayWindow, type Window } from './window.js';
import type { RankRowT } from './schemas.js';

export const RANK_LIMIT = 500;

/** 'net': by |rents − returns| (the tidal view's most unbalanced sites). */
type RankOrder = 'rent' | 'return' | 'net';

/** The ranking's input after the route applied the defaults and added the scope; orderBy 'net' is /tidalSites' own, in no querystring. */
export interface RankFilter {
  areaIds: string[];
  /** Enterprise users see their own brand only. */
  brandId: number | null;
  /** 0 all, 1 recycle sites, 2 key sites. */
  siteType: number;
  orderBy: RankOrder;
  limit?: number;
}

export type RankRow = Static<typeof RankRowT>;

/**
 * The three tiers of a window: rolled days [from, c1), rolled hours [c1, c2), events [c2, to).
 * `partial` is the instant up to which the day after `through` is rolled as partial rows ('site_today'
 * watermark); it extends the day tier when it is of that very day. `partialDay` names that day when the
 * window's day tier reads its partial rows.
 */
export function rankTiers(w: Window, through: string | null, tz: string, now: Date, partial: Date | null = null) {
  const live = liveSince(now).getTime();
  const from = w.from.getTime();
  const to = w.to.getTime();
  let partialDay: string | null = null;
  // hour windows never use the day tables; others use them up to the end of the watermark's day
  let throughEnd = from;
  if (through && w.granularity !== 'hour') {
    throughEnd = dayWindow(through, tz).to.getTime();
    if (partial && partial.getTime() > throughEnd) {
      const day = localDay(new Date(partial.getTime() - 1), tz);
      const dayStart = dayWindow(day, tz).from.getTime();
      // the partial day is the one right after the watermark's, and inside the window
      // (and not ahead of the clock asked about)
      if (dayStart === throughEnd && dayStart >= from && dayStart < to && partial.getTime() <= live) {
        throughEnd = partial.getTime();
        partialDay = day;
      }
    }
  }
  const c1 = Math.min(to, Math.max(from, throughEnd));
  const c2 = Math.min(to, Math.max(c1, live));
  return { c1: new Date(c1), c2: new Date(c2), partialDay };
}

/** The rolled-up rows a window reads: its table and the first and last key (`yyyy-MM-dd`), inclusive. */
export function rolledKeys(w: Window): { table: string; key: string; start: string; end: string } {
  // labels are yyyy-MM-dd, yyyy-MM or yyyy (windowOf)
  if (w.granularity === 'day') return { table: 'stats_site_daily', key: 'day', start: w.label, end: w.label };
  if (w.granularity === 'month') return { table: 'stats_site_monthly', key: 'month', start: `${w.label}-01`, end: `${w.label}-01` };
  return { table: 'stats_site_yearly', key: 'year', start: `${w.label}-01-01`, end: `${w.label}-01-01` };
}

/**
 * Rankings asked again within a short time are answered from memory: the ranking card of every
 * screen polls the same area and window. A window that reaches the live hours is kept `liveMs`
 * (new events change it), a past one `pastMs`; both are keyed on the rollup generation
 * (shared/watermarks.ts rollupGeneration), so a statistics run that changed a past window (a
 * back-fill rolling the day in, a late report rolled again) is answered afresh at once, not after
 * `pastMs`. One load per key at a time; the oldest keys go first beyond `max`.
 */
export class RankCache {
  private entries = new Map<string, { until: number; value: Promise<{ rows: RankRow[]; total: number }> }>();

  constructor(
    private readonly liveMs = 30_000,
    private readonly pastMs = 10 * 60_000,
    private readonly max = 500,
    private readonly clock = () => Date.now(),
  ) {}

  get(w: Window, f: RankFilter, generation: number, load: () => Promise<{ rows: RankRow[]; total: number }>) {
    const now = this.clock();
    const key = [generation, w.from.toISOString(), w.to.toISOString(), f.areaIds.join(','), f.brandId ?? '', f.siteType, f.orderBy, f.limit ?? ''].join('|');
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.value;
    const live = w.to.getTime() > liveSince(new Date(now)).getTime();
    const value = load();
    this.entries.delete(key);
    this.entries.set(key, { until: now + (live ? this.liveMs : this.pastMs), value });
    value.catch(() => this.entries.delete(key));
    for (const k of this.entries.keys()) {
      if (this.entries.size <= this.max) break;
      this.entries.delete(k);
    }
    return value;
  }
}
