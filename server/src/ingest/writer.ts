/**
 * Batch writes of the open API: one set-based statement per kind of row, rows sorted by key so
 * that concurrent batches take row locks in the same order. Everything here is idempotent.
 */
import type { Database } from '../db/client.js';
import type { GeoCache } from '../shared/geoCache.js';
import type { BikeFiling, DispatchEvent, OrderEvent, PileScan, StatusReport } from './validate.js';
import { foreignReason, ownerBrand, ownersOf } from './owners.js';
import { lateDays, localDate, presenceSet, recordPresence } from './presence.js';
import { hourStart, lateHours, markCte } from './late.js';
import { noteFaults, openFaults } from './faults.js';
import { intArray, textArray } from '../db/arrays.js';

export interface Rejection {
  index: number;
  id: string | null;
  reason: string;
  /** The item was refused because it belongs to another brand (HTTP 403). */
  forbidden?: boolean;
}

export interface Indexed<T> {
  index: number;
  value: T;
}

const iso = (d: Date) => d.toISOString();

/* ------------------------------ bike live state ------------------------------ */

export interface LiveRow {
  bikeId: string;
  brandId: number;
  bikeType: number;
  areaId: string;
  lon: number;
  lat: number;
  status: number;
  siteId: string | null;
  inArea: boolean;
  inForbid: boolean;
  legality: number;
  reportedAt: Date;
}

/** Upserts live state; an older report never overwrites a newer one. */
export async function upsertLive(database: Database, rows: LiveRow[]) {
  if (!rows.length) return;
  rows.sort((a, b) => (a.bikeId < b.bikeId ? -1 : a.bikeId > b.bikeId ? 1 : 0));
  await database.query(
    `insert into bike_live as l (bike_id, brand_id, bike_type, area_id, lon, lat, status, site_id, in_area, in_forbid,
                                 legality, reported_at, out_site_since)
     select u.*, case when u.status = 1 and u.site_id is null then u.reported_at end
       from unnest($1::varchar[], $2::int[], $3::smallint[], $4::varchar[], $5::float8[], $6::float8[], $7::smallint[],
                   $8::varchar[], $9::bool[], $10::bool[], $11::smallint[], $12::timestamptz[])
            as u(bike_id, brand_id, bike_type, area_id, lon, lat, status, site_id, in_area, in_forbid, legality, reported_at)
     on conflict (bike_id) do update set
       brand_id = excluded.brand_id, bike_type = excluded.bike_type, area_id = excluded.area_id, lon = excluded.lon,
       lat = excluded.lat, status = excluded.status, site_id = excluded.site_id, in_area = excluded.in_area,
       in_forbid = excluded.in_forbid, legality = excluded.legality, reported_at = excluded.reported_at,
       out_site_since = case when excluded.status = 1 and excluded.site_id is null
                             then coalesce(l.out_site_since, excluded.reported_at) end
     where l.reported_at < excluded.reported_at`,
    [
      rows.map((r) => r.bikeId),
      rows.map((r) => r.brandId),
      rows.map((r) => r.bikeType),
      rows.map((r) => r.areaId),
      rows.map((r) => r.lon),
      rows.map((r) => r.lat),
      rows.map((r) => r.status),
      rows.map((r) => r.siteId),
      rows.map((r) => r.inArea),
      rows.map((r) => r.inForbid),
      rows.map((r) => r.legality),
      rows.map((r) => iso(r.reportedAt)),
    ],
  );
  await recordPresence(database, rows);
}

interface Positioned {
  bikeId: string;
  lon: number;
  lat: number;
  status: number;
  at: Date;
  bikeType?: number | null;
}

/**
 * Turns positioned reports into live rows: ownership (another brand's bike is refused), legality,
 * site, area, fences. Answers the rows to write and the refusals.
 */
export async function placeReports<T extends Positioned>(
  database: Database,
  geo: GeoCache,
  brand: { id: number; areaId: string },
  items: Indexed<T>[],
) {
  const owners = await ownersOf(database, [...new Set(items.map((i) => i.value.bikeId))]);
  const rows: (LiveRow & { index: number })[] = [];
  const rejected: Rejection[] = [];
  for (const { index, value: r } of items) {
    const o = owners.get(r.bikeId);
    const owner = ownerBrand(o);
    if (owner !== null && owner !== brand.id) {
      rejected.push({ index, id: r.bikeId, reason: foreignReason(r.bikeId), forbidden: true });
      continue;
    }
    const p = geo.place(r.lon, r.lat, o?.liveArea ?? brand.areaId);
    rows.push({
      index,
      bikeId: r.bikeId,
      brandId: brand.id,
      bikeType: o?.bikeType ?? r.bikeType ?? 0,
      areaId: p.areaId ?? brand.areaId,
      lon: r.lon,
      lat: r.lat,
      status: r.status,
      siteId: p.site?.id ?? null,
      inArea: p.inArea,
      inForbid: p.inForbid,
      legality: o?.filedBrand === brand.id ? 0 : 1,
      reportedAt: r.at,
    });
  }
  return { rows, rejected };
}

