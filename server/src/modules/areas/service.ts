/** Areas: reads of the tree, CRUD, operating fences (rail) and entry fences (entryRail). */
import type { Database } from '../../db/client.js';
import type { Auth } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/envelope.js';
import { normalizePolygon, type LonLat } from '../../domain/geometry.js';
import { ROOT_AREA_ID, type AreaTree } from '../../domain/areas.js';
import { formatTime } from '../../domain/time.js';
import type { AreaCache } from '../../shared/areaCache.js';

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

export const toArea = (r: AreaRow) => ({ ...r, areaCode: r.id });

export async function getArea(database: Database, id: string): Promise<AreaRow> {
  const [row] = await database.query<AreaRow>(`${SELECT} where id = $1`, [id]);
  if (!row) throw notFound('区域');
  return row;
}

export async function areasIn(database: Database, ids: string[]): Promise<AreaRow[]> {
  return database.query<AreaRow>(`${SELECT} where id = any($1::varchar[]) order by id`, [ids]);
}

export interface TreeNode extends ReturnType<typeof toArea> {
  children: TreeNode[];
}

/** The nested tree below `rootId` from rows that include it. */
export function nest(rows: AreaRow[], rootId: string): TreeNode[] {
  const byParent = new Map<string, TreeNode[]>();
  let root: TreeNode | undefined;
  for (const r of rows) {
    const node: TreeNode = { ...toArea(r), children: [] };
    if (r.id === rootId) root = node;
    if (r.parentId !== null) {
      const list = byParent.get(r.parentId) ?? [];
      list.push(node);
      byParent.set(r.parentId, list);
    }
  }
  const attach = (n: TreeNode) => {
    n.children = byParent.get(n.id) ?? [];
    n.children.forEach(attach);
  };
  if (!root) return [];
  attach(root);
  return [root];
}

export function cityOf(tree: AreaTree, id: string) {
  return tree.path(id).find((n) => n.level === 2) ?? null;
}

export interface AreaInput {
  id?: string;
  parentId?: string;
  areaName?: string;
  aggregation?: number;
  aggregationId?: string | null;
  platformCode?: string | null;
  monitorOpen?: boolean;
  isOpen?: boolean;
  gpsRail?: unknown;
}

function polygonOrThrow(value: unknown, field: string): LonLat[] {
  const r = normalizePolygon(value, field);
  if (!r.ok) throw badRequest(r.message);
  return r.ring;
}

