/**
 * The filtered site list (站点列表): its filters as the console sends them, the query (a page, or
 * every row by keyset for the export) and a site as the console reads it (Site), whose stored fields
 * and columns SITE_COLUMNS names once. Shared by the site list and the site writes (modules/sites)
 * and the site export under /api/device (modules/devices).
 */
import { Type, type Static } from 'typebox';
import type { Database } from '../db/client.js';
import { selectList, type Columns } from '../db/columns.js';
import { likeEscape } from '../db/sql.js';
import { capacityOf, FLAG_LABEL } from '../domain/siteStatus.js';
import { formatTime } from '../domain/time.js';
import { LonLatT, Nullable } from '../http/schemas.js';

export const Site = Type.Object({
  siteId: Type.String({ description: '站点编号' }),
  siteName: Type.String({ description: '站点名称' }),
  siteLon: Type.Number({ description: '中心经度（GCJ-02）' }),
  siteLat: Type.Number({ description: '中心纬度（GCJ-02）' }),
  areaId: Type.String({ description: '所属区县编码' }),
  areaName: Type.String({ description: '所属区县名称' }),
  bleNum: Type.Integer({ description: '蓝牙桩数量' }),
  pileNum: Type.Integer({ description: '已登记的设备（桩）数量' }),
  siteBikeCeiling: Type.Integer({ description: '停放容量' }),
  siteCeiling: Type.Integer({ description: '站点上限' }),
  length: Type.Integer({ description: '无围栏时的站点半径（米）' }),
  gpsRail: Nullable(Type.Array(LonLatT), '站点围栏（GCJ-02），空为以 length 为半径的圆'),
  recycleSwitch: Type.Boolean({ description: '回收站点' }),
  majorSwitch: Type.Boolean({ description: '重点站点' }),
  brandPutSwitch: Type.Boolean({ description: '允许企业投放（上架）' }),
  dispatchResponseMinute: Type.Integer({ description: '调度响应时限（分钟）' }),
  dispatchThresholdLess: Type.Integer({ description: '偏少阈值（%）' }),
  dispatchThresholdMore: Type.Integer({ description: '偏多阈值（%）' }),
  fullPileNum: Nullable(Type.Number(), '站点满桩系数，空为沿用区域的满桩值'),
  num: Type.Integer({ description: '当前站内车辆数（自行车 + 电动车）' }),
  currentNum: Type.Integer({ description: '同 num' }),
  bikeNum: Type.Integer({ description: '站内自行车数' }),
  ebikeNum: Type.Integer({ description: '站内电动车数' }),
  capacity: Type.Integer({ description: '容量 = floor(停放容量 × 满桩系数 × 所在已开启放大分组的最大系数)，取自最近一次站点快照' }),
  flag: Type.Integer({ description: '0 空桩, 1 正常, 2 满桩, 3 偏多, 4 偏少' }),
  status: Type.String({ description: '状态文字：空桩/偏少/正常/偏多/满桩' }),
  stateTime: Nullable(Type.String(), '站点状态的统计时间，空为尚未统计'),
  createTime: Type.String({ description: '创建时间' }),
  updateTime: Type.String({ description: '修改时间' }),
});
export type SiteOut = Static<typeof Site>;

/** A site's stored fields, by the API's key, and their columns of sites: what the site writes set and the reads select. */
export const SITE_COLUMNS = {
  siteId: 'id',
  siteName: 'site_name',
  siteLon: 'lon',
  siteLat: 'lat',
  areaId: 'area_id',
  bleNum: 'ble_num',
  siteBikeCeiling: 'site_bike_ceiling',
  siteCeiling: 'site_ceiling',
  length: 'length',
  gpsRail: 'gps_rail',
  recycleSwitch: 'recycle_switch',
  majorSwitch: 'major_switch',
  brandPutSwitch: 'brand_put_switch',
  dispatchResponseMinute: 'dispatch_response_minute',
  dispatchThresholdLess: 'dispatch_threshold_less',
  dispatchThresholdMore: 'dispatch_threshold_more',
  fullPileNum: 'full_pile_num',
} satisfies Columns<SiteOut>;

/** The site parameters (站点参数) an area gives its new sites, by the site's key, and their columns of areas. */
export const SITE_PARAM_COLUMNS = {
  length: 'site_length',
  dispatchThresholdLess: 'site_threshold_less',
  dispatchThresholdMore: 'site_threshold_more',
  dispatchResponseMinute: 'site_response_minute',
} satisfies Columns<SiteOut>;
/** An area's site parameters: null where never set (the sites table's default applies). */
export type SiteParamValues = { [K in keyof typeof SITE_PARAM_COLUMNS]: SiteOut[K] | null };

/**
 * A site's row as SITE_SELECT reads it: its stored fields, its area's name and full-pile value, its
 * pile count, and its snapshot state (null before the first snapshot) and times, which toSite turns
 * into the API's.
 */
