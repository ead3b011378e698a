/**
 * Site ranking (站点排名): rents, returns, ups and downs per site over a window. Completed hours come
 * from stats_hourly (one grouped range scan on its (area_id, hour) index); the current and the
 * previous hour, which the hourly rollup may not have finished, are counted from the raw events.
 */
import type { Database } from '../../db/client.js';
import type { Window } from './window.js';

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

/**
 * Ranked sites of the areas, at most `limit` rows: sites with records in the window by the order asked
 * (rents or returns, then the other, then site id), then, when fewer than `limit` have records, the
 * remaining sites (no record at all) with zeros, by site id. `total` counts every site in the ranking.
 */
export async function siteRanking(database: Database, w: Window, f: RankFilter, now = new Date()): Promise<{ rows: RankRow[]; total: number }> {
  const limit = Math.min(f.limit ?? RANK_LIMIT, RANK_LIMIT);
  const live = liveSince(now);
  const rolledTo = new Date(Math.min(w.to.getTime(), live.getTime()));
  const liveFrom = new Date(Math.max(w.from.getTime(), live.getTime()));
  const params: unknown[] = [f.areaIds, w.from.toISOString(), rolledTo.toISOString(), liveFrom.toISOString(), w.to.toISOString()];
  let brand = '';
  if (f.brandId !== null) {
    params.push(f.brandId);
    brand = ` and brand_id = $${params.length}`;
  }
  const siteFilter = `s.area_id = any($1::varchar[]) and s.deleted_at is null${SITE_TYPE[f.siteType] ?? ''}`;
  // an empty range when the window ends before the live hours (the parts then cost one index probe)
  const liveParts = `union all
         select rent_site_id, 1, 0, 0, 0 from ride_orders
          where area_id = any($1::varchar[]) and rent_at >= $4 and rent_at < $5 and rent_site_id is not null${brand}
         union all
         select return_site_id, 0, 1, 0, 0 from ride_orders
          where coalesce(return_area_id, area_id) = any($1::varchar[]) and return_at >= $4 and return_at < $5 and return_site_id is not null${brand}
         union all
         select site_id, 0, 0, (action = 'up')::int, (action = 'down')::int from dispatches
          where area_id = any($1::varchar[]) and at >= $4 and at < $5${brand}`;
  const primary = f.orderBy === 'return' ? 'ret' : 'rent';
  const secondary = f.orderBy === 'return' ? 'rent' : 'ret';
  const [active, [{ total }]] = await Promise.all([
    database.query<Omit<RankRow, 'rank'>>(
      `with ev (site_id, rent, ret, up, down) as (
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
