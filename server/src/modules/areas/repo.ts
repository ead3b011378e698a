/** Area queries: the tree's rows, operating fences on the area, entry fences in area_rails. */
import type { Database } from '../../db/client.js';
import type { LonLat } from '../../domain/geometry.js';

export interface AreaRow {
  id: string;
  parentId: string | null;
  areaName: string;
  level: number;
  aggregation: number;
  aggregationId: string | null;
  platformCode: string | null;
  monitorOpen: boolean;
  isOpen: boolean;
  gpsRail: LonLat[] | null;
  fullPileNum: number;
  fullPileName: string;
}

const SELECT = `select id, parent_id as "parentId", area_name as "areaName", level, aggregation,
  aggregation_id as "aggregationId", platform_code as "platformCode", monitor_open as "monitorOpen",
  is_open as "isOpen", gps_rail as "gpsRail", full_pile_num as "fullPileNum", full_pile_name as "fullPileName" from areas`;

export async function findArea(database: Database, id: string): Promise<AreaRow | undefined> {
  const [row] = await database.query<AreaRow>(`${SELECT} where id = $1`, [id]);
  return row;
}

export async function areasIn(database: Database, ids: string[]): Promise<AreaRow[]> {
  return database.query<AreaRow>(`${SELECT} where id = any($1::varchar[]) order by id`, [ids]);
}

export async function areaExists(database: Database, id: string) {
  return (await database.query('select 1 from areas where id = $1', [id])).length > 0;
}

/** A new area's row: the stored fields of AreaRow, the fence as JSON text, the full-pile values left to their defaults. */
export type NewAreaRow = Omit<AreaRow, 'parentId' | 'gpsRail' | 'fullPileNum' | 'fullPileName'> & { parentId: string; gpsRail: string | null };

export async function insertArea(database: Database, a: NewAreaRow) {
  await database.query(
    `insert into areas (id, parent_id, area_name, level, aggregation, aggregation_id, platform_code, monitor_open, is_open, gps_rail)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [a.id, a.parentId, a.areaName, a.level, a.aggregation, a.aggregationId, a.platformCode, a.monitorOpen, a.isOpen, a.gpsRail],
  );
}

/** Column names come from the service's own list, never from input keys; bumps updated_at. */
export async function updateAreaColumns(database: Database, id: string, values: Record<string, unknown>) {
  const cols = Object.keys(values);
  if (!cols.length) return;
  const sets = cols.map((col, i) => `${col} = $${i + 2}`);
  sets.push('updated_at = now()');
  await database.query(`update areas set ${sets.join(', ')} where id = $1`, [id, ...Object.values(values)]);
}

/** How many child areas, sites, users and enterprises hang on the area (deleted sites and enterprises not counted). */
export async function dependents(database: Database, id: string) {
  const [row] = await database.query<{ kids: number; sites: number; users: number; brands: number }>(
    `select (select count(*)::int from areas where parent_id = $1) as kids,
            (select count(*)::int from sites where area_id = $1 and deleted_at is null) as sites,
            (select count(*)::int from users where area_id = $1) as users,
            (select count(*)::int from brands where area_id = $1 and deleted_at is null) as brands`,
    [id],
  );
  return row;
}

/** Sites (not deleted) per area that has any. */
export async function siteCounts(database: Database) {
  return database.query<{ areaId: string; n: number }>(`select area_id as "areaId", count(*)::int as n from sites where deleted_at is null group by area_id`);
}

export async function deleteArea(database: Database, id: string) {
  await database.query('delete from areas where id = $1', [id]);
}

/** Stores (or with null clears) the operating fence of the area. */
export async function setAreaRail(database: Database, id: string, ring: string | null) {
  if (ring === null) await database.query('update areas set gps_rail = null, updated_at = now() where id = $1', [id]);
  else await database.query('update areas set gps_rail = $2, updated_at = now() where id = $1', [id, ring]);
}

export async function railsIn(database: Database, ids: string[]) {
  return database.query<{ id: string; areaName: string; gpsRail: LonLat[] }>(
    `select id, area_name as "areaName", gps_rail as "gpsRail" from areas
      where id = any($1::varchar[]) and gps_rail is not null order by id`,
    [ids],
  );
}

export interface EntryRow {
  id: number;
  areaId: string;
  areaName: string;
  name: string;
  gpsRail: LonLat[];
  createdAt: Date;
}

export async function entryRailsIn(database: Database, ids: string[]) {
  return database.query<EntryRow>(
    `select r.id, r.area_id as "areaId", a.area_name as "areaName", r.name, r.gps_rail as "gpsRail", r.created_at as "createdAt"
       from area_rails r join areas a on a.id = r.area_id
      where r.kind = 'entry' and r.area_id = any($1::varchar[]) order by r.id`,
    [ids],
  );
}

export async function insertEntryRail(database: Database, areaId: string, name: string, ring: string) {
  const [row] = await database.query<{ id: number }>(`insert into area_rails (area_id, kind, name, gps_rail) values ($1, 'entry', $2, $3) returning id`, [
    areaId,
    name,
    ring,
  ]);
  return row.id;
}

export async function entryRailArea(database: Database, id: number): Promise<string | undefined> {
  const [row] = await database.query<{ areaId: string }>(`select area_id as "areaId" from area_rails where id = $1 and kind = 'entry'`, [id]);
  return row?.areaId;
}

/** Null name or ring keeps the stored value. */
export async function updateEntryRail(database: Database, id: number, name: string | null, ring: string | null) {
  await database.query('update area_rails set name = coalesce($2, name), gps_rail = coalesce($3::jsonb, gps_rail) where id = $1', [id, name, ring]);
}

export async function deleteEntryRail(database: Database, id: number) {
  await database.query('delete from area_rails where id = $1', [id]);
}
