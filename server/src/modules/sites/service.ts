/**
 * Site rules: a site lives in one district the actor may see; every id-addressed write loads the
 * site's area first and checks it; every write rebuilds the position lookups (geo.invalidate()).
 */
import type { Static } from 'typebox';
import type { Database } from '../../db/client.js';
import type { Auth } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/envelope.js';
import { nextSiteId } from '../../domain/siteIds.js';
import { assertDistrict, checkThresholds, createSite, maxSiteId, ringOf, valuesOf, type SiteCtx, type SiteInput, type SiteValues } from '../../shared/sites.js';
import { centroid } from './geo.js';
import { toGcj02, type CoordSystem } from '../../domain/coords.js';
import * as repo from './repo.js';
import type { LengthFactorBody } from './schemas.js';

export { createSite, type SiteCtx };

/** A live site the actor may see, or 400 / 5002. */
async function loadSite(database: Database, auth: Auth, id: string) {
  const site = await repo.findSite(database, id);
  if (!site) throw notFound('站点');
  auth.assertArea(site.areaId);
  return site;
}

/** Does the write set nothing? */
const isEmpty = (values: SiteValues) => Object.values(values).every((v) => v === undefined);

/** Creates a site from a drawn fence: the centre is the fence's centroid. */
export async function createSiteFromRail(c: SiteCtx, input: SiteInput) {
  if (input.gpsRail === undefined || input.gpsRail === null) throw badRequest('缺少参数 gpsRail，请先在地图上画出站点围栏');
  const ring = ringOf(input.gpsRail, input.coord);
  const centre = centroid(ring);
  return createSite(c, { ...input, gpsRail: ring, coord: 'gcj02', siteLon: centre.lon, siteLat: centre.lat });
}

export async function updateSite(c: SiteCtx, id: string, input: SiteInput) {
  const site = await loadSite(c.database, c.auth, id);
  const values = valuesOf(input);
  if (input.areaId !== undefined && input.areaId !== site.areaId) {
    assertDistrict(c.tree, c.auth, input.areaId);
    values.areaId = input.areaId;
  }
  checkThresholds(input.dispatchThresholdLess ?? site.dispatchThresholdLess, input.dispatchThresholdMore ?? site.dispatchThresholdMore);
  if (isEmpty(values)) throw badRequest('没有需要修改的字段，请填写后重试');
  await repo.updateSites(c.database, [id], values);
  if (values.areaId) await repo.movePiles(c.database, id, values.areaId);
  c.geo.invalidate();
}

/** Same fields on many sites: all must exist and be visible, or nothing changes. */
export async function batchUpdate(c: SiteCtx, siteIds: string[], fields: SiteInput) {
  const ids = [...new Set(siteIds)];
  const values = valuesOf(fields);
  if (isEmpty(values)) throw badRequest('参数 fields 至少需要一个要修改的字段');
  const rows = await repo.siteKeys(c.database, ids);
  const found = new Set(rows.map((r) => r.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) {
    throw badRequest(`站点不存在：${missing.slice(0, 5).join('、')}${missing.length > 5 ? ` 等 ${missing.length} 个` : ''}，请刷新后重试`);
  }
  for (const r of rows) c.auth.assertArea(r.areaId);
  for (const r of rows) {
    checkThresholds(fields.dispatchThresholdLess ?? r.dispatchThresholdLess, fields.dispatchThresholdMore ?? r.dispatchThresholdMore, r.id);
  }
  const n = await repo.updateSites(c.database, ids, values);
  c.geo.invalidate();
  return n;
}

export async function moveCentre(c: SiteCtx, id: string, siteLon: number, siteLat: number, coord?: CoordSystem) {
  await loadSite(c.database, c.auth, id);
  const p = toGcj02(siteLon, siteLat, coord);
  await repo.updateSites(c.database, [id], { siteLon: p.lon, siteLat: p.lat });
  c.geo.invalidate();
}

export async function setFence(c: SiteCtx, id: string, gpsRail: unknown, coord?: CoordSystem) {
  await loadSite(c.database, c.auth, id);
  await repo.updateSites(c.database, [id], { gpsRail: gpsRail === null ? null : JSON.stringify(ringOf(gpsRail, coord)) });
  c.geo.invalidate();
}

/**
 * `length`: default radius of every fence-less site in the request's area (or only of `siteIds`);
 * `fullPileNum`: full-pile coefficient of the given `siteIds` (null: back to the area's).
 */
export async function lengthFactor(c: SiteCtx, input: Static<typeof LengthFactorBody>) {
  if (input.length === undefined && input.fullPileNum === undefined) {
    throw badRequest('请填写参数 length（圆形站点默认半径）或 fullPileNum（站点满桩系数）');
  }
  const ids = input.siteIds ? [...new Set(input.siteIds)] : undefined;
  if (input.fullPileNum !== undefined && !ids?.length) throw badRequest('设置满桩系数 fullPileNum 时需同时提供 siteIds');
  if (ids?.length) {
    const rows = await repo.siteKeys(c.database, ids);
    const found = new Set(rows.map((r) => r.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) throw badRequest(`站点不存在：${missing.slice(0, 5).join('、')}，请刷新后重试`);
    for (const r of rows) c.auth.assertArea(r.areaId);
  }
  const scope = c.auth.scopeAreaIds();
  let lengthUpdated = 0;
  let fullPileUpdated = 0;
  if (input.length !== undefined) lengthUpdated = await repo.setLengthOfCircleSites(c.database, scope, input.length, ids);
  if (input.fullPileNum !== undefined && ids) fullPileUpdated = await repo.updateSites(c.database, ids, { fullPileNum: input.fullPileNum });
  c.geo.invalidate();
  return { lengthUpdated, fullPileUpdated };
}

/** The largest and the next generated id of the request's district. */
export async function maxAndNextId(c: Omit<SiteCtx, 'geo'>) {
  const areaId = c.auth.areaId;
  if (c.tree.get(areaId)?.level !== 3) throw badRequest('参数 selfAreaId 应为区县编码，请先选择区县');
  const max = await maxSiteId(c.database, areaId);
  return { areaId, maxSiteId: max, nextSiteId: nextSiteId(areaId, max) };
}
