/**
 * The figures a trend rule measures (domain/rating.ts MEASURES), per enterprise, for an area (and
 * below) and a month, from stored events. Each figure is read as the screen its evidence link opens
 * shows it, so that the link lands on the rows that made the figure:
 * - 数据接入率 and 超额投放率 from the total-quantity trend (shared/brandTrend.ts, 运营统计's month
 *   row: the month's average placed ÷ filed, and placed against the approved quota);
 * - 站外还车率 from the ride orders rented in the month (骑行订单, 借车日期);
 * - 工单按时响应率 and its median from the work orders created in the month (domain/workOrders.ts
 *   measureOrders, as 日常值守 · 工单's measures);
 * - 非允许站点停放 and 非法车辆: the alerts of that type present in the month (异常列表's window:
 *   begun before its end, still seen after its start); 故障车超 24 小时未处理: such 故障车辆 alerts
 *   left open more than 24 hours within the month;
 * - 桩测未上传车辆: the bikes the piles heard in the month that the enterprise's rules matched and
 *   it did not report (shared/notUploaded.ts, 米单车管理 · 桩测未上传车辆); an enterprise without a
 *   matching rule is not measured (null: the screen says so).
 */
import type { Database } from '../db/client.js';
import { MEASURE_KEYS, overQuotaRate, percent, type MeasureKey } from '../domain/rating.js';
import { measureOrders, type MeasuredOrder, type OrderType } from '../domain/workOrders.js';
import { dayStart, daysInMonth, pad2 } from '../domain/time.js';
import { brandTrend } from './brandTrend.js';
import { notUploadedByBrand, rulesOf } from './notUploaded.js';

export type Measured = Record<MeasureKey, number | null>;

/** Why a figure has no value for anyone (its source does not exist yet), shown instead of a score. */
export const UNMEASURED: Partial<Record<MeasureKey, string>> = { notUploaded: '该企业未设置桩测匹配规则，本项不计分' };

export interface Period {
  /** 'YYYY-MM' */
  period: string;
  year: number;
  month: number;
  /** local 'YYYY-MM-DD' of the first and last day */
  firstDay: string;
  lastDay: string;
  start: Date;
  end: Date;
}

