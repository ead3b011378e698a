/** The home screen's own calls: init, search, one site with its flows, and the bikes layer. */
import type { Database } from '../../db/client.js';
import type { Auth } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/envelope.js';
import type { LonLat } from '../../domain/geometry.js';
import { fullPileOf, flagLabel } from '../../domain/siteStatus.js';
import { formatTime, today } from '../../domain/time.js';
import { brandNames, brandsOf } from '../../shared/brands.js';
import { likeEscape } from '../../db/sql.js';
import { siteInScope } from '../../shared/sites.js';

export const DEFAULT_CENTRE = { lon: 116.397428, lat: 39.90923 };

/** Centroid of a ring (area-weighted; the vertices' mean when degenerate). */
export function ringCentroid(ring: LonLat[]): { lon: number; lat: number } | null {
  if (!ring.length) return null;
  let a = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const f = ring[j].lon * ring[i].lat - ring[i].lon * ring[j].lat;
    a += f;
    cx += (ring[j].lon + ring[i].lon) * f;
    cy += (ring[j].lat + ring[i].lat) * f;
  }
  if (Math.abs(a) < 1e-12) {
    return { lon: ring.reduce((t, p) => t + p.lon, 0) / ring.length, lat: ring.reduce((t, p) => t + p.lat, 0) / ring.length };
  }
  return { lon: cx / (3 * a), lat: cy / (3 * a) };
}

interface AreaRow {
  id: string;
  areaName: string;
  level: number;
  aggregation: number;
  aggregationId: string | null;
  fullPileNum: number;
  fullPileName: string;
  gpsRail: LonLat[] | null;
}

export async function areaRow(database: Database, id: string): Promise<AreaRow> {
  const [a] = await database.query<AreaRow>(
    `select id, area_name as "areaName", level, aggregation, aggregation_id as "aggregationId", full_pile_num as "fullPileNum",
            full_pile_name as "fullPileName", gps_rail as "gpsRail" from areas where id = $1`,
    [id],
  );
  if (!a) throw notFound('区域');
  return a;
}

/** Spec §6: aggregation 0 without an aggregationId, or aggregation 1 with one. */
export const isAggregation = (a: { aggregation: number; aggregationId: string | null }) =>
  (a.aggregation === 0 && !a.aggregationId) || (a.aggregation === 1 && !!a.aggregationId);

/** A site position that is known: in range and not the (0, 0) placeholder. */
const LOCATED = `lon between -180 and 180 and lat between -90 and 90 and not (lon = 0 and lat = 0)`;

export async function init(database: Database, auth: Auth) {
  const areaIds = auth.scopeAreaIds();
  const [a, [avg], brands] = await Promise.all([
    areaRow(database, auth.areaId),
    database.query<{ lon: number | null; lat: number | null; n: number; minLon: number | null; minLat: number | null; maxLon: number | null; maxLat: number | null }>(
      // the extent counts located sites only: (0, 0) and out-of-range positions mean "unknown"
      `select avg(lon) as lon, avg(lat) as lat, count(*)::int as n,
              min(lon) filter (where ${LOCATED}) as "minLon", min(lat) filter (where ${LOCATED}) as "minLat",
              max(lon) filter (where ${LOCATED}) as "maxLon", max(lat) filter (where ${LOCATED}) as "maxLat"
         from sites where area_id = any($1::varchar[]) and deleted_at is null`,
      [areaIds],
    ),
    brandsOf(database, areaIds),
  ]);
  const centre = avg.n > 0 ? { lon: Number(avg.lon), lat: Number(avg.lat) } : (a.gpsRail && ringCentroid(a.gpsRail)) || DEFAULT_CENTRE;
  const pile = fullPileOf(a.fullPileNum, a.fullPileName);
  return {
    area: {
      areaId: a.id,
      areaName: a.areaName,
      level: a.level,
      aggregation: a.aggregation,
      aggregationId: a.aggregationId,
      fullPileNum: pile.value,
      fullPileName: pile.alias,
      siteCount: avg.n,
      lon: centre.lon,
      lat: centre.lat,
      extent: avg.minLon === null ? null : { minLon: Number(avg.minLon), minLat: Number(avg.minLat), maxLon: Number(avg.maxLon), maxLat: Number(avg.maxLat) },
    },
    brands,
    isAggregation: isAggregation(a),
  };
}

/* ------------------------------ search ------------------------------ */

const NOTHING = '搜索不到您要的信息，请重新搜索';

interface FoundSite {
  siteId: string;
  siteName: string;
  siteLon: number;
  siteLat: number;
  areaId: string;
  flag: number;
  num: number;
  gpsRail: LonLat[] | null;
  length: number;
}

const SITE_COLS = `s.id as "siteId", s.site_name as "siteName", s.lon as "siteLon", s.lat as "siteLat", s.area_id as "areaId",
  coalesce(st.flag, 0)::int as flag, coalesce(st.num, 0) as num, s.gps_rail as "gpsRail", s.length`;

