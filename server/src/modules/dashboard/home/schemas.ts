/** TypeBox schemas of the home screen's own calls: the main call, init, search, one site, the bikes layer. */
import { Type } from 'typebox';
import { LonLatT, Nullable } from '../../../http/schemas.js';
import { Envelope } from '../../../http/envelope.js';
import { Int, Num, SiteMessage, Str } from '../schemas.js';

export const MapSite = Type.Object({
  siteId: Str('站点编号'),
  siteName: Str('站点名称'),
  siteLon: Num('中心经度（GCJ-02）'),
  siteLat: Num('中心纬度（GCJ-02）'),
  flag: Int('0 空桩, 1 正常, 2 满桩, 3 偏多, 4 偏少'),
  status: Str('状态文字'),
  num: Int('站内车辆数（最近一次快照）'),
  currentNum: Int('同 num'),
  bikeNum: Int('站内自行车数'),
  ebikeNum: Int('站内电动车数'),
  siteBikeCeiling: Int('停放容量'),
  capacity: Int('容量 = floor(停放容量 × 满桩值)'),
  bleNum: Int('蓝牙桩数'),
  recycleSwitch: Type.Boolean({ description: '回收站点' }),
  majorSwitch: Type.Boolean({ description: '重点站点' }),
  gpsRail: Nullable(Type.Array(LonLatT), '站点围栏，空为以 length 为半径的圆'),
  length: Int('圆形站点半径（米）'),
});

const BrandStat = Type.Object({
  brandId: Int('企业 ID'),
  brandName: Str('品牌名称'),
  onlineNum: Int(`在线车辆数：区域内最近 STALE_HOURS（默认 24）小时内上报过的车辆（含非法车辆）`),
  siteNum: Int('站内车辆数（最近一次快照）'),
  brandBikeNum: Int('在线自行车数'),
  brandEBikeNum: Int('在线电动车数'),
  bikeSiteNum: Int('站内自行车数'),
  ebikeSiteNum: Int('站内电动车数'),
  bikeColor: Str('自行车颜色'),
  ebikeColor: Str('电动车颜色'),
  quantity_approved: Int('核准数量（区域核准的自行车 + 电动车）'),
  recorded_number: Int('备案数量：最后上报位置在区域内的已备案车辆，加上从未上报、企业注册在区域内的已备案车辆'),
  warn: Int('非法车辆数（未备案而上报，最近 STALE_HOURS 小时）'),
  abnormal: Int('未关闭且未处理的异常消息数'),
});
const TypeShare = Type.Object({
  brandId: Int('企业 ID'),
  brandName: Str('品牌名称'),
  color: Str('颜色'),
  num: Int('在线数量'),
  siteNum: Int('站内数量'),
});

const Statistical = Type.Object(
  {
    brands: Type.Array(BrandStat, { description: '品牌统计，按在线数降序，最多 10 个' }),
    bikeNum: Int('在线自行车合计'),
    ebikeNum: Int('在线电动车合计'),
    bSiteNumTotal: Int('站内自行车合计'),
    eSiteNumTotal: Int('站内电动车合计'),
    bike: Type.Array(TypeShare, { description: '各品牌自行车，最多 10 个' }),
    ebike: Type.Array(TypeShare, { description: '各品牌电动车，最多 10 个' }),
    total: Int('站点总数'),
    full: Int('满桩站点数'),
    more: Int('偏多站点数'),
    normal: Int('正常站点数'),
    less: Int('偏少站点数'),
    empty: Int('空桩站点数（含尚未统计的站点）'),
  },
  { description: '品牌统计与站点状态计数；合计不受 10 个的截断影响' },
);

export const DashboardData = Type.Object({
  map: Type.Array(MapSite, { description: '地图站点' }),
  statistical: Statistical,
  siteMessage: Type.Array(SiteMessage, { description: '最新站点消息，最多 10 条' }),
});

/** The envelope of the main call without its map (serialized apart: see dashboardJson). */
export const DashboardRest = Envelope(Type.Object({ statistical: Statistical, siteMessage: DashboardData.properties.siteMessage }));

const BrandBriefT = Type.Object({
  brandId: Int('企业 ID'),
  brandName: Str('品牌名称'),
  bikeColor: Str('自行车颜色'),
  ebikeColor: Str('电动车颜色'),
});

