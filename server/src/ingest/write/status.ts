/**
 * The hot path: bike status reports. Ownership, legality, live state, presence, ride track points,
 * faults and the late-report marks of a batch in one statement (one round trip), prepared once per connection.
 */
import type { Database } from '../../db/client.js';
import { intArray, textArray } from '../../db/arrays.js';
import type { GeoCache } from '../../shared/geoCache.js';
import type { StatusReport } from '../validate.js';
import { foreignReason } from '../../shared/bikeOwners.js';
import { lateDays, localDate, presenceSet } from '../presence.js';
import { markCte } from '../late.js';
import { noteFaults, openFaults } from '../faults.js';
import { newestPerBike, type Brand } from './common.js';
import { type Indexed, type Rejection } from '../../shared/itemCheck.js';
import { RIDE_POINT_MAX, farReason, liveUpsert } from './live.js';

const FAULT_DETAIL = '运营企业上报车辆故障';

/**
 * A status report's small fields in one int for the hot statement: bits 0–1 status (1 or 2),
 * bit 2 inside the operating area, bit 3 inside a forbidden zone, bits 4+ bike type + 1 (0: not given).
 */
export function statusFlags(status: number, inArea: boolean, inForbid: boolean, bikeType: number | null): number {
  return status | (inArea ? 4 : 0) | (inForbid ? 8 : 0) | (bikeType === null ? 0 : (bikeType + 1) << 4);
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

/**
 * The status statement. Parameters: $1–$8 the columns of statusColumns, $9 the brand, $10 its area;
 * with faults $11 fault and $12 fault reason per report; with late days, `markAt` is the parameter
 * of the days to mark. Answers the refused bikes (k 0) and, with faults, the opened (1) and closed (2).
 */
function statusSql(faults: boolean, markAt: number | null): string {
  const f = (text: string) => (faults ? text : '');
  const live = liveUpsert({
    select: `bike_id, $9, type, area_id, lon, lat, status, site_id, in_area, in_forbid,
                  case when filed = $9 then 0 else 1 end, reported_at`,
    from: 'o where owner = $9',
    returning: 'bike_id, status, ride_points, reported_at, lon, lat',
  });
  return `with u as (
           select u.bike_id, u.lon / 1e7::float8 as lon, u.lat / 1e7::float8 as lat, (u.f & 3)::smallint as status,
                  u.site_id, u.area_id, u.f & 4 <> 0 as in_area, u.f & 8 <> 0 as in_forbid,
                  to_timestamp(u.ms / 1000.0::float8) as reported_at, nullif(u.f >> 4, 0) - 1 as bike_type, u.day${f(', u.fault, u.fault_reason')}
             from unnest($1::varchar[], $2::int[], $3::int[], $4::int[], $5::varchar[], $6::varchar[], $7::int8[], $8::date[]${f(', $11::bool[], $12::text[]')})
                    as u(bike_id, lon, lat, f, site_id, area_id, ms, day${f(', fault, fault_reason')})),
         o as (
           -- an unfiled bike belongs to whoever reported it first: its live row is looked up only then
           -- (coalesce stops at the first value, so filed bikes cost one probe, not two)
           select u.*, coalesce(b.brand_id, (select x.brand_id from bike_live x where x.bike_id = u.bike_id), $9) as owner,
                  b.brand_id as filed,
                  coalesce(b.bike_type, (select x.bike_type from bike_live x where x.bike_id = u.bike_id), u.bike_type, 0) as type
             from u left join bikes b on b.bike_id = u.bike_id and b.withdrawn_at is null),
         w as (
           ${live}),
         p as (
           insert into bike_days (day, bike_id, brand_id, bike_type, area_id)
           select day, bike_id, $9, type, coalesce(area_id, $10) from o where owner = $9 and day is not null
           on conflict do nothing),
         t as (
           -- a rented bike's position that won the live state: a point of its ride's track, while the ride has room
           insert into ride_points (bike_id, at, lon, lat)
           select bike_id, reported_at, lon, lat from w where status = 2 and ride_points <= ${RIDE_POINT_MAX}
           on conflict do nothing)${f(FAULT_CTES)}${markAt ? markCte('m', markAt) : ''}
         select bike_id as "bikeId", 0 as k from o where owner <> $9${f(FAULT_RESULT)}`;
}

/** The four texts of the status statement, by prepared-statement name. */
const statusTexts = new Map<string, string>();

/**
 * The statement's columns, one entry per bike. Few, cheap parameters: on PGlite, parsing the
 * parameter arrays is a third of the statement's time, and float8 and timestamptz are the dear ones
 * (strtod and datetime parsing in WASM). So coordinates travel as integers of 1e-7° (about 1 cm; a
 * value with up to 7 decimals comes back bit for bit), times as epoch milliseconds, the small fields
 * packed into one int (statusFlags), and the presence day only for bikes this process has not yet
 * seen that day (null otherwise). `fault`: an item of the batch says it is faulty.
 */
function statusColumns(newest: Indexed<StatusReport>[], geo: GeoCache, brand: Brand, seen: ReturnType<typeof presenceSet>) {
  const n = newest.length;
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
  let fault = false;
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
    if (r.fault) fault = true;
  });
  return { cols, fault };
}

/**
 * Writes a batch of status reports in one statement. Another brand's bike is refused; the rest is
 * written; an older report never wins.
 *
 * Faults (abnormal type 5) ride in the same statement, and only when the batch needs them: when an
 * item says `fault: true`, or a bike of the batch has an open fault (openFaults). Then each report
 * that becomes the bike's live state opens (or refreshes) the bike's fault message when faulty and
 * closes it when not. A batch of healthy bikes runs the plain statement.
 */
export async function writeStatus(database: Database, geo: GeoCache, brand: Brand, items: Indexed<StatusReport>[]): Promise<Rejection[]> {
  const far: Rejection[] = [];
  const near = items.filter(({ index, value: r }) => {
    const reason = farReason(geo, brand.areaId, r.lon, r.lat);
    if (reason) far.push({ index, id: r.bikeId, reason });
    return !reason;
  });
  return far.concat(await writeNear(database, geo, brand, near));
}

async function writeNear(database: Database, geo: GeoCache, brand: Brand, items: Indexed<StatusReport>[]): Promise<Rejection[]> {
  const newest = newestPerBike(items).sort((a, b) => (a.value.bikeId < b.value.bikeId ? -1 : a.value.bikeId > b.value.bikeId ? 1 : 0));
  const n = newest.length;
  const seen = presenceSet(database);
  const { cols, fault } = statusColumns(newest, geo, brand, seen);
  let faults = fault;
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
  if (faults)
    params.push(
      newest.map((x) => x.value.fault),
      newest.map((x) => x.value.faultReason),
    );
  // a first report of a bike for a day before today changes that day's placed count: mark it
  const late = lateDays(newest.filter((_, i) => cols.day[i] !== null).map((x) => x.value.reportedAt));
  if (late.length) params.push(late);
  // prepared once per connection (four texts: with and without the fault steps and the late mark)
  const name = `status${faults ? '-faults' : ''}${late.length ? '-late' : ''}`;
  let text = statusTexts.get(name);
  if (!text) statusTexts.set(name, (text = statusSql(faults, late.length ? params.length : null)));
  const rows = n ? await database.query<{ bikeId: string; k: number }>(text, params, name) : [];
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
