/**
 * Queries of the home screen's own calls: the map's sites (sites ⋈ site_state, never bike_live; held
 * by hot.ts per snapshot), the area, search, one site with its flows, the bikes layer. Only the
 * columns the console reads.
 */
import type { Static } from 'typebox';
import type { Database } from '../../../db/client.js';
import { selectList, type Columns } from '../../../db/columns.js';
import type { LonLat } from '../../../domain/polygon.js';
import { flagLabel } from '../../../domain/siteStatus.js';
import type { CurrentBike } from '../../../shared/brandCounts.js';
import type { Flow, FoundSite as FoundSiteT, InitData, LayerBike, MapSite, SiteDetail } from './schemas.js';

/** A map site's row: the map's site but the status text and currentNum (added on loading). */
export type MapSiteRow = Omit<Static<typeof MapSite>, 'status' | 'currentNum'>;

/** The fields of a site's sites row every home-screen site reads, by the key they are answered under. */
const SITE_COLUMNS = {
  siteId: 'id',
  siteName: 'site_name',
  siteLon: 'lon',
  siteLat: 'lat',
  gpsRail: 'gps_rail',
  length: 'length',
} satisfies Columns<MapSiteRow & FoundSite & SiteDetailRow>;
const SITE = selectList(SITE_COLUMNS, 's');
/** The snapshot's flag and count (a site not yet snapshotted is empty). */
const STATE = 'coalesce(st.flag, 0)::int as flag, coalesce(st.num, 0) as num';

/** Every live site of the areas with its snapshot state (a site not yet snapshotted is empty), by site id. */
export async function loadMapSites(database: Database, areaIds: string[]) {
  const rows = await database.query<MapSiteRow>(
    `select ${SITE}, ${STATE}, coalesce(st.bike_num, 0) as "bikeNum", coalesce(st.ebike_num, 0) as "ebikeNum",
            s.site_bike_ceiling as "siteBikeCeiling", coalesce(st.capacity, s.site_bike_ceiling) as capacity, s.ble_num as "bleNum",
            s.recycle_switch as "recycleSwitch", s.major_switch as "majorSwitch"
       from sites s left join site_state st on st.site_id = s.id
      where s.area_id = any($1::varchar[]) and s.deleted_at is null
      order by s.id`,
    [areaIds],
  );
  return rows.map((r) => ({ ...r, status: flagLabel(r.flag), currentNum: r.num }));
}

/* ------------------------------ init ------------------------------ */

/** An area's row: init's area fields as stored (the full-pile value unparsed), its id and fence. */
export type AreaRow = Pick<Static<typeof InitData>['area'], 'areaName' | 'level' | 'aggregation' | 'aggregationId' | 'fullPileNum' | 'fullPileName'> & {
  id: string;
  gpsRail: LonLat[] | null;
};

export async function findArea(database: Database, id: string): Promise<AreaRow | undefined> {
  const [a] = await database.query<AreaRow>(
    `select id, area_name as "areaName", level, aggregation, aggregation_id as "aggregationId", full_pile_num as "fullPileNum",
            full_pile_name as "fullPileName", gps_rail as "gpsRail" from areas where id = $1`,
    [id],
  );
  return a;
}

/** A site position that is known: in range and not the (0, 0) placeholder. */
const LOCATED = `lon between -180 and 180 and lat between -90 and 90 and not (lon = 0 and lat = 0)`;

/** The live sites of the areas: their mean position, count, and the extent of the located ones. */
export async function siteExtent(database: Database, areaIds: string[]) {
  const [avg] = await database.query<{
    lon: number | null;
    lat: number | null;
    n: number;
    minLon: number | null;
    minLat: number | null;
    maxLon: number | null;
    maxLat: number | null;
  }>(
    // the extent counts located sites only: (0, 0) and out-of-range positions mean "unknown"
    `select avg(lon) as lon, avg(lat) as lat, count(*)::int as n,
            min(lon) filter (where ${LOCATED}) as "minLon", min(lat) filter (where ${LOCATED}) as "minLat",
            max(lon) filter (where ${LOCATED}) as "maxLon", max(lat) filter (where ${LOCATED}) as "maxLat"
       from sites where area_id = any($1::varchar[]) and deleted_at is null`,
    [areaIds],
  );
  return avg;
}

