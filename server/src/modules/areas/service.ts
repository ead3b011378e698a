/** Areas: reads of the tree, CRUD, operating fences (rail) and entry fences (entryRail). */
import type { Static } from 'typebox';
import type { Database } from '../../db/client.js';
import type { Auth } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/envelope.js';
import { normalizePolygon, outsideChina, type LonLat } from '../../domain/polygon.js';
import { codeMisfit, ROOT_AREA_ID, type AreaTree } from '../../domain/areas.js';
import { formatTime } from '../../domain/time.js';
import type { AreaCache } from '../../shared/areaCache.js';
import * as repo from './repo.js';
import type { AreaRow } from './repo.js';
import type { Area, AreaCreateBody, AreaInput } from './schemas.js';

export type { AreaRow };

/** An area as the console gets it: its row, its code, and siteCount (its sites and those of the areas below). */
export type AreaOut = Static<typeof Area>;

/** The rows of `ids` with their site counts summed up the tree (one grouped count over sites). */
export async function areasIn(database: Database, tree: AreaTree, ids: string[]): Promise<AreaOut[]> {
  const rows = await repo.areasIn(database, ids);
  const wanted = new Set(ids);
  const total = new Map<string, number>();
  for (const { areaId, n } of await repo.siteCounts(database)) {
    for (const node of tree.path(areaId)) if (wanted.has(node.id)) total.set(node.id, (total.get(node.id) ?? 0) + n);
  }
  // the rows are this call's own: completed in place (a spread copy of the whole country's 3,349 rows
  // cost 15-50 ms of the event loop per call under load, bench/load.ts)
  const out = rows as AreaOut[];
  for (const r of out) {
    r.areaCode = r.id;
    r.siteCount = total.get(r.id) ?? 0;
  }
  return out;
}

async function getArea(database: Database, id: string): Promise<AreaRow> {
  const row = await repo.findArea(database, id);
  if (!row) throw notFound('区域');
  return row;
}

export interface TreeNode extends AreaOut {
  children: TreeNode[];
}