/** Keeps the newest report per bike (a batch may carry several for one bike). */
export function newestPerBike<T extends { bikeId: string; reportedAt: Date }>(items: Indexed<T>[]): Indexed<T>[] {
  const best = new Map<string, Indexed<T>>();
  for (const it of items) {
    const cur = best.get(it.value.bikeId);
    if (!cur || cur.value.reportedAt < it.value.reportedAt) best.set(it.value.bikeId, it);
  }
  return [...best.values()];
}

const FAULT_DETAIL = '运营企业上报车辆故障';

/**
 * A status report's small fields in one int for the hot statement: bits 0–1 status (1 or 2),
 * bit 2 inside the operating area, bit 3 inside a forbidden zone, bits 4+ bike type + 1 (0: not given).
 */
export function statusFlags(status: number, inArea: boolean, inForbid: boolean, bikeType: number | null): number {
  return status | (inArea ? 4 : 0) | (inForbid ? 8 : 0) | (bikeType === null ? 0 : (bikeType + 1) << 4);
}

/**
 * The hot path: ownership, legality, live state and presence of a batch of status reports in one
 * statement. Another brand's bike is refused; the rest is written; an older report never wins.
 *
 * Faults (abnormal type 5) ride in the same statement, and only when the batch needs them: when an
 * item says `fault: true`, or a bike of the batch has an open fault (openFaults). Then each report
 * that becomes the bike's live state opens (or refreshes) the bike's fault message when faulty and
 * closes it when not. A batch of healthy bikes runs the plain statement.
 */