const withStatus = (s: FoundSite) => ({ ...s, status: flagLabel(s.flag) });

export async function search(database: Database, auth: Auth, searchType: number, text: string) {
  const q = text.trim();
  if (!q) throw badRequest('参数 search 不能为空');
  const areaIds = auth.scopeAreaIds();
  if (searchType === 1 || searchType === 2) {
    const cond = searchType === 1 ? `s.site_name ilike $2` : `(s.id = $3 or s.id like $2)`;
    const params = searchType === 1 ? [areaIds, `%${likeEscape(q)}%`] : [areaIds, `${likeEscape(q)}%`, q];
    const rows = await database.query<FoundSite>(
      `select ${SITE_COLS} from sites s left join site_state st on st.site_id = s.id
        where s.area_id = any($1::varchar[]) and s.deleted_at is null and ${cond}
        order by ${searchType === 2 ? `(s.id = $3) desc, ` : ''}s.site_name, s.id limit 50`,
      params,
    );
    if (!rows.length) throw badRequest(NOTHING);
    return { lists: rows.map(withStatus), bike: null };
  }
  const [bike] = await database.query<{ bikeId: string; brandId: number; bikeType: number; lon: number; lat: number; status: number; siteId: string | null; areaId: string }>(
    `select l.bike_id as "bikeId", l.brand_id as "brandId", l.bike_type as "bikeType", l.lon, l.lat, l.status, l.site_id as "siteId", l.area_id as "areaId"
       from bike_live l
      where ${searchType === 3 ? 'l.bike_id = $1' : `l.bike_id in (select bike_id from bikes where license_code = $1)`}
      order by l.reported_at desc limit 1`,
    [q],
  );
  // a bike of another area is as unknown here as one that never reported
  if (!bike || !areaIds.includes(bike.areaId)) throw badRequest(NOTHING);
  if (bike.status === 2) throw badRequest('车辆出租中无法定位');
  if (!bike.siteId) throw badRequest('该车辆不在站点');
  const [site] = await database.query<FoundSite>(
    `select ${SITE_COLS} from sites s left join site_state st on st.site_id = s.id where s.id = $1 and s.deleted_at is null`,
    [bike.siteId],
  );
  if (!site || !areaIds.includes(site.areaId)) throw badRequest('该车辆不在站点');
  const brand = (await brandNames(database)).get(bike.brandId);
  return {
    lists: [withStatus(site)],
    bike: { bikeId: bike.bikeId, brandId: bike.brandId, brandName: brand?.brandName ?? '', bikeType: bike.bikeType, bikeLon: bike.lon, bikeLat: bike.lat, siteId: bike.siteId },
  };
}

/* ------------------------------ one site ------------------------------ */

interface BrandCount {
  brand_id: number;
  brand_name: string;
  num: number;
}

const brandList = (list: BrandCount[] | undefined) =>
  (list ?? []).map((b) => ({ brandId: b.brand_id, brandName: b.brand_name, siteNum: b.num }));

interface SiteDetailRow {
  siteId: string;
  siteName: string;
  siteLon: number;
  siteLat: number;
  areaId: string;
  bleNum: number;
  siteBikeCeiling: number;
  siteCeiling: number;
  capacity: number;
  num: number;
  bikeNum: number;
  ebikeNum: number;
  flag: number;
  recycleSwitch: boolean;
  majorSwitch: boolean;
  brandPutSwitch: boolean;
  gpsRail: LonLat[] | null;
  length: number;
  currentBike: { nowBike?: BrandCount[]; nowEBike?: BrandCount[] } | null;
  stateAt: Date | null;
  createdAt: Date;
}

interface FlowRow {
  orderId: string;
  bikeId: string;
  brandId: number;
  bikeType: number;
  at: Date;
  lon: number;
  lat: number;
}