/** The nested tree below `rootId` from rows that include it (the rows become its nodes, in place). */
export function nest(rows: AreaOut[], rootId: string): TreeNode[] {
  const byParent = new Map<string, TreeNode[]>();
  let root: TreeNode | undefined;
  for (const r of rows) {
    const node = r as TreeNode;
    node.children = [];
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

function polygonOrThrow(value: unknown, field: string): LonLat[] {
  const r = normalizePolygon(value, field);
  if (!r.ok) throw badRequest(r.message);
  const abroad = outsideChina(r.ring, field);
  if (abroad) throw badRequest(abroad);
  return r.ring;
}

export async function createArea(database: Database, cache: AreaCache, auth: Auth, input: Static<typeof AreaCreateBody>) {
  auth.assertArea(input.parentId);
  const parent = await getArea(database, input.parentId);
  const misfit = codeMisfit(input.id, parent);
  if (misfit) throw badRequest(`参数 id：${misfit}`);
  if (await repo.areaExists(database, input.id)) throw badRequest(`区域编码 ${input.id} 已存在`);
  const rail = input.gpsRail ? polygonOrThrow(input.gpsRail, 'gpsRail') : null;
  await repo.insertArea(database, {
    id: input.id,
    parentId: input.parentId,
    areaName: input.areaName,
    level: parent.level + 1,
    aggregation: input.aggregation ?? 0,
    aggregationId: input.aggregationId ?? null,
    platformCode: input.platformCode ?? null,
    monitorOpen: input.monitorOpen ?? false,
    isOpen: input.isOpen ?? false,
    gbfsPublic: input.gbfsPublic ?? false,
    gpsRail: rail ? JSON.stringify(rail) : null,
  });
  await cache.reload();
}

export async function updateArea(database: Database, cache: AreaCache, auth: Auth, id: string, input: AreaInput) {
  auth.assertArea(id);
  await getArea(database, id);
  const values: repo.AreaValues = {
    areaName: input.areaName,
    aggregation: input.aggregation,
    aggregationId: input.aggregationId === undefined ? undefined : input.aggregationId || null,
    platformCode: input.platformCode === undefined ? undefined : input.platformCode || null,
    monitorOpen: input.monitorOpen,
    isOpen: input.isOpen,
    gbfsPublic: input.gbfsPublic,
    gpsRail: input.gpsRail === undefined ? undefined : input.gpsRail ? JSON.stringify(polygonOrThrow(input.gpsRail, 'gpsRail')) : null,
  };
  await repo.updateArea(database, id, values);
  if (input.areaName !== undefined) await cache.reload();
}

export async function deleteArea(database: Database, cache: AreaCache, auth: Auth, id: string) {
  auth.assertArea(id);
  if (id === ROOT_AREA_ID || id === auth.user.areaId) throw badRequest('不能删除自己所属的区域');
  await getArea(database, id);
  const { kids, sites, users, brands } = await repo.dependents(database, id);
  if (kids > 0) throw badRequest(`该区域下还有 ${kids} 个下级区域，请先删除下级区域`);
  const held = [
    [sites, '站点'],
    [users, '用户'],
    [brands, '企业'],
  ]
    .filter(([n]) => Number(n) > 0)
    .map(([n, what]) => `${n} 个${what}`);
  if (held.length) throw badRequest(`该区域下还有 ${held.join('、')}，不能删除`);
  await repo.deleteArea(database, id);
  await cache.reload();
}

/* ---------- operating fence of an area (stored on the area) ---------- */

export async function setRail(database: Database, auth: Auth, areaId: string, gpsRail: unknown) {
  auth.assertArea(areaId);
  await getArea(database, areaId);
  const ring = polygonOrThrow(gpsRail, 'gpsRail');
  await repo.setAreaRail(database, areaId, JSON.stringify(ring));
}

export async function clearRail(database: Database, auth: Auth, areaId: string) {
  auth.assertArea(areaId);
  await getArea(database, areaId);
  await repo.setAreaRail(database, areaId, null);
}

/** Fences of the area and the areas below it that have one. */
export async function listRails(database: Database, tree: AreaTree, areaId: string) {
  const rows = await repo.railsIn(database, tree.descendants(areaId));
  return rows.map((r) => ({ id: r.id, areaId: r.id, areaName: r.areaName, gpsRail: r.gpsRail }));
}

/* ---------- entry fences (several per area) ---------- */

export async function listEntryRails(database: Database, tree: AreaTree, areaId: string, tz: string) {
  const rows = await repo.entryRailsIn(database, tree.descendants(areaId));
  return rows.map(({ createdAt, ...r }) => ({ ...r, createTime: formatTime(createdAt, tz)! }));
}

export async function addEntryRail(database: Database, auth: Auth, areaId: string, name: string, gpsRail: unknown) {
  auth.assertArea(areaId);
  await getArea(database, areaId);
  const ring = polygonOrThrow(gpsRail, 'gpsRail');
  return repo.insertEntryRail(database, { areaId, name, gpsRail: JSON.stringify(ring) });
}

async function ownedEntry(database: Database, auth: Auth, id: number) {
  const areaId = await repo.entryRailArea(database, id);
  if (!areaId) throw notFound('围栏');
  auth.assertArea(areaId);
}

export async function updateEntryRail(database: Database, auth: Auth, id: number, name: string | undefined, gpsRail: unknown) {
  await ownedEntry(database, auth, id);
  const ring = gpsRail === undefined ? undefined : JSON.stringify(polygonOrThrow(gpsRail, 'gpsRail'));
  await repo.updateEntryRail(database, id, { name, gpsRail: ring });
}

export async function deleteEntryRail(database: Database, auth: Auth, id: number) {
  await ownedEntry(database, auth, id);
  await repo.deleteEntryRail(database, id);
}
