/** TypeBox schemas of the site API: what a site looks like going out, and the fields it accepts. */
import { Type } from 'typebox';
import { LonLatT, Nullable, SelfArea, SiteIdT } from '../../http/schemas.js';
import { SiteFields, Switch } from '../../shared/sites.js';

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

/** PUT /length_factor: the default radius of fence-less sites, and the full-pile coefficient of some. */
export const LengthFactorBody = Type.Object({
  ...SelfArea,
  length: SiteFields.length,
  fullPileNum: SiteFields.fullPileNum,
  siteIds: Type.Optional(Type.Array(SiteIdT, { minItems: 1, maxItems: 1000, description: '只处理这些站点' })),
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

/** A magnify group's fields as a write takes them. */
const MagnifySiteList = Type.Array(SiteIdT, { minItems: 1, maxItems: 1000, description: '站点编号，1-1000 个，须在分组所属区域内' });
const Factor = Type.Number({ exclusiveMinimum: 0, maximum: 10, description: '放大系数（0-10），默认 1' });
export const MagnifyAlias = Type.String({ minLength: 1, maxLength: 64, description: '分组名称' });

/** A new magnify group (POST /magnify/). */
export const MagnifyBody = Type.Object({
  ...SelfArea,
  areaId: Type.Optional(Type.String({ pattern: '^\\d{6}$', description: '分组所属区域，默认 selfAreaId' })),
  alias: MagnifyAlias,
  siteList: MagnifySiteList,
  factor: Type.Optional(Factor),
  openSwitch: Type.Optional(Switch('是否开启，默认关闭')),
});

/** A magnify group's change (PUT /magnify/:id; the fields given). */
export const MagnifyEditBody = Type.Object({
  ...SelfArea,
  alias: Type.Optional(MagnifyAlias),
  siteList: Type.Optional(MagnifySiteList),
  factor: Type.Optional(Factor),
  openSwitch: Type.Optional(Switch('是否开启')),
});

export const Clash = Type.Object({
  siteId: Type.String({ description: '站点编号' }),
  siteName: Type.String({ description: '站点名称' }),
  groups: Type.Array(Type.Object({ id: Type.Integer(), alias: Type.String() }), { description: '包含该站点的已开启分组' }),
});
