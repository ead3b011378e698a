/**
 * Curves and tables from the rollups: today's hourly rents/returns per brand, the total-quantity
 * trend (stats_daily), a site's usage (stats_hourly) and today's online summary per brand.
 */
import type { Static, TObject } from 'typebox';
import type { Database } from '../../../db/client.js';
import { badRequest } from '../../../http/envelope.js';
import { formatTime, dayStart, daysInMonth, localDay, nextDay, pad2, today } from '../../../domain/time.js';
import { brandNames, brandsOf } from '../../../shared/brands.js';
import { percent } from '../../../domain/numbers.js';
import { liveSince } from '../../../shared/watermarks.js';
import type { BrandFigure } from '../figures.js';
import * as repo from './repo.js';
import type { TrendBrand, TrendRowT, UsageQuery as UsageFilters, UsageRowT } from './schemas.js';

const HOUR = 3600_000;

/* ------------------------------ today's rents / returns per hour ------------------------------ */

/**
 * Today's rents (or returns) per brand and hour at the sites of the areas (or one site): finished
 * hours from stats_hourly, the current hour straight from the ride orders.
 */
export async function siteFlowToday(
  database: Database,
  f: { areaIds: string[]; siteId?: string; kind: 'rent' | 'return'; brandLimit?: number | null },
  tz: string,
  now = new Date(),
) {
  const t = today(tz, now);
  const hourStart = new Date(Math.max(Math.floor(now.getTime() / HOUR) * HOUR, t.start.getTime()));
  const rows = await repo.flowsByHour(database, {
    ...f,
    dayStart: t.start.toISOString(),
    hourStart: hourStart.toISOString(),
    tz,
  });
  const currentHour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: tz, hour: '2-digit', hourCycle: 'h23' }).format(now));
  const hours = Array.from({ length: currentHour + 1 }, (_, i) => i);
  const names = await brandNames(database);
  const series = new Map<number, number[]>();
  for (const b of await brandsOf(database, f.areaIds))
    series.set(
      b.brandId,
      hours.map(() => 0),
    );
  for (const r of rows) {
    const s = series.get(r.brandId) ?? hours.map(() => 0);
    series.set(r.brandId, s);
    if (r.h <= currentHour) s[r.h] += r.n;
  }
  const lists = [...series.entries()]
    .filter(([brandId]) => f.brandLimit == null || brandId === f.brandLimit)
    .sort((a, b) => a[0] - b[0])
    .map(([brandId, data]) => ({
      brandId,
      brandName: names.get(brandId)?.brandName ?? '',
      data,
      total: data.reduce((x, y) => x + y, 0),
    }));
  return { date: t.day, hours, lists, total: lists.reduce((x, l) => x + l.total, 0) };
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
export type TrendRow = Static<typeof TrendRowT>;

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
  const daily = await repo.dailyByBrand(database, areaIds, from, to);
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
    hourly = await repo.hourlyByBrand(database, areaIds, start, end, tz);
  }
  const c: TrendCtx = { q, byDay, dataDays: new Set(daily.map((d) => d.day)), hourly, now: localNow(tz, now) };
  const out: Record<string, Static<typeof TrendBrand>> = {};
  for (const brandId of [...brandIds].sort((a, b) => a - b)) {
    const rows = q.month === undefined ? monthRows(c, brandId) : q.day === undefined ? dayRows(c, brandId) : hourRows(c, brandId, from);
    out[brandId] = { brandId, brandName: names.get(brandId)?.brandName ?? '', rows };
  }
  return out;
}

function nextMonth(year: number, month: number) {
  return month === 12 ? `${year + 1}-01-01` : `${year}-${pad2(month + 1)}-01`;
}

/* ------------------------------ one site's usage ------------------------------ */

/** A usage slot (counts null for a slot still to come). */
export type UsageRow = Static<typeof UsageRowT>;

/** The usage query's period fields. */
type UsageQuery = Pick<Static<TObject<typeof UsageFilters>>, 'year' | 'month' | 'day' | 'dataType'>;

/** 1 per hour of a day, 2 per day of a month, 3 per month of a year; inferred from month/day when absent. */
export function usageGrain(q: UsageQuery): 1 | 2 | 3 {
  const grain = (q.dataType ?? (q.day !== undefined ? 1 : q.month !== undefined ? 2 : 3)) as 1 | 2 | 3;
  if (grain <= 2 && q.month === undefined) throw badRequest('缺少参数 month：按日或按月统计需提供 month');
  if (grain === 1 && q.day === undefined) throw badRequest('缺少参数 day：按日统计需提供 day');
  if (grain === 1 && q.day! > daysInMonth(q.year, q.month!)) throw badRequest(`参数 day 超出 ${q.year}-${pad2(q.month!)} 的天数`);
  return grain;
}

