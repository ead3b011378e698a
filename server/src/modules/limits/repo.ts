/** Approved-quantity and area-cap queries. */
import type { Database } from '../../db/client.js';

export async function findQuota(database: Database, brandId: number, areaId: string) {
  const [row] = await database.query<{ bikeNum: number; ebikeNum: number }>(
    `select bike_quota as "bikeNum", ebike_quota as "ebikeNum" from brand_quotas where brand_id = $1 and area_id = $2`,
    [brandId, areaId],
  );
  return row;
}

/** An area's own caps, replacing earlier ones. */
export async function upsertAreaCap(database: Database, c: { areaId: string; bikeCap: number; ebikeCap: number; userId: number }) {
  await database.query(
    `insert into area_caps (area_id, bike_cap, ebike_cap, updated_at, updated_by) values ($1, $2, $3, now(), $4)
     on conflict (area_id) do update set bike_cap = excluded.bike_cap, ebike_cap = excluded.ebike_cap,
       updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
    [c.areaId, c.bikeCap, c.ebikeCap, c.userId],
  );
}

export async function findAreaCap(database: Database, areaId: string) {
  const [row] = await database.query<{ bikeCap: number; ebikeCap: number }>(
    `select bike_cap as "bikeCap", ebike_cap as "ebikeCap" from area_caps where area_id = $1`,
    [areaId],
  );
  return row;
}

/** Enterprises' own quotas set on exactly this area (not its sub-areas). */
/** Each enterprise's latest assessment in the area (评级考核: grade and the quota it suggests). */
export function latestRatings(database: Database, areaId: string) {
  return database.query<{ brandId: number; period: string; grade: string; score: number; quota: number | null; suggestedQuota: number | null }>(
    `select distinct on (brand_id) brand_id as "brandId", period, grade, score, quota, suggested_quota as "suggestedQuota"
       from examine_results where area_id = $1 order by brand_id, period desc`,
    [areaId],
  );
}

export async function quotasAt(database: Database, areaId: string) {
  return database.query<{ brandId: number; bikeNum: number; ebikeNum: number }>(
    `select brand_id as "brandId", bike_quota as "bikeNum", ebike_quota as "ebikeNum" from brand_quotas where area_id = $1`,
    [areaId],
  );
}
