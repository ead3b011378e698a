/** TypeBox schemas of the dashboard's dialogs, curves and tables. */
import { Type } from 'typebox';
import { Nullable } from '../../http/schemas.js';

const Int = (description: string) => Type.Integer({ description });
const Str = (description: string) => Type.String({ description });
const Num = (description: string) => Type.Number({ description });

export const BrandSite = Type.Object({ siteId: Str('站点编号'), siteName: Str('站点名称'), siteLon: Num('经度'), siteLat: Num('纬度'), num: Int('该品牌在站车辆数') });

export const SiteBike = Type.Object({
  bikeId: Str('车辆编号'),
  brandId: Int('企业 ID'),
  brandName: Str('品牌'),
  bikeType: Int('0 自行车, 1 电动车'),
  licenseCode: Nullable(Type.String(), '车牌'),
  bikeLon: Num('经度'),
  bikeLat: Num('纬度'),
  legality: Int('0 合法, 1 非法'),
  reportTime: Str('最近上报时间'),
});

const Heard = Type.Object({
  bikeId: Str('车辆编号（按车辆 MAC 或 MAC 规则识别）'),
  mac: Str('蓝牙 MAC'),
  siteId: Str('听到该车的站点'),
  siteName: Str('站点名称'),
  time: Str('最近听到的时间'),
  liveSiteId: Type.Optional(Nullable(Type.String(), '平台判定的所在站点（abnormal 项）')),
  liveSiteName: Type.Optional(Nullable(Type.String(), '平台判定的所在站点名称')),
});
export const MonitorBrand = Type.Object({
  brandId: Int('企业 ID'),
  brandName: Str('品牌'),
  count: Int('最近 24 小时蓝牙桩听到的该品牌车辆数'),
  warn: Type.Array(Heard, { description: '听到但未备案（非法），最多 500 条' }),
  abnormal: Type.Array(Heard, { description: '已备案但平台判定的所在站点与听到的站点不同，最多 500 条' }),
  mac_count: Int('听到的该品牌 MAC 数'),
  mac_list: Type.Array(Type.String(), { description: '听到的 MAC，最多 500 个' }),
});

export const NotUploadBrand = Type.Object({
  brandId: Int('企业 ID'),
  brandName: Str('品牌'),
  count: Int('超过 STALE_HOURS（默认 24）小时未上报（或从未上报）的备案车辆数'),
  list: Type.Array(
    Type.Object({
      bikeId: Str('车辆编号'),
      bikeType: Int('0 自行车, 1 电动车'),
      licenseCode: Nullable(Type.String(), '车牌'),
      lastReportTime: Nullable(Type.String(), '最近上报时间，空为从未上报'),
      bikeLon: Nullable(Type.Number(), '最近位置经度'),
      bikeLat: Nullable(Type.Number(), '最近位置纬度'),
    }),
    { description: '车辆，最久未上报在前，最多 500 条' },
  ),
});

const OptStr = (d: string) => Nullable(Type.String(), d);
export const BrandInfo = Type.Object({
  brandId: Int('企业 ID'),
  brandName: Str('品牌名称'),
  brandOperation: Str('运营企业'),
  brandAccount: Str('企业账号（开放接口）'),
  brandContactPerson: OptStr('联系人'),
  brandContactMobile: OptStr('联系电话'),
  brandAddress: OptStr('地址'),
  brandOperationNum: Int('运维人员数'),
  brandBikeNum: Int('备案自行车数（全部）'),
  brandEBikeNum: Int('备案电动车数（全部）'),
  areaId: Str('注册区域'),
  areaIdText: Str('注册区域名称'),
  launchArea: Type.Array(Type.String(), { description: '投放区域' }),
  launchAreaText: Str('投放区域名称'),
  operationAreaId: Type.Array(Type.String(), { description: '运营区域' }),
  operationAreaIdText: Str('运营区域名称'),
  brandApprovalUrl: OptStr('政府批文文件，/uploads/{file}'),
  brandApprovalName: OptStr('政府批文名称'),
  otherUrl: OptStr('其他证明文件'),
  otherName: OptStr('其他证明名称'),
  maintainPersonUrl: OptStr('运维人员信息文件'),
  bicycleUrl: OptStr('自行车信息文件'),
  electricVehicleUrl: OptStr('电动车信息文件'),
  bikeColor: Str('自行车颜色'),
  ebikeColor: Str('电动车颜色'),
  createTime: Str('创建时间'),
});

