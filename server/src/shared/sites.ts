/**
 * Site look-ups, the site create and the site delete that several features share (the sites and
 * devices pages, the home screen, 米单车管理's site applications): a live site, checked against the
 * request's reach; a new site's fields (SiteFields), their checks and its id.
 */
import { Type, type Static } from 'typebox';
import type { Database } from '../db/client.js';
import { columnValues, insertSql, selectList } from '../db/columns.js';
import type { AreaTree } from '../domain/areas.js';
import { toGcj02, type CoordSystem } from '../domain/coords.js';
import { normalizePolygon, type LonLat } from '../domain/polygon.js';
import { generatedSiteIdRegex, nextSiteId } from '../domain/siteIds.js';
import type { Auth } from '../http/auth.js';
import { badRequest, notFound } from '../http/envelope.js';
import { Nullable, Polygon, SelfArea, SiteIdT } from '../http/schemas.js';
import type { GeoCache } from './geoCache.js';
import { SITE_COLUMNS, SITE_PARAM_COLUMNS, type SiteOut, type SiteParamValues, type SiteRow } from './siteList.js';

/** A site's place and capacity (its ceiling's until the first snapshot). */
export type SiteRef = Pick<SiteOut, 'siteId' | 'siteName' | 'areaId' | 'siteLon' | 'siteLat' | 'siteBikeCeiling' | 'capacity'>;

/** A live site of the request's scope: 400 when it does not exist, 5002 when it is another area's. */
export async function siteInScope(database: Database, auth: Auth, siteId: string): Promise<SiteRef> {
  const [s] = await database.query<SiteRef>(
    `select s.id as "siteId", s.site_name as "siteName", s.area_id as "areaId", s.lon as "siteLon", s.lat as "siteLat",
            s.site_bike_ceiling as "siteBikeCeiling", coalesce(st.capacity, s.site_bike_ceiling) as capacity
       from sites s left join site_state st on st.site_id = s.id
      where s.id = $1 and s.deleted_at is null`,
    [siteId],
  );
  if (!s) throw notFound('站点');
  auth.assertInScope(s.areaId);
  return s;
}

/** A live site the user may see (own area or below): 400 when it does not exist, 5002 when out of reach. */
export async function siteInReach(database: Database, auth: Auth, id: string): Promise<{ siteId: string; areaId: string }> {
  const [site] = await database.query<{ siteId: string; areaId: string }>(
    `select id as "siteId", area_id as "areaId" from sites where id = $1 and deleted_at is null`,
    [id],
  );
  if (!site) throw notFound('站点');
  auth.assertArea(site.areaId);
  return site;
}

/** Soft delete; the site also leaves every magnify group. */
async function softDeleteSite(database: Database, id: string): Promise<void> {
  await database.query(
    `with g as (update magnify_groups set site_list = site_list - $1::text where site_list ? $1::text)
     update sites set deleted_at = now(), updated_at = now() where id = $1 and deleted_at is null`,
    [id],
  );
}

/** Soft delete (deleted_at); `areaId`, when sent, must be the site's. */
export async function deleteSite(c: { database: Database; geo: GeoCache; auth: Auth }, id: string, areaId?: string) {
  const site = await siteInReach(c.database, c.auth, id);
  if (areaId && areaId !== site.areaId) throw badRequest(`站点 ${id} 不属于区域 ${areaId}，请刷新后重试`);
  await softDeleteSite(c.database, id);
  c.geo.invalidate();
}

/* ---------- a new site (the sites page's 新增站点, an approved site application) ---------- */

/** A switch: true/false, or 1/0 as the console sends it. */
export const Switch = (description: string) => Type.Union([Type.Boolean(), Type.Integer({ minimum: 0, maximum: 1 })], { description });

export const Coord = Type.Union([Type.Literal('gcj02'), Type.Literal('wgs84'), Type.Literal('bd09')], {
  description: '输入坐标系：gcj02（默认）、wgs84 或 bd09；保存时统一转换为 GCJ-02',
});

/** Every settable field of a site; all optional (create checks what it needs). */
export const SiteFields = {
  siteName: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: '站点名称，1-64 个字符' })),
  areaId: Type.Optional(Type.String({ pattern: '^\\d{6}$', description: '所属区县编码（须为区县）' })),
  siteLon: Type.Optional(Type.Number({ minimum: -180, maximum: 180, description: '中心经度' })),
  siteLat: Type.Optional(Type.Number({ minimum: -90, maximum: 90, description: '中心纬度' })),
  coord: Type.Optional(Coord),
  gpsRail: Type.Optional(Nullable(Polygon, '站点围栏多边形，null 清除')),
  length: Type.Optional(Type.Integer({ minimum: 5, maximum: 500, description: '圆形站点半径 5-500 米，默认 20' })),
  bleNum: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000, description: '蓝牙桩数量' })),
  siteBikeCeiling: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000, description: '停放容量' })),
  siteCeiling: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000, description: '站点上限' })),
  recycleSwitch: Type.Optional(Switch('回收站点')),
  majorSwitch: Type.Optional(Switch('重点站点')),
  brandPutSwitch: Type.Optional(Switch('允许企业投放')),
  dispatchResponseMinute: Type.Optional(Type.Integer({ minimum: 0, maximum: 1440, description: '调度响应时限（分钟）' })),
  dispatchThresholdLess: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, description: '偏少阈值 0-100（%），须小于偏多阈值' })),
  dispatchThresholdMore: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, description: '偏多阈值 0-100（%）' })),
  fullPileNum: Type.Optional(Nullable(Type.Number({ exclusiveMinimum: 0, maximum: 10 }), '站点满桩系数（0-10），null 沿用区域的')),
};

