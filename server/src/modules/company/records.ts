/**
 * What operators sent: open-API sync logs (of the enterprises the user may read) and ride orders
 * (in the user's areas). An enterprise user sees only their own brand's records.
 */
import type { Database } from '../../db/client.js';
import type { Auth } from '../../http/auth.js';
import { forbidden, notFound } from '../../http/envelope.js';
import { formatTime } from '../../domain/time.js';
import { timeRange } from '../../http/timeRange.js';
import { likeEscape } from '../../db/sql.js';
import { brandInAreas } from '../../shared/brands.js';

export type SyncKind = 'site' | 'dispatch' | 'request' | 'bike';
const RESULT_TEXT: Record<string, string> = { ok: '成功', partial: '部分成功', failed: '失败' };

class Where {
  readonly parts: string[] = [];
  readonly params: unknown[] = [];
  add(clause: string, value: unknown) {
    this.params.push(value);
    this.parts.push(clause.replaceAll('?', `$${this.params.length}`));
    return this;
  }
  get sql() {
    return this.parts.join(' and ');
  }
}

interface SyncRow {
  id: number;
  brandId: number | null;
  brandName: string | null;
  endpoint: string;
  at: Date;
  itemCount: number;
  accepted: number;
  rejected: number;
  result: string;
  detail: unknown;
  durationMs: number;
}

export async function listSyncLogs(
  database: Database,
  auth: Auth,
  kind: SyncKind,
  f: { brandId?: number; result?: string; startTime?: string; endTime?: string; limit: number; offset: number },
  tz: string,
) {
  const { from, to } = timeRange(f, tz);
  const w = new Where().add('s.kind = ?', kind);
  // logs of enterprises readable in the request's areas, and of pile gateways of those areas
  const n = w.params.push(auth.scopeAreaIds());
  w.parts.push(
    `(s.brand_id in (select b.id from brands b where ${brandInAreas('b', n)})
      or (s.brand_id is null and s.gateway_id in (select g.id from gateways g where g.area_id = any($${n}::text[]))))`,
  );
  const own = auth.brandLimit;
  if (own !== null) w.add('s.brand_id = ?', own);
  if (f.brandId) w.add('s.brand_id = ?', f.brandId);
  if (f.result) w.add('s.result = ?', f.result);
  if (from) w.add('s.at >= ?', from);
  if (to) w.add('s.at < ?', to);
  const [{ total }] = await database.query<{ total: number }>(`select count(*)::int as total from sync_logs s where ${w.sql}`, w.params);
  const rows = await database.query<SyncRow>(
    `select s.id::float8 as id, s.brand_id as "brandId", coalesce(b.brand_name, g.name) as "brandName", s.endpoint, s.at,
            s.item_count as "itemCount", s.accepted, s.rejected, s.result, s.detail, s.duration_ms as "durationMs"
       from sync_logs s left join brands b on b.id = s.brand_id left join gateways g on g.id = s.gateway_id
      where ${w.sql} order by s.at desc, s.id desc limit ${f.limit} offset ${f.offset}`,
    w.params,
  );
  return {
    lists: rows.map(({ at, ...r }) => ({ ...r, brandName: r.brandName ?? '', time: formatTime(at, tz)!, resultText: RESULT_TEXT[r.result] ?? r.result })),
    total,
  };
}

interface OrderRow {
  brandId: number;
  brandName: string | null;
  orderId: string;
  bikeId: string;
  bikeType: number;
  areaId: string;
  areaName: string | null;
  rentAt: Date | null;
  rentLon: number | null;
  rentLat: number | null;
  rentSiteId: string | null;
  rentSiteName: string | null;
  returnAt: Date | null;
  returnLon: number | null;
  returnLat: number | null;
  returnSiteId: string | null;
  returnSiteName: string | null;
  fee: number | null;
  outSiteReturn: boolean;
  fullReturn: boolean;
}

