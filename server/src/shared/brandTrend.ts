/**
 * The total-quantity trend per brand (运营统计 and the big screen's 总量趋势: placed, in-site, active,
 * dispatch and turnover rates, filed bikes and the data access rate) from the daily rollups, a year's
 * months, a month's days or a day's hours. One place for these figures: the dashboard's curves and
 * the rating evaluation's measures (数据接入率, 超额投放率) read the same rows.
 */
import type { Database } from '../db/client.js';
import { badRequest } from '../http/envelope.js';
import { formatTime, dayStart, daysInMonth, nextDay, pad2 } from '../domain/time.js';
import { percent } from '../domain/numbers.js';
import { NO_JIT, spanWhere, splitHours } from './areaHours.js';
import { brandNames, brandsOf } from './brands.js';

/** Daily rollups of the areas in [from, to) (dates), per day, brand and bike type. */
function dailyByBrand(database: Database, areaIds: string[], from: string, to: string) {
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
function hourlyByBrand(database: Database, areaIds: string[], start: string, end: string, tz: string, now = new Date()) {
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

/* ------------------------------ total-quantity trend ------------------------------ */

/** Where a slot stands against now: over, under way (its value so far), or still to come. */
export type SlotState = 'past' | 'partial' | 'future';

/** The local month, day and hour of now, as keys that compare in time order. */
export function localNow(tz: string, now = new Date()) {
  const t = formatTime(now, tz)!;
  return { month: t.slice(0, 7), day: t.slice(0, 10), hour: Number(t.slice(11, 13)) };
}

/** The state of a slot keyed like the current one (yyyy-MM, yyyy-MM-dd or an hour number). */
export function slotState<K extends string | number>(key: K, current: K): SlotState {
  return key < current ? 'past' : key === current ? 'partial' : 'future';
}

/** A trend slot (a value null for a slot still to come or without rolled-up data: drawn as a gap, not 0). */
export interface TrendRow {
  date: string;
  hour: number | null;
  online_num: number | null;
  online_num_e: number | null;
  site_num: number | null;
  site_num_e: number | null;
  active_bike_num: number | null;
  dispatch_percent: number | null;
  rent_percent: number | null;
  filed_num: number | null;
  access_percent: number | null;
  value: number | null;
  partial: boolean;
}

interface DayAgg {
  online: [number, number];
  site: [number, number];
  active: number;
  rides: number;
  dispatch: number;
  /** filed bikes summed over the days that have a record, and how many days those are */
  filed: number;
  filedDays: number;
  /** a snapshot recorded the day's placed or in-site bikes (a row may hold only rides or filed bikes) */
  placed: boolean;
}

const emptyAgg = (): DayAgg => ({ online: [0, 0], site: [0, 0], active: 0, rides: 0, dispatch: 0, filed: 0, filedDays: 0, placed: false });

/** A slot with no value: still to come, or no data at all. */
const gapRow = (date: string, hour: number | null): TrendRow => ({
  date,
  hour,
  online_num: null,
  online_num_e: null,
  site_num: null,
  site_num_e: null,
  active_bike_num: null,
  dispatch_percent: null,
  rent_percent: null,
  filed_num: null,
  access_percent: null,
  value: null,
  partial: false,
});

function row(date: string, hour: number | null, a: DayAgg, dataType: number, days = 1, partial = false): TrendRow {
  const online = a.online[0] + a.online[1];
  const r = {
    date,
    hour,
    online_num: Math.round(a.online[0] / days),
    online_num_e: Math.round(a.online[1] / days),
    site_num: Math.round(a.site[0] / days),
    site_num_e: Math.round(a.site[1] / days),
    active_bike_num: Math.round(a.active / days),
    dispatch_percent: percent(a.dispatch, online),
    rent_percent: percent(a.rides, online),
    filed_num: a.filedDays ? Math.round(a.filed / a.filedDays) : null,
  };
  const placed = r.online_num + r.online_num_e;
  const value = [0, r.online_num + r.online_num_e, r.site_num + r.site_num_e, r.active_bike_num, r.dispatch_percent, r.rent_percent][dataType];
  return { ...r, access_percent: r.filed_num ? percent(placed, r.filed_num) : null, value, partial };
}

function addAgg(sum: DayAgg, a: DayAgg) {
  sum.online = [sum.online[0] + a.online[0], sum.online[1] + a.online[1]];
  sum.site = [sum.site[0] + a.site[0], sum.site[1] + a.site[1]];
  sum.active += a.active;
  sum.rides += a.rides;
  sum.dispatch += a.dispatch;
  sum.filed += a.filed;
  sum.filedDays += a.filedDays;
  sum.placed ||= a.placed;
}

interface TrendCtx {
  q: { year: number; month?: number; day?: number; dataType: number };
  byDay: Map<string, DayAgg>;
  /** days with any rolled-up row in the areas */
  dataDays: Set<string>;
  hourly: { brandId: number; h: number; active: number; rides: number; dispatch: number }[];
  now: ReturnType<typeof localNow>;
}

/**
 * A year's months: each the average of its days (percents Σ ÷ Σ); the current month averages its
 * whole days with placed bikes recorded (today's partial day only while there is none: a day whose
 * row holds only its filed bikes, as just after midnight, is no whole day of 投放 0), months to come
 * are null.
 */
function monthRows(c: TrendCtx, brandId: number): TrendRow[] {
  return Array.from({ length: 12 }, (_, i) => {
    const prefix = `${c.q.year}-${pad2(i + 1)}`;
    const state = slotState(prefix, c.now.month);
    const keys = Array.from({ length: daysInMonth(c.q.year, i + 1) }, (_, d) => `${prefix}-${pad2(d + 1)}`);
    if (state === 'future' || !keys.some((k) => c.dataDays.has(k))) return gapRow(prefix, null);
    const whole = keys.filter((k) => k < c.now.day && c.byDay.get(`${brandId}|${k}`)?.placed);
    const used = whole.length ? whole : keys.filter((k) => c.byDay.has(`${brandId}|${k}`));
    const sum = emptyAgg();
    for (const k of used) addAgg(sum, c.byDay.get(`${brandId}|${k}`)!);
    return row(prefix, null, sum, c.q.dataType, Math.max(used.length, 1), state === 'partial');
  });
}

/** A month's days: today so far (partial), days to come and days without data null. */
function dayRows(c: TrendCtx, brandId: number): TrendRow[] {
  return Array.from({ length: daysInMonth(c.q.year, c.q.month!) }, (_, i) => {
    const date = `${c.q.year}-${pad2(c.q.month!)}-${pad2(i + 1)}`;
    const state = slotState(date, c.now.day);
    if (state === 'future' || !c.dataDays.has(date)) return gapRow(date, null);
    return row(date, null, c.byDay.get(`${brandId}|${date}`) ?? emptyAgg(), c.q.dataType, 1, state === 'partial');
  });
}

/**
 * A day's hours: placed and in-site are the day's figures (as of the day's last snapshot; today's as
 * of now, the big screen's), repeated; active, dispatch and turnover per hour.
 */
function hourRows(c: TrendCtx, brandId: number, date: string): TrendRow[] {
  const dayState = slotState(date, c.now.day);
  const hasData = c.dataDays.has(date) || c.hourly.length > 0;
  const day = c.byDay.get(`${brandId}|${date}`) ?? emptyAgg();
  return Array.from({ length: 24 }, (_, h) => {
    const state = dayState === 'partial' ? slotState(h, c.now.hour) : dayState;
    if (state === 'future' || !hasData) return gapRow(`${date} ${pad2(h)}`, h);
    const hr = c.hourly.filter((x) => x.brandId === brandId && x.h === h);
    const a: DayAgg = {
      online: day.online,
      site: day.site,
      active: hr.reduce((t, x) => t + x.active, 0),
      rides: hr.reduce((t, x) => t + x.rides, 0),
      dispatch: hr.reduce((t, x) => t + x.dispatch, 0),
      filed: day.filed,
      filedDays: day.filedDays,
      placed: day.placed,
    };
    return row(`${date} ${pad2(h)}`, h, a, c.q.dataType, 1, state === 'partial');
  });
}

/**
 * Trend per brand: a year's months, a month's days or a day's hours. Slots still to come and slots
 * without any rolled-up data in the areas are null (a gap, not a fall to 0); the slot under way is
 * marked partial (its value so far).
 */
export async function brandTrend(
  database: Database,
  areaIds: string[],
  q: { year: number; month?: number; day?: number; dataType: number },
  tz: string,
  now = new Date(),
) {
  if (q.day !== undefined && q.month === undefined) throw badRequest('参数 month 缺失：按日查询需同时提供 month 和 day');
  if (q.day !== undefined && q.day > daysInMonth(q.year, q.month!)) throw badRequest(`参数 day 超出 ${q.year}-${pad2(q.month!)} 的天数`);
  const from = q.month === undefined ? `${q.year}-01-01` : q.day === undefined ? `${q.year}-${pad2(q.month)}-01` : `${q.year}-${pad2(q.month)}-${pad2(q.day)}`;
  const to = q.month === undefined ? `${q.year + 1}-01-01` : q.day === undefined ? nextMonth(q.year, q.month) : nextDay(from);
  const daily = await dailyByBrand(database, areaIds, from, to);
  const names = await brandNames(database);
  const brandIds = new Set([...(await brandsOf(database, areaIds)).map((b) => b.brandId), ...daily.map((d) => d.brandId)]);
  // per brand and day
  const byDay = new Map<string, DayAgg>();
  for (const d of daily) {
    const k = `${d.brandId}|${d.day}`;
    const a = byDay.get(k) ?? emptyAgg();
    byDay.set(k, a);
    const ty = d.t === 1 ? 1 : 0;
    a.online[ty] += d.online;
    a.site[ty] += d.site;
    a.active += d.active;
    a.rides += d.rides;
    a.dispatch += d.dispatch;
    if (d.online > 0 || d.site > 0) a.placed = true;
    if (d.filed !== null) {
      a.filed += d.filed;
      a.filedDays = 1;
    }
  }
  let hourly: TrendCtx['hourly'] = [];
  if (q.day !== undefined) {
    const start = dayStart(from, tz).toISOString();
    const end = dayStart(to, tz).toISOString();
    hourly = await hourlyByBrand(database, areaIds, start, end, tz);
  }
  const c: TrendCtx = { q, byDay, dataDays: new Set(daily.map((d) => d.day)), hourly, now: localNow(tz, now) };
  const out: Record<string, { brandId: number; brandName: string; rows: TrendRow[] }> = {};
  for (const brandId of [...brandIds].sort((a, b) => a - b)) {
    const rows = q.month === undefined ? monthRows(c, brandId) : q.day === undefined ? dayRows(c, brandId) : hourRows(c, brandId, from);
    out[brandId] = { brandId, brandName: names.get(brandId)?.brandName ?? '', rows };
  }
  return out;
}

export function nextMonth(year: number, month: number) {
  return month === 12 ? `${year + 1}-01-01` : `${year}-${pad2(month + 1)}-01`;
}
