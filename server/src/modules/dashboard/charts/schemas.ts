/** TypeBox schemas of the dashboard's curves and tables: today's flows, the online summary, the trend, a site's usage. */
import { Type } from 'typebox';
import { Nullable, SelfArea } from '../../../http/schemas.js';
import { DayQ, Int, MonthQ, SiteIdQ, Str, YearQ } from '../schemas.js';

export const FlowToday = Type.Object({
  date: Str('日期 yyyy-MM-dd'),
  hours: Type.Array(Type.Integer(), { description: '0 到当前小时' }),
  lists: Type.Array(
    Type.Object({
      brandId: Int('企业 ID'),
      brandName: Str('品牌'),
      data: Type.Array(Type.Integer(), { description: '与 hours 对齐的每小时数量' }),
      total: Int('今日合计'),
    }),
  ),
  total: Int('全部品牌今日合计'),
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

const TrendRowT = Type.Object({
  date: Str('yyyy-MM（按年）、yyyy-MM-dd（按月）或 yyyy-MM-dd HH（按日）'),
  hour: Nullable(Type.Integer(), '按日查询时的小时'),
  online_num: Nullable(
    Type.Integer(),
    '投放自行车：在线的备案自行车（近 STALE_HOURS 小时上报过位置，非法车辆不计），取当日最后一次快照的数，今日为当前数（同首页）；按年为当月日均；尚未到来或无统计数据的时段为 null',
  ),
  online_num_e: Nullable(Type.Integer(), '投放电动车'),
  site_num: Nullable(Type.Integer(), '站内自行车：投放车辆中停放在站点内的（同一次快照，故不超过投放）'),
  site_num_e: Nullable(Type.Integer(), '站内电动车'),
  active_bike_num: Nullable(Type.Integer(), '活跃车辆（有骑行的车辆）'),
  dispatch_percent: Nullable(Type.Number(), '调度率 % = 调度次数 ÷ 投放数'),
  rent_percent: Nullable(Type.Number(), '周转率 % = 骑行次数 ÷ 投放数'),
  filed_num: Nullable(
    Type.Integer(),
    '备案车辆：当天的备案数（统计任务每小时记录，当天以最后一次为准；记录之前的日子按车辆备案、撤销时间推算）；按年为当月日均；无记录为 null',
  ),
  access_percent: Nullable(Type.Number(), '数据接入率 % = 投放（当期上报车辆）÷ 当期备案车辆 filed_num；无备案记录为 null'),
  value: Nullable(Type.Number(), 'dataType 所选指标（数量为自行车 + 电动车）；尚未到来或无统计数据的时段为 null（曲线在此断开，而非画成 0）'),
  partial: Type.Boolean({
    description: '进行中的时段（今天、本月或当前小时）：数值为截至当前；本月按已结束的日子平均',
  }),
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

/** 站点使用统计's query (and its export's, with group). */
export const UsageQuery = {
  ...SelfArea,
  siteId: SiteIdQ,
  year: YearQ,
  month: Type.Optional(MonthQ),
  day: Type.Optional(DayQ),
  dataType: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 3,
      description: '时间类型：1 日（逐时，需 month、day），2 月（逐日，需 month），3 年（逐月）；缺省按 day / month 是否给出推断',
    }),
  ),
};
