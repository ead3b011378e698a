/**
 * What operators sent: open-API sync logs (of the enterprises the user may read) and ride orders
 * (in the user's areas). An enterprise user sees only their own brand's records.
 */
import type { Static } from 'typebox';
import type { Database } from '../../db/client.js';
import type { Auth } from '../../http/auth.js';
import { badRequest, forbidden, notFound } from '../../http/envelope.js';
import { formatTime, minuteCachedFormat } from '../../domain/time.js';
import { timeRange } from '../../http/timeRange.js';
import * as repo from './records/repo.js';
import type { OrderQuery, RideOrder, SyncFilter } from './schemas.js';
import type { SyncLog, SyncLogRow } from '../../shared/syncLog.js';

export type SyncKind = 'site' | 'dispatch' | 'request' | 'bike';
const RESULT_TEXT: Record<string, string> = { ok: '成功', partial: '部分成功', failed: '失败' };

const toSyncLog = ({ at, ...r }: SyncLogRow, tz: string): SyncLogOut => ({
  ...r,
  brandName: r.brandName ?? '',
  time: formatTime(at, tz)!,
  resultText: RESULT_TEXT[r.result] ?? r.result,
});
export type SyncLogOut = Static<typeof SyncLog>;

// logs of enterprises readable in the request's areas, and of pile gateways of those areas; an enterprise user's own only
const syncScope = (auth: Auth, kind: SyncKind, f: SyncFilter, tz: string) => ({
  ...f,
  ...timeRange(f, tz),
  kind,
  areaIds: auth.scopeAreaIds(),
  brandLimit: auth.brandLimit,
});

export async function listSyncLogs(database: Database, auth: Auth, kind: SyncKind, f: SyncFilter & { limit: number; offset: number }, tz: string) {
  const { rows, total } = await repo.syncLogPage(database, { ...syncScope(auth, kind, f, tz), limit: f.limit, offset: f.offset });
  return { lists: rows.map((r) => toSyncLog(r, tz)), total };
}

/** Every log of the filter, newest first, page by page (the export; no count). */
export async function* syncLogPages(database: Database, auth: Auth, kind: SyncKind, f: SyncFilter, tz: string, pageSize = 2000) {
  const scope = syncScope(auth, kind, f, tz);
  for (let offset = 0; ; offset += pageSize) {
    const { rows } = await repo.syncLogPage(database, { ...scope, limit: pageSize, offset, count: false });
    if (rows.length) yield rows.map((r) => toSyncLog(r, tz));
    if (rows.length < pageSize) return;
  }
}

/** The rejected items of a log's detail as one line each (the export's 明细 column). */
export function detailText(detail: unknown): string {
  if (!detail || typeof detail !== 'object') return '';
  const d = detail as { error?: string; rejected?: { index: number; id: string | null; reason: string }[] };
  if (d.error) return d.error;
  return (d.rejected ?? []).map((x) => `第 ${x.index + 1} 条${x.id ? `（${x.id}）` : ''}：${x.reason}`).join('\n');
}