const ORDER_SELECT = `
  select o.brand_id as "brandId", b.brand_name as "brandName", o.order_id as "orderId", o.bike_id as "bikeId", o.bike_type as "bikeType",
         o.area_id as "areaId", a.area_name as "areaName", o.rent_at as "rentAt", o.rent_lon as "rentLon", o.rent_lat as "rentLat",
         o.rent_site_id as "rentSiteId", rs.site_name as "rentSiteName", o.return_at as "returnAt", o.return_lon as "returnLon",
         o.return_lat as "returnLat", o.return_site_id as "returnSiteId", ts.site_name as "returnSiteName", o.fee,
         o.out_site_return as "outSiteReturn", o.full_return as "fullReturn"
    from ride_orders o
    left join brands b on b.id = o.brand_id
    left join areas a on a.id = o.area_id
    left join sites rs on rs.id = o.rent_site_id
    left join sites ts on ts.id = o.return_site_id`;

/** Fee in fen → yuan with two decimals, exactly ('150' → '1.50'). */
export function yuan(fen: number | null): string | null {
  if (fen === null) return null;
  const abs = Math.abs(fen);
  return `${fen < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

function toOrder({ rentAt, returnAt, ...r }: OrderRow, tz: string) {
  return {
    ...r,
    brandName: r.brandName ?? '',
    areaName: r.areaName ?? r.areaId,
    rentTime: formatTime(rentAt, tz),
    returnTime: formatTime(returnAt, tz),
    feeYuan: yuan(r.fee),
    durationMinutes: rentAt && returnAt ? Math.max(0, Math.round((new Date(returnAt).getTime() - new Date(rentAt).getTime()) / 60_000)) : null,
  };
}

export async function listOrders(
  database: Database,
  auth: Auth,
  f: { brandId?: number; bikeId?: string; orderId?: string; startTime?: string; endTime?: string; limit: number; offset: number },
  tz: string,
) {
  const { from, to } = timeRange(f, tz);
  const w = new Where().add('o.area_id = any(?::text[])', auth.scopeAreaIds());
  const own = auth.brandLimit;
  if (own !== null) w.add('o.brand_id = ?', own);
  if (f.brandId) w.add('o.brand_id = ?', f.brandId);
  if (f.bikeId?.trim()) w.add('o.bike_id like ?', `${likeEscape(f.bikeId.trim())}%`);
  if (f.orderId?.trim()) w.add('o.order_id like ?', `${likeEscape(f.orderId.trim())}%`);
  if (from) w.add('o.rent_at >= ?', from);
  if (to) w.add('o.rent_at < ?', to);
  const [{ total }] = await database.query<{ total: number }>(`select count(*)::int as total from ride_orders o where ${w.sql}`, w.params);
  const rows = await database.query<OrderRow>(
    `${ORDER_SELECT} where ${w.sql} order by o.rent_at desc nulls last, o.brand_id, o.order_id limit ${f.limit} offset ${f.offset}`,
    w.params,
  );
  return { lists: rows.map((r) => toOrder(r, tz)), total };
}

/** One order the user may see: 400 when missing, 5002 outside the user's areas or brand. */
export async function findOrder(database: Database, auth: Auth, brandId: number, orderId: string, tz: string) {
  const [row] = await database.query<OrderRow>(`${ORDER_SELECT} where o.brand_id = $1 and o.order_id = $2`, [brandId, orderId]);
  if (!row) throw notFound('骑行订单');
  auth.assertArea(row.areaId);
  const own = auth.brandLimit;
  if (own !== null && own !== row.brandId) throw forbidden('无权查看其他企业的订单');
  return toOrder(row, tz);
}

/** Rent and return points of an order, oldest first. */
export function trackOf(o: { rentLon: number | null; rentLat: number | null; rentTime: string | null; returnLon: number | null; returnLat: number | null; returnTime: string | null }) {
  const points: { lon: number; lat: number; time: string; kind: 'rent' | 'return' }[] = [];
  if (o.rentLon !== null && o.rentLat !== null && o.rentTime) points.push({ lon: o.rentLon, lat: o.rentLat, time: o.rentTime, kind: 'rent' });
  if (o.returnLon !== null && o.returnLat !== null && o.returnTime) points.push({ lon: o.returnLon, lat: o.returnLat, time: o.returnTime, kind: 'return' });
  return points.sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
}
