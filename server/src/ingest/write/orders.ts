/** Ride orders (rent and return events): ride_orders, the bike's live state, and return anomalies. */
import type { Database } from '../../db/client.js';
import type { GeoCache } from '../../shared/geoCache.js';
import type { OrderEvent } from '../validate.js';
import { hourStart, lateHours } from '../late.js';
import { iso, type Brand } from './common.js';
import type { Indexed } from '../../shared/itemCheck.js';
import { placeReports, upsertLive, type LiveRow } from './live.js';
import { recordAbnormal, type AbnormalEvent } from './abnormal.js';
import { riderOf } from '../../domain/rider.js';

type OrderRow = LiveRow & { index: number; order: OrderEvent };

/**
 * The rollup marks of an order upsert (parameters $n: the current hour, $n+1: the late hours of the
 * new times): the hours of the new times before the current hour, and the hour of a time the
 * upsert replaces (a re-sent event with a corrected time moves a ride out of that hour).
 */
const lateOrderMarks = (column: 'rent_at' | 'return_at', n: number) =>
  `prev as (select date_trunc('hour', o.${column}) as hour from ride_orders o
             where o.brand_id = $1 and o.order_id = any($2::varchar[]) and o.${column} < $${n}::timestamptz),
       m as (insert into stats_dirty (hour) select hour from prev union select unnest($${n + 1}::timestamptz[])
             on conflict do nothing)`;
const lateParams = (rows: { order: { at: Date } }[]) => [new Date(hourStart(Date.now())).toISOString(), lateHours(rows.map((r) => r.order.at))];

/** $1–$9 of both order statements. */
const orderColumns = (brand: Brand, rows: OrderRow[]) => [
  brand.id,
  rows.map((r) => r.order.orderId),
  rows.map((r) => r.bikeId),
  rows.map((r) => r.bikeType),
  rows.map((r) => r.areaId),
  rows.map((r) => iso(r.order.at)),
  rows.map((r) => r.lon),
  rows.map((r) => r.lat),
  rows.map((r) => r.siteId),
];

async function writeRents(database: Database, brand: Brand, rows: OrderRow[]) {
  await database.query(
    `with ${lateOrderMarks('rent_at', 10)},
       w as (insert into ride_orders (brand_id, order_id, bike_id, bike_type, area_id, rent_at, rent_lon, rent_lat, rent_site_id)
       select $1, u.order_id, u.bike_id, u.bike_type, u.area_id, u.at, u.lon, u.lat, u.site_id
         from unnest($2::varchar[], $3::varchar[], $4::smallint[], $5::varchar[], $6::timestamptz[], $7::float8[], $8::float8[],
                     $9::varchar[])
              as u(order_id, bike_id, bike_type, area_id, at, lon, lat, site_id)
       on conflict (brand_id, order_id) do update set rent_at = excluded.rent_at, rent_lon = excluded.rent_lon,
         rent_lat = excluded.rent_lat, rent_site_id = excluded.rent_site_id, area_id = excluded.area_id)
       select 1`,
    [...orderColumns(brand, rows), ...lateParams(rows)],
  );
}

/** $14, $15 of the return statement: the rider's digest and masked phone (domain/rider.ts). */
const riderColumns = (rows: OrderRow[]) => {
  const riders = rows.map((r) => (r.order.userPhone ? riderOf(r.order.userPhone) : null));
  return [riders.map((r) => r?.key ?? null), riders.map((r) => r?.phone ?? null)];
};

