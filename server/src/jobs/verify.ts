/**
 * Checks the rolled-up statistics against the raw events (npm run verify:stats): for every local day
 * of a range, per site and brand, the hourly table (hours the rollup has passed), the per-site day
 * table (days rolled whole, and the partial day up to its watermark), the month table (its days
 * rolled whole) and the year table (its months), each also for every brand together, and per area,
 * brand and bike type the hourly rents, returns, ups, downs and bikes ridden (stats_area_hourly,
 * hours the rollup has passed) and the daily rides, dispatches and active bikes; and the daily placed
 * and in-site bikes (snapshot figures) against the brand figures of the last snapshot and against
 * each other (站内 ≤ 投放). Answers every difference; none means every tier says what the events say.
 */
import type { Database } from '../db/client.js';
import { ALL_BRANDS } from '../db/schema/statistics.js';
import { AREA_HOUR_EVENTS } from './areaStats.js';
import { liveSince, siteWatermarks } from '../shared/watermarks.js';

interface StatsDifference {
  /** The table that disagrees with the events. */
  table: 'stats_hourly' | 'stats_area_hourly' | 'stats_site_daily' | 'stats_site_monthly' | 'stats_site_yearly' | 'stats_daily';
  /** The local day (or month, yyyy-MM-01) and the key of the row: site and brand, or area, brand and type. */
  day: string;
  key: string;
  /** `column: events / table`, for each count that differs. */
  counts: string;
}

export interface VerifyResult {
  from: string;
  to: string;
  /** Rents at sites per day, from the events (what the day ranking must total). */
  days: { day: string; rents: number; returns: number }[];
  differences: StatsDifference[];
}

const SITE_COUNTS = ['rent_num', 'return_num', 'up_num', 'down_num'] as const;
/** The site counts summed over the rows grouped (hours into a day, days into a month, months into a year). */
const SITE_SUMS = SITE_COUNTS.map((c) => `sum(${c})::int as ${c}`).join(', ');
const AREA_COUNTS = ['rent_num', 'return_num', 'up_num', 'down_num', 'active_num'] as const;
const DAILY_COUNTS = ['ride_num', 'dispatch_num', 'active_bike_num'] as const;

/**
 * Per local day (or month), site and brand, from the events in [$1, $2): rents, returns, ups, downs;
 * with `allBrands`, also per site for every brand together (brand ALL_BRANDS), as the day and month
 * tables keep them.
 */
const siteEvents = (bucket: string, allBrands = false) => `
  select ${bucket} as day, site_id, ${allBrands ? `coalesce(brand_id, ${ALL_BRANDS})` : 'brand_id'} as brand_id, sum(rent)::int as rent_num, sum(ret)::int as return_num,
         sum(up)::int as up_num, sum(down)::int as down_num
    from (select rent_at as t, rent_site_id as site_id, brand_id, 1 as rent, 0 as ret, 0 as up, 0 as down
            from ride_orders where rent_at >= $1 and rent_at < $2 and rent_site_id is not null
          union all
          select return_at, return_site_id, brand_id, 0, 1, 0, 0
            from ride_orders where return_at >= $1 and return_at < $2 and return_site_id is not null
          union all
          select at, site_id, brand_id, 0, 0, (action = 'up')::int, (action = 'down')::int
            from dispatches where at >= $1 and at < $2) e
   group by ${allBrands ? `grouping sets ((${bucket}, site_id, brand_id), (${bucket}, site_id))` : '1, 2, 3'}`;

/** Rows of `events` and `table` (both: day, key columns, counts) that differ in any count. */
function diffSql(events: string, table: string, keys: string[], counts: readonly string[]) {
  const on = ['day', ...keys].map((k) => `e.${k} = t.${k}`).join(' and ');
  const key = keys.map((k) => `coalesce(e.${k}, t.${k})::text`).join(` || ' / ' || `);
  const shown = counts.map((c) => `'${c}: ' || coalesce(e.${c}, 0) || ' / ' || coalesce(t.${c}, 0)`).join(` || ', ' || `);
  const differs = counts.map((c) => `coalesce(e.${c}, 0) <> coalesce(t.${c}, 0)`).join(' or ');
  return `select to_char(coalesce(e.day, t.day), 'YYYY-MM-DD') as day, ${key} as key, ${shown} as counts
            from (${events}) e full join (${table}) t on ${on}
           where ${differs}
           order by 1, 2`;
}

/**
 * Compares the tiers with the events for the local days [from, to] (yyyy-MM-dd). Hours are checked
 * up to the hourly watermark (the rollup has not passed later ones yet); days and months up to the
 * site-day watermark, and the partial day up to its own.
 */
