/** TypeBox schemas of the statistics calls (query parameters and answers), with Chinese descriptions. */
import { Type } from 'typebox';
import { SelfArea } from '../../http/schemas.js';

const Int = (description: string) => Type.Integer({ description });

export const Year = Type.Integer({ minimum: 2000, maximum: 2100, description: '年份' });
export const Month = Type.Integer({ minimum: 1, maximum: 12, description: '月份 1~12' });
export const Day = Type.Integer({ minimum: 1, maximum: 31, description: '日 1~31（不超过该月天数）' });
export const Hour = Type.Integer({ minimum: 0, maximum: 23, description: '小时 0~23' });

export const RankQuery = Type.Object({
  ...SelfArea,
  year: Type.Optional(Year),
  month: Type.Optional(Month),
  day: Type.Optional(Day),
  hour: Type.Optional(Hour),
  dateTime: Type.Optional(Type.String({ maxLength: 19, description: '按小时：yyyy-MM-dd HH，给出时优先于年月日时' })),
  siteType: Type.Optional(Type.Integer({ minimum: 0, maximum: 2, default: 0, description: '0 全部站点, 1 回收站点, 2 重点站点' })),
  orderBy: Type.Optional(Type.Union([Type.Literal('rent'), Type.Literal('return')], { default: 'rent', description: '排序：rent 租车数, return 还车数' })),
});

export const RankOutQuery = Type.Object({
  ...RankQuery.properties,
  actionOrder: Type.Optional(Type.Union([Type.Literal('rent'), Type.Literal('return')], { description: '导出排序（同 orderBy，给出时优先）' })),
});

export const RankRowT = Type.Object({
  rank: Int('名次，从 1 开始'),
  siteId: Type.String({ description: '站点编号' }),
  siteName: Type.String({ description: '站点名称' }),
  rentNum: Int('租车数'),
  returnNum: Int('还车数'),
  upNum: Int('上架数（调度）'),
  downNum: Int('下架数（调度）'),
});

export const RankData = Type.Object({
  lists: Type.Array(RankRowT, { description: '按排序字段降序，最多 500 行；无租还的站点以 0 排在最后' }),
  total: Int('参与排名的站点数（可能多于返回的行数）'),
  granularity: Type.String({ description: 'hour / day / month / year' }),
  timeLabel: Type.String({ description: '统计时段：yyyy、yyyy-MM、yyyy-MM-dd 或 yyyy-MM-dd HH' }),
  startTime: Type.String({ description: '时段开始 yyyy-MM-dd HH:mm:ss' }),
  endTime: Type.String({ description: '时段结束（不含）yyyy-MM-dd HH:mm:ss' }),
});

/** 运营统计 租还: a day (year, month, day) or a month (year, month). */
export const FlowQuery = Type.Object({
  ...SelfArea,
  year: Year,
  month: Month,
  day: Type.Optional(Day),
});

const CountFields = {
  bike_rent_num: Int('自行车租车数'),
  e_bike_rent_num: Int('电动车租车数'),
  bike_return_num: Int('自行车还车数'),
  e_bike_return_num: Int('电动车还车数'),
  bike_num: Int('所选曲线（mold 1 或缺省为租车，2 为还车）的自行车数'),
  e_bike_num: Int('所选曲线的电动车数'),
};
export const Counts = Type.Object(CountFields);
const DatedCounts = Type.Object({ date: Type.String({ description: 'yyyy-MM-dd 或 yyyy-MM' }), ...CountFields });

export const TidalQuery = Type.Object({
  ...SelfArea,
  year: Type.Optional(Year),
  month: Type.Optional(Month),
  day: Type.Optional(Day),
  mold: Type.Optional(Type.Integer({ minimum: 1, maximum: 2, description: '1 租车, 2 还车（决定 bike_num / e_bike_num）' })),
  dateGroup: Type.Optional(Type.String({ maxLength: 100, description: '最多 7 个逗号分隔的日期 yyyy-MM-dd（近 7 日曲线），给出时优先于年月日' })),
});

export const TidalData = Type.Object({
  mold: Type.Union([Type.Integer(), Type.Null()]),
  series: Type.Array(
    Type.Object({
      date: Type.String({ description: '曲线所属：yyyy-MM-dd（单日）、yyyy-MM（月内各日按小时合计）或 yyyy' }),
      hours: Type.Array(Type.Object({ hour: Hour, ...CountFields }), { description: '0~23 时，共 24 项' }),
      total: Counts,
    }),
  ),
  dayTotal: Type.Union([DatedCounts, Type.Null()], { description: '日合计：所选日期，或 dateGroup 的最后一天' }),
  monthTotal: Type.Union([DatedCounts, Type.Null()], { description: '月合计：所选月份，或 dateGroup 最后一天所在月份' }),
});

const BrandIdentity = {
  brandId: Int('企业（品牌）编号'),
  brandName: Type.String({ description: '品牌名称' }),
  bikeColor: Type.String({ description: '自行车颜色' }),
  ebikeColor: Type.String({ description: '电动车颜色' }),
};

const PercentFields = {
  PutBikeNum: Int('备案自行车数'),
  PutEBikeNum: Int('备案电动车数'),
  BrandBikeNum: Int('在线自行车数（STALE_HOURS 内有上报）'),
  BrandEBikeNum: Int('在线电动车数'),
  SiteBikeNum: Int('站内自行车数'),
  SiteEBikeNum: Int('站内电动车数'),
};

