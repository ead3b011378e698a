/**
 * Site ranking (站点排名): rents, returns, ups and downs per site over a window, read in three tiers
 * that split the window without overlap:
 *   1. rolled-up whole days: stats_site_monthly (month and year windows) or stats_site_daily (day
 *      windows), for the days up to the site-day watermark (one row per site and brand);
 *   2. completed hours after those days: stats_hourly;
 *   3. the current and the previous hour, which the hourly rollup may not have finished: the events.
 */
import type { Database } from '../../db/client.js';
import { siteDaysThrough } from '../../jobs/rollup.js';
import { dayWindow, type Window } from './window.js';

export const RANK_LIMIT = 500;
const HOUR = 3600_000;

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

/** Hours at or after this instant are read from the events (the rollup may still be behind). */
export const liveSince = (now: Date) => new Date(Math.floor(now.getTime() / HOUR) * HOUR - HOUR);

const SITE_TYPE: Record<number, string> = { 0: '', 1: ' and s.recycle_switch', 2: ' and s.major_switch' };

/** The three tiers of a window: rolled days [from, c1), rolled hours [c1, c2), events [c2, to). */
export function rankTiers(w: Window, through: string | null, tz: string, now: Date) {
  const live = liveSince(now).getTime();
  const from = w.from.getTime();
  const to = w.to.getTime();
  // hour windows never use the day tables; others use them up to the end of the watermark's day
  const throughEnd = through && w.granularity !== 'hour' ? dayWindow(through, tz).to.getTime() : from;
  const c1 = Math.min(to, Math.max(from, throughEnd));
  const c2 = Math.min(to, Math.max(c1, live));
  return { c1: new Date(c1), c2: new Date(c2) };
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
  const through = w.granularity === 'hour' ? null : await siteDaysThrough(database);
  const { c1, c2 } = rankTiers(w, through, tz, now);
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
  }
  const siteFilter = `s.area_id = any($1::varchar[]) and s.deleted_at is null${SITE_TYPE[f.siteType] ?? ''}`;
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
  const [active, [{ total }]] = await Promise.all([
    database.query<Omit<RankRow, 'rank'>>(
      `with ev (site_id, rent, ret, up, down) as (
         ${dayPart}
         select site_id, rent_num, return_num, up_num, down_num from stats_hourly
          where area_id = any($1::varchar[]) and hour >= $2 and hour < $3 and site_id <> ''${brand}
         ${liveParts}
       ), agg as (
         select site_id, sum(rent)::int as rent, sum(ret)::int as ret, sum(up)::int as up, sum(down)::int as down
           from ev group by site_id
       )
       select s.id as "siteId", s.site_name as "siteName", a.rent as "rentNum", a.ret as "returnNum", a.up as "upNum", a.down as "downNum"
         from agg a join sites s on s.id = a.site_id
        where ${siteFilter}
        order by a.${primary} desc, a.${secondary} desc, s.id limit ${limit}`,
      params,
    ),
    database.query<{ total: number }>(`select count(*)::int as total from sites s where ${siteFilter}`, [f.areaIds]),
  ]);
  let rows = active;
  if (rows.length < limit) {
    // every site with records is in `active`: the rest have none
    const idle = await database.query<{ siteId: string; siteName: string }>(
      `select s.id as "siteId", s.site_name as "siteName" from sites s
        where ${siteFilter} and s.id <> all($2::varchar[]) order by s.id limit ${limit - rows.length}`,
      [f.areaIds, rows.map((r) => r.siteId)],
    );
    rows = [...rows, ...idle.map((r) => ({ ...r, rentNum: 0, returnNum: 0, upNum: 0, downNum: 0 }))];
  }
  return { rows: rows.map((r, i) => ({ rank: i + 1, ...r })), total };
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
