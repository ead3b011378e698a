/** Site queries: reads join the area and the snapshot state; writes always bump updated_at. */
import type { Static } from 'typebox';
import type { Database } from '../../db/client.js';
import { columnValues, updateSql } from '../../db/columns.js';
import { SITE_COLUMNS, SITE_SELECT, type SiteRow } from '../../shared/siteList.js';
import type { SiteValues } from '../../shared/sites.js';
import type { Magnify } from './schemas.js';

/** A live (not deleted) site's row, or undefined. */
export async function findSite(database: Database, id: string): Promise<SiteRow | undefined> {
  const [row] = await database.query<SiteRow>(`${SITE_SELECT} where s.id = $1 and s.deleted_at is null`, [id]);
  return row;
}

export type SiteKey = Pick<SiteRow, 'areaId' | 'dispatchThresholdLess' | 'dispatchThresholdMore'> & { id: string };

/** Live sites among `ids` with what writes check (area, thresholds). */
export async function siteKeys(database: Database, ids: string[]): Promise<SiteKey[]> {
  return database.query<SiteKey>(
    `select id, area_id as "areaId", dispatch_threshold_less as "dispatchThresholdLess",
            dispatch_threshold_more as "dispatchThresholdMore"
       from sites where id = any($1::text[]) and deleted_at is null`,
    [ids],
  );
}

/** Sets the values on live sites among `ids`; answers how many changed. */
export async function updateSites(database: Database, ids: string[], values: SiteValues): Promise<number> {
  const { text, params } = updateSql('sites', columnValues(SITE_COLUMNS, values), 'id = any($1::text[]) and deleted_at is null', [ids], ['updated_at = now()']);
  return (await database.query(`${text} returning id`, params)).length;
}

/** Piles follow their site into its new district. */
export async function movePiles(database: Database, siteId: string, areaId: string) {
  await database.query('update piles set area_id = $2 where site_id = $1', [siteId, areaId]);
}

/** Default radius for fence-less sites of the areas (all of them, or only `ids`). */
export async function setLengthOfCircleSites(database: Database, areaIds: string[], length: number, ids?: string[]) {
  const rows = await database.query(
    `update sites set length = $2, updated_at = now()
      where area_id = any($1::text[]) and deleted_at is null and gps_rail is null
        and ($3::text[] is null or id = any($3::text[])) returning id`,
    [areaIds, length, ids ?? null],
  );
  return rows.length;
}

/* ---------- magnify groups (magnify.ts) ---------- */

/** A magnify group's row: the API's fields but its times (and the site count, the list's length). */
export type GroupRow = Omit<Static<typeof Magnify>, 'siteCount' | 'createTime' | 'appliedTime'> & { createdAt: Date; appliedAt: Date | null };
/** A group's stored fields a write sets. */
type GroupValues = Pick<GroupRow, 'areaId' | 'alias' | 'siteList' | 'factor' | 'openSwitch'>;

const GROUP_SELECT = `select g.id, g.area_id as "areaId", a.area_name as "areaName", g.alias, g.site_list as "siteList", g.factor,
  g.open_switch as "openSwitch", g.created_at as "createdAt", g.applied_at as "appliedAt" from magnify_groups g join areas a on a.id = g.area_id`;

/** Magnify groups of the areas, by alias (`aliasPattern`, ilike) and switch, by id, paged. */
export async function groupPage(database: Database, f: { areaIds: string[]; aliasPattern?: string; openSwitch?: boolean; limit: number; offset: number }) {
  const where = ['g.area_id = any($1::text[])'];
  const params: unknown[] = [f.areaIds];
  if (f.aliasPattern) {
    params.push(f.aliasPattern);
    where.push(`g.alias ilike $${params.length}`);
  }
  if (f.openSwitch !== undefined) {
    params.push(f.openSwitch);
    where.push(`g.open_switch = $${params.length}`);
  }
  const cond = where.join(' and ');
  const [{ total }] = await database.query<{ total: number }>(`select count(*)::int as total from magnify_groups g where ${cond}`, params);
  const n = params.length;
  const rows = await database.query<GroupRow>(`${GROUP_SELECT} where ${cond} order by g.id limit $${n + 1} offset $${n + 2}`, [...params, f.limit, f.offset]);
  return { rows, total };
}

export async function findGroup(database: Database, id: number): Promise<GroupRow | undefined> {
  const [row] = await database.query<GroupRow>(`${GROUP_SELECT} where g.id = $1`, [id]);
  return row;
}

/**
 * A group's changed_at after a write: now when it is open after the write (`open`) and it opens or
 * its factor or sites change (`changes`; a new group: any); else as it was (`prior`). The snapshot
 * applies the change and sets applied_at.
 */
const changedAt = (open: string, changes: string, prior: string) => `case when ${open} and (${changes}) then now() else ${prior} end`;

export async function insertGroup(database: Database, g: GroupValues) {
  const [row] = await database.query<{ id: number }>(
    `insert into magnify_groups (area_id, alias, site_list, factor, open_switch, changed_at)
     values ($1, $2, $3, $4, $5, ${changedAt('$5', 'true', 'null')}) returning id`,
    [g.areaId, g.alias, JSON.stringify(g.siteList), g.factor, g.openSwitch],
  );
  return row.id;
}

/**
 * Changes the fields given (null: unchanged). changed_at moves when the group opens, or when its
 * factor or sites change while it stays open: the snapshot applies it and sets applied_at.
 */
export async function updateGroup(database: Database, id: number, g: { [K in Exclude<keyof GroupValues, 'areaId'>]: GroupValues[K] | null }) {
  await database.query(
    `update magnify_groups set alias = coalesce($2, alias), site_list = coalesce($3::jsonb, site_list),
            factor = coalesce($4, factor), open_switch = coalesce($5, open_switch),
            changed_at = ${changedAt(
              'coalesce($5, open_switch)',
              'not open_switch or factor <> coalesce($4, factor) or site_list <> coalesce($3::jsonb, site_list)',
              'changed_at',
            )}
      where id = $1`,
    [id, g.alias, g.siteList ? JSON.stringify(g.siteList) : null, g.factor, g.openSwitch],
  );
}

export async function deleteGroup(database: Database, id: number) {
  await database.query('delete from magnify_groups where id = $1', [id]);
}

/** Open magnify groups of the areas, by id. */
export function openGroups(database: Database, areaIds: string[]) {
  return database.query<{ id: number; alias: string; siteList: string[] }>(
    `select id, alias, site_list as "siteList" from magnify_groups where open_switch and area_id = any($1::text[]) order by id`,
    [areaIds],
  );
}

/** Names of sites by id (deleted ones too). */
export function siteNames(database: Database, ids: string[]) {
  return database.query<{ id: string; siteName: string }>('select id, site_name as "siteName" from sites where id = any($1::text[])', [ids]);
}