export const BrandPercentData = Type.Object({
  ...PercentFields,
  lists: Type.Array(
    Type.Object({
      ...BrandIdentity,
      ...PercentFields,
      putBikePercent: Type.Number({ description: '备案自行车占区域合计的百分比（两位小数）' }),
      putEBikePercent: Type.Number({ description: '备案电动车占比 %' }),
      brandBikePercent: Type.Number({ description: '在线自行车占比 %' }),
      brandEBikePercent: Type.Number({ description: '在线电动车占比 %' }),
      siteBikePercent: Type.Number({ description: '站内自行车占比 %' }),
      siteEBikePercent: Type.Number({ description: '站内电动车占比 %' }),
    }),
  ),
});

export const BrandPercentNewData = Type.Object({
  lists: Type.Array(
    Type.Object({
      ...BrandIdentity,
      ...PercentFields,
      bikeQuota: Int('核准自行车数'),
      ebikeQuota: Int('核准电动车数'),
      bikeOnlineRate: Type.Number({ description: '自行车在线率 % = 在线 ÷ 备案' }),
      ebikeOnlineRate: Type.Number({ description: '电动车在线率 %' }),
      bikeInSiteRate: Type.Number({ description: '自行车入站率 % = 站内 ÷ 在线' }),
      ebikeInSiteRate: Type.Number({ description: '电动车入站率 %' }),
      bikeQuotaRate: Type.Number({ description: '自行车核准使用率 % = 备案 ÷ 核准' }),
      ebikeQuotaRate: Type.Number({ description: '电动车核准使用率 %' }),
    }),
  ),
  total: Int('企业数'),
});

export const AreaVerifyData = Type.Object({
  lists: Type.Array(
    Type.Object({
      ...BrandIdentity,
      quantity_approved: Int('核准总数（自行车 + 电动车）'),
      recorded_number: Int('备案总数'),
      onlineNum: Int('在线总数'),
      bikeQuota: Int('核准自行车数'),
      ebikeQuota: Int('核准电动车数'),
      filedBikeNum: Int('备案自行车数'),
      filedEBikeNum: Int('备案电动车数'),
      onlineBikeNum: Int('在线自行车数'),
      onlineEBikeNum: Int('在线电动车数'),
      warn: Int('备案超出核准的数量（未超出为 0）'),
      abnormal: Int('在线但未备案（非法）的车辆数'),
    }),
  ),
  total: Int('企业数'),
});

export const PendQuery = Type.Object({
  ...SelfArea,
  areaId: Type.Optional(Type.String({ pattern: '^\\d{6}$', description: '统计区域（默认 selfAreaId），须在本人权限内' })),
});

export const PendData = Type.Object({
  siteApplyPend: Int('待审核的站点申请'),
  siteRolePend: Int('站点角色（27）待审核账号'),
  maintainPend: Int('运维人员（31）待审核账号'),
  siteLowPowerPend: Int('有设备电量低于 10% 的站点数'),
  accusePend: Int('待处理的违规举报'),
  userPend: Int('全部待审核账号'),
  dispatchPend: Int('待处理的工单：已超时未反馈的，加上企业已反馈、等待监管办结或退回的'),
  supervisePend: Int('监督员（32）待审核账号'),
  dispatchWarnPend: Int('未处理的维护预警（缺卡、迟到、范围外）'),
});

export const DateQuery = Type.Object({
  ...SelfArea,
  date: Type.Optional(Type.String({ maxLength: 10, description: '日期 yyyy-MM-dd（默认今天；也可给 year、month、day）' })),
  year: Type.Optional(Year),
  month: Type.Optional(Month),
  day: Type.Optional(Day),
});

export const LogHourT = Type.Object({
  hour: Hour,
  requestNum: Int('租还请求调用次数'),
  failNum: Int('失败次数（全部条目被拒）'),
  partialNum: Int('部分失败次数'),
  itemNum: Int('提交条目数'),
  rejectedNum: Int('被拒条目数'),
});
export const LogHoursData = Type.Object({
  date: Type.String({ description: 'yyyy-MM-dd' }),
  lists: Type.Array(LogHourT, { description: '0~23 时，共 24 项' }),
});

export const BrandsData = Type.Object({ lists: Type.Array(Type.Object(BrandIdentity)), total: Int('企业数') });

export const BikeOutQuery = Type.Object({
  ...SelfArea,
  brandIds: Type.Optional(Type.String({ maxLength: 512, description: '逗号分隔的企业编号；缺省为区域内全部企业' })),
  legality: Type.Optional(Type.Integer({ minimum: 0, maximum: 1, description: '0 合法, 1 非法（未备案）' })),
});

export const LogOutQuery = Type.Object({
  ...SelfArea,
  brandId: Type.Optional(Type.Integer({ minimum: 1, description: '企业编号' })),
  result: Type.Optional(
    Type.Union([Type.Literal('ok'), Type.Literal('partial'), Type.Literal('failed')], { description: 'ok 成功, partial 部分成功, failed 失败' }),
  ),
  startTime: Type.Optional(Type.String({ maxLength: 19, description: '开始时间 yyyy-MM-dd HH:mm:ss' })),
  endTime: Type.Optional(Type.String({ maxLength: 19, description: '结束时间 yyyy-MM-dd HH:mm:ss（含）' })),
});
