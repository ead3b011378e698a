/**
 * Approved quantities (核准数量) per enterprise and area live in brand_quotas; an area's approved total
 * is the sum of its enterprises' quotas (areas in scope). An area's own cap (区域总量上限), set by its
 * regulator, lives in area_caps.
 */
import type { Static } from 'typebox';
import type { Database } from '../../db/client.js';
import type { Auth } from '../../http/auth.js';
import { badRequest, forbidden } from '../../http/envelope.js';
import type { AreaTree } from '../../domain/areas.js';
import { brandCounts, totalsOf } from '../../shared/brandCounts.js';
import { assertCapCovers, setQuota } from '../../shared/quotas.js';
import { pageOf } from '../../http/envelope.js';
import * as repo from './repo.js';
import type {
  AreaBrandList,
  AreaCapData,
  AreaTotalBody,
  AreaTotalData,
  AreaTotalList,
  AreaTotalListQuery,
  ExistsData,
  ExistsQuery,
  QuotaBody,
  QuotaData,
} from './schemas.js';

/** The limits calls' body fields, named in refusals. */
const NUM_FIELDS = { bike: 'bikeNum', ebike: 'ebikeNum' };

/** The area a write or look-up names (default: the request's), existing and within reach. */
function areaOf(auth: Auth, tree: AreaTree, areaId: string | undefined): string {
  const id = areaId ?? auth.areaId;
  if (!tree.get(id)) throw badRequest(`参数 areaId 对应的区域 ${id} 不存在，请重新选择`);
  auth.assertArea(id);
  return id;
}

export async function saveQuota(database: Database, auth: Auth, tree: AreaTree, q: Static<typeof QuotaBody>): Promise<Static<typeof QuotaData>> {
  const areaId = areaOf(auth, tree, q.areaId);
  await setQuota(database, auth, tree, { brandId: q.brandId, areaId, bikeQuota: q.bikeNum, ebikeQuota: q.ebikeNum }, NUM_FIELDS);
  return { brandId: q.brandId, areaId, bikeNum: q.bikeNum, ebikeNum: q.ebikeNum };
}

export async function quotaOf(database: Database, auth: Auth, tree: AreaTree, q: Static<typeof ExistsQuery>): Promise<Static<typeof ExistsData>> {
  const areaId = areaOf(auth, tree, q.areaId);
  const own = auth.brandLimit;
  if (own !== null && own !== q.brandId) throw forbidden('无权查看其他企业的核准数量');
  const row = await repo.findQuota(database, q.brandId, areaId);
  return { exists: !!row, bikeNum: row?.bikeNum ?? 0, ebikeNum: row?.ebikeNum ?? 0 };
}

/** Saves an area's own caps (default area: the request's), replacing earlier ones. */
export async function saveAreaCap(database: Database, auth: Auth, tree: AreaTree, q: Static<typeof AreaTotalBody>): Promise<Static<typeof AreaCapData>> {
  const areaId = areaOf(auth, tree, q.areaId);
  await assertCapCovers(database, tree, { areaId, bikeCap: q.bikeNum, ebikeCap: q.ebikeNum }, NUM_FIELDS);
  await repo.upsertAreaCap(database, { areaId, bikeCap: q.bikeNum, ebikeCap: q.ebikeNum, userId: auth.user.id });
  return { areaId, bikeNum: q.bikeNum, ebikeNum: q.ebikeNum };
}

/** An area's own caps; 0 when none was set. */
async function areaCapOf(database: Database, areaId: string) {
  const row = await repo.findAreaCap(database, areaId);
  return { capBikeNum: row?.bikeCap ?? 0, capEBikeNum: row?.ebikeCap ?? 0 };
}

/** One area's totals (the area and below, the user's enterprise only for enterprise users) and its own caps. */
async function totalOf(database: Database, tree: AreaTree, areaId: string, brandId: number | null): Promise<Static<typeof AreaTotalData>> {
  const [rows, cap] = await Promise.all([brandCounts(database, { areaIds: tree.descendants(areaId), brandId }), areaCapOf(database, areaId)]);
  const t = totalsOf(rows);
  return {
    areaId,
    areaName: tree.get(areaId)?.areaName ?? areaId,
    bikeNum: t.bikeQuota,
    ebikeNum: t.ebikeQuota,
    totalNum: t.bikeQuota + t.ebikeQuota,
    filedBikeNum: t.filedBikeNum,
    filedEBikeNum: t.filedEBikeNum,
    onlineBikeNum: t.onlineBikeNum,
    onlineEBikeNum: t.onlineEBikeNum,
    siteBikeNum: t.siteBikeNum,
    siteEBikeNum: t.siteEBikeNum,
    brandNum: rows.length,
    ...cap,
  };
}

export async function areaTotal(database: Database, auth: Auth, tree: AreaTree) {
  return totalOf(database, tree, auth.areaId, auth.brandLimit);
}

/**
 * 总量设置: the request's area, then the areas right below it, a page at a time, each with its own
 * caps and the totals of it and below (the numbers getAreaTotalNumber answers for that area).
 */
export async function areaTotalList(
  database: Database,
  auth: Auth,
  tree: AreaTree,
  q: Static<typeof AreaTotalListQuery>,
): Promise<Static<typeof AreaTotalList>> {
  const ids = [auth.areaId, ...tree.children(auth.areaId).map((n) => n.id)];
  const { limit, offset } = pageOf(q);
  const lists = [];
  for (const id of ids.slice(offset, offset + limit)) {
    const t = await totalOf(database, tree, id, auth.brandLimit);
    lists.push({ ...t, parentId: tree.get(id)?.parentId ?? null, childNum: tree.children(id).length });
  }
  return { lists, total: ids.length };
}

export async function areaBrandList(database: Database, auth: Auth): Promise<Static<typeof AreaBrandList>> {
  const [rows, own, ratings] = await Promise.all([
    brandCounts(database, auth.scope()),
    repo.quotasAt(database, auth.areaId),
    repo.latestRatings(database, auth.areaId),
  ]);
  const at = new Map(own.map((o) => [o.brandId, o]));
  const rated = new Map(ratings.map(({ brandId, ...r }) => [brandId, r]));
  return {
    lists: rows.map((r) => ({
      areaId: auth.areaId,
      ownBikeNum: at.get(r.brandId)?.bikeNum ?? 0,
      ownEBikeNum: at.get(r.brandId)?.ebikeNum ?? 0,
      brandId: r.brandId,
      brandName: r.brandName,
      bikeColor: r.bikeColor,
      ebikeColor: r.ebikeColor,
      bikeNum: r.bikeQuota,
      ebikeNum: r.ebikeQuota,
      filedBikeNum: r.filedBikeNum,
      filedEBikeNum: r.filedEBikeNum,
      onlineBikeNum: r.onlineBikeNum,
      onlineEBikeNum: r.onlineEBikeNum,
      siteBikeNum: r.siteBikeNum,
      siteEBikeNum: r.siteEBikeNum,
      rating: rated.get(r.brandId) ?? null,
    })),
    total: rows.length,
  };
}
