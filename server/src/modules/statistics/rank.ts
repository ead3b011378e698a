/**
 * Site ranking (站点排名): rents, returns, ups and downs per site over a window, read in three tiers
 * that split the window without overlap:
 *   1. rolled-up days: stats_site_monthly (month and year windows) or stats_site_daily (day
 *      windows), for the days up to the site-day watermark (one row per site and brand), and then
 *      the next day's partial rows in stats_site_daily up to the 'site_today' watermark;
 *   2. completed hours after those: stats_hourly;
 *   3. the current and the previous hour, which the hourly rollup may not have finished: the events.
 * The watermarks and the tiers are read in one repeatable-read transaction, so a rollup committing
 * meanwhile cannot make a row count twice or not at all.
 */
import type { Database } from '../../db/client.js';
import { localDay } from '../../domain/time.js';
import { liveSince, siteWatermarks } from '../../shared/watermarks.js';
import { dayWindow, type Window } from './window.js';

export const RANK_LIMIT = 500;

export type RankOrder = 'rent' | 'return';

export interface RankFilter {
  areaIds: string[];
  /** Enterprise users see their own brand only. */
  brandId: number | null;
  /** 0 all, 1 recycle sites, 2 key sites. */
  siteType: number;
  orderBy: RankOrder;
  limit?: number;
}

export interface RankRow {
  rank: number;
  siteId: string;
  siteName: string;
  rentNum: number;
  returnNum: number;
  upNum: number;
  downNum: number;
}

const SITE_TYPE: Record<number, string> = { 0: '', 1: ' and s.recycle_switch', 2: ' and s.major_switch' };

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
function rolledKeys(w: Window): { table: string; key: string; start: string; end: string } {
  // labels are yyyy-MM-dd, yyyy-MM or yyyy (windowOf)
  if (w.granularity === 'day') return { table: 'stats_site_daily', key: 'day', start: w.label, end: w.label };
  if (w.granularity === 'month') return { table: 'stats_site_monthly', key: 'month', start: `${w.label}-01`, end: `${w.label}-01` };
  return { table: 'stats_site_monthly', key: 'month', start: `${w.label}-01-01`, end: `${w.label}-12-01` };
}

/**
 * Ranked sites of the areas, at most `limit` rows: sites with records in the window by the order asked
 * (rents or returns, then the other, then site id), then, when fewer than `limit` have records, the
 * remaining sites (no record at all) with zeros, by site id. `total` counts every site in the ranking.
 */