export function periodOf(period: string, tz: string): Period {
  const [year, month] = period.split('-').map(Number);
  const firstDay = `${year}-${pad2(month)}-01`;
  const lastDay = `${year}-${pad2(month)}-${pad2(daysInMonth(year, month))}`;
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${pad2(month + 1)}-01`;
  return { period, year, month, firstDay, lastDay, start: dayStart(firstDay, tz), end: dayStart(next, tz) };
}

const empty = (): Measured => Object.fromEntries(MEASURE_KEYS.map((k) => [k, null])) as Measured;

/** Every figure of every enterprise of `brandIds` in the areas and month. */
export async function measure(
  database: Database,
  areaIds: string[],
  brandIds: number[],
  p: Period,
  tz: string,
  now = new Date(),
): Promise<Map<number, Measured>> {
  const out = new Map(brandIds.map((b) => [b, empty()]));

  const trend = await brandTrend(database, areaIds, { year: p.year, dataType: 1 }, tz, now);
  const quotas = await brandQuotas(database, areaIds);
  const quotaOf = new Map(quotas.map((q) => [q.brandId, q.quota]));
  for (const [brandId, m] of out) {
    const row = trend[brandId]?.rows[p.month - 1];
    m.dataAccess = row?.access_percent ?? null;
    const placed = row && row.online_num !== null ? row.online_num + (row.online_num_e ?? 0) : null;
    m.overQuota = placed === null ? null : overQuotaRate(placed, quotaOf.get(brandId) ?? 0);
  }

  const rides = await rideShares(database, areaIds, p.start, p.end);
  for (const r of rides) if (out.has(r.brandId)) out.get(r.brandId)!.offSiteReturn = percent(r.out, r.n);

  const orders = await workOrdersOf(database, areaIds, p.start, p.end);
  const byBrand = new Map<number, MeasuredOrder[]>();
  for (const o of orders) byBrand.set(o.brandId, [...(byBrand.get(o.brandId) ?? []), { ...o, orderType: o.orderType as OrderType }]);
  for (const [brandId, list] of byBrand) {
    const m = out.get(brandId);
    if (!m) continue;
    const r = measureOrders(list, p.end < now ? p.end : now);
    m.orderInTime = r.inTimeRate;
    m.orderMedian = r.medianMinutes;
  }

  const alerts = await alertCounts(database, areaIds, p.start, p.end, new Date(Math.min(p.end.getTime(), now.getTime())));
  for (const a of alerts) {
    const m = out.get(a.brandId);
    if (!m) continue;
    m.notAllowedParking = a.notAllowed;
    m.illegalBikes = a.illegal;
    m.faultyOpen = a.faulty;
  }
  // bikes heard, matched and not reported: counted for the enterprises with a matching rule
  const ruled = new Set([...(await rulesOf(database, 1, null)), ...(await rulesOf(database, 2, null))].map((r) => r.brandId));
  for (const [brandId, m] of out) if (ruled.has(brandId)) m.notUploaded = 0;
  for (const h of await notUploadedByBrand(database, { areaIds, from: p.start, to: p.end })) {
    const m = out.get(h.brandId);
    if (m && m.notUploaded !== null) m.notUploaded += h.count;
  }
  // the month's alerts are counted for every enterprise present: none is 0, not unmeasured
  for (const m of out.values()) {
    m.notAllowedParking ??= 0;
    m.illegalBikes ??= 0;
    m.faultyOpen ??= 0;
  }
  return out;
}

/** The console link of a figure's evidence: the list it was counted from, filtered to the enterprise, area and month. */
export function evidenceLink(key: MeasureKey, brandId: number, areaId: string, p: Period): string {
  const range = `startTime=${p.firstDay}&endTime=${p.lastDay}`;
  const q = `brandId=${brandId}&selfAreaId=${areaId}&${range}`;
  switch (key) {
    case 'dataAccess':
    case 'overQuota':
      return `/operation/trend?selfAreaId=${areaId}&year=${p.year}&dataType=1`;
    case 'offSiteReturn':
      return `/companyManagement/bikeRideOrder?${q}&returnType=out`;
    case 'orderInTime':
    case 'orderMedian':
      return `/dailyDuty/workOrder?${q}`;
    case 'notAllowedParking':
      return `/warn?abnormalType=8&${q}`;
    case 'illegalBikes':
      return `/warn?abnormalType=7&${q}`;
    case 'faultyOpen':
      return `/warn?abnormalType=5&${q}`;
    case 'notUploaded':
      return `/miBicycle/notUpload?${q}`;
  }
}

/** The approved quota (bikes and e-bikes) per enterprise in the areas. */
export function brandQuotas(database: Database, areaIds: string[]) {
  return database.query<{ brandId: number; quota: number }>(
    `select brand_id as "brandId", sum(bike_quota + ebike_quota)::int as quota from brand_quotas where area_id = any($1::varchar[]) group by 1`,
    [areaIds],
  );
}

/* ---------- the figures' queries ---------- */

/** Ride orders rented in [start, end) and returned, per enterprise: all and those returned outside every site. */
function rideShares(database: Database, areaIds: string[], start: Date, end: Date) {
  return database.query<{ brandId: number; n: number; out: number }>(
    `select brand_id as "brandId", count(*)::int as n, count(*) filter (where out_site_return)::int as out
       from ride_orders where area_id = any($1::varchar[]) and rent_at >= $2 and rent_at < $3 and return_at is not null group by 1`,
    [areaIds, start, end],
  );
}

/** Work orders created in [start, end), as domain/workOrders.ts measureOrders takes them. */
function workOrdersOf(database: Database, areaIds: string[], start: Date, end: Date) {
  return database.query<MeasuredOrder & { brandId: number }>(
    `select brand_id as "brandId", created_at as "createdAt", deadline_at as "deadlineAt", answered_at as "answeredAt", closed_at as "closedAt",
            auto_closed as "autoClosed", returns, order_type as "orderType"
       from work_orders where area_id = any($1::varchar[]) and created_at >= $2 and created_at < $3`,
    [areaIds, start, end],
  );
}

/**
 * Alerts present in [start, end) (异常列表's window: begun before its end, still seen after its
 * start) per enterprise: at non-allowed sites (8), illegal bikes (7), and faulty bikes (5) left open
 * more than 24 hours by `until` (the month's end, or now).
 */
function alertCounts(database: Database, areaIds: string[], start: Date, end: Date, until: Date) {
  return database.query<{ brandId: number; notAllowed: number; illegal: number; faulty: number }>(
    `select brand_id as "brandId",
            count(*) filter (where abnormal_type = 8)::int as "notAllowed",
            count(*) filter (where abnormal_type = 7)::int as illegal,
            count(*) filter (where abnormal_type = 5 and least(coalesce(closed_at, handled_at, $4), $4) - created_at > interval '24 hours')::int as faulty
       from abnormal_messages
      where area_id = any($1::varchar[]) and abnormal_type in (5, 7, 8) and created_at < $3 and updated_at >= $2 and brand_id is not null
      group by 1`,
    [areaIds, start, end, until],
  );
}
