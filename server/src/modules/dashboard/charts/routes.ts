/** /api/dashboard curves and tables, and their spreadsheets. */
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, ok } from '../../../http/envelope.js';
import { sendXlsx, type XlsxColumn } from '../../../http/xlsx.js';
import { SelfArea } from '../../../http/schemas.js';
import { needs } from '../../../http/auth.js';
import { chosenSlots } from '../../../shared/slots.js';
import { siteInScope } from '../../../shared/sites.js';
import type { FigureCache } from '../figures.js';
import { DayQ, MonthQ, SiteIdQ, YearQ, exporting, read, readOrOperation, tags } from '../schemas.js';
import { onlineCollect, siteFlowToday, siteUsage, usageGrain, type UsageRow } from './service.js';
import { brandTrend, type TrendRow } from '../../../shared/brandTrend.js';
import { CollectRow, FlowToday, TrendBrand, UsageQuery, UsageRowT } from './schemas.js';

type App = Parameters<FastifyPluginAsyncTypebox>[0];

const usageColumns: XlsxColumn<UsageRow>[] = [
  { header: '时间', width: 14, value: (r) => r.time },
  { header: '租车数', value: (r) => r.rent_num },
  { header: '还车数', value: (r) => r.return_num },
  { header: '上架数', value: (r) => r.up_num },
  { header: '下架数', value: (r) => r.down_num },
  { header: '租车占比(%)', value: (r) => r.rent_num_per },
  { header: '还车占比(%)', value: (r) => r.return_num_per },
];

type Collect = Awaited<ReturnType<typeof onlineCollect>>[number];
const collectColumns: XlsxColumn<Collect>[] = [
  { header: '日期', width: 12, value: (r) => r.date },
  { header: '品牌', width: 14, value: (r) => r.brandName },
  { header: '投放自行车', value: (r) => r.onlineBikeNum },
  { header: '投放电动车', value: (r) => r.onlineEBikeNum },
  { header: '投放合计', value: (r) => r.onlineNum },
  { header: '站内自行车', value: (r) => r.siteBikeNum },
  { header: '站内电动车', value: (r) => r.siteEBikeNum },
  { header: '站内合计', value: (r) => r.siteNum },
  { header: '备案自行车', value: (r) => r.filedBikeNum },
  { header: '备案电动车', value: (r) => r.filedEBikeNum },
  { header: '备案合计', value: (r) => r.filedNum },
  { header: '核准自行车', value: (r) => r.approvedBikeNum },
  { header: '核准电动车', value: (r) => r.approvedEBikeNum },
  { header: '核准合计', value: (r) => r.approvedNum },
];

type TrendExportRow = TrendRow & { brandName: string };
const trendColumns: XlsxColumn<TrendExportRow>[] = [
  { header: '时间', width: 16, value: (r) => r.date },
  { header: '品牌', width: 14, value: (r) => r.brandName },
  { header: '投放自行车', value: (r) => r.online_num },
  { header: '投放电动车', value: (r) => r.online_num_e },
  { header: '站内自行车', value: (r) => r.site_num },
  { header: '站内电动车', value: (r) => r.site_num_e },
  { header: '活跃车辆', value: (r) => r.active_bike_num },
  { header: '调度率(%)', value: (r) => r.dispatch_percent },
  { header: '周转率(%)', value: (r) => r.rent_percent },
  { header: '备案车辆', value: (r) => r.filed_num },
  { header: '数据接入率(%)', value: (r) => r.access_percent },
];

/** The slot of a trend row: the month (yyyy-MM), the day (yyyy-MM-dd) or the hour (yyyy-MM-dd HH). */
const trendSlot = (date: string) => Number(date.split(/[- ]/).pop());

async function* once<T>(rows: T[]) {
  yield rows;
}

