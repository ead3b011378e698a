/** The site form's declared fields, its rules (spec §5 and the server's limits) and the body it sends. */
import type { AreaNode } from '../../app/session/types';
import { type Field, serverField } from '../../components/desk';
import type { LonLat } from '../../components/deskMap/types';
import { distanceKm, formatDistance } from '../../lib/distance';
import type { NewSite, SiteRow } from './types';

export interface SiteFormValues {
  siteId?: string;
  siteName: string;
  areaId: string;
  siteLon?: number;
  siteLat?: number;
  length?: number;
  siteBikeCeiling: number;
  bleNum: number;
  recycleSwitch: boolean;
  majorSwitch: boolean;
  brandPutSwitch: boolean;
  dispatchThresholdLess: number;
  dispatchThresholdMore: number;
  dispatchResponseMinute: number;
}

/** The node of an area id in the user's tree. */
export function findArea(nodes: readonly AreaNode[], id: string | undefined): AreaNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = n.children?.length ? findArea(n.children, id) : undefined;
    if (hit) return hit;
  }
  return undefined;
}

/** The route a new site posts to; 编辑 (PUT /api/site/{id}) and 批量修改 take the same site fields and bounds. */
const SITE = '/api/site/';
type Bounded = 'length' | 'siteBikeCeiling' | 'bleNum' | 'dispatchThresholdLess' | 'dispatchThresholdMore' | 'dispatchResponseMinute';
/** An integer within the server's bounds of the site field `name`. */
export const siteInt = (name: Bounded, what: string) => {
  const { minimum: min, maximum: max } = serverField(SITE, name);
  return { type: 'integer' as const, min, max, message: `${what}应为 ${min}-${max} 的整数` };
};
const NAME_MAX = serverField(SITE, 'siteName').maxLength;
/** A coordinate within the server's bounds. */
const coordinate = (name: 'siteLon' | 'siteLat', what: string) => {
  const { minimum: min, maximum: max } = serverField(SITE, name);
  return { type: 'number' as const, min, max, message: `${what}应在 ${min} 到 ${max} 之间` };
};
type Get = { getFieldValue: (name: string) => unknown };
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** 偏少阈值 < 偏多阈值 (the server's rule), checked from either side. */
export const lessThanMore = (side: 'less' | 'more') => (form: Get) => ({
  validator(_: unknown, v: unknown) {
    const other = form.getFieldValue(side === 'less' ? 'dispatchThresholdMore' : 'dispatchThresholdLess');
    if (!isNum(v) || !isNum(other)) return Promise.resolve();
    const ok = side === 'less' ? v < other : v > other;
    return ok ? Promise.resolve() : Promise.reject(new Error(side === 'less' ? '偏少阈值须小于偏多阈值' : '偏多阈值须大于偏少阈值'));
  },
});

/** Fields of 新增站点 / 编辑: 站点编号 read-only on edit; 半径 only without a fence. */
export function siteFormFields(p: { editing: boolean; fenced: boolean; tree: readonly AreaNode[] }): Field<keyof SiteFormValues>[] {
  const district = {
    validator: (_: unknown, v: unknown) =>
      !v || findArea(p.tree, String(v))?.level === 3 ? Promise.resolve() : Promise.reject(new Error('站点须属于区县，请选择区县')),
  };
  const fields: (Field<keyof SiteFormValues> | false)[] = [
    p.editing
      ? { name: 'siteId', label: '站点编号', type: 'display' }
      : {
          name: 'siteId',
          label: '站点编号',
          type: 'input',
          required: true,
          extra: '按区县自动生成，可修改',
          rules: [{ pattern: new RegExp(serverField(SITE, 'siteId').pattern), message: '站点编号为 1-32 位字母、数字、_ 或 -' }],
        },
    {
      name: 'siteName',
      label: '站点名称',
      type: 'input',
      required: true,
      rules: [
        { max: NAME_MAX, message: `站点名称最多 ${NAME_MAX} 个字` },
        { whitespace: true, message: '请输入站点名称' },
      ],
    },
    { name: 'areaId', label: '区域', type: 'area', required: true, rules: [district] },
    {
      name: 'siteLon',
      label: '中心经度',
      type: 'number',
      rules: [{ required: true, message: '请在地图上点击选择站点中心' }, coordinate('siteLon', '经度')],
    },
    {
      name: 'siteLat',
      label: '中心纬度',
      type: 'number',
      rules: [{ required: true, message: '请在地图上点击选择站点中心' }, coordinate('siteLat', '纬度')],
    },
    !p.fenced && {
      name: 'length',
      label: '半径（米）',
      type: 'number',
      required: true,
      extra: '没有围栏时，站点为以中心为圆心的圆',
      rules: [siteInt('length', '半径')],
    },
    { name: 'siteBikeCeiling', label: '停放容量', type: 'number', required: true, rules: [siteInt('siteBikeCeiling', '停放容量')] },
    { name: 'bleNum', label: '蓝牙桩数量', type: 'number', required: true, rules: [siteInt('bleNum', '蓝牙桩数量')] },
    {
      name: 'dispatchThresholdLess',
      label: '偏少阈值（%）',
      type: 'number',
      required: true,
      rules: [siteInt('dispatchThresholdLess', '偏少阈值'), lessThanMore('less')],
    },
    {
      name: 'dispatchThresholdMore',
      label: '偏多阈值（%）',
      type: 'number',
      required: true,
      rules: [siteInt('dispatchThresholdMore', '偏多阈值'), lessThanMore('more')],
    },
    { name: 'dispatchResponseMinute', label: '调度响应（分钟）', type: 'number', required: true, rules: [siteInt('dispatchResponseMinute', '调度响应分钟')] },
    { name: 'recycleSwitch', label: '回收站点', type: 'switch' },
    { name: 'majorSwitch', label: '重点站点', type: 'switch' },
    { name: 'brandPutSwitch', label: '允许投放', type: 'switch' },
  ];
  return fields.filter((f): f is Field<keyof SiteFormValues> => !!f);
}

/** A new site's values: the server's defaults; a district user's own district preselected. */
export function newSiteValues(tree: readonly AreaNode[], userAreaId: string | undefined): Partial<SiteFormValues> {
  return {
    areaId: findArea(tree, userAreaId)?.level === 3 ? userAreaId : undefined,
    length: 20,
    bleNum: 0,
    recycleSwitch: false,
    majorSwitch: false,
    brandPutSwitch: true,
    dispatchThresholdLess: 20,
    dispatchThresholdMore: 80,
    dispatchResponseMinute: 30,
  };
}

/** A site's values for 编辑. */
export function editValues(s: SiteRow): SiteFormValues {
  const { siteId, siteName, areaId, siteLon, siteLat, length, siteBikeCeiling, bleNum, recycleSwitch, majorSwitch, brandPutSwitch } = s;
  const { dispatchThresholdLess, dispatchThresholdMore, dispatchResponseMinute } = s;
  return {
    siteId,
    siteName,
    areaId,
    siteLon,
    siteLat,
    length,
    siteBikeCeiling,
    bleNum,
    recycleSwitch,
    majorSwitch,
    brandPutSwitch,
    dispatchThresholdLess,
    dispatchThresholdMore,
    dispatchResponseMinute,
  };
}

/** An open ring (a closing point equal to the first one dropped). */
export function openRing(ring: readonly LonLat[] | null | undefined): LonLat[] | null {
  if (!ring || ring.length < 3) return null;
  const [a, z] = [ring[0], ring[ring.length - 1]];
  const r = a.lon === z.lon && a.lat === z.lat ? ring.slice(0, -1) : [...ring];
  return r.length >= 3 ? r.map(({ lon, lat }) => ({ lon, lat })) : null;
}

/** The vertices' mean: a drawn fence's centre when none was picked. */
export function centreOf(ring: readonly LonLat[]): LonLat {
  const n = ring.length;
  const r6 = (x: number) => Math.round(x * 1e6) / 1e6;
  return { lon: r6(ring.reduce((s, p) => s + p.lon, 0) / n), lat: r6(ring.reduce((s, p) => s + p.lat, 0) / n) };
}

/** 围栏 size as the spec's distance helper shows it: east-west × north-south. */
export function ringSize(ring: readonly LonLat[]): string {
  const lons = ring.map((p) => p.lon);
  const lats = ring.map((p) => p.lat);
  const [w, e, s, n] = [Math.min(...lons), Math.max(...lons), Math.min(...lats), Math.max(...lats)];
  return `${formatDistance(distanceKm({ lon: w, lat: s }, { lon: e, lat: s }))} × ${formatDistance(distanceKm({ lon: w, lat: s }, { lon: w, lat: n }))}`;
}

/** The body of 新增站点 / 修改站点: the fence, or none (then the radius). */
export function siteBody(v: SiteFormValues, ring: readonly LonLat[] | null): NewSite {
  const body: NewSite = {
    siteName: v.siteName.trim(),
    areaId: v.areaId,
    siteLon: v.siteLon,
    siteLat: v.siteLat,
    siteBikeCeiling: v.siteBikeCeiling,
    bleNum: v.bleNum,
    recycleSwitch: !!v.recycleSwitch,
    majorSwitch: !!v.majorSwitch,
    brandPutSwitch: !!v.brandPutSwitch,
    dispatchThresholdLess: v.dispatchThresholdLess,
    dispatchThresholdMore: v.dispatchThresholdMore,
    dispatchResponseMinute: v.dispatchResponseMinute,
  };
  if (ring && ring.length >= 3) body.gpsRail = ring.map(({ lon, lat }) => ({ lon, lat }));
  else body.length = v.length;
  return body;
}
