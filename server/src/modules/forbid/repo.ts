/** Forbidden-zone queries. */
import type { Static } from 'typebox';
import type { Database } from '../../db/client.js';
import { columnValues, insertSql, selectList, updateSql, type Columns } from '../../db/columns.js';
import type { LonLat } from '../../domain/polygon.js';
import type { Forbid } from './schemas.js';

/** A zone's row: the list's fields but its time. */
export type ForbidRow = Omit<Static<typeof Forbid>, 'createTime'> & { createdAt: Date };
/** What a zone write stores; the fence as JSON text. */
type ZoneValues = Omit<ForbidRow, 'id' | 'areaName' | 'createdAt' | 'fence' | 'holes'> & { fence: string; holes: string };

/** A zone's stored fields, by the API's key, and their columns of forbid_zones. */
const ZONE_COLUMNS = {
  id: 'id',
  areaId: 'area_id',
  type: 'type',
  alias: 'alias',
  serial: 'serial',
  fence: 'fence',
  holes: 'holes',
  enabled: 'enabled',
} satisfies Columns<ForbidRow>;

/** Zones of the areas, of a type, switched on or off, and by alias (`aliasPattern`, ilike), by id, paged. */
export async function zonePage(
  database: Database,
  f: { areaIds: string[]; type?: number; enabled?: boolean; aliasPattern?: string; limit: number; offset: number },
) {
  const params: unknown[] = [f.areaIds];
  let cond = 'f.area_id = any($1::varchar[])';
  if (f.type !== undefined) {
    params.push(f.type);
    cond += ` and f.type = $${params.length}`;
  }
  if (f.enabled !== undefined) {
    params.push(f.enabled);
    cond += ` and f.enabled = $${params.length}`;
  }
  if (f.aliasPattern) {
    params.push(f.aliasPattern);
    cond += ` and f.alias ilike $${params.length}`;
  }
  const [{ total }] = await database.query<{ total: number }>(`select count(*)::int as total from forbid_zones f where ${cond}`, params);
  const n = params.length;
  const rows = await database.query<ForbidRow>(
    `select ${selectList(ZONE_COLUMNS, 'f')}, a.area_name as "areaName", f.created_at as "createdAt"
       from forbid_zones f join areas a on a.id = f.area_id where ${cond} order by f.id limit $${n + 1} offset $${n + 2}`,
    [...params, f.limit, f.offset],
  );
  return { rows, total };
}

export async function insertZone(database: Database, z: ZoneValues) {
  const { text, params } = insertSql('forbid_zones', columnValues(ZONE_COLUMNS, z), 'returning id');
  const [row] = await database.query<{ id: number }>(text, params);
  return row.id;
}

export async function zoneArea(database: Database, id: number): Promise<string | undefined> {
  const [row] = await database.query<{ areaId: string }>('select area_id as "areaId" from forbid_zones where id = $1', [id]);
  return row?.areaId;
}

/** A zone's stored outer ring and holes. */
export async function zoneShape(database: Database, id: number): Promise<{ fence: LonLat[]; holes: LonLat[][] } | undefined> {
  const [row] = await database.query<{ fence: LonLat[]; holes: LonLat[][] }>('select fence, holes from forbid_zones where id = $1', [id]);
  return row;
}

/** Changes the fields given (undefined: unchanged). */
export async function updateZone(database: Database, id: number, z: Partial<ZoneValues>) {
  const columns = columnValues(ZONE_COLUMNS, z);
  if (!Object.keys(columns).length) return;
  const { text, params } = updateSql('forbid_zones', columns, 'id = $1', [id]);
  await database.query(text, params);
}

export async function deleteZone(database: Database, id: number) {
  await database.query('delete from forbid_zones where id = $1', [id]);
}
