/** What operators sent (records.ts): sync logs of the open API and the pile gateways, ride orders and their tracks. */
import type { Static } from 'typebox';
import type { Database } from '../../../db/client.js';
import { selectList, type Columns } from '../../../db/columns.js';
import { AREA_SET, likeEscape, Where } from '../../../db/sql.js';
import { brandInAreas } from '../../../shared/brands.js';
import { SYNC_LOG_SELECT, type SyncLogRow } from '../../../shared/syncLog.js';
import type { OrderQuery, RideOrder } from '../schemas.js';

/**
 * Sync logs of one kind: of enterprises registered or operating in the areas, and of those areas'
 * pile gateways; `brandLimit` (an enterprise user) and the filters narrow them. Newest first, paged.
 */
export async function syncLogPage(
  database: Database,
  f: {
    kind: string;
    areaIds: string[];
    brandLimit: number | null;
    brandId?: number;
    result?: string;
    from?: Date;
    to?: Date;
    limit: number;
    offset: number;
    count?: boolean;
  },
) {
  const w = new Where().add('s.kind = ?', f.kind);
  const n = w.params.push(f.areaIds);
  w.parts.push(
    `(s.brand_id in (select b.id from brands b where ${brandInAreas('b', n)})
      or (s.brand_id is null and s.gateway_id in (select g.id from gateways g where g.area_id = any($${n}::text[]))))`,
  );
  if (f.brandLimit !== null) w.add('s.brand_id = ?', f.brandLimit);
  if (f.brandId) w.add('s.brand_id = ?', f.brandId);
  if (f.result) w.add('s.result = ?', f.result);
  if (f.from) w.add('s.at >= ?', f.from);
  if (f.to) w.add('s.at < ?', f.to);
  // an export pages through without counting (count: false)
  const total =
    f.count === false ? 0 : (await database.query<{ total: number }>(`select count(*)::int as total from sync_logs s where ${w.sql}`, w.params))[0].total;
  const n2 = w.params.length;
  const rows = await database.query<SyncLogRow>(
    `select ${SYNC_LOG_SELECT}, coalesce(b.brand_name, g.name) as "brandName"
       from sync_logs s left join brands b on b.id = s.brand_id left join gateways g on g.id = s.gateway_id
      where ${w.sql} order by s.at desc, s.id desc limit $${n2 + 1} offset $${n2 + 2}`,
    [...w.params, f.limit, f.offset],
  );
  return { rows, total };
}

/** A ride order's row: the list's fields but the times, the fee in yuan and the duration (toOrder's); names may be missing. */
export type OrderRow = Omit<Static<typeof RideOrder>, 'brandName' | 'areaName' | 'rentTime' | 'returnTime' | 'feeYuan' | 'durationMinutes'> & {
  brandName: string | null;
  areaName: string | null;
  rentAt: Date | null;
  returnAt: Date | null;
};

/** A ride order's stored fields, by the API's key (and OrderRow's), and their columns of ride_orders. */
const ORDER_COLUMNS = {
  brandId: 'brand_id',
  orderId: 'order_id',
  bikeId: 'bike_id',
  bikeType: 'bike_type',
  areaId: 'area_id',
  rentAt: 'rent_at',
  rentLon: 'rent_lon',
  rentLat: 'rent_lat',
  rentSiteId: 'rent_site_id',
  returnAt: 'return_at',
  returnLon: 'return_lon',
  returnLat: 'return_lat',
  returnSiteId: 'return_site_id',
  fee: 'fee',
  outSiteReturn: 'out_site_return',
  fullReturn: 'full_return',
} satisfies Required<Columns<Omit<OrderRow, 'brandName' | 'areaName' | 'rentSiteName' | 'returnSiteName'>>>;

const ORDER_SELECT = `
  select ${selectList(ORDER_COLUMNS, 'o')}, b.brand_name as "brandName", a.area_name as "areaName",
         rs.site_name as "rentSiteName", ts.site_name as "returnSiteName"
    from ride_orders o
    left join brands b on b.id = o.brand_id
    left join areas a on a.id = o.area_id
    left join sites rs on rs.id = o.rent_site_id
    left join sites ts on ts.id = o.return_site_id`;

/** The order filters (OrderQuery) with the texts trimmed, the times parsed and the scope added. */
export type OrderFilter = Omit<OrderQuery, 'selfAreaId' | 'startTime' | 'endTime'> & {
  areaIds: string[];
  brandLimit: number | null;
  from?: Date;
  to?: Date;
};

/**
 * The list's and the export's conditions. Return time and place are in ride_orders_brand_rent_idx
 * (migration 0015): an enterprise's day counts from the index alone with these filters too.
 */
