/** Magnify groups: named groups of sites of one area whose capacity is magnified together (rules; queries in repo.ts). */
import type { Static } from 'typebox';
import type { Database } from '../../db/client.js';
import type { Auth } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/envelope.js';
import type { AreaTree } from '../../domain/areas.js';
import { formatTime } from '../../domain/time.js';
import type { GeoCache } from '../../shared/geoCache.js';
import * as repo from './repo.js';
import { likeEscape } from '../../db/sql.js';
import type { Magnify, MagnifyBody, MagnifyEditBody } from './schemas.js';

interface Ctx {
  database: Database;
  geo: GeoCache;
  tree: AreaTree;
  auth: Auth;
}

const toGroup = ({ createdAt, appliedAt, ...r }: repo.GroupRow, tz: string): Static<typeof Magnify> => ({
  ...r,
  siteCount: r.siteList.length,
  createTime: formatTime(createdAt, tz)!,
  appliedTime: formatTime(appliedAt, tz),
});

export async function listGroups(
  database: Database,
  areaIds: string[],
  f: { alias?: string; openSwitch?: boolean; limit: number; offset: number },
  tz: string,
) {
  const { rows, total } = await repo.groupPage(database, {
    ...f,
    areaIds,
    aliasPattern: f.alias ? `%${likeEscape(f.alias)}%` : undefined,
  });
  return { lists: rows.map((r) => toGroup(r, tz)), total };
}

/** A group the actor may see, or 400 / 5002. */
export async function loadGroup(database: Database, auth: Auth, id: number) {
  const row = await repo.findGroup(database, id);
  if (!row) throw notFound('放大分组');
  auth.assertArea(row.areaId);
  return row;
}

/** The sites must be live and within the group's area. */
async function checkSites(c: Ctx, areaId: string, siteList: string[]) {
  const ids = [...new Set(siteList)];
  const rows = await repo.siteKeys(c.database, ids);
  const found = new Map(rows.map((r) => [r.id, r.areaId]));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw badRequest(`参数 siteList 中的站点不存在：${missing.slice(0, 5).join('、')}，请刷新后重试`);
  const outside = ids.filter((id) => !c.tree.isWithin(found.get(id)!, areaId));
  if (outside.length) throw badRequest(`参数 siteList 中的站点不在分组所属区域内：${outside.slice(0, 5).join('、')}`);
  return ids;
}

const bool = (v: boolean | number | undefined) => (v === undefined ? undefined : v === true || v === 1);

export async function addGroup(c: Ctx, input: Static<typeof MagnifyBody>) {
  const areaId = input.areaId ?? c.auth.areaId;
  if (!c.tree.get(areaId)) throw badRequest(`参数 areaId 对应的区域 ${areaId} 不存在`);
  c.auth.assertArea(areaId);
  const ids = await checkSites(c, areaId, input.siteList);
  const id = await repo.insertGroup(c.database, {
    areaId,
    alias: input.alias.trim(),
    siteList: ids,
    factor: input.factor ?? 1,
    openSwitch: bool(input.openSwitch) ?? false,
  });
  c.geo.invalidate();
  return id;
}

export async function updateGroup(c: Ctx, id: number, input: Static<typeof MagnifyEditBody>) {
  const group = await loadGroup(c.database, c.auth, id);
  const ids = input.siteList ? await checkSites(c, group.areaId, input.siteList) : null;
  await repo.updateGroup(c.database, id, {
    alias: input.alias?.trim() ?? null,
    siteList: ids,
    factor: input.factor ?? null,
    openSwitch: bool(input.openSwitch) ?? null,
  });
  c.geo.invalidate();
}

export async function deleteGroup(c: Ctx, id: number) {
  await loadGroup(c.database, c.auth, id);
  await repo.deleteGroup(c.database, id);
  c.geo.invalidate();
}

/**
 * Sites that stand in more than one open group of the area. With `siteList`, the answer is for
 * that list as if it were an open group (`id`: the group being edited, which it replaces).
 */
export async function clashes(database: Database, areaIds: string[], draft?: { id?: number; alias?: string; siteList: string[] }) {
  const groups = await repo.openGroups(database, areaIds);
  const all = draft ? [...groups.filter((g) => g.id !== draft.id), { id: draft.id ?? 0, alias: draft.alias ?? '当前分组', siteList: draft.siteList }] : groups;
  const bySite = new Map<string, { id: number; alias: string }[]>();
  for (const g of all) {
    for (const s of new Set(g.siteList)) {
      const list = bySite.get(s) ?? [];
      list.push({ id: g.id, alias: g.alias });
      bySite.set(s, list);
    }
  }
  const draftIds = draft ? new Set(draft.siteList) : null;
  const clashing = [...bySite.entries()].filter(([s, gs]) => gs.length > 1 && (!draftIds || draftIds.has(s)));
  if (!clashing.length) return [];
  const names = await repo.siteNames(
    database,
    clashing.map(([s]) => s),
  );
  const nameOf = new Map(names.map((n) => [n.id, n.siteName]));
  return clashing.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([siteId, gs]) => ({ siteId, siteName: nameOf.get(siteId) ?? '', groups: gs }));
}