/** A new site (POST /): its fields, and its id when not generated. */
export const SiteBody = Type.Object({ ...SiteFields, ...SelfArea, siteId: Type.Optional(SiteIdT) });
/** What a site write takes: a new site's, an edit's (PUT /:id, no id), or a batch's fields. */
export type SiteInput = Static<typeof SiteBody>;

/** What a site write needs around it. */
export interface SiteCtx {
  database: Database;
  geo: GeoCache;
  tree: AreaTree;
  auth: Auth;
}

/** What a site write stores, by the API's keys (SITE_COLUMNS names their columns); the fence as JSON text. */
export type SiteValues = Partial<Omit<Pick<SiteRow, keyof typeof SITE_COLUMNS>, 'gpsRail'> & { gpsRail: string | null }>;

/** Throws unless `areaId` is a district the actor may see. */
export function assertDistrict(tree: AreaTree, auth: Auth, areaId: string, field = 'areaId') {
  const node = tree.get(areaId);
  if (!node) throw badRequest(`参数 ${field} 对应的区域 ${areaId} 不存在，请重新选择`);
  auth.assertArea(areaId);
  if (node.level !== 3) throw badRequest(`参数 ${field} 应为区县，站点只能建在区县下，请选择区县后重试`);
}

/** Every point of a ring converted to GCJ-02. */
function ringToGcj02(ring: LonLat[], coord: CoordSystem = 'gcj02'): LonLat[] {
  return coord === 'gcj02' ? ring : ring.map((p) => toGcj02(p.lon, p.lat, coord));
}

export function ringOf(value: unknown, coord: CoordSystem | undefined, field = 'gpsRail'): LonLat[] {
  const r = normalizePolygon(value, field);
  if (!r.ok) throw badRequest(r.message);
  return ringToGcj02(r.ring, coord);
}

export function checkThresholds(less: number, more: number, siteId?: string) {
  if (less >= more) {
    const which = siteId ? `站点 ${siteId} 的` : '';
    throw badRequest(`${which}偏少阈值 dispatchThresholdLess（${less}）应小于偏多阈值 dispatchThresholdMore（${more}），请调整后重试`);
  }
}

const asBool = (v: boolean | number | undefined) => (v === undefined ? undefined : v === true || v === 1);

/** Input → the values a write stores (no area, no id): validates the name, position and fence; switches as booleans. */
export function valuesOf(input: SiteInput): SiteValues {
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
  const values: SiteValues = { ...plain, recycleSwitch: asBool(recycleSwitch), majorSwitch: asBool(majorSwitch), brandPutSwitch: asBool(brandPutSwitch) };
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

/** The largest generated id (area + 7 digits) of a district, deleted sites included. */
export async function maxSiteId(database: Database, areaId: string): Promise<string | null> {
  const [row] = await database.query<{ max: string | null }>('select max(id) as max from sites where id ~ $1', [generatedSiteIdRegex(areaId)]);
  return row?.max ?? null;
}

/** Inserts unless the id is taken; answers whether it did. */
async function insertSite(database: Database, values: SiteValues): Promise<boolean> {
  const { text, params } = insertSql('sites', columnValues(SITE_COLUMNS, values), 'on conflict (id) do nothing returning id');
  return (await database.query(text, params)).length > 0;
}

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
  const [defaults] = await c.database.query<SiteParamValues>(`select ${selectList(SITE_PARAM_COLUMNS, 'a')} from areas a where a.id = $1`, [areaId]);
  for (const [key, v] of Object.entries(defaults ?? {}) as [keyof SiteParamValues, number | null][])
    if (values[key] === undefined && v !== null) values[key] = v;
  checkThresholds(values.dispatchThresholdLess ?? 20, values.dispatchThresholdMore ?? 80);
  values.areaId = areaId;
  let id: string | null = null;
  if (input.siteId) {
    const taken = `站点编号 ${input.siteId} 已被使用（含已删除的站点），请换一个`;
    if ((await c.database.query('select 1 from sites where id = $1', [input.siteId])).length > 0) throw badRequest(taken);
    if (!(await insertSite(c.database, { siteId: input.siteId, ...values }))) throw badRequest(taken);
    id = input.siteId;
  } else {
    // two writers may pick the same next id: the loser retries with the one after
    for (let attempt = 0; attempt < 5 && !id; attempt++) {
      const next = nextSiteId(areaId, await maxSiteId(c.database, areaId));
      if (!next) throw badRequest(`区县 ${areaId} 的站点编号已用完，请指定 siteId`);
      if (await insertSite(c.database, { siteId: next, ...values })) id = next;
    }
    if (!id) throw badRequest('站点编号分配冲突，请稍后重试');
  }
  c.geo.invalidate();
  return id;
}