export async function writeStatus(database: Database, geo: GeoCache, brand: { id: number; areaId: string }, items: Indexed<StatusReport>[]) {
  const newest = newestPerBike(items).sort((a, b) => (a.value.bikeId < b.value.bikeId ? -1 : a.value.bikeId > b.value.bikeId ? 1 : 0));
  const n = newest.length;
  // Few, cheap parameters: on PGlite, parsing the parameter arrays is a third of the statement's
  // time, and float8 and timestamptz are the dear ones (strtod and datetime parsing in WASM). So
  // coordinates travel as integers of 1e-7° (about 1 cm; a value with up to 7 decimals comes back
  // bit for bit), times as epoch milliseconds, the small fields packed into one int (statusFlags),
  // and the presence day only for bikes this process has not yet seen that day (null otherwise).
  const cols = {
    id: new Array<string>(n),
    lon: new Array<number>(n),
    lat: new Array<number>(n),
    flags: new Array<number>(n),
    site: new Array<string | null>(n),
    area: new Array<string>(n),
    at: new Array<number>(n),
    day: new Array<string | null>(n),
  };
  const seen = presenceSet(database);
  let faults = false;
  newest.forEach(({ value: r }, i) => {
    const p = geo.place(r.lon, r.lat, brand.areaId);
    const day = localDate(r.reportedAt);
    cols.id[i] = r.bikeId;
    cols.lon[i] = Math.round(r.lon * 1e7);
    cols.lat[i] = Math.round(r.lat * 1e7);
    cols.flags[i] = statusFlags(r.status, p.inArea, p.inForbid, r.bikeType);
    cols.site[i] = p.site?.id ?? null;
    cols.area[i] = p.areaId ?? brand.areaId;
    cols.at[i] = r.reportedAt.getTime();
    cols.day[i] = seen.has(day, r.bikeId) ? null : day;
    if (r.fault) faults = true;
  });
  if (!faults && n) {
    const open = await openFaults(database);
    faults = open.size > 0 && cols.id.some((id) => open.has(id));
  }
  const params: unknown[] = [
    textArray(cols.id),
    intArray(cols.lon),
    intArray(cols.lat),
    intArray(cols.flags),
    textArray(cols.site),
    textArray(cols.area),
    intArray(cols.at),
    textArray(cols.day),
    brand.id,
    brand.areaId,
  ];
  if (faults) params.push(newest.map((x) => x.value.fault), newest.map((x) => x.value.faultReason));
  // a first report of a bike for a day before today changes that day's placed count: mark it
  const late = lateDays(newest.filter((_, i) => cols.day[i] !== null).map((x) => x.value.reportedAt));
  if (late.length) params.push(late);
  const rows = n
    ? await database.query<{ bikeId: string; k: number }>(
        `with u as (
           select u.bike_id, u.lon / 1e7::float8 as lon, u.lat / 1e7::float8 as lat, (u.f & 3)::smallint as status,
                  u.site_id, u.area_id, u.f & 4 <> 0 as in_area, u.f & 8 <> 0 as in_forbid,
                  to_timestamp(u.ms / 1000.0::float8) as reported_at, nullif(u.f >> 4, 0) - 1 as bike_type, u.day${faults ? ', u.fault, u.fault_reason' : ''}
             from unnest($1::varchar[], $2::int[], $3::int[], $4::int[], $5::varchar[], $6::varchar[], $7::int8[], $8::date[]${faults ? ', $11::bool[], $12::text[]' : ''})
                    as u(bike_id, lon, lat, f, site_id, area_id, ms, day${faults ? ', fault, fault_reason' : ''})),
         o as (
           -- an unfiled bike belongs to whoever reported it first: its live row is looked up only then
           -- (coalesce stops at the first value, so filed bikes cost one probe, not two)
           select u.*, coalesce(b.brand_id, (select x.brand_id from bike_live x where x.bike_id = u.bike_id), $9) as owner,
                  b.brand_id as filed,
                  coalesce(b.bike_type, (select x.bike_type from bike_live x where x.bike_id = u.bike_id), u.bike_type, 0) as type
             from u left join bikes b on b.bike_id = u.bike_id and b.withdrawn_at is null),
         w as (
           insert into bike_live as l (bike_id, brand_id, bike_type, area_id, lon, lat, status, site_id, in_area, in_forbid,
                                       legality, reported_at, out_site_since)
           select bike_id, $9, type, area_id, lon, lat, status, site_id, in_area, in_forbid,
                  case when filed = $9 then 0 else 1 end, reported_at,
                  case when status = 1 and site_id is null then reported_at end
             from o where owner = $9
           on conflict (bike_id) do update set
             brand_id = excluded.brand_id, bike_type = excluded.bike_type, area_id = excluded.area_id, lon = excluded.lon,
             lat = excluded.lat, status = excluded.status, site_id = excluded.site_id, in_area = excluded.in_area,
             in_forbid = excluded.in_forbid, legality = excluded.legality, reported_at = excluded.reported_at,
             out_site_since = case when excluded.status = 1 and excluded.site_id is null
                                   then coalesce(l.out_site_since, excluded.reported_at) end
           where l.reported_at < excluded.reported_at${faults ? '\n           returning bike_id' : ''}),
         p as (
           insert into bike_days (day, bike_id, brand_id, bike_type, area_id)
           select day, bike_id, $9, type, coalesce(area_id, $10) from o where owner = $9 and day is not null
           on conflict do nothing)${faults ? FAULT_CTES : ''}${late.length ? markCte('m', params.length) : ''}
         select bike_id as "bikeId", 0 as k from o where owner <> $9${faults ? FAULT_RESULT : ''}`,
        params,
        // prepared once per connection (four texts: with and without the fault steps and the late mark)
        `status${faults ? '-faults' : ''}${late.length ? '-late' : ''}`,
      )
    : [];
  const refused = new Set(rows.filter((r) => r.k === 0).map((f) => f.bikeId));
  if (faults) {
    await noteFaults(
      database,
      rows.filter((r) => r.k === 1).map((r) => r.bikeId),
      rows.filter((r) => r.k === 2).map((r) => r.bikeId),
    );
  }
  newest.forEach(({ value: r }, i) => {
    const day = cols.day[i];
    if (day !== null && !refused.has(r.bikeId)) seen.add(day, r.bikeId);
  });
  // every item of a refused bike is refused, older duplicates included
  return items
    .filter((it) => refused.has(it.value.bikeId))
    .map((it) => ({ index: it.index, id: it.value.bikeId, reason: foreignReason(it.value.bikeId), forbidden: true }));
}

/** Fault messages of the reports that won the live state (w): open or refresh when faulty, close when not. */
const FAULT_CTES = `,
         won as (select o.* from w join o on o.bike_id = w.bike_id),
         fo as (
           insert into abnormal_messages as a (abnormal_type, brand_id, bike_id, site_id, area_id, lon, lat, subject, detail, created_at, updated_at)
           select 5, $9, bike_id, site_id, area_id, lon, lat, 'bike:' || bike_id, coalesce(fault_reason, '${FAULT_DETAIL}'), reported_at, reported_at
             from won where fault
           on conflict (abnormal_type, subject) where closed_at is null do update set
             brand_id = excluded.brand_id, site_id = excluded.site_id, area_id = excluded.area_id, lon = excluded.lon, lat = excluded.lat,
             detail = excluded.detail, updated_at = excluded.updated_at
           returning a.bike_id),
         fc as (
           update abnormal_messages a set closed_at = won.reported_at, updated_at = won.reported_at
             from won
            where not won.fault and a.abnormal_type = 5 and a.closed_at is null and a.subject = 'bike:' || won.bike_id
           returning a.bike_id)`;