/* ------------------------------ search ------------------------------ */

/** A found site's row: the search's site but its status text. */
export type FoundSite = Omit<Static<typeof FoundSiteT>, 'status'>;

const SITE_COLS = `${SITE}, s.area_id as "areaId", ${STATE}`;

/** Live sites of the areas by name (`namePattern`, ilike) or by id (`id` exact first, or `idPattern`). */
export function searchSites(database: Database, areaIds: string[], q: { namePattern: string } | { idPattern: string; id: string }, limit: number) {
  const byName = 'namePattern' in q;
  const cond = byName ? `s.site_name ilike $2` : `(s.id = $4 or s.id like $2)`;
  const params = byName ? [areaIds, q.namePattern, limit] : [areaIds, q.idPattern, limit, q.id];
  return database.query<FoundSite>(
    `select ${SITE_COLS} from sites s left join site_state st on st.site_id = s.id
      where s.area_id = any($1::varchar[]) and s.deleted_at is null and ${cond}
      order by ${byName ? '' : `(s.id = $4) desc, `}s.site_name, s.id limit $3`,
    params,
  );
}

/** A live site by id, with its snapshot flag and count. */
export async function foundSite(database: Database, siteId: string): Promise<FoundSite | undefined> {
  const [site] = await database.query<FoundSite>(
    `select ${SITE_COLS} from sites s left join site_state st on st.site_id = s.id where s.id = $1 and s.deleted_at is null`,
    [siteId],
  );
  return site;
}

/** The live state of a bike by its id or (byLicense) its licence plate, newest report first. */
export async function liveBike(database: Database, key: string, byLicense: boolean) {
  const [bike] = await database.query<{
    bikeId: string;
    brandId: number;
    bikeType: number;
    lon: number;
    lat: number;
    status: number;
    siteId: string | null;
    areaId: string;
  }>(
    `select l.bike_id as "bikeId", l.brand_id as "brandId", l.bike_type as "bikeType", l.lon, l.lat, l.status, l.site_id as "siteId", l.area_id as "areaId"
       from bike_live l
      where ${byLicense ? `l.bike_id in (select bike_id from bikes where license_code = $1)` : 'l.bike_id = $1'}
      order by l.reported_at desc limit 1`,
    [key],
  );
  return bike;
}

/* ------------------------------ one site ------------------------------ */

/** One site's row: the site detail's own fields (not its lists, status and times), the brands' bikes as stored, the times. */
export type SiteDetailRow = Omit<
  Static<typeof SiteDetail>,
  'currentNum' | 'status' | 'createTime' | 'stateTime' | 'brandBike' | 'brandEBike' | 'rentBike' | 'returnBike'
> & {
  currentBike: Partial<CurrentBike> | null;
  stateAt: Date | null;
  createdAt: Date;
};

export async function siteDetail(database: Database, siteId: string): Promise<SiteDetailRow | undefined> {
  const [s] = await database.query<SiteDetailRow>(
    `select ${SITE}, ${STATE}, s.area_id as "areaId", s.ble_num as "bleNum", s.site_bike_ceiling as "siteBikeCeiling",
            s.site_ceiling as "siteCeiling", coalesce(st.capacity, s.site_bike_ceiling) as capacity, coalesce(st.bike_num, 0) as "bikeNum",
            coalesce(st.ebike_num, 0) as "ebikeNum", s.recycle_switch as "recycleSwitch", s.major_switch as "majorSwitch",
            s.brand_put_switch as "brandPutSwitch",
            st.current_bike as "currentBike", st.updated_at as "stateAt", s.created_at as "createdAt"
       from sites s left join site_state st on st.site_id = s.id where s.id = $1`,
    [siteId],
  );
  return s;
}