export function registerCharts(app: App, deps: { figures: FigureCache }) {
  const { database, config } = app.ctx;
  const tz = config.tz;

  for (const [path, kind, name] of [
    ['/siteRentStatistics', 'rent', '租车'],
    ['/siteReturnStatistics', 'return', '还车'],
  ] as const) {
    // 今日各品牌每小时租车 / 还车数
    app.get(
      path,
      {
        config: read,
        schema: {
          tags,
          summary: `今日每小时${name}数`,
          description: `区域内站点（或 siteId 一个站点）今日各品牌每小时${name}数：已结束的小时取自小时统计，当前小时实时计算。站外的${name}不计。`,
          querystring: Type.Object({ ...SelfArea, siteId: Type.Optional(SiteIdQ) }),
          response: { 200: Envelope(FlowToday) },
        },
      },
      async (req) => {
        if (req.query.siteId) await siteInScope(database, req.auth, req.query.siteId);
        const scope = { areaIds: req.auth.scopeAreaIds(), siteId: req.query.siteId, kind, brandLimit: req.auth.brandLimit };
        return ok(await siteFlowToday(database, scope, tz));
      },
    );
  }

  // an enterprise account's rows are its own enterprise's
  const collect = async (auth: Parameters<typeof siteInScope>[1]) =>
    auth.ownRows(await onlineCollect(database, auth.scopeAreaIds(), await deps.figures.get(auth.areaId, auth.scopeAreaIds()), tz));

  // 今日车辆在线汇总：投放、站内、备案、核准
  app.get(
    '/brandBikeOnlineCollect',
    {
      config: read,
      schema: {
        tags,
        summary: '车辆在线汇总（今日）',
        querystring: Type.Object(SelfArea),
        response: { 200: Envelope(Type.Array(CollectRow)) },
      },
    },
    async (req) => ok(await collect(req.auth)),
  );

  // 导出车辆在线汇总
  app.get(
    '/brandBikeOnlineCollectOutput',
    {
      config: exporting,
      schema: {
        tags,
        summary: '导出车辆在线汇总',
        description: '文件 车辆在线汇总.xlsx，内容同 brandBikeOnlineCollect。',
        querystring: Type.Object(SelfArea),
      },
    },
    async (req, reply) => sendXlsx(reply, '车辆在线汇总.xlsx', '车辆在线汇总', collectColumns, once(await collect(req.auth))),
  );

  // 总量趋势：按年（逐月）、按月（逐日）、按日（逐时）
  app.get(
    '/brandBikeOnline',
    {
      config: readOrOperation,
      schema: {
        tags,
        summary: '总量趋势',
        description:
          'data 以企业 ID 为键，每个品牌 rows：只给 year → 12 个月（数量为当月日均，比率为 Σ÷Σ）；给 month → 当月每天；再给 day → 24 小时（投放、站内为当天数值，活跃、调度率、周转率逐时）。value 为 dataType 所选指标。',
        querystring: Type.Object({
          ...SelfArea,
          year: YearQ,
          dataType: Type.Integer({
            minimum: 1,
            maximum: 5,
            description: '1 投放 online_num, 2 站内 site_num, 3 活跃 active_bike_num, 4 调度率 %, 5 周转率 %',
          }),
          month: Type.Optional(MonthQ),
          day: Type.Optional(DayQ),
        }),
        response: { 200: Envelope(Type.Record(Type.String(), TrendBrand)) },
      },
    },
    async (req) => ok(req.auth.ownKeys(await brandTrend(database, req.auth.scopeAreaIds(), req.query, tz))),
  );

  // 导出总量趋势（运营统计：各品牌投放、站内、活跃、调度率、周转率与数据接入率，导出对话框勾选的月 / 日 / 小时）
  app.get(
    '/brandBikeOnlineOutput',
    {
      config: needs('operation.export'),
      schema: {
        tags,
        summary: '导出总量趋势',
        description:
          '文件 总量趋势.xlsx：行同 brandBikeOnline（每个品牌、时段一行，全部指标）；数据接入率 = 投放（当期上报）÷ 当期备案（filed_num）。group 为勾选的月（1-12，按年）、日（1-31，按月）或小时（0-23，按日）。',
        querystring: Type.Object({
          ...SelfArea,
          year: YearQ,
          month: Type.Optional(MonthQ),
          day: Type.Optional(DayQ),
          group: Type.Optional(Type.String({ maxLength: 200, description: '逗号分隔的月、日或小时' })),
        }),
      },
    },
    async (req, reply) => {
      const q = req.query;
      const chosen = q.day !== undefined ? chosenSlots(q.group, 0, 23) : q.month !== undefined ? chosenSlots(q.group, 1, 31) : chosenSlots(q.group, 1, 12);
      const trend = req.auth.ownKeys(await brandTrend(database, req.auth.scopeAreaIds(), { ...q, dataType: 1 }, tz));
      const rows: TrendExportRow[] = [];
      for (const b of Object.values(trend)) {
        for (const r of b.rows) if (!chosen || chosen.has(trendSlot(r.date))) rows.push({ ...r, brandName: b.brandName });
      }
      rows.sort((a, b) => a.date.localeCompare(b.date));
      return sendXlsx(reply, '总量趋势.xlsx', '总量趋势', trendColumns, once(rows));
    },
  );

  // 站点使用统计：租车、还车、上架、下架及占容量百分比
  app.get(
    '/siteStatistics',
    {
      config: readOrOperation,
      schema: {
        tags,
        summary: '站点使用统计',
        description:
          '与站点排名同一口径：租车按租车站点、还车按还车站点计，已汇总的整点取自小时统计，上一小时与当前小时取自原始订单与调度记录，故各时段相加等于站点排名中该站点同一时段的租还车数；企业用户只计本企业。',
        querystring: Type.Object(UsageQuery),
        response: { 200: Envelope(Type.Array(UsageRowT)) },
      },
    },
    async (req) => {
      const site = await siteInScope(database, req.auth, req.query.siteId);
      return ok(await siteUsage(database, site, req.query, tz, new Date(), req.auth.brandLimit));
    },
  );

  // 导出站点使用统计（group 选择小时 / 日 / 月）
  app.get(
    '/siteStatisticsOutput',
    {
      config: exporting,
      schema: {
        tags,
        summary: '导出站点使用统计',
        description: '文件 站点使用统计.xlsx，行同 siteStatistics；group 为导出对话框勾选的小时（0-23）、日（1-31）或月（1-12），逗号分隔，缺省为全部。',
        querystring: Type.Object({
          ...UsageQuery,
          group: Type.Optional(Type.String({ maxLength: 200, description: '逗号分隔的小时、日或月' })),
        }),
      },
    },
    async (req, reply) => {
      const grain = usageGrain(req.query);
      const chosen =
        grain === 1 ? chosenSlots(req.query.group, 0, 23) : grain === 2 ? chosenSlots(req.query.group, 1, 31) : chosenSlots(req.query.group, 1, 12);
      const site = await siteInScope(database, req.auth, req.query.siteId);
      const rows = (await siteUsage(database, site, req.query, tz, new Date(), req.auth.brandLimit)).filter((r) => !chosen || chosen.has(r.slot));
      return sendXlsx(reply, '站点使用统计.xlsx', '站点使用统计', usageColumns, once(rows));
    },
  );
}
