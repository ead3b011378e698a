/** GBFS feed queries: the data version an area's feeds are cached on, and what one build reads. */
import type { Database } from '../../db/client.js';
import type { LonLat } from '../../db/schema/areas.js';

export interface FeedVersion {
  /** Last snapshot run (null before the first). */
  snapshotAt: Date | null;
  /** Changes whenever a site, a zone, a fence or the area itself changes (with the snapshot: the cache key). */
  version: string;
  gbfsPublic: boolean;
}

/**
 * The area's publication switch and the data version of its feeds in one read: the snapshot run,
 * the newest site edit (sites.updated_at is bumped by every write; the index answers the max), and a
 * digest of the areas' row, zones and rails (a few rows per area).
 */
export async function feedVersion(database: Database, areaId: string, areaIds: string[]): Promise<FeedVersion | undefined> {
  const [row] = await database.query<{ snapshotAt: Date | null; version: string; gbfsPublic: boolean }>(
    `select (select last_run_at from job_runs where name = 'snapshot') as "snapshotAt", a.gbfs_public as "gbfsPublic",
            concat_ws('|', (select max(updated_at)::text from sites),
              (select md5(coalesce(string_agg(x.id || ':' || x.updated_at::text || ':' || coalesce(x.area_name, ''), ',' order by x.id), ''))
                 from areas x where x.id = any($2::varchar[])),
              (select md5(coalesce(string_agg(z.id || ':' || z.enabled || ':' || z.alias || ':' || z.fence::text, ',' order by z.id), ''))
                 from forbid_zones z where z.area_id = any($2::varchar[])),
              (select md5(coalesce(string_agg(r.id || ':' || r.gps_rail::text, ',' order by r.id), ''))
                 from area_rails r where r.area_id = any($2::varchar[]) and r.kind = 'rail')) as version
       from areas a where a.id = $1`,
    [areaId, areaIds],
  );
  return row;
}

export interface SiteRow {
  id: string;
  siteName: string;
  lon: number;
  lat: number;
  gpsRail: LonLat[] | null;
  updatedAt: Date;
  /** From the snapshot (null: not yet in one). */
  num: number | null;
  bikeNum: number | null;
  ebikeNum: number | null;
  capacity: number | null;
}

/** The areas' sites (not deleted) with their latest snapshot state, in id order. */
export function sitesOf(database: Database, areaIds: string[]) {
  return database.query<SiteRow>(
    `select s.id, s.site_name as "siteName", s.lon, s.lat, s.gps_rail as "gpsRail", s.updated_at as "updatedAt",
            st.num, st.bike_num as "bikeNum", st.ebike_num as "ebikeNum", st.capacity
       from sites s left join site_state st on st.site_id = s.id
      where s.area_id = any($1::varchar[]) and s.deleted_at is null
      order by s.id`,
    [areaIds],
  );
}

export interface ZoneRow {
  id: number;
  alias: string;
  fence: LonLat[];
}

export interface FenceRow {
  /** `area-{id}` for an area's own fence, `rail-{id}` for an extra operating rail. */
  id: string;
  name: string;
  fence: LonLat[];
}

/** The enabled forbidden zones, the operating fences (the areas' own and their extra rails) and the area's row. */
export async function zonesOf(database: Database, areaId: string, areaIds: string[]) {
  const [zones, fences, [area]] = await Promise.all([
    database.query<ZoneRow>(`select id, alias, fence from forbid_zones where area_id = any($1::varchar[]) and enabled order by id`, [areaIds]),
    database.query<FenceRow>(
      `select 'area-' || a.id as id, a.area_name as name, a.gps_rail as fence from areas a where a.id = any($1::varchar[]) and a.gps_rail is not null
       union all
       select 'rail-' || r.id, r.name, r.gps_rail from area_rails r where r.area_id = any($1::varchar[]) and r.kind = 'rail'
       order by 1`,
      [areaIds],
    ),
    database.query<{ areaName: string; updatedAt: Date }>(`select area_name as "areaName", updated_at as "updatedAt" from areas where id = $1`, [areaId]),
  ]);
  return { zones, fences, area };
}

/** Areas whose feeds are public (公开发布), and the one given (a key's own area), by id. */
export function publishedAreas(database: Database, keyAreaId: string | null) {
  return database.query<{ id: string; areaName: string; updatedAt: Date }>(
    `select id, area_name as "areaName", updated_at as "updatedAt" from areas where gbfs_public or id = $1 order by id`,
    [keyAreaId ?? ''],
  );
}
