/** /api/dashboard dialogs: today's messages, brand distribution, bikes of a site, filing check, silent bikes, enterprise, history. */
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, Paged, ok, pageOf } from '../../../http/envelope.js';
import { SelfArea } from '../../../http/schemas.js';
import type { FigureCache } from '../figures.js';
import { BikeTypeQ, BrandIdQ, Paging, SiteIdQ, SiteMessage, read, tags } from '../schemas.js';
import * as details from './service.js';
import { BrandBikeRow, BrandInfo, BrandSite, HistoryRow, MonitorBrand, NotUploadBrand, SiteBike } from './schemas.js';

type App = Parameters<FastifyPluginAsyncTypebox>[0];

export function registerDialogs(app: App, deps: { figures: FigureCache }) {
  const { database, config } = app.ctx;
  const tz = config.tz;

  // 今日站点消息（历史消息）分页
  app.get(
    '/todayHistory',
    {
      config: read,
      schema: {
        tags,
        summary: '今日站点消息',
        querystring: Type.Object({ ...SelfArea, ...Paging }),
        response: { 200: Envelope(Paged(SiteMessage)) },
      },
    },
    async (req) => ok(await details.todayMessages(database, req.auth, pageOf(req.query), tz)),
  );

  // 品牌站点车辆分布：有该品牌车辆的站点
  app.get(
    '/brandOnlineBike',
    {
      config: read,
      schema: {
        tags,
        summary: '品牌站点分布',
        querystring: Type.Object({ ...SelfArea, brandId: BrandIdQ, bikeType: Type.Optional(BikeTypeQ), ...Paging }),
        response: { 200: Envelope(Paged(BrandSite)) },
      },
    },
    async (req) =>
      ok(
        await details.brandOnlineBike(database, req.auth.scopeAreaIds(), {
          brandId: req.auth.brandOf(req.query.brandId)!,
          bikeType: req.query.bikeType,
          ...pageOf(req.query),
        }),
      ),
  );

  // 某站点某品牌的车辆
  app.get(
    '/brandSiteBike',
    {
      config: read,
      schema: {
        tags,
        summary: '站点内某品牌车辆',
        querystring: Type.Object({
          ...SelfArea,
          brandId: BrandIdQ,
          siteId: SiteIdQ,
          bikeType: Type.Optional(BikeTypeQ),
          ...Paging,
        }),
        response: { 200: Envelope(Paged(SiteBike)) },
      },
    },
    async (req) => ok(await details.siteBikes(database, req.auth, { ...req.query, ...pageOf(req.query) }, tz)),
  );

  // 站点内车辆列表
  app.get(
    '/siteBike',
    {
      config: read,
      schema: {
        tags,
        summary: '站点车辆',
        querystring: Type.Object({
          ...SelfArea,
          siteId: SiteIdQ,
          bikeType: Type.Optional(BikeTypeQ),
          brandId: Type.Optional(BrandIdQ),
          ...Paging,
        }),
        response: { 200: Envelope(Paged(SiteBike)) },
      },
    },
    async (req) => ok(await details.siteBikes(database, req.auth, { ...req.query, ...pageOf(req.query) }, tz)),
  );

  // 备案稽查：蓝牙桩最近 24 小时听到的车辆，按品牌
  app.get(
    '/bikeMonitor',
    {
      config: read,
      schema: {
        tags,
        summary: '备案稽查',
        description: 'data 以企业 ID 为键。',
        querystring: Type.Object(SelfArea),
        response: { 200: Envelope(Type.Record(Type.String(), MonitorBrand)) },
      },
    },
    async (req) => ok(req.auth.ownKeys(await details.bikeMonitor(database, req.auth.scopeAreaIds(), tz))),
  );

  // 未上报数据车辆：超过 STALE_HOURS 小时未上报的备案车辆，按品牌
  app.get(
    '/bikeNotUpload',
    {
      config: read,
      schema: {
        tags,
        summary: '未上报数据车辆',
        description: 'data 以企业 ID 为键。区域内最后上报的备案车辆，加上从未上报、企业注册在区域内的备案车辆。',
        querystring: Type.Object(SelfArea),
        response: { 200: Envelope(Type.Record(Type.String(), NotUploadBrand)) },
      },
    },
    async (req) => ok(req.auth.ownKeys(await details.bikeNotUpload(database, req.auth.scopeAreaIds(), config.staleHours, tz))),
  );

  // 企业信息（不含密码）
  app.get(
    '/brandInfo',
    {
      config: read,
      schema: {
        tags,
        summary: '企业信息',
        description: '不存在 → 400 企业信息不存在！；不在本区域的企业 → 5002；企业用户只能查看本企业 → 5002。',
        querystring: Type.Object({ ...SelfArea, brandId: BrandIdQ }),
        response: { 200: Envelope(BrandInfo) },
      },
    },
    async (req) => ok(await details.brandInfo(database, req.auth, req.query.brandId, tz)),
  );

  // 各品牌车辆数：在线、站内、备案、核准（按车型）
  app.get(
    '/brandBike',
    {
      config: read,
      schema: {
        tags,
        summary: '品牌车辆数',
        querystring: Type.Object(SelfArea),
        response: { 200: Envelope(Type.Array(BrandBikeRow)) },
      },
    },
    async (req) => {
      const figures = req.auth.ownRows(await deps.figures.get(req.auth.areaId, req.auth.scopeAreaIds()));
      return ok(
        figures.map((f) => ({
          brandId: f.brandId,
          brandName: f.brandName,
          bikeColor: f.bikeColor,
          ebikeColor: f.ebikeColor,
          onlineBikeNum: f.online[0],
          onlineEBikeNum: f.online[1],
          siteBikeNum: f.site[0],
          siteEBikeNum: f.site[1],
          filedBikeNum: f.filed[0],
          filedEBikeNum: f.filed[1],
          approvedBikeNum: f.approved[0],
          approvedEBikeNum: f.approved[1],
          illegalNum: f.illegal,
          abnormalNum: f.abnormal,
        })),
      );
    },
  );

  // 站点历史记录分页
  app.get(
    '/siteHistory',
    {
      config: read,
      schema: {
        tags,
        summary: '站点历史',
        querystring: Type.Object({ ...SelfArea, siteId: SiteIdQ, ...Paging }),
        response: { 200: Envelope(Paged(HistoryRow)) },
      },
    },
    async (req) => ok(await details.siteHistory(database, req.auth, { siteId: req.query.siteId, ...pageOf(req.query) }, tz)),
  );
}