export async function siteRanking(database: Database, w: Window, f: RankFilter, tz: string, now = new Date()): Promise<{ rows: RankRow[]; total: number }> {
  const limit = Math.min(f.limit ?? RANK_LIMIT, RANK_LIMIT);
  const siteFilter = `s.area_id = any($1::varchar[]) and s.deleted_at is null${SITE_TYPE[f.siteType] ?? ''}`;
  return database.tx(async (q) => {
    // one snapshot for the watermarks and the tiers they choose (a rollup may commit meanwhile)
    await q('set transaction isolation level repeatable read, read only');
    const marks = w.granularity === 'hour' ? { through: null, partial: null } : await siteWatermarks(q);
    const { c1, c2, partialDay } = rankTiers(w, marks.through, tz, now, marks.partial);
    const rolled = rolledKeys(w);
    const params: unknown[] = [f.areaIds, c1.toISOString(), c2.toISOString(), w.to.toISOString()];
    let brand = '';
    if (f.brandId !== null) {
      params.push(f.brandId);
      brand = ` and brand_id = $${params.length}`;
    }
    // an empty hour or event tier costs one index probe; an empty day tier is left out
    let dayPart = '';
    if (c1 > w.from) {
      params.push(rolled.start, rolled.end);
      const n = params.length;
      dayPart = `select site_id, rent_num, return_num, up_num, down_num from ${rolled.table}
          where area_id = any($1::varchar[]) and ${rolled.key} >= $${n - 1}::date and ${rolled.key} <= $${n}::date${brand}
         union all`;
      // a month or a year: the month table holds whole days only; the partial day is a day row
      if (partialDay && rolled.table !== 'stats_site_daily') {
        params.push(partialDay);
        dayPart += `
         select site_id, rent_num, return_num, up_num, down_num from stats_site_daily
          where area_id = any($1::varchar[]) and day = $${params.length}::date${brand}
         union all`;
      }
    }
    const liveParts = `union all
         select rent_site_id, 1, 0, 0, 0 from ride_orders
          where area_id = any($1::varchar[]) and rent_at >= $3 and rent_at < $4 and rent_site_id is not null${brand}
         union all
         select return_site_id, 0, 1, 0, 0 from ride_orders
          where return_area_id = any($1::varchar[]) and return_at >= $3 and return_at < $4 and return_site_id is not null${brand}
         union all
         select site_id, 0, 0, (action = 'up')::int, (action = 'down')::int from dispatches
          where area_id = any($1::varchar[]) and at >= $3 and at < $4${brand}`;
    const primary = f.orderBy === 'return' ? 'ret' : 'rent';
    const secondary = f.orderBy === 'return' ? 'rent' : 'ret';
    const active = await q<Omit<RankRow, 'rank'>>(
      `with ev (site_id, rent, ret, up, down) as (
         ${dayPart}
         select site_id, rent_num, return_num, up_num, down_num from stats_hourly
          where area_id = any($1::varchar[]) and hour >= $2 and hour < $3 and site_id <> ''${brand}
         ${liveParts}
       )
       -- joined before the sums: one hash of the area's sites (after summing, the planner guesses
       -- 200 groups and probes the sites' index once per site with records)
       select s.id as "siteId", s.site_name as "siteName", sum(ev.rent)::int as "rentNum", sum(ev.ret)::int as "returnNum",
              sum(ev.up)::int as "upNum", sum(ev.down)::int as "downNum"
         from ev join sites s on s.id = ev.site_id
        where ${siteFilter}
        group by s.id
        order by sum(ev.${primary}) desc, sum(ev.${secondary}) desc, s.id limit ${limit}`,
      params,
    );
    const [{ total }] = await q<{ total: number }>(`select count(*)::int as total from sites s where ${siteFilter}`, [f.areaIds]);
    let rows = active;
    if (rows.length < limit) {
      // every site with records is in `active`: the rest have none
      const idle = await q<{ siteId: string; siteName: string }>(
        `select s.id as "siteId", s.site_name as "siteName" from sites s
          where ${siteFilter} and s.id <> all($2::varchar[]) order by s.id limit ${limit - rows.length}`,
        [f.areaIds, rows.map((r) => r.siteId)],
      );
      rows = [...rows, ...idle.map((r) => ({ ...r, rentNum: 0, returnNum: 0, upNum: 0, downNum: 0 }))];
    }
    return { rows: rows.map((r, i) => ({ rank: i + 1, ...r })), total };
  });
}

/**
 * Rankings asked again within a short time are answered from memory: the ranking card of every
 * screen polls the same area and window. A window that reaches the live hours is kept `liveMs`
 * (new events change it), a past one `pastMs` (only a rollup re-run changes it). One load per key
 * at a time; the oldest keys go first beyond `max`.
 */
export class RankCache {
  private entries = new Map<string, { until: number; value: Promise<{ rows: RankRow[]; total: number }> }>();

  constructor(
    private readonly liveMs = 30_000,
    private readonly pastMs = 10 * 60_000,
    private readonly max = 500,
    private readonly clock = () => Date.now(),
  ) {}

  get(w: Window, f: RankFilter, load: () => Promise<{ rows: RankRow[]; total: number }>) {
    const now = this.clock();
    const key = [w.from.toISOString(), w.to.toISOString(), f.areaIds.join(','), f.brandId ?? '', f.siteType, f.orderBy, f.limit ?? ''].join('|');
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