const FAULT_RESULT = `
         union all select bike_id, 1 from fo
         union all select bike_id, 2 from fc`;

/* ------------------------------ filing ------------------------------ */

export async function writeFilings(database: Database, brandId: number, items: Indexed<BikeFiling>[]) {
  const owners = await ownersOf(database, items.map((i) => i.value.bikeId));
  const rejected: Rejection[] = [];
  const rows = new Map<string, BikeFiling>();
  for (const { index, value } of items) {
    const filed = owners.get(value.bikeId)?.filedBrand ?? null;
    if (filed !== null && filed !== brandId) {
      rejected.push({ index, id: value.bikeId, reason: `车辆 ${value.bikeId} 已由其他企业备案`, forbidden: true });
      continue;
    }
    rows.set(value.bikeId, value);
  }
  const list = [...rows.values()].sort((a, b) => (a.bikeId < b.bikeId ? -1 : 1));
  if (list.length) {
    await database.query(
      `insert into bikes as b (bike_id, brand_id, bike_type, frame_code, imei_code, license_code, bike_mac)
       select u.id, $2, u.t, u.f, u.i, u.l, u.m
         from unnest($1::varchar[], $3::smallint[], $4::varchar[], $5::varchar[], $6::varchar[], $7::varchar[]) as u(id, t, f, i, l, m)
       on conflict (bike_id) do update set bike_type = excluded.bike_type, frame_code = excluded.frame_code,
         imei_code = excluded.imei_code, license_code = excluded.license_code, bike_mac = excluded.bike_mac,
         withdrawn_at = null, filed_at = case when b.withdrawn_at is null then b.filed_at else now() end
       where b.brand_id = $2`,
      [
        list.map((r) => r.bikeId),
        brandId,
        list.map((r) => r.bikeType),
        list.map((r) => r.frameCode),
        list.map((r) => r.imeiCode),
        list.map((r) => r.licenseCode),
        list.map((r) => r.bikeMac),
      ],
    );
    // a filed bike is legal from now on: its live state follows at once
    await database.query(
      `update bike_live l set legality = 0, bike_type = b.bike_type from bikes b
        where b.bike_id = l.bike_id and b.bike_id = any($1::varchar[]) and l.brand_id = $2 and l.legality = 1`,
      [list.map((r) => r.bikeId), brandId],
    );
  }
  return rejected;
}

export async function writeWithdrawals(database: Database, brandId: number, items: Indexed<{ bikeId: string }>[]) {
  const owners = await ownersOf(database, items.map((i) => i.value.bikeId));
  const rejected: Rejection[] = [];
  const ids: string[] = [];
  for (const { index, value } of items) {
    const filed = owners.get(value.bikeId)?.filedBrand ?? null;
    if (filed !== null && filed !== brandId) rejected.push({ index, id: value.bikeId, reason: foreignReason(value.bikeId), forbidden: true });
    else ids.push(value.bikeId);
  }
  if (ids.length) {
    await database.query(`update bikes set withdrawn_at = now() where bike_id = any($1::varchar[]) and brand_id = $2 and withdrawn_at is null`, [
      ids,
      brandId,
    ]);
    await database.query(`update bike_live set legality = 1 where bike_id = any($1::varchar[]) and brand_id = $2`, [ids, brandId]);
  }
  return rejected;
}

/* ------------------------------ abnormal events ------------------------------ */

export interface AbnormalEvent {
  type: number;
  brandId: number | null;
  bikeId: string | null;
  siteId: string | null;
  areaId: string;
  lon: number | null;
  lat: number | null;
  subject: string;
  detail: string | null;
  at: Date;
}

/** Records abnormal events; a repeat of an open one (same type and subject) only refreshes it. */
export async function recordAbnormal(database: Database, events: AbnormalEvent[]) {
  if (!events.length) return;
  const e = [...new Map(events.map((x) => [`${x.type}|${x.subject}`, x])).values()];
  await database.query(
    `insert into abnormal_messages (abnormal_type, brand_id, bike_id, site_id, area_id, lon, lat, subject, detail, created_at, updated_at)
     select t, b, k, s, a, x, y, j, d, at, at
       from unnest($1::smallint[], $2::int[], $3::varchar[], $4::varchar[], $5::varchar[], $6::float8[], $7::float8[],
                   $8::varchar[], $9::text[], $10::timestamptz[]) as u(t, b, k, s, a, x, y, j, d, at)
     on conflict (abnormal_type, subject) where closed_at is null do nothing`,
    [
      e.map((x) => x.type),
      e.map((x) => x.brandId),
      e.map((x) => x.bikeId),
      e.map((x) => x.siteId),
      e.map((x) => x.areaId),
      e.map((x) => x.lon),
      e.map((x) => x.lat),
      e.map((x) => x.subject),
      e.map((x) => x.detail),
      e.map((x) => iso(x.at)),
    ],
  );
}

