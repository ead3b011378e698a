/**
 * Statistics recomputed from stored events, so a re-run gives the same numbers:
 * hourly per site, brand and type (rents, returns, ups, downs); daily per area, brand and type
 * (active bikes, rides, dispatches; placed and in-site bikes come from the snapshots).
 */
import type { JobContext } from './context.js';
import type { Query } from '../db/client.js';
import { dayNumber, dayText, localDay, parseLocalTime } from '../domain/time.js';
import { ALL_BRANDS } from '../db/schema/statistics.js';
import { rollAreaHours } from './areaStats.js';
import { FEE_DAYS, SITE_DAYS, SITE_TODAY, bumpGeneration, liveSince, markRun, siteDaysThrough } from '../shared/watermarks.js';

const HOUR = 3600_000;

/** Rebuilds stats_hourly for the hours in [from, to) (hours start at whole hours in UTC, as in TZ for whole-hour zones). */
export async function rollupHours(ctx: JobContext, from: Date, to: Date) {
  await ctx.database.tx((q) => rollHours(q, from, to));
}

async function rollHours(q: Query, from: Date, to: Date) {
  const start = new Date(Math.floor(from.getTime() / HOUR) * HOUR).toISOString();
  const end = new Date(Math.ceil(to.getTime() / HOUR) * HOUR).toISOString();
  await q(`delete from stats_hourly where hour >= $1 and hour < $2`, [start, end]);
  await q(
    `insert into stats_hourly (hour, site_id, brand_id, bike_type, area_id, rent_num, return_num, up_num, down_num)
     select hour, site_id, brand_id, bike_type, area_id, sum(rent)::int, sum(ret)::int, sum(up)::int, sum(down)::int
       from (
         select date_trunc('hour', rent_at) as hour, coalesce(rent_site_id, '') as site_id, brand_id, bike_type, area_id,
                1 as rent, 0 as ret, 0 as up, 0 as down
           from ride_orders where rent_at >= $1 and rent_at < $2
         union all
         select date_trunc('hour', return_at), coalesce(return_site_id, ''), brand_id, bike_type, coalesce(return_area_id, area_id), 0, 1, 0, 0
           from ride_orders where return_at >= $1 and return_at < $2
         union all
         select date_trunc('hour', at), site_id, brand_id, bike_type, area_id,
                0, 0, (action = 'up')::int, (action = 'down')::int
           from dispatches where at >= $1 and at < $2
       ) e
      group by hour, area_id, site_id, brand_id, bike_type`,
    [start, end],
  );
  await rollAreaHours(q, start, end);
}

/**
 * Rebuilds the event columns of stats_daily for one local day (yyyy-MM-dd in TZ): rides, dispatches
 * and bikes ridden. Keeps online_num and site_num (投放 and 站内: the brand figures as of the day's
 * last snapshot, jobs/snapshot.ts) and filed_num (areaStats.ts recordFiled).
 */
export async function rollupDay(ctx: JobContext, day: string) {
  await ctx.database.tx((q) => rollDay(q, day, ctx.tz));
}

async function rollDay(q: Query, day: string, tz: string) {
  // a group the events no longer have (a corrected time moved its rides away) goes to zero
  await q(`update stats_daily set active_bike_num = 0, ride_num = 0, dispatch_num = 0 where day = $1::date`, [day]);
  await q(
    `insert into stats_daily as d (day, area_id, brand_id, bike_type, active_bike_num, ride_num, dispatch_num)
     select $1::date, area_id, brand_id, bike_type, sum(active)::int, sum(rides)::int, sum(disp)::int
       from (
         select area_id, brand_id, bike_type, count(distinct bike_id) as active, count(*) as rides, 0 as disp
           from ride_orders
          where rent_at >= ($1::date)::timestamp at time zone $2 and rent_at < ($1::date + 1)::timestamp at time zone $2
          group by 1, 2, 3
         union all
         select area_id, brand_id, bike_type, 0, 0, count(*)
           from dispatches
          where at >= ($1::date)::timestamp at time zone $2 and at < ($1::date + 1)::timestamp at time zone $2
          group by 1, 2, 3
       ) e
      group by area_id, brand_id, bike_type
     on conflict (day, area_id, brand_id, bike_type) do update set
       active_bike_num = excluded.active_bike_num, ride_num = excluded.ride_num, dispatch_num = excluded.dispatch_num`,
    [day, tz],
  );
}

