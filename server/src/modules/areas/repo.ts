/** Area queries: the tree's rows, operating fences on the area, entry fences in area_rails. */
import type { Static } from 'typebox';
import type { Database } from '../../db/client.js';
import { columnValues, insertSql, selectList, updateSql, type Columns } from '../../db/columns.js';
import type { Area, EntryRail } from './schemas.js';

/** An area's row: the API's fields but its code and site count (service.ts adds them). */
export type AreaRow = Omit<Static<typeof Area>, 'areaCode' | 'siteCount'>;

/** An area's stored fields, by the API's key, and their columns of areas. */
const AREA_COLUMNS = {
  id: 'id',
  parentId: 'parent_id',
  areaName: 'area_name',
  level: 'level',
  aggregation: 'aggregation',
  aggregationId: 'aggregation_id',
  platformCode: 'platform_code',
  monitorOpen: 'monitor_open',
  isOpen: 'is_open',
  gbfsPublic: 'gbfs_public',
  gpsRail: 'gps_rail',
  fullPileNum: 'full_pile_num',
  fullPileName: 'full_pile_name',
} satisfies Columns<AreaRow>;

/** What an area write stores, by the API's keys; the fence as JSON text. */
export type AreaValues = Partial<Omit<AreaRow, 'gpsRail'> & { gpsRail: string | null }>;

const SELECT = `select ${selectList(AREA_COLUMNS, 'a')} from areas a`;

export async function findArea(database: Database, id: string): Promise<AreaRow | undefined> {
  const [row] = await database.query<AreaRow>(`${SELECT} where a.id = $1`, [id]);
  return row;
}

export async function areasIn(database: Database, ids: string[]): Promise<AreaRow[]> {
  return database.query<AreaRow>(`${SELECT} where a.id = any($1::varchar[]) order by a.id`, [ids]);
}

export async function areaExists(database: Database, id: string) {
  return (await database.query('select 1 from areas where id = $1', [id])).length > 0;
}

/** A new area's row: its fields (the full-pile values left to their defaults). */
export async function insertArea(database: Database, a: Omit<AreaValues, 'fullPileNum' | 'fullPileName'>) {
  const { text, params } = insertSql('areas', columnValues(AREA_COLUMNS, a));
  await database.query(text, params);
}

/** Sets the values given; bumps updated_at. */
export async function updateArea(database: Database, id: string, values: AreaValues) {
  const columns = columnValues(AREA_COLUMNS, values);
  if (!Object.keys(columns).length) return;
  const { text, params } = updateSql('areas', columns, 'id = $1', [id], ['updated_at = now()']);
  await database.query(text, params);
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
  return database.query<Pick<AreaRow, 'id' | 'areaName'> & { gpsRail: NonNullable<AreaRow['gpsRail']> }>(
    `select id, area_name as "areaName", gps_rail as "gpsRail" from areas
      where id = any($1::varchar[]) and gps_rail is not null order by id`,
    [ids],
  );
}

/** An entry fence's row: the list's fields but its time. */
export type EntryRow = Omit<Static<typeof EntryRail>, 'createTime'> & { createdAt: Date };

/** An entry fence's stored fields, by the list's key, and their columns of area_rails (kind 'entry'). */
const ENTRY_COLUMNS = {
  id: 'id',
  areaId: 'area_id',
  name: 'name',
  gpsRail: 'gps_rail',
  createdAt: 'created_at',
} satisfies Columns<EntryRow>;
/** What an entry fence write stores; the fence as JSON text. */
type EntryValues = Pick<EntryRow, 'areaId' | 'name'> & { gpsRail: string };

export async function entryRailsIn(database: Database, ids: string[]) {
  return database.query<EntryRow>(
    `select ${selectList(ENTRY_COLUMNS, 'r')}, a.area_name as "areaName"
       from area_rails r join areas a on a.id = r.area_id
      where r.kind = 'entry' and r.area_id = any($1::varchar[]) order by r.id`,
    [ids],
  );
}

export async function insertEntryRail(database: Database, v: EntryValues) {
  const { text, params } = insertSql('area_rails', { ...columnValues(ENTRY_COLUMNS, v), kind: 'entry' }, 'returning id');
  const [row] = await database.query<{ id: number }>(text, params);
  return row.id;
}

export async function entryRailArea(database: Database, id: number): Promise<string | undefined> {
  const [row] = await database.query<{ areaId: string }>(`select area_id as "areaId" from area_rails where id = $1 and kind = 'entry'`, [id]);
  return row?.areaId;
}

/** Changes the fields given (undefined: unchanged). */
export async function updateEntryRail(database: Database, id: number, v: Partial<Omit<EntryValues, 'areaId'>>) {
  const values = columnValues(ENTRY_COLUMNS, v);
  if (!Object.keys(values).length) return;
  const { text, params } = updateSql('area_rails', values, 'id = $1', [id]);
  await database.query(text, params);
}

export async function deleteEntryRail(database: Database, id: number) {
  await database.query('delete from area_rails where id = $1', [id]);
}