/** A flow's row: the flow's order fields, its time and the other end's position (answered as time and request). */
export type FlowRow = Pick<Static<typeof Flow>, 'orderId' | 'bikeId' | 'brandId' | 'bikeType'> & { at: Date; lon: number; lat: number };

/** Rides leaving (rent) or arriving at (return) a site in [from, to), with the other end's position, newest first. */
export function siteFlows(database: Database, f: { siteId: string; kind: 'rent' | 'return'; from: string; to: string; limit: number }) {
  const [here, there] = f.kind === 'rent' ? ['rent', 'return'] : ['return', 'rent'];
  return database.query<FlowRow>(
    `select order_id as "orderId", bike_id as "bikeId", brand_id as "brandId", bike_type as "bikeType", ${here}_at as at,
            ${there}_lon as lon, ${there}_lat as lat
       from ride_orders
      where ${here}_site_id = $1 and ${here}_at >= $2 and ${here}_at < $3 and ${there}_lon is not null and ${there}_lat is not null
      order by ${here}_at desc limit $4`,
    [f.siteId, f.from, f.to, f.limit],
  );
}

/* ------------------------------ bikes layer ------------------------------ */

/** A layer bike's row: the layer's bike fields, its position (unknown for some) and time (no brand name, legality). */
export type LayerBikeRow = Pick<Static<typeof LayerBike>, 'bikeId' | 'brandId' | 'bikeType'> & { bikeLon: number | null; bikeLat: number | null; at: Date };

/**
 * Bikes of the areas to draw: without `mold` the parked bikes of the legality; mold 1 the off-site
 * returns in [from, to) (at the return point); 13 / 14 the bikes of open alerts of that type.
 */
export function layerBikes(
  database: Database,
  f: { areaIds: string[]; legality: number; mold?: number; brandId?: number; from: string; to: string; limit: number },
) {
  const params: unknown[] = [f.areaIds, f.legality, f.limit];
  const brand = (alias: string) => {
    if (f.brandId === undefined) return '';
    params.push(f.brandId);
    return ` and ${alias}.brand_id = $${params.length}`;
  };
  let sql: string;
  if (f.mold === 1) {
    params.push(f.from, f.to);
    sql = `select o.bike_id as "bikeId", o.brand_id as "brandId", o.bike_type as "bikeType", o.return_lon as "bikeLon", o.return_lat as "bikeLat",
                  o.return_at as at
             from ride_orders o left join bike_live l on l.bike_id = o.bike_id
            where o.area_id = any($1::varchar[]) and o.out_site_return and o.return_at >= $4 and o.return_at < $5
              and coalesce(l.legality, 0) = $2${brand('o')}
            order by o.return_at desc`;
  } else if (f.mold === 13 || f.mold === 14) {
    params.push(f.mold);
    sql = `select a.bike_id as "bikeId", a.brand_id as "brandId", coalesce(l.bike_type, 0) as "bikeType",
                  coalesce(l.lon, a.lon) as "bikeLon", coalesce(l.lat, a.lat) as "bikeLat", coalesce(l.reported_at, a.created_at) as at
             from abnormal_messages a left join bike_live l on l.bike_id = a.bike_id
            where a.area_id = any($1::varchar[]) and a.abnormal_type = $4 and a.closed_at is null and a.bike_id is not null
              and coalesce(l.legality, 0) = $2${brand('a')}
            order by a.created_at desc`;
  } else {
    sql = `select l.bike_id as "bikeId", l.brand_id as "brandId", l.bike_type as "bikeType", l.lon as "bikeLon", l.lat as "bikeLat", l.reported_at as at
             from bike_live l
            where l.area_id = any($1::varchar[]) and l.legality = $2 and l.status = 1${brand('l')}
            order by l.reported_at desc`;
  }
  return database.query<LayerBikeRow>(`${sql} limit $3`, params);
}