export const BrandBikeRow = Type.Object({
  brandId: Int('企业 ID'),
  brandName: Str('品牌'),
  bikeColor: Str('自行车颜色'),
  ebikeColor: Str('电动车颜色'),
  onlineBikeNum: Int('在线自行车（最近 STALE_HOURS 小时上报）'),
  onlineEBikeNum: Int('在线电动车'),
  siteBikeNum: Int('站内自行车（最近一次快照）'),
  siteEBikeNum: Int('站内电动车'),
  filedBikeNum: Int('备案自行车（区域内）'),
  filedEBikeNum: Int('备案电动车（区域内）'),
  approvedBikeNum: Int('核准自行车'),
  approvedEBikeNum: Int('核准电动车'),
  illegalNum: Int('非法车辆'),
  abnormalNum: Int('未处理异常'),
});

export const FlowToday = Type.Object({
  date: Str('日期 yyyy-MM-dd'),
  hours: Type.Array(Type.Integer(), { description: '0 到当前小时' }),
  lists: Type.Array(
    Type.Object({ brandId: Int('企业 ID'), brandName: Str('品牌'), data: Type.Array(Type.Integer(), { description: '与 hours 对齐的每小时数量' }), total: Int('今日合计') }),
  ),
  total: Int('全部品牌今日合计'),
});

export const HistoryRow = Type.Object({
  id: Int('记录 ID'),
  siteId: Str('站点编号'),
  siteName: Str('站点名称'),
  time: Str('时间'),
  num: Int('车辆数'),
  bikeNum: Int('自行车数'),
  ebikeNum: Int('电动车数'),
  capacity: Int('容量'),
  flag: Int('站点标志'),
  status: Str('状态文字'),
  currentBike: Str('JSON 文本：{nowBike:[{brand_id,brand_name,num}], nowEBike:[...]}'),
});

export const CollectRow = Type.Object({
  date: Str('日期'),
  brandId: Int('企业 ID'),
  brandName: Str('品牌'),
  onlineBikeNum: Int('今日投放（上报过）自行车'),
  onlineEBikeNum: Int('今日投放电动车'),
  onlineNum: Int('今日投放合计'),
  siteBikeNum: Int('今日站内自行车（最多的一次快照）'),
  siteEBikeNum: Int('今日站内电动车'),
  siteNum: Int('今日站内合计'),
  filedBikeNum: Int('备案自行车'),
  filedEBikeNum: Int('备案电动车'),
  filedNum: Int('备案合计'),
  approvedBikeNum: Int('核准自行车'),
  approvedEBikeNum: Int('核准电动车'),
  approvedNum: Int('核准合计'),
});

export const TrendRowT = Type.Object({
  date: Str('yyyy-MM（按年）、yyyy-MM-dd（按月）或 yyyy-MM-dd HH（按日）'),
  hour: Nullable(Type.Integer(), '按日查询时的小时'),
  online_num: Nullable(Type.Integer(), '投放自行车（按年为当月日均）；尚未到来或无统计数据的时段为 null'),
  online_num_e: Nullable(Type.Integer(), '投放电动车'),
  site_num: Nullable(Type.Integer(), '站内自行车'),
  site_num_e: Nullable(Type.Integer(), '站内电动车'),
  active_bike_num: Nullable(Type.Integer(), '活跃车辆（有骑行的车辆）'),
  dispatch_percent: Nullable(Type.Number(), '调度率 % = 调度次数 ÷ 投放数'),
  rent_percent: Nullable(Type.Number(), '周转率 % = 骑行次数 ÷ 投放数'),
  value: Nullable(Type.Number(), 'dataType 所选指标（数量为自行车 + 电动车）；尚未到来或无统计数据的时段为 null（曲线在此断开，而非画成 0）'),
  partial: Type.Boolean({ description: '进行中的时段（今天、本月或当前小时）：数值为截至当前；本月按已结束的日子平均' }),
});
export const TrendBrand = Type.Object({ brandId: Int('企业 ID'), brandName: Str('品牌'), rows: Type.Array(TrendRowT) });

export const UsageRowT = Type.Object({
  slot: Int('时段序号：小时 0-23、日 1-31 或月 1-12（导出时 group 按它选择）'),
  time: Str('HH:00、yyyy-MM-dd 或 yyyy-MM'),
  rent_num: Nullable(Type.Integer(), '租车数；尚未到来的时段为 null'),
  return_num: Nullable(Type.Integer(), '还车数'),
  up_num: Nullable(Type.Integer(), '上架数'),
  down_num: Nullable(Type.Integer(), '下架数'),
  rent_num_per: Nullable(Type.Number(), '租车数占站点容量的百分比'),
  return_num_per: Nullable(Type.Number(), '还车数占站点容量的百分比'),
  partial: Type.Boolean({ description: '进行中的时段（当前小时、今天或本月）：数值为截至当前' }),
});
