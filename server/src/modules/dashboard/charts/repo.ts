/** Queries of the dashboard's curves and tables: the hourly and daily rollups, with the current hour from the ride orders. */
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
  }>(
    `select to_char(day, 'YYYY-MM-DD') as day, brand_id as "brandId", bike_type as t, sum(online_num)::int as online, sum(site_num)::int as site,
            sum(active_bike_num)::int as active, sum(ride_num)::int as rides, sum(dispatch_num)::int as dispatch
       from stats_daily where area_id = any($1::varchar[]) and day >= $2::date and day < $3::date group by 1, 2, 3`,
    [areaIds, from, to],
  );
}

/** Per brand and local hour in [start, end): bikes ridden (active), rides and dispatches (ups + downs). */
export function hourlyByBrand(database: Database, areaIds: string[], start: string, end: string, tz: string) {
  return database.query<{ brandId: number; h: number; active: number; rides: number; dispatch: number }>(
    `select brand_id as "brandId", h, sum(active)::int as active, sum(rides)::int as rides, sum(dispatch)::int as dispatch from (
       select brand_id, extract(hour from rent_at at time zone $4)::int as h, count(distinct bike_id) as active, 0 as rides, 0 as dispatch
         from ride_orders where area_id = any($1::varchar[]) and rent_at >= $2 and rent_at < $3 group by 1, 2
       union all
       select brand_id, extract(hour from hour at time zone $4)::int, 0, sum(rent_num), sum(up_num + down_num)
         from stats_hourly where area_id = any($1::varchar[]) and hour >= $2 and hour < $3 group by 1, 2) x
     group by 1, 2`,
    [areaIds, start, end, tz],
  );
}

/** A site's rents, returns, ups and downs in [start, end) per local `part` (hour, day or month). */
export function siteUsageBy(database: Database, siteId: string, part: 'hour' | 'day' | 'month', start: string, end: string, tz: string) {
  return database.query<{ k: number; rent: number; ret: number; up: number; down: number }>(
    `select extract(${part} from hour at time zone $4)::int as k, sum(rent_num)::int as rent, sum(return_num)::int as ret,
            sum(up_num)::int as up, sum(down_num)::int as down
       from stats_hourly where site_id = $1 and hour >= $2 and hour < $3 group by 1`,
    [siteId, start, end, tz],
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
