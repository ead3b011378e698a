/**
 * Bike live state (bike_live): the one upsert that writes it, used by the status statement (as a
 * step of its single round trip) and by upsertLive (orders). An older report never overwrites a
 * newer one.
 */
import type { Database } from '../../db/client.js';
import type { GeoCache } from '../../shared/geoCache.js';
import { foreignReason, ownerBrand, ownersOf } from '../../shared/bikeOwners.js';
import { recordPresence } from '../presence.js';
import { iso, type Brand } from './common.js';
import { type Indexed, type Rejection } from '../../shared/itemCheck.js';

/** The columns a live-state source gives, in this order (out_site_since is derived from them). */
const LIVE_COLUMNS = [
  'bike_id',
  'brand_id',
  'bike_type',
  'area_id',
  'lon',
  'lat',
  'status',
  'site_id',
  'in_area',
  'in_forbid',
  'legality',
  'reported_at',
] as const;

const LIVE_UPDATE = LIVE_COLUMNS.slice(1)
  .map((c) => `${c} = excluded.${c}`)
  .join(', ');

/**
 * Positions kept per ride (ride_points): bike_live.ride_points counts the rented reports that won the
 * live state since the rent (0 at the rent, 1 at the first report after it; back to 0 when parked),
 * and a report is kept while the count is at most this: RIDE_POINT_MAX positions after a rent (one
 * more when a ride begins with a rented report rather than the rent), 16 hours at one a minute.
 */
export const RIDE_POINT_MAX = 1000;

/**
 * The bike_live upsert: `select` lists the values of LIVE_COLUMNS, in order, from `from` (the text
 * after FROM, a WHERE included), whose rows also name `status`, `site_id` and `reported_at`.
 * out_site_since is when a parked bike (status 1) began to stand outside every site: kept while it
 * stays out, cleared at a site or in a ride. ride_points counts a ride's rented reports (RIDE_POINT_MAX).
 * `returning` ends the statement when given (on the rows
 * whose report won the live state).
 */
export function liveUpsert(source: { select: string; from: string; returning?: string }): string {
  return `insert into bike_live as l (${LIVE_COLUMNS.join(', ')}, out_site_since)
           select ${source.select}, case when status = 1 and site_id is null then reported_at end
             from ${source.from}
           on conflict (bike_id) do update set ${LIVE_UPDATE},
             out_site_since = case when excluded.status = 1 and excluded.site_id is null
                                   then coalesce(l.out_site_since, excluded.reported_at) end,
             ride_points = case when excluded.status = 2 and l.status = 2 then least(l.ride_points + 1, ${RIDE_POINT_MAX + 1}) else 0 end
           where l.reported_at < excluded.reported_at${source.returning ? `\n           returning ${source.returning}` : ''}`;
}

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

const UPSERT_LIVE = liveUpsert({
  select: 'u.*',
  from: `unnest($1::varchar[], $2::int[], $3::smallint[], $4::varchar[], $5::float8[], $6::float8[], $7::smallint[],
                         $8::varchar[], $9::bool[], $10::bool[], $11::smallint[], $12::timestamptz[])
                  as u(${LIVE_COLUMNS.join(', ')})`,
});

/** Upserts live state (and the day's presence); an older report never overwrites a newer one. */
export async function upsertLive(database: Database, rows: LiveRow[]) {
  if (!rows.length) return;
  rows.sort((a, b) => (a.bikeId < b.bikeId ? -1 : a.bikeId > b.bikeId ? 1 : 0));
  await database.query(UPSERT_LIVE, [
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
  ]);
  await recordPresence(database, rows);
}

/** A position this far (km) outside every fenced area and the bike's own area's fence is refused (issue 16). */
const FAR_KM = 50;

/**
 * Why a position is not a bike to draw and count: more than FAR_KM outside its area's fence and in
 * no site or other fenced area (a Shanghai report from a 海淀 operator). Null for a position to
 * place; cheap for the usual one (a bounding-box test).
 */
export function farReason(geo: GeoCache, areaId: string, lon: number, lat: number): string | null {
  if (geo.kmOutside(areaId, lon, lat) <= FAR_KM) return null;
  const p = geo.place(lon, lat, areaId);
  return p.site || p.areaId !== areaId ? null : `位置距运营区域超过 ${FAR_KM} 公里，请检查经纬度与坐标系`;
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
export async function placeReports<T extends Positioned>(database: Database, geo: GeoCache, brand: Brand, items: Indexed<T>[]) {
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
    const home = o?.liveArea ?? brand.areaId;
    const far = farReason(geo, home, r.lon, r.lat);
    if (far) {
      rejected.push({ index, id: r.bikeId, reason: far });
      continue;
    }
    const p = geo.place(r.lon, r.lat, home);
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