const DAY = 86_400_000;
/** Days caught up in one run at most (a server down for longer starts from the most recent ones). */
const MAX_CATCH_UP = 400;

/**
 * Replaces a local day's rows in stats_site_daily with its stats_hourly sums per site and brand, and
 * per site for every brand together (ALL_BRANDS), for the hours before `until` (null: the whole day).
 */
async function rollSiteDay(q: Query, day: string, tz: string, until: Date | null) {
  await q(`delete from stats_site_daily where day = $1::date`, [day]);
  await q(
    `insert into stats_site_daily (day, area_id, site_id, brand_id, rent_num, return_num, up_num, down_num)
     select $1::date, area_id, site_id, coalesce(brand_id, ${ALL_BRANDS}), sum(rent_num)::int, sum(return_num)::int, sum(up_num)::int, sum(down_num)::int
       from stats_hourly
      where hour >= ($1::date)::timestamp at time zone $2 and hour < coalesce($3::timestamptz, ($1::date + 1)::timestamp at time zone $2)
        and site_id <> ''
      group by grouping sets ((area_id, site_id, brand_id), (area_id, site_id))`,
    [day, tz, until?.toISOString() ?? null],
  );
}

/**
 * Adds (sign 1) or takes away (sign -1) a day's rows of stats_site_daily (per brand and for every
 * brand) to or from its month and its year.
 */
async function periodsAdd(q: Query, day: string, sign: 1 | -1) {
  for (const [table, key, trunc] of [
    ['stats_site_monthly', 'month', 'month'],
    ['stats_site_yearly', 'year', 'year'],
  ] as const) {
    await q(
      `insert into ${table} as m (${key}, area_id, site_id, brand_id, rent_num, return_num, up_num, down_num)
       select date_trunc('${trunc}', $1::date)::date, area_id, site_id, brand_id, $2 * rent_num, $2 * return_num, $2 * up_num, $2 * down_num
         from stats_site_daily where day = $1::date
       on conflict (${key}, area_id, site_id, brand_id) do update set rent_num = m.rent_num + excluded.rent_num,
         return_num = m.return_num + excluded.return_num, up_num = m.up_num + excluded.up_num, down_num = m.down_num + excluded.down_num`,
      [day, sign],
    );
  }
}

/**
 * Rolls whole local days into stats_site_daily (from stats_hourly) and adds each to its month in
 * stats_site_monthly, from the day after the last one rolled (or the first day with statistics) up
 * to `lastDay`, in order, so every day up to the watermark is in the tables exactly once. Run after
 * the hourly rollup of those days is final.
 */
export async function rollupSiteDays(ctx: JobContext, lastDay: string): Promise<string[]> {
  const { database, tz } = ctx;
  const through = await siteDaysThrough(database);
  let first: number;
  if (through) first = dayNumber(through) + 1;
  else {
    const [row] = await database.query<{ day: string | null }>(`select to_char(min(hour) at time zone $1, 'YYYY-MM-DD') as day from stats_hourly`, [tz]);
    first = row?.day ? dayNumber(row.day) : dayNumber(lastDay);
  }
  const last = dayNumber(lastDay);
  first = Math.max(first, last - MAX_CATCH_UP + 1);
  const done: string[] = [];
  for (let n = first; n <= last; n++) {
    const day = dayText(n);
    await database.tx(async (q) => {
      await rollSiteDay(q, day, tz, null);
      // days are rolled once each, in order, inside this transaction with the watermark: the month
      // and year rows add the day (a rebuild from the day table would read the whole month every day)
      await periodsAdd(q, day, 1);
      await markRun(q, SITE_DAYS, { cursor: n });
    });
    done.push(day);
  }
  return done;
}

/**
 * The day not yet rolled whole, as far as stats_hourly is final (liveSince): its hours so far go
 * into stats_site_daily as that day's partial rows, and the 'site_today' watermark moves to the end
 * of them, in one transaction. The ranking then reads a day, a month or a year to that hour from
 * one row per site and brand instead of every hour of the day (a cold month ranking over 20,000
 * sites aggregated some 190,000 hourly rows). The partial rows are not added to the month table;
 * when the day is over, rollupSiteDays replaces them with the whole day and adds that. A day that is
 * already rolled whole is left alone. Answers the day and the watermark written, or null.
 */