async function writeReturns(database: Database, brand: Brand, rows: OrderRow[], fullSites: Set<string>) {
  await database.query(
    `with ${lateOrderMarks('return_at', 12)},
       w as (insert into ride_orders (brand_id, order_id, bike_id, bike_type, area_id, return_area_id, return_at, return_lon, return_lat,
                                return_site_id, fee, out_site_return, full_return, rider_key, rider_phone)
       select $1, u.order_id, u.bike_id, u.bike_type, u.area_id, u.area_id, u.at, u.lon, u.lat, u.site_id, u.fee, u.site_id is null, u.is_full,
              u.rider_key, u.rider_phone
         from unnest($2::varchar[], $3::varchar[], $4::smallint[], $5::varchar[], $6::timestamptz[], $7::float8[], $8::float8[],
                     $9::varchar[], $10::int[], $11::bool[], $14::varchar[], $15::varchar[])
              as u(order_id, bike_id, bike_type, area_id, at, lon, lat, site_id, fee, is_full, rider_key, rider_phone)
       on conflict (brand_id, order_id) do update set return_at = excluded.return_at, return_lon = excluded.return_lon,
         return_area_id = excluded.return_area_id,
         return_lat = excluded.return_lat, return_site_id = excluded.return_site_id, fee = excluded.fee,
         out_site_return = excluded.out_site_return,
         full_return = ride_orders.full_return or excluded.full_return,
         rider_key = coalesce(excluded.rider_key, ride_orders.rider_key), rider_phone = coalesce(excluded.rider_phone, ride_orders.rider_phone))
       select 1`,
    [
      ...orderColumns(brand, rows),
      rows.map((r) => r.order.fee),
      rows.map((r) => !!r.siteId && fullSites.has(r.siteId)),
      ...lateParams(rows),
      ...riderColumns(rows),
    ],
  );
}

/** The sites among the returns' that are full now (flag 2 of the site snapshot). */
async function fullSitesOf(database: Database, returns: LiveRow[]) {
  if (!returns.length) return new Set<string>();
  const rows = await database.query<{ siteId: string }>(`select site_id as "siteId" from site_state where site_id = any($1::varchar[]) and flag = 2`, [
    [...new Set(returns.map((r) => r.siteId).filter((s): s is string => !!s))],
  ]);
  return new Set(rows.map((r) => r.siteId));
}

/** Return anomalies: outside every site (type 1), or at a full site (type 6). */
function returnAnomalies(brand: Brand, rows: OrderRow[], fullSites: Set<string>): AbnormalEvent[] {
  return rows.flatMap((r) => {
    const base = {
      brandId: brand.id,
      bikeId: r.bikeId,
      siteId: r.siteId,
      areaId: r.areaId,
      lon: r.lon,
      lat: r.lat,
      at: r.order.at,
    };
    const out: AbnormalEvent[] = [];
    if (!r.siteId)
      out.push({
        ...base,
        type: 1,
        subject: `order:${brand.id}:${r.order.orderId}`,
        detail: `订单 ${r.order.orderId} 站外还车`,
      });
    else if (fullSites.has(r.siteId)) {
      out.push({
        ...base,
        type: 6,
        subject: `order:${brand.id}:${r.order.orderId}`,
        detail: `订单 ${r.order.orderId} 还车至满桩站点`,
      });
    }
    return out;
  });
}

export async function writeOrders(database: Database, geo: GeoCache, brand: Brand, items: Indexed<OrderEvent>[]) {
  // one event of each kind per order in a batch
  const unique = [...new Map(items.map((i) => [`${i.value.orderId}|${i.value.event}`, i])).values()];
  const placed = await placeReports(
    database,
    geo,
    brand,
    unique.map((i) => ({ index: i.index, value: { ...i.value, status: i.value.event === 'rent' ? 2 : 1 } })),
  );
  const byIndex = new Map(unique.map((i) => [i.index, i.value]));
  const returns = placed.rows.filter((r) => byIndex.get(r.index)!.event === 'return');
  const rents = placed.rows.filter((r) => byIndex.get(r.index)!.event === 'rent');
  const fullSites = await fullSitesOf(database, returns);
  const orderRows = (rows: typeof placed.rows): OrderRow[] =>
    rows.map((r) => ({ ...r, order: byIndex.get(r.index)! })).sort((a, b) => (a.order.orderId < b.order.orderId ? -1 : 1));
  const rentRows = orderRows(rents);
  if (rentRows.length) await writeRents(database, brand, rentRows);
  const returnRows = orderRows(returns);
  if (returnRows.length) await writeReturns(database, brand, returnRows, fullSites);
  // the bike's live state follows its rides: its newest event of the batch
  const newestLive = new Map<string, LiveRow>();
  for (const { index: _i, ...r } of placed.rows) {
    const cur = newestLive.get(r.bikeId);
    if (!cur || cur.reportedAt < r.reportedAt) newestLive.set(r.bikeId, r);
  }
  await upsertLive(database, [...newestLive.values()]);
  await recordAbnormal(database, returnAnomalies(brand, returnRows, fullSites));
  return placed.rejected;
}
