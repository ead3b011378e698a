/**
 * Curves and tables from the rollups: today's hourly rents/returns per brand, a site's usage
 * (stats_hourly) and today's online summary per brand. The total-quantity trend is
 * shared/brandTrend.ts (the rating evaluation reads it too).
 */
import type { Static, TObject } from 'typebox';
import type { Database } from '../../../db/client.js';
import { badRequest } from '../../../http/envelope.js';
import { dayStart, daysInMonth, localDay, nextDay, pad2, today } from '../../../domain/time.js';
import { brandNames, brandsOf } from '../../../shared/brands.js';
import { percent } from '../../../domain/numbers.js';
import { liveSince } from '../../../shared/watermarks.js';
import type { BrandFigure } from '../figures.js';
import { localNow, nextMonth, slotState } from '../../../shared/brandTrend.js';
import * as repo from './repo.js';
import type { UsageQuery as UsageFilters, UsageRowT } from './schemas.js';

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
