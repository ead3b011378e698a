/** Full-pile setting queries (on areas). */
import type { Database } from '../../db/client.js';

export async function findFullPile(database: Database, areaId: string) {
  const [a] = await database.query<{ value: number | null; alias: string | null }>(
    `select full_pile_num as value, full_pile_name as alias from areas where id = $1`,
    [areaId],
  );
  return a;
}

export async function areaAggregation(database: Database, areaId: string): Promise<number | undefined> {
  const [a] = await database.query<{ aggregation: number }>(`select aggregation from areas where id = $1`, [areaId]);
  return a?.aggregation;
}

/** Sets the value (and the alias, when given) on every area of `areaIds`. */
export async function setFullPile(database: Database, areaIds: string[], pile: number, alias: string | null) {
  await database.query(`update areas set full_pile_num = $2, full_pile_name = coalesce($3, full_pile_name), updated_at = now() where id = any($1::varchar[])`, [
    areaIds,
    pile,
    alias,
  ]);
}

export interface SiteParamsRow {
  areaName: string;
  aggregation: number;
  fullPileNum: number;
  fullPileName: string;
  length: number | null;
  dispatchThresholdLess: number | null;
  dispatchThresholdMore: number | null;
  dispatchResponseMinute: number | null;
}

export async function findSiteParams(database: Database, areaId: string): Promise<SiteParamsRow | undefined> {
  const [a] = await database.query<SiteParamsRow>(
    `select area_name as "areaName", aggregation, full_pile_num as "fullPileNum", full_pile_name as "fullPileName", site_length as length,
            site_threshold_less as "dispatchThresholdLess", site_threshold_more as "dispatchThresholdMore",
            site_response_minute as "dispatchResponseMinute"
       from areas where id = $1`,
    [areaId],
  );
  return a;
}

/** Sets the site parameters on every area of `areaIds`. */
export async function setSiteParams(
  database: Database,
  areaIds: string[],
  p: { length: number; dispatchThresholdLess: number; dispatchThresholdMore: number; dispatchResponseMinute: number },
) {
  await database.query(
    `update areas set site_length = $2, site_threshold_less = $3, site_threshold_more = $4, site_response_minute = $5, updated_at = now()
      where id = any($1::varchar[])`,
    [areaIds, p.length, p.dispatchThresholdLess, p.dispatchThresholdMore, p.dispatchResponseMinute],
  );
}