/** Fee in fen → yuan with two decimals, exactly ('150' → '1.50'). */
export function yuan(fen: number | null): string | null {
  if (fen === null) return null;
  const abs = Math.abs(fen);
  return `${fen < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * An order as the console shows it. Written out field by field: the spread it replaced (`{ ...r,
 * rentTime, … }` over the driver's row, the times taken out by a rest pattern) took ~36 µs a row on
 * Node 20 and its garbage went to the old generation (a benchmark of 500,000 such rows promoted
 * ~1.3 GB); the month's export grew by 251 MB with it, 34 MB without (issue 14). `time` formats an
 * instant (the export passes a minute-cached one); the list's default is formatTime.
 */
function toOrder(r: repo.OrderRow, tz: string, time: (d: Date) => string | null = (d) => formatTime(d, tz)): OrderOut {
  const { rentAt, returnAt } = r;
  return {
    brandId: r.brandId,
    brandName: r.brandName ?? '',
    orderId: r.orderId,
    bikeId: r.bikeId,
    bikeType: r.bikeType,
    areaId: r.areaId,
    areaName: r.areaName ?? r.areaId,
    rentLon: r.rentLon,
    rentLat: r.rentLat,
    rentSiteId: r.rentSiteId,
    rentSiteName: r.rentSiteName,
    returnLon: r.returnLon,
    returnLat: r.returnLat,
    returnSiteId: r.returnSiteId,
    returnSiteName: r.returnSiteName,
    fee: r.fee,
    outSiteReturn: r.outSiteReturn,
    fullReturn: r.fullReturn,
    rentTime: rentAt ? time(rentAt) : null,
    returnTime: returnAt ? time(returnAt) : null,
    feeYuan: yuan(r.fee),
    durationMinutes: rentAt && returnAt ? Math.max(0, Math.round((new Date(returnAt).getTime() - new Date(rentAt).getTime()) / 60_000)) : null,
  };
}

/** The repo filter of a list or export query, in the user's areas (and brand, for an enterprise user). */
function orderFilter(auth: Auth, f: OrderQuery, tz: string): repo.OrderFilter {
  if (f.minMinutes !== undefined && f.maxMinutes !== undefined && f.maxMinutes < f.minMinutes)
    throw badRequest('参数 maxMinutes（骑行时长上限）不能小于 minMinutes（下限）');
  const { from, to } = timeRange(f, tz);
  return {
    brandId: f.brandId,
    bikeId: f.bikeId?.trim() || undefined,
    orderId: f.orderId?.trim() || undefined,
    returnType: f.returnType,
    minMinutes: f.minMinutes,
    maxMinutes: f.maxMinutes,
    from,
    to,
    areaIds: auth.scopeAreaIds(),
    brandLimit: auth.brandLimit,
  };
}

export async function listOrders(database: Database, auth: Auth, f: OrderQuery & { limit: number; offset: number }, tz: string) {
  const { rows, total } = await repo.orderPage(database, { ...orderFilter(auth, f, tz), limit: f.limit, offset: f.offset });
  return { lists: rows.map((r) => toOrder(r, tz)), total };
}

export type OrderOut = Static<typeof RideOrder>;

/** The most rows one export holds: a worksheet has 1,048,576 rows, the header is one. */
export const ORDER_EXPORT_MAX = 1_000_000;

/**
 * Every order of the filter for the export, newest rent first, page by page (keyset). Refused
 * before anything is sent when the filter holds more than ORDER_EXPORT_MAX orders.
 *
 * Each page's rows are converted one at a time as the sheet takes them, and the driver's row is
 * let go once converted: writing a row allocates ~9 KB (its XML), so a page of 2,000 held whole
 * until written outlived two scavenges and was promoted to the old generation (~1.3 MB a page), which
 * V8 let grow to ~4 times the live heap before a full GC. Smaller pages would do the same but cost
 * a query each (a filter without an enterprise sorts its rows again for every page).
 */
export async function orderExportPages(database: Database, auth: Auth, f: OrderQuery, tz: string, pageSize = 2000) {
  const filter = orderFilter(auth, f, tz);
  if (await repo.ordersOver(database, filter, ORDER_EXPORT_MAX))
    throw badRequest(`筛选结果超过 ${ORDER_EXPORT_MAX.toLocaleString('en-US')} 条，一个文件放不下：请缩小借车时间范围，或选择企业、区域后分次导出`);
  const format = minuteCachedFormat(tz);
  // as formatTime: a driver may hand the time as text, an unreadable one is null
  const time = (v: Date) => {
    const d = v instanceof Date ? v : new Date(v);
    return Number.isNaN(d.getTime()) ? null : format(d);
  };
  function* converted(rows: (repo.OrderRow | null)[]) {
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i]!;
      rows[i] = null;
      yield toOrder(r, tz, time);
    }
  }
  return (async function* () {
    for await (const rows of repo.orderKeysetPages(database, filter, pageSize)) yield converted(rows);
  })();
}

/** One order's row the user may see: 400 when missing, 5002 outside the user's areas or brand. */
async function visibleOrder(database: Database, auth: Auth, brandId: number, orderId: string) {
  const row = await repo.findOrder(database, brandId, orderId);
  if (!row) throw notFound('骑行订单');
  auth.assertArea(row.areaId);
  const own = auth.brandLimit;
  if (own !== null && own !== row.brandId) throw forbidden('无权查看其他企业的订单');
  return row;
}

export async function findOrder(database: Database, auth: Auth, brandId: number, orderId: string, tz: string) {
  return toOrder(await visibleOrder(database, auth, brandId, orderId), tz);
}

type TrackKind = 'rent' | 'track' | 'return';

/**
 * Rent and return points of an order with the `positions` its bike reported in between (kind
 * 'track'), oldest first.
 */
function trackOf(
  o: Pick<OrderOut, 'rentLon' | 'rentLat' | 'rentTime' | 'returnLon' | 'returnLat' | 'returnTime'>,
  positions: { lon: number; lat: number; time: string }[] = [],
) {
  const points: { lon: number; lat: number; time: string; kind: TrackKind }[] = [];
  if (o.rentLon !== null && o.rentLat !== null && o.rentTime) points.push({ lon: o.rentLon, lat: o.rentLat, time: o.rentTime, kind: 'rent' });
  for (const p of positions) points.push({ ...p, kind: 'track' });
  if (o.returnLon !== null && o.returnLat !== null && o.returnTime) points.push({ lon: o.returnLon, lat: o.returnLat, time: o.returnTime, kind: 'return' });
  const rank = { rent: 0, track: 1, return: 2 };
  return points.sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : rank[a.kind] - rank[b.kind]));
}

/** The most reported positions one track answers (a ride keeps at most RIDE_POINT_MAX of them). */
const TRACK_MAX = 2000;
/** An order not returned: its track runs to now, at most this long after the rent. */
const OPEN_RIDE_MS = 48 * 3600_000;

/** One order's track (rent, reported positions, return), checked as findOrder. */
export async function orderTrack(database: Database, auth: Auth, brandId: number, orderId: string, tz: string) {
  const row = await visibleOrder(database, auth, brandId, orderId);
  const o = toOrder(row, tz);
  if (!row.rentAt) return trackOf(o);
  const from = new Date(row.rentAt);
  const to = row.returnAt ? new Date(row.returnAt) : new Date(Math.min(Date.now(), from.getTime() + OPEN_RIDE_MS));
  const points = await repo.ridePoints(database, row.bikeId, from, to, TRACK_MAX);
  return trackOf(
    o,
    points.map((p) => ({ lon: p.lon, lat: p.lat, time: formatTime(p.at, tz)! })),
  );
}
