/** Sites an operator may see: those in the areas it operates in (and below). */
import type { Database } from '../db/client.js';
import type { AreaCache } from '../shared/areaCache.js';
import type { LonLat } from '../domain/polygon.js';

export async function listSitesForOperator(database: Database, areas: AreaCache, brandId: number, since: Date | null) {
  const [brand] = await database.query<{ areaId: string; ops: string[] }>(`select area_id as "areaId", operation_area_id as ops from brands where id = $1`, [
    brandId,
  ]);
  const tree = await areas.tree();
  const roots = brand.ops.length ? brand.ops : [brand.areaId];
  const areaIds = [...new Set(roots.flatMap((a) => tree.descendants(a)))];
  const rows = await database.query<{
    siteId: string;
    siteName: string;
    areaId: string;
    lon: number;
    lat: number;
    gpsRail: LonLat[] | null;
    length: number;
    bleNum: number;
    capacity: number;
    recycleSwitch: boolean;
    majorSwitch: boolean;
    brandPutSwitch: boolean;
    updatedAt: Date;
    deleted: boolean;
  }>(
    `select id as "siteId", site_name as "siteName", area_id as "areaId", lon, lat, gps_rail as "gpsRail", length,
            ble_num as "bleNum", site_bike_ceiling as capacity, recycle_switch as "recycleSwitch", major_switch as "majorSwitch",
            brand_put_switch as "brandPutSwitch", updated_at as "updatedAt", deleted_at is not null as deleted
       from sites
      where area_id = any($1::varchar[]) and ($2::timestamptz is null and deleted_at is null or updated_at > $2::timestamptz)
      order by id`,
    [areaIds, since ? since.toISOString() : null],
  );
  return rows.map((r) => ({ ...r, coord: 'gcj02', updatedAt: new Date(r.updatedAt).toISOString() }));
}
