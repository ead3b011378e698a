/** Forbidden zones (type 0 no-parking fence, 1 forbidden zone): polygons within an area. */
import type { Database } from '../../db/client.js';
import type { Auth } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/envelope.js';
import { normalizePolygon, type LonLat } from '../../domain/geometry.js';
import { formatTime } from '../../domain/time.js';

interface ForbidRow {
  id: number;
  areaId: string;
  areaName: string;
  type: number;
  alias: string;
  serial: string | null;
  fence: LonLat[];
  createdAt: Date;
}

export interface ForbidInput {
  areaId?: string;
  type?: number;
  alias?: string;
  serial?: string | null;
  fence?: unknown;
}

function ring(fence: unknown) {
  const r = normalizePolygon(fence, 'fence');
  if (!r.ok) throw badRequest(r.message);
  return JSON.stringify(r.ring);
}

export async function listForbid(
  database: Database,
  areaIds: string[],
  f: { type?: number; alias?: string; limit: number; offset: number },
  tz: string,
) {
  const params: unknown[] = [areaIds];
  let cond = 'f.area_id = any($1::varchar[])';
  if (f.type !== undefined) {
    params.push(f.type);
    cond += ` and f.type = $${params.length}`;
  }
  if (f.alias) {
    params.push(`%${f.alias}%`);
    cond += ` and f.alias ilike $${params.length}`;
  }
  const [{ total }] = await database.query<{ total: number }>(`select count(*)::int as total from forbid_zones f where ${cond}`, params);
  const rows = await database.query<ForbidRow>(
    `select f.id, f.area_id as "areaId", a.area_name as "areaName", f.type, f.alias, f.serial, f.fence, f.created_at as "createdAt"
       from forbid_zones f join areas a on a.id = f.area_id where ${cond} order by f.id limit ${f.limit} offset ${f.offset}`,
    params,
  );
  return { lists: rows.map(({ createdAt, ...r }) => ({ ...r, createTime: formatTime(createdAt, tz)! })), total };
}

export async function addForbid(database: Database, auth: Auth, input: Required<Pick<ForbidInput, 'type' | 'alias' | 'fence'>> & ForbidInput) {
  const areaId = input.areaId ?? auth.areaId;
  auth.assertArea(areaId);
  const [row] = await database.query<{ id: number }>(
    'insert into forbid_zones (area_id, type, alias, serial, fence) values ($1, $2, $3, $4, $5) returning id',
    [areaId, input.type, input.alias, input.serial ?? null, ring(input.fence)],
  );
  return row.id;
}

async function owned(database: Database, auth: Auth, id: number) {
  const [row] = await database.query<{ areaId: string }>('select area_id as "areaId" from forbid_zones where id = $1', [id]);
  if (!row) throw notFound('禁停区');
  auth.assertArea(row.areaId);
}

export async function updateForbid(database: Database, auth: Auth, id: number, input: ForbidInput) {
  await owned(database, auth, id);
  if (input.areaId) auth.assertArea(input.areaId);
  await database.query(
    `update forbid_zones set area_id = coalesce($2, area_id), type = coalesce($3, type), alias = coalesce($4, alias),
            serial = coalesce($5, serial), fence = coalesce($6::jsonb, fence) where id = $1`,
    [id, input.areaId ?? null, input.type ?? null, input.alias ?? null, input.serial ?? null, input.fence === undefined ? null : ring(input.fence)],
  );
}

export async function deleteForbid(database: Database, auth: Auth, id: number) {
  await owned(database, auth, id);
  await database.query('delete from forbid_zones where id = $1', [id]);
}
