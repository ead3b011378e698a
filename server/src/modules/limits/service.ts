/**
 * Approved quantities (核准数量) per enterprise and area live in brand_quotas; an area's approved total
 * is the sum of its enterprises' quotas (areas in scope). An area-level cap of its own has no table.
 */
import type { Database } from '../../db/client.js';
import type { Auth } from '../../http/auth.js';
import { badRequest, forbidden } from '../../http/envelope.js';
import type { AreaTree } from '../../domain/areas.js';
import { ownBrand, setQuota } from '../company/service.js';
import { brandCounts, totalsOf } from '../statistics/brands.js';
import { scopeOf } from '../statistics/service.js';

/** The area a write or look-up names (default: the request's), existing and within reach. */
export function areaOf(auth: Auth, tree: AreaTree, areaId: string | undefined): string {
  const id = areaId ?? auth.areaId;
  if (!tree.get(id)) throw badRequest(`参数 areaId 对应的区域 ${id} 不存在，请重新选择`);
  auth.assertArea(id);
  return id;
}

export async function saveQuota(
  database: Database,
  auth: Auth,
  tree: AreaTree,
  q: { brandId: number; areaId?: string; bikeNum: number; ebikeNum: number },
) {
  const areaId = areaOf(auth, tree, q.areaId);
  await setQuota(database, auth, tree, { brandId: q.brandId, areaId, bikeQuota: q.bikeNum, ebikeQuota: q.ebikeNum });
  return { brandId: q.brandId, areaId, bikeNum: q.bikeNum, ebikeNum: q.ebikeNum };
}

export async function quotaOf(database: Database, auth: Auth, tree: AreaTree, q: { brandId: number; areaId?: string }) {
  const areaId = areaOf(auth, tree, q.areaId);
  const own = ownBrand(auth);
  if (own !== null && own !== q.brandId) throw forbidden('无权查看其他企业的核准数量');
  const [row] = await database.query<{ bikeNum: number; ebikeNum: number }>(
    `select bike_quota as "bikeNum", ebike_quota as "ebikeNum" from brand_quotas where brand_id = $1 and area_id = $2`,
    [q.brandId, areaId],
  );
  return { exists: !!row, bikeNum: row?.bikeNum ?? 0, ebikeNum: row?.ebikeNum ?? 0 };
}

export async function areaTotal(database: Database, auth: Auth, tree: AreaTree, staleHours: number) {
  const rows = await brandCounts(database, scopeOf(auth), staleHours);
  const t = totalsOf(rows);
  return {
    areaId: auth.areaId,
    areaName: tree.get(auth.areaId)?.areaName ?? auth.areaId,
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
  };
}

export async function areaBrandList(database: Database, auth: Auth, staleHours: number) {
  const rows = await brandCounts(database, scopeOf(auth), staleHours);
  return {
    lists: rows.map((r) => ({
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
    })),
    total: rows.length,
  };
}

/** An area-level cap needs its own table (none exists): the call says so instead of pretending. */
export const AREA_CAP_MISSING = '暂不支持设置区域总量上限（尚无区域总量数据表），请在“区域核准数量”中为各企业分别设置核准数量';