export async function createArea(database: Database, cache: AreaCache, auth: Auth, input: Required<Pick<AreaInput, 'id' | 'parentId' | 'areaName'>> & AreaInput) {
  auth.assertArea(input.parentId);
  const parent = await getArea(database, input.parentId);
  if (parent.level >= 4) throw badRequest('最多支持到第 4 级区域');
  if ((await database.query('select 1 from areas where id = $1', [input.id])).length) throw badRequest(`区域编码 ${input.id} 已存在`);
  const rail = input.gpsRail ? polygonOrThrow(input.gpsRail, 'gpsRail') : null;
  await database.query(
    `insert into areas (id, parent_id, area_name, level, aggregation, aggregation_id, platform_code, monitor_open, is_open, gps_rail)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      input.id,
      input.parentId,
      input.areaName,
      parent.level + 1,
      input.aggregation ?? 0,
      input.aggregationId ?? null,
      input.platformCode ?? null,
      input.monitorOpen ?? false,
      input.isOpen ?? false,
      rail ? JSON.stringify(rail) : null,
    ],
  );
  await cache.reload();
}

export async function updateArea(database: Database, cache: AreaCache, auth: Auth, id: string, input: AreaInput) {
  auth.assertArea(id);
  await getArea(database, id);
  const sets: string[] = [];
  const params: unknown[] = [id];
  const set = (col: string, v: unknown) => {
    params.push(v);
    sets.push(`${col} = $${params.length}`);
  };
  if (input.areaName !== undefined) set('area_name', input.areaName);
  if (input.aggregation !== undefined) set('aggregation', input.aggregation);
  if (input.aggregationId !== undefined) set('aggregation_id', input.aggregationId || null);
  if (input.platformCode !== undefined) set('platform_code', input.platformCode || null);
  if (input.monitorOpen !== undefined) set('monitor_open', input.monitorOpen);
  if (input.isOpen !== undefined) set('is_open', input.isOpen);
  if (input.gpsRail !== undefined) set('gps_rail', input.gpsRail ? JSON.stringify(polygonOrThrow(input.gpsRail, 'gpsRail')) : null);
  if (!sets.length) return;
  sets.push('updated_at = now()');
  await database.query(`update areas set ${sets.join(', ')} where id = $1`, params);
  if (input.areaName !== undefined) await cache.reload();
}

export async function deleteArea(database: Database, cache: AreaCache, auth: Auth, id: string) {
  auth.assertArea(id);
  if (id === ROOT_AREA_ID || id === auth.user.areaId) throw badRequest('不能删除自己所属的区域');
  await getArea(database, id);
  const [{ kids, users }] = await database.query<{ kids: number; users: number }>(
    `select (select count(*)::int from areas where parent_id = $1) as kids, (select count(*)::int from users where area_id = $1) as users`,
    [id],
  );
  if (kids > 0) throw badRequest(`该区域下还有 ${kids} 个下级区域，请先删除下级区域`);
  if (users > 0) throw badRequest(`该区域下还有 ${users} 个用户，请先调整这些用户的区域`);
  await database.query('delete from areas where id = $1', [id]);
  await cache.reload();
}

/* ---------- operating fence of an area (stored on the area) ---------- */

export async function setRail(database: Database, auth: Auth, areaId: string, gpsRail: unknown) {
  auth.assertArea(areaId);
  await getArea(database, areaId);
  const ring = polygonOrThrow(gpsRail, 'gpsRail');
  await database.query('update areas set gps_rail = $2, updated_at = now() where id = $1', [areaId, JSON.stringify(ring)]);
}

export async function clearRail(database: Database, auth: Auth, areaId: string) {
  auth.assertArea(areaId);
  await getArea(database, areaId);
  await database.query('update areas set gps_rail = null, updated_at = now() where id = $1', [areaId]);
}

/** Fences of the area and the areas below it that have one. */
export async function listRails(database: Database, tree: AreaTree, areaId: string) {
  const rows = await database.query<{ id: string; areaName: string; gpsRail: LonLat[] }>(
    `select id, area_name as "areaName", gps_rail as "gpsRail" from areas
      where id = any($1::varchar[]) and gps_rail is not null order by id`,
    [tree.descendants(areaId)],
  );
  return rows.map((r) => ({ id: r.id, areaId: r.id, areaName: r.areaName, gpsRail: r.gpsRail }));
}

/* ---------- entry fences (several per area) ---------- */

interface EntryRow {
  id: number;
  areaId: string;
  areaName: string;
  name: string;
  gpsRail: LonLat[];
  createdAt: Date;
}

export async function listEntryRails(database: Database, tree: AreaTree, areaId: string, tz: string) {
  const rows = await database.query<EntryRow>(
    `select r.id, r.area_id as "areaId", a.area_name as "areaName", r.name, r.gps_rail as "gpsRail", r.created_at as "createdAt"
       from area_rails r join areas a on a.id = r.area_id
      where r.kind = 'entry' and r.area_id = any($1::varchar[]) order by r.id`,
    [tree.descendants(areaId)],
  );
  return rows.map(({ createdAt, ...r }) => ({ ...r, createTime: formatTime(createdAt, tz)! }));
}

export async function addEntryRail(database: Database, auth: Auth, areaId: string, name: string, gpsRail: unknown) {
  auth.assertArea(areaId);
  await getArea(database, areaId);
  const ring = polygonOrThrow(gpsRail, 'gpsRail');
  const [row] = await database.query<{ id: number }>(
    `insert into area_rails (area_id, kind, name, gps_rail) values ($1, 'entry', $2, $3) returning id`,
    [areaId, name, JSON.stringify(ring)],
  );
  return row.id;
}

async function ownedEntry(database: Database, auth: Auth, id: number) {
  const [row] = await database.query<{ areaId: string }>(`select area_id as "areaId" from area_rails where id = $1 and kind = 'entry'`, [id]);
  if (!row) throw notFound('围栏');
  auth.assertArea(row.areaId);
}

export async function updateEntryRail(database: Database, auth: Auth, id: number, name: string | undefined, gpsRail: unknown) {
  await ownedEntry(database, auth, id);
  const ring = gpsRail === undefined ? null : JSON.stringify(polygonOrThrow(gpsRail, 'gpsRail'));
  await database.query('update area_rails set name = coalesce($2, name), gps_rail = coalesce($3::jsonb, gps_rail) where id = $1', [
    id,
    name ?? null,
    ring,
  ]);
}

export async function deleteEntryRail(database: Database, auth: Auth, id: number) {
  await ownedEntry(database, auth, id);
  await database.query('delete from area_rails where id = $1', [id]);
}