/** The site with its per-brand counts and today's rides leaving (1) or arriving (2) there. */
export async function getSite(database: Database, auth: Auth, siteId: string, flowMapType: number | undefined, tz: string) {
  await siteInScope(database, auth, siteId);
  const [s] = await database.query<SiteDetailRow>(
    `select s.id as "siteId", s.site_name as "siteName", s.lon as "siteLon", s.lat as "siteLat", s.area_id as "areaId",
            s.ble_num as "bleNum", s.site_bike_ceiling as "siteBikeCeiling", s.site_ceiling as "siteCeiling",
            coalesce(st.capacity, s.site_bike_ceiling) as capacity, coalesce(st.num, 0) as num, coalesce(st.bike_num, 0) as "bikeNum",
            coalesce(st.ebike_num, 0) as "ebikeNum", coalesce(st.flag, 0)::int as flag, s.recycle_switch as "recycleSwitch",
            s.major_switch as "majorSwitch", s.brand_put_switch as "brandPutSwitch", s.gps_rail as "gpsRail", s.length,
            st.current_bike as "currentBike", st.updated_at as "stateAt", s.created_at as "createdAt"
       from sites s left join site_state st on st.site_id = s.id where s.id = $1`,
    [siteId],
  );
  const { currentBike, createdAt, stateAt, ...site } = s;
  const t = today(tz);
  const flows = async (kind: 'rent' | 'return') => {
    const [here, there] = kind === 'rent' ? ['rent', 'return'] : ['return', 'rent'];
    const rows = await database.query<FlowRow>(
      `select order_id as "orderId", bike_id as "bikeId", brand_id as "brandId", bike_type as "bikeType", ${here}_at as at,
              ${there}_lon as lon, ${there}_lat as lat
         from ride_orders
        where ${here}_site_id = $1 and ${here}_at >= $2 and ${here}_at < $3 and ${there}_lon is not null and ${there}_lat is not null
        order by ${here}_at desc limit 2000`,
      [siteId, t.start.toISOString(), t.end.toISOString()],
    );
    const names = await brandNames(database);
    return rows.map((r) => ({
      orderId: r.orderId,
      bikeId: r.bikeId,
      brandId: r.brandId,
      brandName: names.get(r.brandId)?.brandName ?? '',
      bikeType: r.bikeType,
      time: formatTime(r.at, tz)!,
      request: JSON.stringify({ bikeLon: r.lon, bikeLat: r.lat }),
    }));
  };
  return {
    ...site,
    currentNum: site.num,
    status: flagLabel(s.flag),
    createTime: formatTime(createdAt, tz)!,
    stateTime: formatTime(stateAt, tz),
    brandBike: brandList(currentBike?.nowBike),
    brandEBike: brandList(currentBike?.nowEBike),
    rentBike: flowMapType === 2 ? [] : await flows('rent'),
    returnBike: flowMapType === 1 ? [] : await flows('return'),
  };
}

/* ------------------------------ bikes layer ------------------------------ */

export const BIKE_LAYER_LIMIT = 20_000;

/**
 * Bikes to draw: without `mold` the parked bikes of the legality; mold 1 today's off-site returns
 * (at the return point), 13 / 14 the bikes of open off-site / out-of-area alerts. Unplaced bikes drop.
 */
export async function bikes(database: Database, auth: Auth, f: { legality: number; mold?: number; brandId?: number }, tz: string) {
  const areaIds = auth.scopeAreaIds();
  const params: unknown[] = [areaIds, f.legality];
  const brand = (alias: string) => {
    if (f.brandId === undefined) return '';
    params.push(f.brandId);
    return ` and ${alias}.brand_id = $${params.length}`;
  };
  let sql: string;
  if (f.mold === 1) {
    const t = today(tz);
    params.push(t.start.toISOString(), t.end.toISOString());
    sql = `select o.bike_id as "bikeId", o.brand_id as "brandId", o.bike_type as "bikeType", o.return_lon as "bikeLon", o.return_lat as "bikeLat",
                  o.return_at as at
             from ride_orders o left join bike_live l on l.bike_id = o.bike_id
            where o.area_id = any($1::varchar[]) and o.out_site_return and o.return_at >= $3 and o.return_at < $4
              and coalesce(l.legality, 0) = $2${brand('o')}
            order by o.return_at desc`;
  } else if (f.mold === 13 || f.mold === 14) {
    params.push(f.mold);
    sql = `select a.bike_id as "bikeId", a.brand_id as "brandId", coalesce(l.bike_type, 0) as "bikeType",
                  coalesce(l.lon, a.lon) as "bikeLon", coalesce(l.lat, a.lat) as "bikeLat", coalesce(l.reported_at, a.created_at) as at
             from abnormal_messages a left join bike_live l on l.bike_id = a.bike_id
            where a.area_id = any($1::varchar[]) and a.abnormal_type = $3 and a.closed_at is null and a.bike_id is not null
              and coalesce(l.legality, 0) = $2${brand('a')}
            order by a.created_at desc`;
  } else {
    sql = `select l.bike_id as "bikeId", l.brand_id as "brandId", l.bike_type as "bikeType", l.lon as "bikeLon", l.lat as "bikeLat", l.reported_at as at
             from bike_live l
            where l.area_id = any($1::varchar[]) and l.legality = $2 and l.status = 1${brand('l')}
            order by l.reported_at desc`;
  }
  const rows = await database.query<{ bikeId: string; brandId: number | null; bikeType: number; bikeLon: number | null; bikeLat: number | null; at: Date }>(
    `${sql} limit ${BIKE_LAYER_LIMIT}`,
    params,
  );
  const names = await brandNames(database);
  return rows
    .filter((r) => r.bikeLon !== null && r.bikeLat !== null && !(r.bikeLon === 0 && r.bikeLat === 0))
    .map((r) => ({
      bikeId: r.bikeId,
      brandId: r.brandId,
      brandName: r.brandId === null ? '' : (names.get(r.brandId)?.brandName ?? ''),
      bikeType: r.bikeType,
      bikeLon: r.bikeLon!,
      bikeLat: r.bikeLat!,
      legality: f.legality,
      time: formatTime(r.at, tz)!,
    }));
}