export async function rollupSiteToday(ctx: JobContext, now: Date): Promise<{ day: string; through: Date } | null> {
  const { database, tz } = ctx;
  const through = liveSince(now);
  const day = localDay(new Date(through.getTime() - 1), tz);
  const rolled = await siteDaysThrough(database);
  if (rolled !== null && rolled >= day) return null;
  await database.tx(async (q) => {
    await rollSiteDay(q, day, tz, through);
    await markRun(q, SITE_TODAY, { cursor: through.getTime() });
  });
  return { day, through };
}

/** Takes a day's rows of stats_site_daily out of its month and year, rolls the day again and adds it back. */
async function rerollSiteDay(q: Query, day: string, tz: string) {
  await periodsAdd(q, day, -1);
  await rollSiteDay(q, day, tz, null);
  await periodsAdd(q, day, 1);
}

/**
 * Rebuilds fee_daily (站外还车扣费 per local day, return district and enterprise) for the local days
 * first..last, both included, from the out-of-site returns (ride_orders_out_site_idx).
 */
async function rollFeeDays(q: Query, first: string, last: string, tz: string) {
  await q(`delete from fee_daily where day >= $1::date and day <= $2::date`, [first, last]);
  await q(
    `insert into fee_daily (day, area_id, brand_id, out_site_num, fee_num, fee_fen)
     select (return_at at time zone $3)::date, return_area_id, brand_id, count(*)::int, count(*) filter (where fee > 0)::int, coalesce(sum(fee), 0)
       from ride_orders
      where out_site_return and return_at >= ($1::date)::timestamp at time zone $3 and return_at < ($2::date + 1)::timestamp at time zone $3
        and return_area_id is not null
      group by 1, 2, 3`,
    [first, last, tz],
  );
}

/** The 'fee_days' watermark as a day number, or null before the first run. */
async function feeDaysThrough(ctx: JobContext): Promise<number | null> {
  const [row] = await ctx.database.query<{ cursor: string | number | null }>(`select cursor from job_runs where name = $1`, [FEE_DAYS]);
  return row?.cursor == null ? null : Number(row.cursor);
}

/**
 * Rolls the whole local days after the 'fee_days' watermark, up to yesterday, into fee_daily and
 * moves the watermark, in one transaction. The first run starts at the first out-of-site return.
 * Days already behind the watermark are rebuilt by rollupStats when ingest marks their hours (a late
 * or corrected return). Answers the days rolled (first and last), or null.
 */
export async function rollupFeeDays(ctx: JobContext, now: Date): Promise<{ first: string; last: string } | null> {
  const { database, tz } = ctx;
  const last = dayNumber(localDay(now, tz)) - 1;
  const through = await feeDaysThrough(ctx);
  if (through !== null && through >= last) return null;
  let first = through === null ? null : through + 1;
  if (first === null) {
    const [row] = await database.query<{ day: string | null }>(
      `select to_char(min(return_at) at time zone $1, 'YYYY-MM-DD') as day from ride_orders where out_site_return`,
      [tz],
    );
    first = row?.day ? Math.min(dayNumber(row.day), last) : last;
  }
  const span = { first: dayText(first), last: dayText(last) };
  await database.tx(async (q) => {
    await rollFeeDays(q, span.first, span.last, tz);
    await markRun(q, FEE_DAYS, { cursor: last });
  });
  return span;
}

const STATS_HOURS = 'stats_hours';

export interface RollupRun {
  /** Local days whose hours and daily rows were rolled again (and their site rows, if rolled whole before). */
  days: string[];
  /** Days rolled whole into the site tables for the first time (rollupSiteDays). */
  siteDays: string[];
  /** The partial day (rollupSiteToday). */
  partial: { day: string; through: Date } | null;
  /** Whole days rolled into fee_daily after its watermark (rollupFeeDays). */
  feeDays: { first: string; last: string } | null;
}

/** [from, to) intervals of whole hours, merged. */
type Spans = [number, number][];
function addSpan(spans: Spans, from: number, to: number) {
  spans.push([from, to]);
  spans.sort((a, b) => a[0] - b[0]);
  const out: Spans = [];
  for (const s of spans) {
    const last = out[out.length - 1];
    if (last && s[0] <= last[1]) last[1] = Math.max(last[1], s[1]);
    else out.push([s[0], s[1]]);
  }
  spans.splice(0, spans.length, ...out);
}