/**
 * Rents, returns, ups and downs of a site per slot, with rents and returns as a percent of its
 * capacity; slots still to come are null, the slot under way is partial (its events so far). Counted
 * as the site ranking counts them (repo.siteUsageBy), the current hour included, so a day's, month's
 * or year's slots add up to the site's row in the ranking of that window; an enterprise user's
 * (`brandLimit`) of their own brand, as their ranking is.
 */
export async function siteUsage(
  database: Database,
  site: { siteId: string; areaId: string; capacity: number },
  q: UsageQuery,
  tz: string,
  now = new Date(),
  brandLimit: number | null = null,
): Promise<UsageRow[]> {
  const grain = usageGrain(q);
  const from = grain === 3 ? `${q.year}-01-01` : grain === 2 ? `${q.year}-${pad2(q.month!)}-01` : `${q.year}-${pad2(q.month!)}-${pad2(q.day!)}`;
  const to = grain === 3 ? `${q.year + 1}-01-01` : grain === 2 ? nextMonth(q.year, q.month!) : nextDay(from);
  const part = grain === 1 ? 'hour' : grain === 2 ? 'day' : 'month';
  const span = { start: dayStart(from, tz).toISOString(), end: dayStart(to, tz).toISOString(), liveFrom: liveSince(now).toISOString() };
  const rows = await repo.siteUsageBy(database, site, part, span, tz, brandLimit);
  const byKey = new Map(rows.map((r) => [r.k, r]));
  const n = grain === 1 ? 24 : grain === 2 ? daysInMonth(q.year, q.month!) : 12;
  const cur = localNow(tz, now);
  const dayState = grain === 1 ? slotState(from, cur.day) : 'past';
  return Array.from({ length: n }, (_, i) => {
    const k = grain === 1 ? i : i + 1;
    const r = byKey.get(k);
    const time = grain === 1 ? `${pad2(i)}:00` : grain === 2 ? `${q.year}-${pad2(q.month!)}-${pad2(k)}` : `${q.year}-${pad2(k)}`;
    const state = grain === 1 ? (dayState === 'partial' ? slotState(i, cur.hour) : dayState) : slotState(time, grain === 2 ? cur.day : cur.month);
    if (state === 'future') {
      return {
        slot: grain === 1 ? i : k,
        time,
        rent_num: null,
        return_num: null,
        up_num: null,
        down_num: null,
        rent_num_per: null,
        return_num_per: null,
        partial: false,
      };
    }
    const rent = r?.rent ?? 0;
    const ret = r?.ret ?? 0;
    return {
      slot: grain === 1 ? i : k,
      time,
      rent_num: rent,
      return_num: ret,
      up_num: r?.up ?? 0,
      down_num: r?.down ?? 0,
      rent_num_per: percent(rent, site.capacity),
      return_num_per: percent(ret, site.capacity),
      partial: state === 'partial',
    };
  });
}

/* ------------------------------ today's online summary ------------------------------ */

/** Per brand today: placed (online filed bikes) and in sites as of the last snapshot (the big screen's), filed and approved (now). */
export async function onlineCollect(database: Database, areaIds: string[], figures: BrandFigure[], tz: string, now = new Date()) {
  const day = localDay(now, tz);
  const rows = await repo.dayOnline(database, areaIds, day);
  const names = await brandNames(database);
  const ids = new Set([...figures.map((f) => f.brandId), ...rows.map((r) => r.brandId)]);
  return [...ids]
    .sort((a, b) => a - b)
    .map((brandId) => {
      const fig = figures.find((f) => f.brandId === brandId);
      const of = (t: number, k: 'online' | 'site') => rows.filter((r) => r.brandId === brandId && (r.t === 1 ? 1 : 0) === t).reduce((s, r) => s + r[k], 0);
      const filed = fig?.filed ?? [0, 0];
      const approved = fig?.approved ?? [0, 0];
      return {
        date: day,
        brandId,
        brandName: names.get(brandId)?.brandName ?? '',
        onlineBikeNum: of(0, 'online'),
        onlineEBikeNum: of(1, 'online'),
        onlineNum: of(0, 'online') + of(1, 'online'),
        siteBikeNum: of(0, 'site'),
        siteEBikeNum: of(1, 'site'),
        siteNum: of(0, 'site') + of(1, 'site'),
        filedBikeNum: filed[0],
        filedEBikeNum: filed[1],
        filedNum: filed[0] + filed[1],
        approvedBikeNum: approved[0],
        approvedEBikeNum: approved[1],
        approvedNum: approved[0] + approved[1],
      };
    });
}