/* ------------------------------ orders ------------------------------ */

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

export async function writeOrders(database: Database, geo: GeoCache, brand: { id: number; areaId: string }, items: Indexed<OrderEvent>[]) {
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
  const fullSites = new Set(
    returns.length
      ? (
          await database.query<{ siteId: string }>(`select site_id as "siteId" from site_state where site_id = any($1::varchar[]) and flag = 2`, [
            [...new Set(returns.map((r) => r.siteId).filter((s): s is string => !!s))],
          ])
        ).map((r) => r.siteId)
      : [],
  );
  const orderRows = (rows: typeof placed.rows) =>
    rows.map((r) => ({ ...r, order: byIndex.get(r.index)! })).sort((a, b) => (a.order.orderId < b.order.orderId ? -1 : 1));
  const cols = (rows: ReturnType<typeof orderRows>) => [
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
  const UNNEST = `from unnest($2::varchar[], $3::varchar[], $4::smallint[], $5::varchar[], $6::timestamptz[], $7::float8[], $8::float8[], $9::varchar[])
                  as u(order_id, bike_id, bike_type, area_id, at, lon, lat, site_id)`;
  const rentRows = orderRows(rents);
  if (rentRows.length) {
    await database.query(
      `with ${lateOrderMarks('rent_at', 10)},
       w as (insert into ride_orders (brand_id, order_id, bike_id, bike_type, area_id, rent_at, rent_lon, rent_lat, rent_site_id)
       select $1, u.order_id, u.bike_id, u.bike_type, u.area_id, u.at, u.lon, u.lat, u.site_id ${UNNEST}
       on conflict (brand_id, order_id) do update set rent_at = excluded.rent_at, rent_lon = excluded.rent_lon,
         rent_lat = excluded.rent_lat, rent_site_id = excluded.rent_site_id, area_id = excluded.area_id)
       select 1`,
      [...cols(rentRows), ...lateParams(rentRows)],
    );
  }
  const returnRows = orderRows(returns);
  if (returnRows.length) {
    await database.query(
      `with ${lateOrderMarks('return_at', 12)},
       w as (insert into ride_orders (brand_id, order_id, bike_id, bike_type, area_id, return_area_id, return_at, return_lon, return_lat,
                                return_site_id, fee, out_site_return, full_return)
       select $1, u.order_id, u.bike_id, u.bike_type, u.area_id, u.area_id, u.at, u.lon, u.lat, u.site_id, u.fee, u.site_id is null, u.is_full
         from unnest($2::varchar[], $3::varchar[], $4::smallint[], $5::varchar[], $6::timestamptz[], $7::float8[], $8::float8[],
                     $9::varchar[], $10::int[], $11::bool[])
              as u(order_id, bike_id, bike_type, area_id, at, lon, lat, site_id, fee, is_full)
       on conflict (brand_id, order_id) do update set return_at = excluded.return_at, return_lon = excluded.return_lon,
         return_area_id = excluded.return_area_id,
         return_lat = excluded.return_lat, return_site_id = excluded.return_site_id, fee = excluded.fee,
         out_site_return = excluded.out_site_return,
         full_return = ride_orders.full_return or excluded.full_return)
       select 1`,
      [
        ...cols(returnRows),
        returnRows.map((r) => r.order.fee),
        returnRows.map((r) => !!r.siteId && fullSites.has(r.siteId)),
        ...lateParams(returnRows),
      ],
    );
  }
  // the bike's live state follows its rides: its newest event of the batch
  const newestLive = new Map<string, LiveRow>();
  for (const { index: _i, ...r } of placed.rows) {
    const cur = newestLive.get(r.bikeId);
    if (!cur || cur.reportedAt < r.reportedAt) newestLive.set(r.bikeId, r);
  }
  await upsertLive(database, [...newestLive.values()]);
  await recordAbnormal(
    database,
    returnRows.flatMap((r) => {
      const base = { brandId: brand.id, bikeId: r.bikeId, siteId: r.siteId, areaId: r.areaId, lon: r.lon, lat: r.lat, at: r.order.at };
      const out: AbnormalEvent[] = [];
      if (!r.siteId) out.push({ ...base, type: 1, subject: `order:${brand.id}:${r.order.orderId}`, detail: `订单 ${r.order.orderId} 站外还车` });
      else if (fullSites.has(r.siteId)) {
        out.push({ ...base, type: 6, subject: `order:${brand.id}:${r.order.orderId}`, detail: `订单 ${r.order.orderId} 还车至满桩站点` });
      }
      return out;
    }),
  );
  return placed.rejected;
}

/* ------------------------------ dispatch ------------------------------ */

export async function writeDispatches(database: Database, geo: GeoCache, brand: { id: number; areaId: string }, items: Indexed<DispatchEvent>[]) {
  const owners = await ownersOf(database, [...new Set(items.map((i) => i.value.bikeId))]);
  const rejected: Rejection[] = [];
  const rows: (DispatchEvent & { bikeType: number; areaId: string; allowed: boolean; lon: number; lat: number })[] = [];
  const seen = new Set<string>();
  for (const { index, value } of items) {
    const site = geo.site(value.siteId);
    if (!site) {
      rejected.push({ index, id: value.dispatchId, reason: `站点 ${value.siteId} 不存在` });
      continue;
    }
    const o = owners.get(value.bikeId);
    const owner = ownerBrand(o);
    if (owner !== null && owner !== brand.id) {
      rejected.push({ index, id: value.dispatchId, reason: foreignReason(value.bikeId), forbidden: true });
      continue;
    }
    if (seen.has(value.dispatchId)) continue;
    seen.add(value.dispatchId);
    rows.push({ ...value, bikeType: o?.bikeType ?? 0, areaId: site.areaId, allowed: value.action === 'down' || site.brandPutSwitch, lon: site.lon, lat: site.lat });
  }
  rows.sort((a, b) => (a.dispatchId < b.dispatchId ? -1 : 1));
  if (rows.length) {
    // a dispatch for an hour before the current one is marked for the rollup (a repeat changes nothing)
    const late = lateHours(rows.map((r) => r.at));
    await database.query(
      `with w as (insert into dispatches (brand_id, dispatch_id, bike_id, bike_type, action, site_id, area_id, at, allowed)
       select $1, u.* from unnest($2::varchar[], $3::varchar[], $4::smallint[], $5::varchar[], $6::varchar[], $7::varchar[],
                                  $8::timestamptz[], $9::bool[]) as u
       on conflict (brand_id, dispatch_id) do nothing)${late.length ? markCte('m', 10) : ''}
       select 1`,
      [
        brand.id,
        rows.map((r) => r.dispatchId),
        rows.map((r) => r.bikeId),
        rows.map((r) => r.bikeType),
        rows.map((r) => r.action),
        rows.map((r) => r.siteId),
        rows.map((r) => r.areaId),
        rows.map((r) => iso(r.at)),
        rows.map((r) => r.allowed),
        ...(late.length ? [late] : []),
      ],
    );
    await recordAbnormal(
      database,
      rows
        .filter((r) => !r.allowed)
        .map((r) => ({
          type: 8,
          brandId: brand.id,
          bikeId: r.bikeId,
          siteId: r.siteId,
          areaId: r.areaId,
          lon: r.lon,
          lat: r.lat,
          subject: `dispatch:${brand.id}:${r.dispatchId}`,
          detail: `车辆 ${r.bikeId} 上架至不允许投放的站点`,
          at: r.at,
        })),
    );
  }
  return rejected;
}

/* ------------------------------ pile scans ------------------------------ */

export async function writeScans(database: Database, geo: GeoCache, gatewayId: number, items: Indexed<PileScan>[]) {
  const rejected: Rejection[] = [];
  const macs = [...new Set(items.map((i) => i.value.equipmentMac))];
  const existing = new Map(
    (
      await database.query<{ mac: string; gatewayId: number | null }>(
        `select equipment_mac as mac, gateway_id as "gatewayId" from piles where equipment_mac = any($1::varchar[])`,
        [macs],
      )
    ).map((r) => [r.mac, r.gatewayId]),
  );
  const ok: (PileScan & { areaId: string })[] = [];
  for (const { index, value } of items) {
    const site = geo.site(value.siteId);
    if (!site) {
      rejected.push({ index, id: value.equipmentMac, reason: `站点 ${value.siteId} 不存在` });
      continue;
    }
    const owner = existing.get(value.equipmentMac);
    if (owner !== undefined && owner !== null && owner !== gatewayId) {
      rejected.push({ index, id: value.equipmentMac, reason: `桩 ${value.equipmentMac} 属于其他网关，无权写入`, forbidden: true });
      continue;
    }
    ok.push({ ...value, areaId: site.areaId });
  }
  if (!ok.length) return rejected;
  const latest = [...new Map([...ok].sort((a, b) => +a.at - +b.at).map((s) => [s.equipmentMac, s])).values()].sort((a, b) =>
    a.equipmentMac < b.equipmentMac ? -1 : 1,
  );
  await database.query(
    `insert into piles as p (equipment_mac, site_id, area_id, gateway_id, power, last_seen_at)
     select u.mac, u.site, u.area, $1::int, u.power, u.at
       from unnest($2::varchar[], $3::varchar[], $4::varchar[], $5::smallint[], $6::timestamptz[]) as u(mac, site, area, power, at)
     on conflict (equipment_mac) do update set site_id = excluded.site_id, area_id = excluded.area_id,
       gateway_id = excluded.gateway_id, power = excluded.power, last_seen_at = excluded.last_seen_at
     where p.last_seen_at is null or p.last_seen_at < excluded.last_seen_at`,
    [gatewayId, latest.map((s) => s.equipmentMac), latest.map((s) => s.siteId), latest.map((s) => s.areaId), latest.map((s) => s.power), latest.map((s) => iso(s.at))],
  );
  await database.query(
    `insert into pile_power (equipment_mac, at, power) select * from unnest($1::varchar[], $2::timestamptz[], $3::smallint[])
     on conflict do nothing`,
    [ok.map((s) => s.equipmentMac), ok.map((s) => iso(s.at)), ok.map((s) => s.power)],
  );
  await writeSightings(database, geo, ok);
  return rejected;
}

interface MacRule {
  brandId: number;
  namePrefix: string;
  nameLength: number | null;
  bikeIdPrefix: string;
  bikeIdLength: number | null;
  bikeIdExtractStart: number;
  bikeIdExtractLength: number | null;
}

/** BLE name → bikeId by a brand's MAC rule (spec §3), or null when no rule fits. */
export function bikeIdFromName(name: string, rules: MacRule[]): { bikeId: string; brandId: number } | null {
  for (const r of rules) {
    if (r.namePrefix && !name.startsWith(r.namePrefix)) continue;
    if (r.nameLength && name.length !== r.nameLength) continue;
    const part = name.substr(r.bikeIdExtractStart, r.bikeIdExtractLength ?? undefined);
    const bikeId = r.bikeIdPrefix + part;
    if (!part || (r.bikeIdLength && bikeId.length !== r.bikeIdLength)) continue;
    return { bikeId, brandId: r.brandId };
  }
  return null;
}

async function writeSightings(database: Database, geo: GeoCache, scans: (PileScan & { areaId: string })[]) {
  const seen = new Map<string, { siteId: string; mac: string; name: string | null; areaId: string; at: Date }>();
  for (const s of scans) {
    for (const x of s.seen ?? []) {
      const key = `${s.siteId}|${x.mac}`;
      const cur = seen.get(key);
      if (!cur || cur.at < s.at) seen.set(key, { siteId: s.siteId, mac: x.mac, name: x.name, areaId: s.areaId, at: s.at });
    }
  }
  const list = [...seen.values()].sort((a, b) => (`${a.siteId}|${a.mac}` < `${b.siteId}|${b.mac}` ? -1 : 1));
  const matches = new Map<string, { bikeId: string; brandId: number } | null>();
  if (list.length) {
    const byMac = new Map(
      (
        await database.query<{ mac: string; bikeId: string; brandId: number }>(
          `select bike_mac as mac, bike_id as "bikeId", brand_id as "brandId" from bikes where bike_mac = any($1::varchar[]) and withdrawn_at is null`,
          [[...new Set(list.map((s) => s.mac))]],
        )
      ).map((r) => [r.mac, r]),
    );
    const rules = list.some((s) => !byMac.has(s.mac) && s.name)
      ? await database.query<MacRule>(
          `select brand_id as "brandId", name_prefix as "namePrefix", name_length as "nameLength", bike_id_prefix as "bikeIdPrefix",
                  bike_id_length as "bikeIdLength", bike_id_extract_start as "bikeIdExtractStart", bike_id_extract_length as "bikeIdExtractLength"
             from mac_rules order by id`,
        )
      : [];
    const match = list.map((s) => byMac.get(s.mac) ?? (s.name ? bikeIdFromName(s.name, rules) : null));
    list.forEach((s, i) => matches.set(`${s.siteId}|${s.mac}`, match[i]));
    await database.query(
      `insert into pile_sightings as p (site_id, mac, name, bike_id, brand_id, area_id, at)
       select * from unnest($1::varchar[], $2::varchar[], $3::varchar[], $4::varchar[], $5::int[], $6::varchar[], $7::timestamptz[])
       on conflict (site_id, mac) do update set name = excluded.name, bike_id = excluded.bike_id, brand_id = excluded.brand_id, at = excluded.at
       where p.at < excluded.at`,
      [
        list.map((s) => s.siteId),
        list.map((s) => s.mac),
        list.map((s) => s.name),
        match.map((m) => m?.bikeId ?? null),
        match.map((m) => m?.brandId ?? null),
        list.map((s) => s.areaId),
        list.map((s) => iso(s.at)),
      ],
    );
  }
  await writeIllegalDevices(database, geo, scans, matches);
}

/**
 * Illegal devices (非法设备, abnormal type 2): a device a pile flags `illegal: true` in what it heard.
 * One open message per device MAC (subject `device:<MAC>`), placed at the site of the newest scan
 * that flagged it and remembering that pile (brand from the bike MAC or MAC rule its name matches,
 * if any); a repeat refreshes it. It closes on a later scan (and none in the same batch flags it)
 * when the pile that flagged it last lists what it heard (`seen` given) without the device flagged,
 * or when any pile hears the device without flagging it. Another pile not hearing it says nothing
 * (it may be out of range), and scans without `seen` (power only) close nothing.
 */
async function writeIllegalDevices(
  database: Database,
  geo: GeoCache,
  scans: (PileScan & { areaId: string })[],
  matches: Map<string, { bikeId: string; brandId: number } | null>,
) {
  const listened = new Map<string, Date>(); // pile → its newest scan that listed what it heard
  const cleared = new Map<string, Date>(); // device → newest scan that heard it without flagging it
  const flagged = new Map<string, { mac: string; siteId: string; areaId: string; pile: string; name: string | null; at: Date }>();
  const newest = (m: Map<string, Date>, key: string, at: Date) => {
    const cur = m.get(key);
    if (!cur || cur < at) m.set(key, at);
  };
  for (const s of scans) {
    if (!s.seen) continue;
    newest(listened, s.equipmentMac, s.at);
    for (const x of s.seen) {
      if (!x.illegal) {
        newest(cleared, x.mac, s.at);
        continue;
      }
      const f = flagged.get(x.mac);
      if (!f || f.at < s.at) flagged.set(x.mac, { mac: x.mac, siteId: s.siteId, areaId: s.areaId, pile: s.equipmentMac, name: x.name, at: s.at });
    }
  }
  if (!listened.size) return;
  // a device flagged anywhere in the batch stays open
  for (const mac of flagged.keys()) cleared.delete(mac);
  const devices = [...flagged.values()].sort((a, b) => (a.mac < b.mac ? -1 : 1));
  const piles = [...listened.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1));
  const heard = [...cleared.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1));
  await database.query(
    `with f as (
       select * from unnest($1::varchar[], $2::varchar[], $3::varchar[], $4::float8[], $5::float8[], $6::int[], $7::text[], $8::timestamptz[], $9::varchar[])
         as f(mac, site_id, area_id, lon, lat, brand_id, detail, at, pile_mac)),
     fo as (
       insert into abnormal_messages as a (abnormal_type, brand_id, bike_id, site_id, area_id, lon, lat, subject, detail, created_at, updated_at, pile_mac)
       select 2, brand_id, null, site_id, area_id, lon, lat, 'device:' || mac, detail, at, at, pile_mac from f
       on conflict (abnormal_type, subject) where closed_at is null do update set
         brand_id = coalesce(excluded.brand_id, a.brand_id), site_id = excluded.site_id, area_id = excluded.area_id,
         lon = excluded.lon, lat = excluded.lat, detail = excluded.detail, updated_at = excluded.updated_at, pile_mac = excluded.pile_mac
       where a.updated_at <= excluded.updated_at),
     -- what closes a device: its flagging pile listing without it, or any pile hearing it unflagged
     open as (
       select id, subject, pile_mac, updated_at from abnormal_messages
        where abnormal_type = 2 and closed_at is null and not (subject = any($14::varchar[]))),
     c as (
       select id, max(at) as at from (
         select o.id, l.at from open o join unnest($10::varchar[], $11::timestamptz[]) as l(pile, at) on o.pile_mac = l.pile
          where o.updated_at < l.at
         union all
         select o.id, h.at from open o join unnest($12::varchar[], $13::timestamptz[]) as h(mac, at) on o.subject = 'device:' || h.mac
          where o.updated_at < h.at) x
        group by id)
     update abnormal_messages a set closed_at = c.at, updated_at = c.at from c where a.id = c.id`,
    [
      devices.map((d) => d.mac),
      devices.map((d) => d.siteId),
      devices.map((d) => d.areaId),
      devices.map((d) => geo.site(d.siteId)?.lon ?? null),
      devices.map((d) => geo.site(d.siteId)?.lat ?? null),
      devices.map((d) => matches.get(`${d.siteId}|${d.mac}`)?.brandId ?? null),
      devices.map((d) => {
        const claimed = matches.get(`${d.siteId}|${d.mac}`)?.bikeId;
        return `蓝牙桩 ${d.pile} 发现非法设备 ${d.mac}${d.name ? `（名称 ${d.name}）` : ''}${claimed ? `，自称车辆 ${claimed}` : ''}`;
      }),
      devices.map((d) => iso(d.at)),
      devices.map((d) => d.pile),
      piles.map((x) => x[0]),
      piles.map((x) => iso(x[1])),
      heard.map((x) => x[0]),
      heard.map((x) => iso(x[1])),
      devices.map((d) => `device:${d.mac}`),
    ],
  );
}