function orderWhere(f: OrderFilter) {
  const w = new Where().add(`o.area_id in ${AREA_SET}`, f.areaIds);
  if (f.brandLimit !== null) w.add('o.brand_id = ?', f.brandLimit);
  if (f.brandId) w.add('o.brand_id = ?', f.brandId);
  if (f.bikeId) w.add('o.bike_id like ?', `${likeEscape(f.bikeId)}%`);
  if (f.orderId) w.add('o.order_id like ?', `${likeEscape(f.orderId)}%`);
  if (f.from) w.add('o.rent_at >= ?', f.from);
  if (f.to) w.add('o.rent_at < ?', f.to);
  if (f.returnType === 'out') w.parts.push('o.return_at is not null and o.out_site_return');
  if (f.returnType === 'in') w.parts.push('o.return_at is not null and not o.out_site_return');
  if (f.returnType === 'open') w.parts.push('o.return_at is null');
  // minutes rounded as the list shows them: m minutes are [m - 0.5, m + 0.5) minutes of riding
  if (f.minMinutes !== undefined) w.add(`o.return_at >= o.rent_at + ? * interval '1 second'`, Math.max(0, f.minMinutes * 60 - 30));
  if (f.maxMinutes !== undefined) w.add(`o.return_at < o.rent_at + ? * interval '1 second'`, f.maxMinutes * 60 + 30);
  return w;
}

/**
 * Every order of the filter for the export, newest rent first, in pages of `pageSize` by keyset
 * (rent time, brand, order id; then the orders without a rent, by brand and order id): each page
 * starts where the last one ended, so a month costs no more per page than a day. A page handed
 * on is the caller's: it may empty it as it goes.
 */
export async function* orderKeysetPages(database: Database, f: OrderFilter, pageSize: number) {
  const base = orderWhere(f);
  let after: { rentAt: Date; brandId: number; orderId: string } | null = null;
  for (;;) {
    const w = new Where();
    w.parts.push(...base.parts);
    w.params.push(...base.params);
    w.parts.push('o.rent_at is not null');
    if (after) {
      w.params.push(after.rentAt, after.brandId, after.orderId);
      const n = w.params.length;
      // the plain bound lets an index on (…, rent_at) start at the cursor; the row comparison breaks ties
      w.parts.push(`o.rent_at <= $${n - 2}::timestamptz and (o.rent_at, o.brand_id, o.order_id) < ($${n - 2}::timestamptz, $${n - 1}::int, $${n}::varchar)`);
    }
    const rows = await database.query<OrderRow>(
      `${ORDER_SELECT} where ${w.sql} order by o.rent_at desc, o.brand_id desc, o.order_id desc limit ${pageSize}`,
      w.params,
    );
    // the cursor is taken before the page is handed on: the consumer may let its rows go (the export does)
    const last = rows.length === pageSize ? rows[rows.length - 1] : null;
    if (rows.length) yield rows;
    if (!last) break;
    after = { rentAt: last.rentAt!, brandId: last.brandId, orderId: last.orderId };
  }
  // a return reported without its rent has no rent time: only when no period is asked
  if (f.from || f.to) return;
  let key: { brandId: number; orderId: string } | null = null;
  for (;;) {
    const w = new Where();
    w.parts.push(...base.parts);
    w.params.push(...base.params);
    w.parts.push('o.rent_at is null');
    if (key) {
      w.params.push(key.brandId, key.orderId);
      const n = w.params.length;
      w.parts.push(`(o.brand_id, o.order_id) < ($${n - 1}::int, $${n}::varchar)`);
    }
    const rows = await database.query<OrderRow>(`${ORDER_SELECT} where ${w.sql} order by o.brand_id desc, o.order_id desc limit ${pageSize}`, w.params);
    const last = rows.length === pageSize ? rows[rows.length - 1] : null;
    if (rows.length) yield rows;
    if (!last) return;
    key = { brandId: last.brandId, orderId: last.orderId };
  }
}

/** Whether the filter has more than `limit` orders (the export's cap), without counting them all. */
export async function ordersOver(database: Database, f: OrderFilter, limit: number): Promise<boolean> {
  const w = orderWhere(f);
  const [row] = await database.query<{ n: number }>(
    `select count(*)::int as n from (select 1 from ride_orders o where ${w.sql} limit ${limit + 1}) x`,
    w.params,
  );
  return row.n > limit;
}

/** The positions a bike reported while rented between two instants (a ride's track), oldest first. */
export async function ridePoints(database: Database, bikeId: string, from: Date, to: Date, limit: number) {
  return database.query<{ at: Date; lon: number; lat: number }>(
    `select at, lon, lat from ride_points where bike_id = $1 and at > $2 and at < $3 order by at limit $4`,
    [bikeId, from, to, limit],
  );
}

/** Ride orders rented in the areas (of `brandLimit` only when set), filtered, newest rent first, paged. */
export async function orderPage(database: Database, f: OrderFilter & { limit: number; offset: number }) {
  const w = orderWhere(f);
  const [{ total }] = await database.query<{ total: number }>(`select count(*)::int as total from ride_orders o where ${w.sql}`, w.params);
  const n = w.params.length;
  const rows = await database.query<OrderRow>(
    // with a period every row has a rent time: plain `desc` lets the (brand_id, rent_at) index give the
    // order (`nulls last` made it sort the whole day: 0.9 s for an enterprise's 66,667 rides)
    `${ORDER_SELECT} where ${w.sql} order by o.rent_at desc${f.from || f.to ? '' : ' nulls last'}, o.brand_id, o.order_id
      limit $${n + 1} offset $${n + 2}`,
    [...w.params, f.limit, f.offset],
  );
  return { rows, total };
}

/** One ride order by brand and order id. */
export async function findOrder(database: Database, brandId: number, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await database.query<OrderRow>(`${ORDER_SELECT} where o.brand_id = $1 and o.order_id = $2`, [brandId, orderId]);
  return row;
}
