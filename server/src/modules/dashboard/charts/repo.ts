/** Queries of the dashboard's curves and tables: the hourly and daily rollups, with the current hour from the ride orders. */
import type { Database } from '../../../db/client.js';
import { NO_JIT, spanWhere, splitHours } from '../../../shared/areaHours.js';

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

/** Daily rollups of the areas in [from, to) (dates), per day, brand and bike type. */
export function dailyByBrand(database: Database, areaIds: string[], from: string, to: string) {
  return database.query<{
    day: string;
    brandId: number;
    t: number;
    online: number;
    site: number;
    active: number;
    rides: number;
    dispatch: number;
    filed: number | null;
  }>(
    `select to_char(day, 'YYYY-MM-DD') as day, brand_id as "brandId", bike_type as t, sum(online_num)::int as online, sum(site_num)::int as site,
            sum(active_bike_num)::int as active, sum(ride_num)::int as rides, sum(dispatch_num)::int as dispatch,
            sum(filed_num)::int as filed
       from stats_daily where area_id = any($1::varchar[]) and day >= $2::date and day < $3::date group by 1, 2, 3`,
    [areaIds, from, to],
  );
}

/**
 * Per brand and local hour in [start, end): bikes ridden (active: distinct bikes rented in the hour,
 * counted per area and bike type and added up, as stats_daily counts a day's), rides and dispatches
 * (ups + downs). The rolled hours come from stats_area_hourly, the others from the events
 * (shared/areaHours.ts), in one snapshot.
 */
export function hourlyByBrand(database: Database, areaIds: string[], start: string, end: string, tz: string, now = new Date()) {
  return database.tx(async (q) => {
    await q('set transaction isolation level repeatable read, read only');
    if (database.kind === 'postgres') await q(NO_JIT);
    const split = await splitHours(q, [{ from: new Date(start), to: new Date(end) }], now);
    const params: unknown[] = [areaIds, tz, split.skip];
    const rolled = spanWhere('a.hour', split.rolled, params);
    const rents = spanWhere('o.rent_at', split.live, params);
    const moves = spanWhere('d.at', split.live, params);
    return q<{ brandId: number; h: number; active: number; rides: number; dispatch: number }>(
      `select brand_id as "brandId", extract(hour from t at time zone $2)::int as h, sum(active)::int as active, sum(rides)::int as rides,
              sum(dispatch)::int as dispatch
         from (
           select a.hour as t, a.brand_id, a.active_num as active, a.rent_num as rides, a.up_num + a.down_num as dispatch
             from stats_area_hourly a where a.area_id = any($1::varchar[]) and ${rolled} and a.hour <> all($3::timestamptz[])
           union all
           select date_trunc('hour', o.rent_at), o.brand_id, count(distinct o.bike_id), count(*), 0
             from ride_orders o where o.area_id = any($1::varchar[]) and ${rents}
            group by 1, 2, o.area_id, o.bike_type
           union all
           select d.at, d.brand_id, 0, 0, (d.action in ('up', 'down'))::int
             from dispatches d where d.area_id = any($1::varchar[]) and ${moves}
         ) x
        group by 1, 2`,
      params,
    );
  });
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