export type SiteRow = Pick<SiteOut, keyof typeof SITE_COLUMNS | 'areaName' | 'pileNum'> & {
  areaFullPileNum: number;
  num: number | null;
  bikeNum: number | null;
  ebikeNum: number | null;
  capacity: number | null;
  flag: number | null;
  stateAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

const SITE_SELECT_LIST = `${selectList(SITE_COLUMNS, 's')},
         a.area_name as "areaName", a.full_pile_num as "areaFullPileNum",
         (select count(*)::int from piles p where p.site_id = s.id) as "pileNum",
         st.num, st.bike_num as "bikeNum", st.ebike_num as "ebikeNum", st.capacity, st.flag, st.updated_at as "stateAt",
         s.created_at as "createdAt", s.updated_at as "updatedAt"`;
const SITE_JOINS = `join areas a on a.id = s.area_id
    left join site_state st on st.site_id = s.id`;

export const SITE_SELECT = `
  select ${SITE_SELECT_LIST}
    from sites s
    ${SITE_JOINS}`;

/** Status filter of spec §4 (满桩 1, 偏多 2, 偏少 3, 空桩 4) → site flag. */
const FLAG_OF_STATUS: Record<number, number> = { 1: 2, 2: 3, 3: 4, 4: 0 };

/**
 * A site as the console reads it; a site the snapshot job has not seen yet counts as empty, with
 * the capacity of its ceiling and full-pile value (the snapshot's, with any open magnify group's
 * factor, once it has run).
 */
export function toSite(r: SiteRow, tz: string): SiteOut {
  const flag = r.flag ?? 0;
  const num = r.num ?? 0;
  return {
    siteId: r.siteId,
    siteName: r.siteName,
    siteLon: r.siteLon,
    siteLat: r.siteLat,
    areaId: r.areaId,
    areaName: r.areaName,
    bleNum: r.bleNum,
    pileNum: r.pileNum,
    siteBikeCeiling: r.siteBikeCeiling,
    siteCeiling: r.siteCeiling,
    length: r.length,
    gpsRail: r.gpsRail,
    recycleSwitch: r.recycleSwitch,
    majorSwitch: r.majorSwitch,
    brandPutSwitch: r.brandPutSwitch,
    dispatchResponseMinute: r.dispatchResponseMinute,
    dispatchThresholdLess: r.dispatchThresholdLess,
    dispatchThresholdMore: r.dispatchThresholdMore,
    fullPileNum: r.fullPileNum,
    num,
    currentNum: num,
    bikeNum: r.bikeNum ?? 0,
    ebikeNum: r.ebikeNum ?? 0,
    capacity: r.capacity ?? capacityOf(r.siteBikeCeiling, r.fullPileNum ?? r.areaFullPileNum),
    flag,
    status: FLAG_LABEL[flag] ?? '正常',
    stateTime: formatTime(r.stateAt, tz),
    createTime: formatTime(r.createdAt, tz)!,
    updateTime: formatTime(r.updatedAt, tz)!,
  };
}
/** A switch: true/false, or 1/0 as the console sends it. */
const Switch = (description: string) => Type.Union([Type.Boolean(), Type.Integer({ minimum: 0, maximum: 1 })], { description });

/** The filters of the site list (GET /api/site/) and its export, all optional. */
export const SiteListFilters = {
  siteName: Type.Optional(Type.String({ maxLength: 64, description: '站点名称（模糊）' })),
  siteId: Type.Optional(Type.String({ maxLength: 32, description: '站点编号（前缀）' })),
  recycleSwitch: Type.Optional(Switch('回收站点')),
  majorSwitch: Type.Optional(Switch('重点站点')),
  brandPutSwitch: Type.Optional(Switch('允许企业投放')),
  flag: Type.Optional(Type.Integer({ minimum: 0, maximum: 4, description: '站点标识：0 空桩, 1 正常, 2 满桩, 3 偏多, 4 偏少' })),
  status: Type.Optional(Type.Integer({ minimum: 1, maximum: 4, description: '状态筛选：1 满桩, 2 偏多, 3 偏少, 4 空桩（flag 优先）' })),
};
const _filters = Type.Object(SiteListFilters);
export type SiteListQuery = Static<typeof _filters>;

/** The list's filters (SiteListQuery) as siteFilterOf completes them: switches as booleans, status folded into flag; the scope and page added. */
export type SiteFilter = Pick<SiteListQuery, 'siteName' | 'siteId' | 'flag'> & {
  areaIds: string[];
  ids?: string[];
  recycleSwitch?: boolean;
  majorSwitch?: boolean;
  brandPutSwitch?: boolean;
  limit?: number;
  offset?: number;
};

const asBool = (v: boolean | number | undefined) => (v === undefined ? undefined : v === true || v === 1);

/** The query's filters over the areas (the caller's scope). */
export function siteFilterOf(areaIds: string[], q: SiteListQuery): SiteFilter {
  return {
    areaIds,
    siteName: q.siteName?.trim() || undefined,
    siteId: q.siteId?.trim() || undefined,
    recycleSwitch: asBool(q.recycleSwitch),
    majorSwitch: asBool(q.majorSwitch),
    brandPutSwitch: asBool(q.brandPutSwitch),
    flag: q.flag ?? (q.status !== undefined ? FLAG_OF_STATUS[q.status] : undefined),
  };
}

/**
 * The where clause of a filter and its parameters, and whether it reads the snapshot state (st).
 * The areas are a semi-join on unnest(): as `= any(array)` the planner would estimate each of the
 * thousands of areas of a national scope, which cost more than the query itself. A name without
 * letters that have case (Chinese, digits) is matched with like, which is much cheaper than ilike
 * on multibyte text and finds the same sites.
 */
function whereOf(f: SiteFilter) {
  const where = ['s.deleted_at is null', 's.area_id in (select unnest($1::text[]))'];
  const params: unknown[] = [f.areaIds];
  const add = (clause: string, value: unknown) => {
    params.push(value);
    where.push(clause.replaceAll('?', `$${params.length}`));
  };
  if (f.ids) add('s.id = any(?::text[])', f.ids);
  if (f.siteName) add(`s.site_name ${f.siteName.toLowerCase() === f.siteName.toUpperCase() ? 'like' : 'ilike'} ?`, `%${likeEscape(f.siteName)}%`);
  if (f.siteId) add('s.id like ?', `${likeEscape(f.siteId)}%`);
  if (f.recycleSwitch !== undefined) add('s.recycle_switch = ?', f.recycleSwitch);
  if (f.majorSwitch !== undefined) add('s.major_switch = ?', f.majorSwitch);
  if (f.brandPutSwitch !== undefined) add('s.brand_put_switch = ?', f.brandPutSwitch);
  if (f.flag !== undefined) add('coalesce(st.flag, 0) = ?', f.flag);
  return { cond: where.join(' and '), params, state: f.flag !== undefined };
}

/**
 * The filtered ids (materialized: planned on their own, without the LIMIT, so the areas are a hash
 * semi-join and not a loop over them per site), the page's ids, then the page's rows with their
 * area, state and pile count (counted for the page's sites only).
 */
function pageSql(f: SiteFilter, { keyset, count }: { keyset: boolean; count: boolean }) {
  const { cond, params, state } = whereOf(f);
  const after = keyset ? ` and s.id > $${params.length + 1}` : '';
  const n = params.length + (keyset ? 1 : 0);
  const filtered = `select s.id from sites s${state ? ' left join site_state st on st.site_id = s.id' : ''} where ${cond}${after}`;
  return {
    params,
    filtered,
    sql: `with f as materialized (${filtered}), page as (select id from f order by id limit $${n + 1}${keyset ? '' : ` offset $${n + 2}`})
          select ${count ? '(select count(*)::int from f) as total, ' : ''}${SITE_SELECT_LIST}
            from page join sites s on s.id = page.id ${SITE_JOINS} order by s.id`,
  };
}

/** A page of the filtered sites by id (every row without `limit`) and their number, in one scan of the sites. */
export async function listSites(database: Database, f: SiteFilter) {
  if (f.limit === undefined) {
    const { cond, params } = whereOf(f);
    const rows = await database.query<SiteRow>(`${SITE_SELECT} where ${cond} order by s.id`, params);
    return { rows, total: rows.length };
  }
  const { sql, params, filtered } = pageSql(f, { keyset: false, count: true });
  const rows = await database.query<SiteRow & { total: number }>(sql, [...params, f.limit, f.offset ?? 0]);
  if (rows.length) return { rows: rows.map(({ total: _, ...r }) => r as SiteRow), total: rows[0].total };
  // a page past the end
  const [{ total }] = await database.query<{ total: number }>(`select count(*)::int as total from (${filtered}) x`, params);
  return { rows: [], total };
}

/** Every filtered site in id order, page by page by keyset (id > the last one): memory stays flat. */
export async function* sitePages(database: Database, f: SiteFilter, pageSize = 2000): AsyncIterable<SiteRow[]> {
  const first = pageSql(f, { keyset: false, count: false });
  const next = pageSql(f, { keyset: true, count: false });
  let last: string | null = null;
  for (;;) {
    const rows: SiteRow[] =
      last === null
        ? await database.query<SiteRow>(first.sql, [...first.params, pageSize, 0])
        : await database.query<SiteRow>(next.sql, [...next.params, last, pageSize]);
    if (rows.length) yield rows;
    if (rows.length < pageSize) return;
    last = rows[rows.length - 1].siteId;
  }
}
