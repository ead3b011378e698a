/** Statistics calls (spec §7, GET /api/statistics/*): ranking, tidal curves, brand shares, to-do counts. */
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, ok } from '../../http/envelope.js';
import { type Auth, needs } from '../../http/auth.js';
import { SelfArea } from '../../http/schemas.js';
import exportRoutes from './exportRoutes.js';
import operationRoutes from './operationRoutes.js';
import { areaBrands, brandCounts } from '../../shared/brandCounts.js';
import { logHours } from './logs.js';
import { pendCounts } from './pend.js';
import { RankCache } from './rank.js';
import { rankGeneration, siteRanking } from './repo.js';
import { tidal } from './tidal.js';
import { windowOf } from './window.js';
import * as stats from './service.js';
import {
  AreaVerifyData,
  BrandPercentData,
  BrandPercentNewData,
  BrandsData,
  DateQuery,
  LogHoursData,
  PendData,
  PendQuery,
  RankData,
  RankQuery,
  TidalData,
  TidalQuery,
} from './schemas.js';

const tags = ['统计'];
const home = needs('home');
/** Calls the big screen and 运营统计 (menu 4) share: either section's users may read them. */
const homeOrOperation = needs('home', 'operation');
const AreaQuery = Type.Object(SelfArea);

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, config, areas } = app.ctx;
  const ranks = new RankCache();
  const tz = config.tz;
  const counts = (auth: Auth) => brandCounts(database, auth.scope());

  // 站点排名：按小时 / 日 / 月 / 年统计各站点租还车数，最多 500 行
  app.get(
    '/siteRankAll',
    {
      config: needs('home.siteRank', 'operation'),
      schema: {
        tags,
        summary: '站点排名',
        description:
          '整日与整月取自按站点汇总的日表、月表，其后的整点取自小时统计，最近两小时取自原始订单与调度记录。同一区域、时间窗与排序的结果缓存 30 秒（含最近两小时的时间窗）或 10 分钟（历史时间窗）；统计任务每完成一次汇总即重新计算，不等缓存到期。',
        querystring: RankQuery,
        response: { 200: Envelope(RankData) },
      },
    },
    async (req) => {
      const q = req.query;
      const w = windowOf(q, tz);
      const f = { ...req.auth.scope(), siteType: q.siteType ?? 0, orderBy: q.orderBy ?? 'rent' } as const;
      // keyed on the rollup generation: a statistics run that changed the window answers afresh at once
      const generation = await rankGeneration(database);
      const r = await ranks.get(w, f, generation, () => siteRanking(database, w, f, tz));
      return ok(stats.rankData(w, r, tz));
    },
  );

  // 潮汐：每日每小时的租车 / 还车数（自行车、电动车），含日合计与月合计
  app.get(
    '/tidal',
    {
      config: homeOrOperation,
      schema: { tags, summary: '租还潮汐曲线', querystring: TidalQuery, response: { 200: Envelope(TidalData) } },
    },
    async (req) => ok(await tidal(database, req.auth.scope(), req.query, tz)),
  );

  // 备案核查：各企业核准数、备案数与在线数
  app.get(
    '/areaVerify',
    {
      config: homeOrOperation,
      schema: { tags, summary: '区域备案核查', querystring: AreaQuery, response: { 200: Envelope(AreaVerifyData) } },
    },
    async (req) => ok(stats.areaVerify(await counts(req.auth))),
  );

  // 企业占比：备案、在线、站内车辆数及各企业所占比例
  app.get(
    '/brandPercent',
    {
      config: homeOrOperation,
      schema: { tags, summary: '企业车辆占比', querystring: AreaQuery, response: { 200: Envelope(BrandPercentData) } },
    },
    async (req) => ok(stats.brandPercent(await counts(req.auth))),
  );

  // 企业占比（新）：各企业在线率、入站率与核准使用率
  app.get(
    '/brandPercentNew',
    {
      config: homeOrOperation,
      schema: {
        tags,
        summary: '企业在线率与入站率',
        querystring: AreaQuery,
        response: { 200: Envelope(BrandPercentNewData) },
      },
    },
    async (req) => ok(stats.brandPercentNew(await counts(req.auth))),
  );

  // 待办数量：各类待审核账号、低电量站点、需调度站点
  app.get(
    '/pend',
    {
      config: home,
      schema: { tags, summary: '待办数量', querystring: PendQuery, response: { 200: Envelope(PendData) } },
    },
    async (req) => {
      const scope = stats.scopeOfArea(req.auth, await areas.tree(), req.query.areaId);
      return ok(await pendCounts(database, scope.areaIds, req.auth.brandLimit));
    },
  );

  // 租还请求日志统计：某日每小时的调用次数与失败次数
  app.get(
    '/tidalRequestLog',
    {
      config: needs('operation'),
      schema: {
        tags,
        summary: '租还请求日志按小时统计',
        querystring: DateQuery,
        response: { 200: Envelope(LogHoursData) },
      },
    },
    async (req) => {
      const day = stats.dayOf(req.query, tz);
      return ok({ date: day.label, lists: await logHours(database, req.auth.scope(), 'request', day, tz) });
    },
  );

  // 区域企业：区域内运营的企业及其车辆颜色
  app.get(
    '/areaBrandDetails',
    {
      config: home,
      schema: { tags, summary: '区域内企业及颜色', querystring: AreaQuery, response: { 200: Envelope(BrandsData) } },
    },
    async (req) => {
      const lists = await areaBrands(database, req.auth.scope());
      return ok({ lists, total: lists.length });
    },
  );

  await app.register(exportRoutes);
  await app.register(operationRoutes);
};
export default routes;