export const InitData = Type.Object({
  area: Type.Object({
    areaId: Str('区域编码'),
    areaName: Str('区域名称'),
    level: Int('0 全国, 1 省, 2 市, 3 区县'),
    aggregation: Int('聚合标志'),
    aggregationId: Nullable(Type.String(), '聚合区域 ID'),
    fullPileNum: Num('满桩值（非数字时为 1）'),
    fullPileName: Str('满桩值名称（缺省 满桩值）'),
    siteCount: Int('区域内站点数'),
    lon: Num('地图中心经度：站点平均位置，其次区域围栏中心，再次默认 116.397428'),
    lat: Num('地图中心纬度：默认 39.90923'),
    extent: Nullable(
      Type.Object({
        minLon: Num('最小经度'),
        minLat: Num('最小纬度'),
        maxLon: Num('最大经度'),
        maxLat: Num('最大纬度'),
      }),
      '区域内有坐标的站点的外接矩形（GCJ-02）；没有站点时为 null',
    ),
  }),
  brands: Type.Array(BrandBriefT, { description: '区域内的品牌及颜色' }),
  isAggregation: Type.Boolean({
    description: 'aggregation 为 0 且无 aggregationId，或 aggregation 为 1 且有 aggregationId',
  }),
});

export const FoundSite = Type.Object({
  siteId: Str('站点编号'),
  siteName: Str('站点名称'),
  siteLon: Num('经度'),
  siteLat: Num('纬度'),
  areaId: Str('区县编码'),
  flag: Int('站点标志'),
  status: Str('状态文字'),
  num: Int('站内车辆数'),
  gpsRail: Nullable(Type.Array(LonLatT)),
  length: Int('圆形站点半径（米）'),
});
export const SearchData = Type.Object({
  lists: Type.Array(FoundSite, { description: '找到的站点（按名称最多 50 个；按车辆为车辆所在站点）' }),
  bike: Nullable(
    Type.Object({
      bikeId: Str('车辆编号'),
      brandId: Int('企业 ID'),
      brandName: Str('品牌'),
      bikeType: Int('0 自行车, 1 电动车'),
      bikeLon: Num('车辆经度'),
      bikeLat: Num('车辆纬度'),
      siteId: Str('所在站点'),
    }),
    '按车辆编号或车牌搜索时的车辆',
  ),
});

const BrandSiteNum = Type.Object({ brandId: Int('企业 ID'), brandName: Str('品牌'), siteNum: Int('站内数量') });
export const Flow = Type.Object({
  orderId: Str('订单号'),
  bikeId: Str('车辆编号'),
  brandId: Int('企业 ID'),
  brandName: Str('品牌'),
  bikeType: Int('0 自行车, 1 电动车'),
  time: Str('本站点租车（rentBike）或还车（returnBike）时间'),
  request: Str('JSON 文本 {bikeLon, bikeLat}：另一端（还车点或租车点）的位置'),
});
export const SiteDetail = Type.Object({
  siteId: Str('站点编号'),
  siteName: Str('站点名称'),
  siteLon: Num('经度'),
  siteLat: Num('纬度'),
  areaId: Str('区县编码'),
  bleNum: Int('蓝牙桩数'),
  siteBikeCeiling: Int('停放容量'),
  siteCeiling: Int('站点上限'),
  capacity: Int('容量'),
  num: Int('站内车辆数'),
  currentNum: Int('同 num'),
  bikeNum: Int('自行车数'),
  ebikeNum: Int('电动车数'),
  flag: Int('站点标志'),
  status: Str('状态文字'),
  recycleSwitch: Type.Boolean(),
  majorSwitch: Type.Boolean(),
  brandPutSwitch: Type.Boolean(),
  gpsRail: Nullable(Type.Array(LonLatT)),
  length: Int('圆形站点半径（米）'),
  createTime: Str('创建时间'),
  stateTime: Nullable(Type.String(), '快照时间'),
  brandBike: Type.Array(BrandSiteNum, { description: '各品牌站内自行车' }),
  brandEBike: Type.Array(BrandSiteNum, { description: '各品牌站内电动车' }),
  rentBike: Type.Array(Flow, {
    description: '今日从本站租出的骑行（flowMapType 1 或缺省），另一端为还车点；未还车的不列出',
  }),
  returnBike: Type.Array(Flow, { description: '今日还到本站的骑行（flowMapType 2 或缺省），另一端为租车点' }),
});

export const LayerBike = Type.Object({
  bikeId: Str('车辆编号'),
  brandId: Nullable(Type.Integer(), '企业 ID'),
  brandName: Str('品牌'),
  bikeType: Int('0 自行车, 1 电动车'),
  bikeLon: Num('经度'),
  bikeLat: Num('纬度'),
  legality: Int('0 合法, 1 非法'),
  time: Str('上报、还车或告警时间'),
});
