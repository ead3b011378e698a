/** Full-pile setting queries (on areas). */
import type { Static } from 'typebox';
import type { Database } from '../../db/client.js';
import { columnValues, selectList, updateSql } from '../../db/columns.js';
import { SITE_PARAM_COLUMNS, type SiteParamValues } from '../../shared/siteList.js';
import type { SiteParams } from './schemas.js';

/** Sets the value (and the alias, when given) on every area of `areaIds`. */
export async function setFullPile(database: Database, areaIds: string[], pile: number, alias: string | null) {
  await database.query(`update areas set full_pile_num = $2, full_pile_name = coalesce($3, full_pile_name), updated_at = now() where id = any($1::varchar[])`, [
    areaIds,
    pile,
    alias,
  ]);
}

type Params = Pick<Static<typeof SiteParams>, keyof typeof SITE_PARAM_COLUMNS>;
/** An area's site parameters as stored: null where never set (the sites table's default applies). */
export type SiteParamsRow = Pick<Static<typeof SiteParams>, 'areaName' | 'aggregation' | 'fullPileNum' | 'fullPileName'> & SiteParamValues;

export async function findSiteParams(database: Database, areaId: string): Promise<SiteParamsRow | undefined> {
  const [a] = await database.query<SiteParamsRow>(
    `select a.area_name as "areaName", a.aggregation, a.full_pile_num as "fullPileNum", a.full_pile_name as "fullPileName",
            ${selectList(SITE_PARAM_COLUMNS, 'a')}
       from areas a where a.id = $1`,
    [areaId],
  );
  return a;
}

/** Sets the site parameters on every area of `areaIds`. */
export async function setSiteParams(database: Database, areaIds: string[], p: Params) {
  const { text, params } = updateSql('areas', columnValues(SITE_PARAM_COLUMNS, p), 'id = any($1::varchar[])', [areaIds], ['updated_at = now()']);
  await database.query(text, params);
}
