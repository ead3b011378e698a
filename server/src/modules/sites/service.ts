/**
 * Site rules: a site lives in one district the actor may see; every id-addressed write loads the
 * site's area first and checks it; every write rebuilds the position lookups (geo.invalidate()).
 */
import type { Static } from 'typebox';
import type { Database } from '../../db/client.js';
import type { Auth } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/envelope.js';
import type { AreaTree } from '../../domain/areas.js';
import { normalizePolygon, type LonLat } from '../../domain/geometry.js';
import { nextSiteId } from '../../domain/siteIds.js';
import type { GeoCache } from '../../shared/geoCache.js';
import type { SiteParamValues } from '../../shared/siteList.js';
import { centroid, ringToGcj02, type CoordSystem } from './geo.js';
import { toGcj02 } from '../../domain/coords.js';
import * as repo from './repo.js';
import type { LengthFactorBody, SiteInput } from './schemas.js';

/** What a site write needs around it. */
export interface SiteCtx {
  database: Database;
  geo: GeoCache;
  tree: AreaTree;
  auth: Auth;
}

/** Throws unless `areaId` is a district the actor may see. */
function assertDistrict(tree: AreaTree, auth: Auth, areaId: string, field = 'areaId') {
  const node = tree.get(areaId);
  if (!node) throw badRequest(`参数 ${field} 对应的区域 ${areaId} 不存在，请重新选择`);
  auth.assertArea(areaId);
  if (node.level !== 3) throw badRequest(`参数 ${field} 应为区县，站点只能建在区县下，请选择区县后重试`);
}

/** A live site the actor may see, or 400 / 5002. */
async function loadSite(database: Database, auth: Auth, id: string) {
  const site = await repo.findSite(database, id);
  if (!site) throw notFound('站点');
  auth.assertArea(site.areaId);
  return site;
}

function ringOf(value: unknown, coord: CoordSystem | undefined, field = 'gpsRail'): LonLat[] {
  const r = normalizePolygon(value, field);
  if (!r.ok) throw badRequest(r.message);
  return ringToGcj02(r.ring, coord);
}

function checkThresholds(less: number, more: number, siteId?: string) {
  if (less >= more) {
    const which = siteId ? `站点 ${siteId} 的` : '';
    throw badRequest(`${which}偏少阈值 dispatchThresholdLess（${less}）应小于偏多阈值 dispatchThresholdMore（${more}），请调整后重试`);
  }
}

const asBool = (v: boolean | number | undefined) => (v === undefined ? undefined : v === true || v === 1);

/** Input → the values a write stores (no area, no id): validates the name, position and fence; switches as booleans. */
function valuesOf(input: SiteInput): repo.SiteValues {
  // the area and the id are the callers'; position, fence, name and switches are converted below; the
  // rest are the form's plain numbers, stored as they come (columnValues writes only SITE_COLUMNS' keys)
  const {
    siteId: _id,
    selfAreaId: _self,
    areaId: _area,
    coord,
    siteLon,
    siteLat,
    gpsRail,
    siteName,
    recycleSwitch,
    majorSwitch,
    brandPutSwitch,
    ...plain
  } = input;
  const values: repo.SiteValues = { ...plain, recycleSwitch: asBool(recycleSwitch), majorSwitch: asBool(majorSwitch), brandPutSwitch: asBool(brandPutSwitch) };
  if (siteName !== undefined) {
    values.siteName = siteName.trim();
    if (!values.siteName) throw badRequest('参数 siteName 不能为空，请填写站点名称');
  }
  if ((siteLon === undefined) !== (siteLat === undefined)) {
    throw badRequest('参数 siteLon 和 siteLat 需同时填写');
  }
  if (siteLon !== undefined && siteLat !== undefined) {
    const p = toGcj02(siteLon, siteLat, coord);
    values.siteLon = p.lon;
    values.siteLat = p.lat;
  }
  if (gpsRail !== undefined) {
    values.gpsRail = gpsRail === null ? null : JSON.stringify(ringOf(gpsRail, coord));
  }
  return values;
}

/** Does the write set nothing? */
const isEmpty = (values: repo.SiteValues) => Object.values(values).every((v) => v === undefined);

/** Creates a site; the id is the given one (unique) or the district's next generated one. */
export async function createSite(c: SiteCtx, input: SiteInput): Promise<string> {
  if (input.siteName === undefined) throw badRequest('缺少参数 siteName，请填写站点名称');
  if (input.siteLon === undefined || input.siteLat === undefined) throw badRequest('缺少参数 siteLon、siteLat，请在地图上选择站点位置');
  const areaId = input.areaId ?? c.auth.areaId;
  if (input.areaId === undefined && c.tree.get(areaId)?.level !== 3) {
    throw badRequest('缺少参数 areaId，请选择站点所属的区县');
  }
  assertDistrict(c.tree, c.auth, areaId);
  const values = valuesOf(input);
  // what the request leaves out, the district's site parameters give (站点参数); else the table's default
  const defaults = await repo.areaSiteDefaults(c.database, areaId);
  for (const [key, v] of Object.entries(defaults ?? {}) as [keyof SiteParamValues, number | null][])
    if (values[key] === undefined && v !== null) values[key] = v;
  checkThresholds(values.dispatchThresholdLess ?? 20, values.dispatchThresholdMore ?? 80);
  values.areaId = areaId;
  let id: string | null = null;
  if (input.siteId) {
    const taken = `站点编号 ${input.siteId} 已被使用（含已删除的站点），请换一个`;
    if (await repo.siteIdTaken(c.database, input.siteId)) throw badRequest(taken);
    if (!(await repo.insertSite(c.database, { siteId: input.siteId, ...values }))) throw badRequest(taken);
    id = input.siteId;
  } else {
    // two writers may pick the same next id: the loser retries with the one after
    for (let attempt = 0; attempt < 5 && !id; attempt++) {
      const next = nextSiteId(areaId, await repo.maxSiteId(c.database, areaId));
      if (!next) throw badRequest(`区县 ${areaId} 的站点编号已用完，请指定 siteId`);
      if (await repo.insertSite(c.database, { siteId: next, ...values })) id = next;
    }
    if (!id) throw badRequest('站点编号分配冲突，请稍后重试');
  }
  c.geo.invalidate();
  return id;
}

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
  const maxSiteId = await repo.maxSiteId(c.database, areaId);
  return { areaId, maxSiteId, nextSiteId: nextSiteId(areaId, maxSiteId) };
}
