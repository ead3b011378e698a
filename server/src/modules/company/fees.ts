/**
 * 站外还车扣费 (issue 14): what operators charged for rides returned outside every site, as they
 * reported it with the return (`fee`, `userPhone` of the open API). Per brand and day, and per
 * rider (masked phone) for one brand; by the return's district, in the request's areas; an
 * enterprise account sees its own brand only.
 */
import type { Static } from 'typebox';
import type { Database } from '../../db/client.js';
import type { Auth } from '../../http/auth.js';
import { badRequest } from '../../http/envelope.js';
import { dayNumber, dayStart, dayText, formatTime, nextDay, today } from '../../domain/time.js';
import { yuan } from './records.js';
import * as repo from './fees/repo.js';
import type { FeeDay, FeeQuery, FeeRider } from './schemas.js';

/** The longest period one call may cover (a year). */
const FEE_MAX_DAYS = 366;

/** startTime..endTime as whole days (yyyy-MM-dd, both included); by default this month up to today. */
function feePeriod(q: FeeQuery, tz: string, now = new Date()) {
  const day = (v: string | undefined, field: string) => {
    const t = v?.trim();
    if (!t) return undefined;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(t) || dayText(dayNumber(t)) !== t) throw badRequest(`参数 ${field} 应为日期 yyyy-MM-dd`);
    return t;
  };
  const end = day(q.endTime, 'endTime') ?? today(tz, now).day;
  const start = day(q.startTime, 'startTime') ?? `${end.slice(0, 8)}01`;
  if (end < start) throw badRequest('参数 endTime 不能早于 startTime');
  if (dayNumber(end) - dayNumber(start) >= FEE_MAX_DAYS) throw badRequest(`查询时间跨度不能超过 ${FEE_MAX_DAYS} 天，请缩小 startTime 与 endTime 的范围`);
  return { startTime: start, endTime: end, from: dayStart(start, tz), to: dayStart(nextDay(end), tz) };
}

const scopeOf = (auth: Auth, q: FeeQuery, tz: string) => {
  const p = feePeriod(q, tz);
  return {
    period: p,
    filter: { areaIds: auth.scopeAreaIds(), brandLimit: auth.brandLimit, brandId: q.brandId, from: p.from, to: p.to, startDay: p.startTime, endDay: p.endTime },
  };
};

const toDay = (r: repo.FeeDayRow): Static<typeof FeeDay> => ({
  date: r.day,
  brandId: r.brandId,
  brandName: r.brandName ?? '',
  outSiteNum: r.outSiteNum,
  feeNum: r.feeNum,
  feeAmount: yuan(r.feeFen)!,
});

/**
 * The days of the period to count from the orders: those fee_daily does not hold final (after the
 * 'fee_days' watermark, today included, or marked by a late or corrected return), as day texts and
 * as merged [from, to) instants.
 */
async function rawDaysOf(database: Database, p: { startTime: string; endTime: string }, tz: string) {
  const { through, dirty } = await repo.feeRollState(database, p.startTime, p.endTime, tz);
  const marked = new Set(dirty);
  const days: string[] = [];
  const ranges: { from: Date; to: Date }[] = [];
  for (let n = dayNumber(p.startTime); n <= dayNumber(p.endTime); n++) {
    const day = dayText(n);
    if (through !== null && n <= through && !marked.has(day)) continue;
    const from = dayStart(day, tz);
    const last = ranges[ranges.length - 1];
    if (last && last.to.getTime() === from.getTime()) last.to = dayStart(nextDay(day), tz);
    else ranges.push({ from, to: dayStart(nextDay(day), tz) });
    days.push(day);
  }
  return { rawDays: days, rawRanges: ranges };
}

/** One page of the per brand and day list, with the totals of the whole filter. */
export async function feeList(database: Database, auth: Auth, q: FeeQuery & { limit: number; offset: number }, tz: string) {
  const { period, filter } = scopeOf(auth, q, tz);
  const raw = await rawDaysOf(database, period, tz);
  const rows = await repo.feeDayPage(database, { ...filter, ...raw, tz, limit: q.limit, offset: q.offset });
  // a page past the end has no rows to carry the totals: ask for the first row's
  const head = rows[0] ?? (q.offset > 0 ? (await repo.feeDayPage(database, { ...filter, ...raw, tz, limit: 1, offset: 0 }))[0] : undefined);
  return {
    lists: rows.map(toDay),
    total: head?.total ?? 0,
    sum: { outSiteNum: head?.sumNum ?? 0, feeAmount: yuan(head?.sumFen ?? 0)! },
    startTime: period.startTime,
    endTime: period.endTime,
  };
}

/** Every row of the per brand and day list, for the export. */
export async function* feePages(database: Database, auth: Auth, q: FeeQuery, tz: string, pageSize = 2000) {
  const { period, filter } = scopeOf(auth, q, tz);
  const raw = await rawDaysOf(database, period, tz);
  for (let offset = 0; ; offset += pageSize) {
    const rows = await repo.feeDayPage(database, { ...filter, ...raw, tz, limit: pageSize, offset });
    if (rows.length) yield rows.map(toDay);
    if (rows.length < pageSize) return;
  }
}

/** Per rider of the filter (a brand and a day from the list, usually): masked phone, returns, fees. */
export async function feeRiders(database: Database, auth: Auth, q: FeeQuery & { limit: number; offset: number }, tz: string) {
  const { filter } = scopeOf(auth, q, tz);
  const rows = await repo.feeRiderPage(database, { ...filter, limit: q.limit, offset: q.offset });
  return {
    lists: rows.map((r): Static<typeof FeeRider> => ({
      riderPhone: r.riderPhone ?? '未上报',
      outSiteNum: r.outSiteNum,
      feeNum: r.feeNum,
      feeAmount: yuan(r.feeFen)!,
      lastTime: formatTime(r.lastAt, tz)!,
    })),
    total: rows[0]?.total ?? 0,
  };
}
