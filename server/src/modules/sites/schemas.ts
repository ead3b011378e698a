/** TypeBox schemas of the site API: what a site looks like going out, and the fields it accepts. */
import { Type } from 'typebox';
import { LonLatT, Nullable, Polygon } from '../../http/schemas.js';

/** A switch: true/false, or 1/0 as the console sends it. */
export const Switch = (description: string) => Type.Union([Type.Boolean(), Type.Integer({ minimum: 0, maximum: 1 })], { description });

export const Coord = Type.Union([Type.Literal('gcj02'), Type.Literal('wgs84'), Type.Literal('bd09')], {
  description: '输入坐标系：gcj02（默认）、wgs84 或 bd09；保存时统一转换为 GCJ-02',
});

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

export const RailSite = Type.Object({
  siteId: Type.String({ description: '站点编号' }),
  siteName: Type.String({ description: '站点名称' }),
  siteLon: Type.Number({ description: '中心经度（GCJ-02）' }),
  siteLat: Type.Number({ description: '中心纬度（GCJ-02）' }),
  areaId: Type.String({ description: '所属区县编码' }),
  gpsRail: Nullable(Type.Array(LonLatT), '站点围栏，空为圆形站点'),
  length: Type.Integer({ description: '圆形站点半径（米）' }),
  flag: Type.Integer({ description: '0 空桩, 1 正常, 2 满桩, 3 偏多, 4 偏少' }),
  num: Type.Integer({ description: '当前站内车辆数' }),
  recycleSwitch: Type.Boolean({ description: '回收站点' }),
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

/** Fields that PUT /batch may set on many sites at once. */
export const BatchFields = Type.Object({
  recycleSwitch: SiteFields.recycleSwitch,
  majorSwitch: SiteFields.majorSwitch,
  brandPutSwitch: SiteFields.brandPutSwitch,
  siteBikeCeiling: SiteFields.siteBikeCeiling,
  siteCeiling: SiteFields.siteCeiling,
  bleNum: SiteFields.bleNum,
  length: SiteFields.length,
  dispatchResponseMinute: SiteFields.dispatchResponseMinute,
  dispatchThresholdLess: SiteFields.dispatchThresholdLess,
  dispatchThresholdMore: SiteFields.dispatchThresholdMore,
  fullPileNum: SiteFields.fullPileNum,
});

export const Magnify = Type.Object({
  id: Type.Integer({ description: '分组 ID' }),
  areaId: Type.String({ description: '所属区域编码' }),
  areaName: Type.String({ description: '所属区域名称' }),
  alias: Type.String({ description: '分组名称' }),
  siteList: Type.Array(Type.String(), { description: '站点编号' }),
  siteCount: Type.Integer({ description: '站点数' }),
  factor: Type.Number({ description: '放大系数' }),
  openSwitch: Type.Boolean({ description: '是否开启' }),
  createTime: Type.String({ description: '创建时间' }),
  appliedTime: Nullable(Type.String(), '生效时间：站点快照最近一次应用该分组（开启、改系数或改站点后）的时间，空为尚未生效'),
});

export const Clash = Type.Object({
  siteId: Type.String({ description: '站点编号' }),
  siteName: Type.String({ description: '站点名称' }),
  groups: Type.Array(Type.Object({ id: Type.Integer(), alias: Type.String() }), { description: '包含该站点的已开启分组' }),
});
