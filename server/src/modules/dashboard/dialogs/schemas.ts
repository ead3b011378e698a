/** TypeBox schemas of the home screen's dialogs: brand sites, bikes of a site, filing check, silent bikes, enterprise, brand counts, history. */
import { Type } from 'typebox';
import { Nullable } from '../../../http/schemas.js';
import { Int, Num, Str } from '../schemas.js';

export const BrandSite = Type.Object({
  siteId: Str('站点编号'),
  siteName: Str('站点名称'),
  siteLon: Num('经度'),
  siteLat: Num('纬度'),
  num: Int('该品牌在站车辆数'),
});

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

export const Heard = Type.Object({
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
