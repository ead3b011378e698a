/** Queries of the dashboard's curves and tables: hourly flows, a site's usage, the day's online figures (the daily trend's are in shared/brandTrend.ts). */
import type { Database } from '../../../db/client.js';

/**
 * Rents (or returns) per brand and local hour at the sites of the areas (or one site) from `dayStart`:
 * finished hours from stats_hourly (before `hourStart`), the hour from `hourStart` from the ride orders.
 */
export function flowsByHour(
  database: Database,
  f: { areaIds: string[]; siteId?: string; kind: 'rent' | 'return'; dayStart: string; hourStart: string; tz: string },
) {
  const sites = f.siteId ? '$4::varchar' : `select id from sites where area_id = any($4::varchar[])`;
  return database.query<{ brandId: number; h: number; n: number }>(
    `select brand_id as "brandId", extract(hour from hour at time zone $3)::int as h, sum(${f.kind}_num)::int as n
       from stats_hourly where site_id in (${sites}) and hour >= $1 and hour < $2
      group by 1, 2
     union all
     select brand_id, extract(hour from ${f.kind}_at at time zone $3)::int, count(*)::int
       from ride_orders where ${f.kind}_site_id in (${sites}) and ${f.kind}_at >= $2 and ${f.kind}_at < $2::timestamptz + interval '1 hour'
      group by 1, 2`,
    [f.dayStart, f.hourStart, f.tz, f.siteId ?? f.areaIds],
  );
}

/**
 * A site's rents, returns, ups and downs in [start, end) per local `part` (hour, day or month), by the
 * site ranking's definition (statistics/repo.ts siteRanking): rents in the site counted in its area,
 * returns to it in its area, dispatches at it; the finished hours before `liveFrom` from stats_hourly,
 * the hours from `liveFrom` on (the previous and the current hour, which the hourly rollup may not have
 * finished) from the ride orders and dispatches; only `brandId`'s when given (an enterprise user).
 */
export function siteUsageBy(
  database: Database,
  site: { siteId: string; areaId: string },
  part: 'hour' | 'day' | 'month',
  span: { start: string; end: string; liveFrom: string },
  tz: string,
  brandId: number | null = null,
) {
  const brand = brandId === null ? '' : ' and brand_id = $7';
  return database.query<{ k: number; rent: number; ret: number; up: number; down: number }>(
    `select extract(${part} from t at time zone $4)::int as k, sum(rent)::int as rent, sum(ret)::int as ret, sum(up)::int as up, sum(down)::int as down
       from (
         select hour as t, rent_num as rent, return_num as ret, up_num as up, down_num as down
           from stats_hourly where site_id = $1 and area_id = $6 and hour >= $2 and hour < least($3::timestamptz, $5::timestamptz)${brand}
         union all
         select rent_at, 1, 0, 0, 0 from ride_orders
          where area_id = $6 and rent_site_id = $1 and rent_at >= greatest($2::timestamptz, $5::timestamptz) and rent_at < $3${brand}
         union all
         select return_at, 0, 1, 0, 0 from ride_orders
          where return_area_id = $6 and return_site_id = $1 and return_at >= greatest($2::timestamptz, $5::timestamptz) and return_at < $3${brand}
         union all
         select at, 0, 0, (action = 'up')::int, (action = 'down')::int from dispatches
          where area_id = $6 and site_id = $1 and at >= greatest($2::timestamptz, $5::timestamptz) and at < $3${brand}
       ) x
      group by 1`,
    [site.siteId, span.start, span.end, tz, span.liveFrom, site.areaId, ...(brandId === null ? [] : [brandId])],
  );
}

/** One day's placed and in-site bikes of the areas per brand and type. */
export function dayOnline(database: Database, areaIds: string[], day: string) {
  return database.query<{ brandId: number; t: number; online: number; site: number }>(
    `select brand_id as "brandId", bike_type as t, sum(online_num)::int as online, sum(site_num)::int as site
       from stats_daily where area_id = any($1::varchar[]) and day = $2::date group by 1, 2`,
    [areaIds, day],
  );
}