/** The earliest event instant, for the first run on a database (statistics rebuilt from it on). */
async function firstEvent(ctx: JobContext): Promise<number | null> {
  const [row] = await ctx.database.query<{ t: Date | string | null }>(
    `select least((select min(rent_at) from ride_orders), (select min(return_at) from ride_orders), (select min(at) from dispatches),
                  (select min(day)::timestamp at time zone $1 from bike_days)) as t`,
    [ctx.tz],
  );
  return row?.t ? new Date(row.t).getTime() : null;
}

/**
 * The statistics job, run every hour (and after midnight): correct whatever the order of the
 * events and of the runs. It rolls up
 * 1. every hour from its watermark ('stats_hours', where the last run stopped) or the previous
 *    hour, whichever is earlier, to the end of the current hour: a run after downtime catches up
 *    (from the first event on a database that has no watermark yet), a back-fill that runs the job
 *    every few simulated hours misses none;
 * 2. every hour ingest marked in stats_dirty (an event written for an hour before the current one:
 *    a late report, a corrected time; a presence for a past day), whenever it arrives;
 * day by day, each in one transaction that deletes the day's marks it read, rolls those hours and
 * the day's row of stats_daily, and, for a day already in the site tables, that day's site rows
 * (taking the old ones out of the month first). Then whole days up to the last one the hours cover
 * go into the site tables (rollupSiteDays), and today's hours so far as partial rows.
 */
export async function rollupStats(ctx: JobContext, now: Date): Promise<RollupRun> {
  const { database, tz } = ctx;
  const end = Math.ceil(now.getTime() / HOUR) * HOUR;
  const [w] = await database.query<{ cursor: string | number | null }>(`select cursor from job_runs where name = $1`, [STATS_HOURS]);
  const mark = w?.cursor == null ? null : Number(w.cursor);
  let from = Math.floor(now.getTime() / HOUR) * HOUR - HOUR;
  const first = mark ?? (await firstEvent(ctx));
  if (first !== null) from = Math.min(from, Math.floor(first / HOUR) * HOUR);
  from = Math.max(from, end - MAX_CATCH_UP * DAY);

  const dayStart = (day: string) => parseLocalTime(day, tz)!.getTime();
  const byDay = new Map<string, { spans: Spans; marks: string[] }>();
  const entry = (day: string) => byDay.get(day) ?? byDay.set(day, { spans: [], marks: [] }).get(day)!;
  for (let t = from; t < end;) {
    const day = localDay(new Date(t), tz);
    const next = Math.min(end, dayStart(dayText(dayNumber(day) + 1)));
    addSpan(entry(day).spans, t, next);
    t = next;
  }
  for (const { hour } of await database.query<{ hour: Date | string }>(`select hour from stats_dirty`)) {
    const t = new Date(hour).getTime();
    const e = entry(localDay(new Date(t), tz));
    addSpan(e.spans, t, t + HOUR);
    e.marks.push(new Date(t).toISOString());
  }

  const through = await siteDaysThrough(database);
  const feeThrough = await feeDaysThrough(ctx);
  const days = [...byDay.keys()].sort();
  for (const day of days) {
    const { spans, marks } = byDay.get(day)!;
    await database.tx(async (q) => {
      // only the marks read above: one written since names an hour this run may not roll
      if (marks.length) await q(`delete from stats_dirty where hour = any($1::timestamptz[])`, [marks]);
      for (const [a, b] of spans) await rollHours(q, new Date(a), new Date(b));
      await rollDay(q, day, tz);
      if (through !== null && day <= through) await rerollSiteDay(q, day, tz);
      // a day fee_daily already holds whole: rebuilt with the marks it clears (later days: rollupFeeDays)
      if (feeThrough !== null && dayNumber(day) <= feeThrough) await rollFeeDays(q, day, day, tz);
    });
  }
  if (mark === null || end > mark) {
    await markRun((text, params) => database.query(text, params), STATS_HOURS, { cursor: end, forward: true });
  }
  // the last day whose hours are all rolled: the one before the day the covered hours end in
  const siteDays = await rollupSiteDays(ctx, dayText(dayNumber(localDay(new Date(end), tz)) - 1));
  const partial = await rollupSiteToday(ctx, now);
  const feeDays = await rollupFeeDays(ctx, now);
  // answers kept about rolled-up windows (the ranking's cache) are keyed on this: replaced at once
  await bumpGeneration((text, params) => database.query(text, params));
  return { days, siteDays, partial, feeDays };
}
