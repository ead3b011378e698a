/**
 * Statistics per area for 运营统计 and the tidal curve (issue 15): stats_area_hourly, rolled with
 * stats_hourly (rollup.ts rollHours calls rollAreaHours in its transaction, for the same hours, so the
 * same dirty-hour re-roll keeps both right), and each day's filed bikes (stats_daily.filed_num) for
 * the data-access rate over time.
 */
import type { JobContext } from './context.js';
import type { Query } from '../db/client.js';
import { localDay } from '../domain/time.js';

const HOUR = 3600_000;

/**
 * The events of [$1, $2) per hour, area, brand and type, one row per kind (hour, area_id, brand_id,
 * bike_type, rent, ret, up, down, active): what stats_area_hourly sums and verifyStats recounts.
 */
export const AREA_HOUR_EVENTS = `
  select date_trunc('hour', rent_at) as hour, area_id, brand_id, bike_type, count(*) as rent, 0 as ret, 0 as up, 0 as down,
         count(distinct bike_id) as active
    from ride_orders where rent_at >= $1 and rent_at < $2 group by 1, 2, 3, 4
  union all
  select date_trunc('hour', return_at), return_area_id, brand_id, bike_type, 0, count(*), 0, 0, 0
    from ride_orders where return_at >= $1 and return_at < $2 and return_area_id is not null group by 1, 2, 3, 4
  union all
  select date_trunc('hour', at), area_id, brand_id, bike_type, 0, 0, count(*) filter (where action = 'up'),
         count(*) filter (where action = 'down'), 0
    from dispatches where at >= $1 and at < $2 group by 1, 2, 3, 4`;

/**
 * Rebuilds stats_area_hourly for [start, end) (whole hours): per hour, area, brand and type, rents in
 * the rent's area, returns in the return's (as the tidal curve counts them), ups and downs in the
 * dispatch's, and the distinct bikes rented (active).
 */
export async function rollAreaHours(q: Query, start: string, end: string) {
  await q(`delete from stats_area_hourly where hour >= $1 and hour < $2`, [start, end]);
  await q(
    `insert into stats_area_hourly (hour, area_id, brand_id, bike_type, rent_num, return_num, up_num, down_num, active_num)
     select hour, area_id, brand_id, bike_type, sum(rent)::int, sum(ret)::int, sum(up)::int, sum(down)::int, sum(active)::int
       from (${AREA_HOUR_EVENTS}) e
      group by hour, area_id, brand_id, bike_type`,
    [start, end],
  );
}

/** Days of filing history reconstructed in one run at most (recordFiled). */
const FILED_BACKFILL_DAYS = 62;

/**
 * Filed bikes per day, area, brand and type in stats_daily.filed_num (数据接入率 over time), run by
 * the hourly and daily jobs after the rollup:
 * 1. today's count as of now, by the definition of the brand figures (shared/brandCounts.ts: filed
 *    bikes whose last report lies in the area, plus filed bikes that never reported, in the brand's
 *    registering area);
 * 2. in the first hour of a day, yesterday's final count, and earlier days with statistics but no
 *    count (the days before this was recorded), from the filing history of the bikes (filed_at,
 *    withdrawn_at): the bikes filed by the end of the day and not withdrawn by then, each placed where
 *    it reports now; at most FILED_BACKFILL_DAYS per run. (Counted as of now, yesterday would take
 *    the bikes filed since midnight.)
 * Re-rolling a past day (rollup.ts rollDay) leaves its count alone.
 */
export async function recordFiled(ctx: JobContext, now: Date) {
  const { database, tz } = ctx;
  const today = localDay(now, tz);
  const live = [today];
  const yesterday = localDay(new Date(now.getTime() - HOUR), tz);
  await database.tx(async (q) => {
    await q(`update stats_daily set filed_num = 0 where day = any($1::date[])`, [live]);
    await q(
      `insert into stats_daily as d (day, area_id, brand_id, bike_type, filed_num)
       select x.day, f.area_id, f.brand_id, f.bike_type, sum(f.n)::int
         from (
           select area_id, brand_id, bike_type, count(*) as n from bike_live where legality = 0 group by 1, 2, 3
           union all
           select br.area_id, k.brand_id, k.bike_type, count(*)
             from bikes k join brands br on br.id = k.brand_id
            where k.withdrawn_at is null and not exists (select 1 from bike_live l where l.bike_id = k.bike_id)
            group by 1, 2, 3
         ) f cross join unnest($1::date[]) as x(day)
        group by 1, 2, 3, 4
       on conflict (day, area_id, brand_id, bike_type) do update set filed_num = excluded.filed_num`,
      [live],
    );
  });
  await database.tx(async (q) => {
    // in the first hour of a day: yesterday's count again, from the filing history
    await q(`update stats_daily set filed_num = null where day = $1::date and $1::date < $2::date`, [yesterday, today]);
    const days = (
      await q<{ day: string }>(
        `select distinct to_char(day, 'YYYY-MM-DD') as day from stats_daily
          where filed_num is null and day < $1::date order by 1 desc limit $2`,
        [today, FILED_BACKFILL_DAYS],
      )
    ).map((r) => r.day);
    if (!days.length) return;
    await q(
      `with g as (
         select coalesce(l.area_id, br.area_id) as area_id, k.brand_id, k.bike_type, (k.filed_at at time zone $2)::date as f,
                (k.withdrawn_at at time zone $2)::date as w, count(*) as n
           from bikes k join brands br on br.id = k.brand_id left join bike_live l on l.bike_id = k.bike_id
          group by 1, 2, 3, 4, 5
       )
       insert into stats_daily as d (day, area_id, brand_id, bike_type, filed_num)
       select x.day, g.area_id, g.brand_id, g.bike_type, sum(g.n)::int
         from unnest($1::date[]) as x(day) join g on g.f <= x.day and (g.w is null or g.w > x.day)
        group by 1, 2, 3, 4
       on conflict (day, area_id, brand_id, bike_type) do update set filed_num = excluded.filed_num`,
      [days, tz],
    );
    await q(`update stats_daily set filed_num = 0 where filed_num is null and day = any($1::date[])`, [days]);
  });
}