export async function verifyStats(database: Database, tz: string, from: string, to: string): Promise<VerifyResult> {
  const q = (text: string, params: unknown[]) => database.query<Record<string, string>>(text, params);
  const [range] = await database.query<{ a: Date; b: Date; hours: string | number | null }>(
    `select ($1::date)::timestamp at time zone $3 as a, ($2::date + 1)::timestamp at time zone $3 as b,
            (select cursor from job_runs where name = 'stats_hours') as hours`,
    [from, to, tz],
  );
  const a = new Date(range.a);
  const b = new Date(range.b);
  const marks = await siteWatermarks((text, params) => database.query(text, params));
  const differences: StatsDifference[] = [];
  const collect = (table: StatsDifference['table'], rows: Record<string, string>[]) =>
    differences.push(...rows.map((r) => ({ table, day: r.day, key: r.key, counts: r.counts })));
  const localDayOf = (col: string) => `(${col} at time zone '${tz.replace(/'/g, "''")}')::date`;

  // hours the rollup has passed (stats_hours), grouped per local day
  // (a database the hourly watermark is new to: the hours before the previous one, as rolled by then)
  const hoursEnd = new Date(Math.min(b.getTime(), range.hours == null ? liveSince(new Date()).getTime() : Number(range.hours)));
  if (hoursEnd > a) {
    const table = `select ${localDayOf('hour')} as day, site_id, brand_id, ${SITE_SUMS}
                     from stats_hourly where hour >= $1 and hour < $2 and site_id <> '' group by 1, 2, 3`;
    collect('stats_hourly', await q(diffSql(siteEvents(localDayOf('t')), table, ['site_id', 'brand_id'], SITE_COUNTS), [a, hoursEnd]));
  }

  // per hour, area, brand and type (rents in the rent's area, returns in the return's)
  if (hoursEnd > a) {
    const events = `
      select ${localDayOf('hour')} as day, hour::text as hour, area_id, brand_id, bike_type, sum(rent)::int as rent_num,
             sum(ret)::int as return_num, sum(up)::int as up_num, sum(down)::int as down_num, sum(active)::int as active_num
        from (${AREA_HOUR_EVENTS}) e
       group by 1, 2, 3, 4, 5`;
    const table = `select ${localDayOf('hour')} as day, hour::text as hour, area_id, brand_id, bike_type, ${AREA_COUNTS.join(', ')}
                     from stats_area_hourly where hour >= $1 and hour < $2`;
    collect('stats_area_hourly', await q(diffSql(events, table, ['hour', 'area_id', 'brand_id', 'bike_type'], AREA_COUNTS), [a, hoursEnd]));
  }

  // whole days, then the partial day up to its watermark
  if (marks.through && marks.through >= from) {
    const last = marks.through < to ? marks.through : to;
    const [{ end }] = await database.query<{ end: Date }>(`select ($1::date + 1)::timestamp at time zone $2 as end`, [last, tz]);
    const table = `select day, site_id, brand_id, ${SITE_COUNTS.join(', ')} from stats_site_daily where day >= $3::date and day <= $4::date`;
    collect(
      'stats_site_daily',
      await q(diffSql(siteEvents(localDayOf('t'), true), table, ['site_id', 'brand_id'], SITE_COUNTS), [a, new Date(end), from, last]),
    );
    // months: every rolled day of each month the range touches, from the month's first day
    const table2 = `select month as day, site_id, brand_id, ${SITE_SUMS}
                      from stats_site_monthly where month >= date_trunc('month', $3::date) and month <= $4::date group by 1, 2, 3`;
    const [{ monthStart }] = await database.query<{ monthStart: Date }>(`select date_trunc('month', $1::date)::timestamp at time zone $2 as "monthStart"`, [
      from,
      tz,
    ]);
    collect(
      'stats_site_monthly',
      await q(diffSql(siteEvents(`date_trunc('month', ${localDayOf('t')})::date`, true), table2, ['site_id', 'brand_id'], SITE_COUNTS), [
        new Date(monthStart),
        new Date(end),
        from,
        last,
      ]),
    );
    // years: each year the range touches against its months (checked above for this range's)
    const months = `select date_trunc('year', month)::date as day, site_id, brand_id, ${SITE_SUMS} from stats_site_monthly
                     where month >= date_trunc('year', $1::date) and month <= $2::date group by 1, 2, 3`;
    const years = `select year as day, site_id, brand_id, ${SITE_SUMS} from stats_site_yearly
                    where year >= date_trunc('year', $1::date) and year <= $2::date group by 1, 2, 3`;
    collect('stats_site_yearly', await q(diffSql(months, years, ['site_id', 'brand_id'], SITE_COUNTS), [from, last]));
  }
  if (marks.partial && marks.partial > a && marks.partial <= b) {
    const [{ day, start }] = await database.query<{ day: string; start: Date }>(
      `select to_char(${localDayOf("($1::timestamptz - interval '1 ms')")}, 'YYYY-MM-DD') as day,
              (${localDayOf("($1::timestamptz - interval '1 ms')")})::timestamp at time zone $2 as start`,
      [marks.partial, tz],
    );
    if (!marks.through || day > marks.through) {
      const table = `select day, site_id, brand_id, ${SITE_COUNTS.join(', ')} from stats_site_daily where day = $3::date`;
      collect(
        'stats_site_daily',
        await q(diffSql(siteEvents(localDayOf('t'), true), table, ['site_id', 'brand_id'], SITE_COUNTS), [new Date(start), marks.partial, day]),
      );
    }
  }

  // the daily rows of every day the hourly rollup has passed whole
  const dailyEvents = `
    select day, area_id, brand_id, bike_type, sum(rides)::int as ride_num, sum(disp)::int as dispatch_num,
           sum(active)::int as active_bike_num
      from (select ${localDayOf('rent_at')} as day, area_id, brand_id, bike_type, count(*) as rides, 0 as disp,
                   count(distinct bike_id) as active
              from ride_orders where rent_at >= $1 and rent_at < $2 group by 1, 2, 3, 4
            union all
            select ${localDayOf('at')}, area_id, brand_id, bike_type, 0, count(*), 0
              from dispatches where at >= $1 and at < $2 and $3::date <= $4::date group by 1, 2, 3, 4) e
     group by 1, 2, 3, 4`;
  const [{ dailyTo, dailyEnd }] = await database.query<{ dailyTo: string; dailyEnd: Date }>(
    `select to_char(${localDayOf('$1::timestamptz')}, 'YYYY-MM-DD') as "dailyTo",
            (${localDayOf('$1::timestamptz')})::timestamp at time zone $2 as "dailyEnd"`,
    [hoursEnd, tz],
  );
  if (new Date(dailyEnd) > a) {
    const table = `select day, area_id, brand_id, bike_type, ${DAILY_COUNTS.join(', ')} from stats_daily
                    where day >= $3::date and day < $4::date and (${DAILY_COUNTS.map((c) => `${c} <> 0`).join(' or ')})`;
    collect('stats_daily', await q(diffSql(dailyEvents, table, ['area_id', 'brand_id', 'bike_type'], DAILY_COUNTS), [a, new Date(dailyEnd), from, dailyTo]));
  }

  // 投放 and 站内 (snapshot figures, not events): in-site bikes are a part of the placed ones on every
  // day, and the day of the last snapshot holds the brand figures the big screen shows
  collect(
    'stats_daily',
    await q(
      `select to_char(day, 'YYYY-MM-DD') as day, area_id || ' / ' || brand_id || ' / ' || bike_type as key,
              'site_num ≤ online_num: ' || site_num || ' / ' || online_num as counts
         from stats_daily where day >= $1::date and day <= $2::date and site_num > online_num order by 1, 2`,
      [from, to],
    ),
  );
  const [snap] = await database.query<{ at: Date | null }>(`select last_run_at as at from job_runs where name = 'snapshot'`);
  if (snap?.at) {
    const [{ day }] = await database.query<{ day: string }>(`select to_char(${localDayOf('$1::timestamptz')}, 'YYYY-MM-DD') as day`, [snap.at]);
    if (day >= from && day <= to) {
      const live = `select $1::date as day, area_id, brand_id, t.bike_type,
                           case t.bike_type when 0 then online_bike else online_ebike end as online_num,
                           case t.bike_type when 0 then site_bike else site_ebike end as site_num
                      from brand_live_counts cross join (values (0::smallint), (1::smallint)) as t(bike_type)`;
      const table = `select day, area_id, brand_id, bike_type, online_num, site_num from stats_daily where day = $1::date`;
      collect('stats_daily', await q(diffSql(live, table, ['area_id', 'brand_id', 'bike_type'], ['online_num', 'site_num']), [day]));
    }
  }

  const days = await database.query<{ day: string; rents: number; returns: number }>(
    `select to_char(day, 'YYYY-MM-DD') as day, sum(rent_num)::int as rents, sum(return_num)::int as returns
       from (${siteEvents(localDayOf('t'))}) e group by day order by day`,
    [a, b],
  );
  return { from, to, days, differences };
}
