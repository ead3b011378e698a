/** Forbidden-zone queries. */
import type { Database } from '../../db/client.js';
import type { LonLat } from '../../domain/geometry.js';

export interface ForbidRow {
  id: number;
  areaId: string;
  areaName: string;
  type: number;
  alias: string;
  serial: string | null;
  fence: LonLat[];
  enabled: boolean;
  createdAt: Date;
}

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
    `select f.id, f.area_id as "areaId", a.area_name as "areaName", f.type, f.alias, f.serial, f.fence, f.enabled, f.created_at as "createdAt"
       from forbid_zones f join areas a on a.id = f.area_id where ${cond} order by f.id limit $${n + 1} offset $${n + 2}`,
    [...params, f.limit, f.offset],
  );
  return { rows, total };
}

/** `fence`: the ring as JSON text. */
export async function insertZone(
  database: Database,
  z: { areaId: string; type: number; alias: string; serial: string | null; fence: string; enabled: boolean },
) {
  const [row] = await database.query<{ id: number }>(
    'insert into forbid_zones (area_id, type, alias, serial, fence, enabled) values ($1, $2, $3, $4, $5, $6) returning id',
    [z.areaId, z.type, z.alias, z.serial, z.fence, z.enabled],
  );
  return row.id;
}

export async function zoneArea(database: Database, id: number): Promise<string | undefined> {
  const [row] = await database.query<{ areaId: string }>('select area_id as "areaId" from forbid_zones where id = $1', [id]);
  return row?.areaId;
}

/** Changes the fields given (null: unchanged); `fence` as JSON text. */
export async function updateZone(
  database: Database,
  id: number,
  z: { areaId: string | null; type: number | null; alias: string | null; serial: string | null; fence: string | null; enabled: boolean | null },
) {
  await database.query(
    `update forbid_zones set area_id = coalesce($2, area_id), type = coalesce($3, type), alias = coalesce($4, alias),
            serial = coalesce($5, serial), fence = coalesce($6::jsonb, fence), enabled = coalesce($7::boolean, enabled) where id = $1`,
    [id, z.areaId, z.type, z.alias, z.serial, z.fence, z.enabled],
  );
}

export async function deleteZone(database: Database, id: number) {
  await database.query('delete from forbid_zones where id = $1', [id]);
}
