/** /api/dashboard home screen (issue 4, read side): the main call, init, search, one site, the bikes layer. */
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, ok } from '../../../http/envelope.js';
import { SelfArea } from '../../../http/schemas.js';
import type { FigureCache } from '../figures.js';
import { BrandIdQ, SiteIdQ, read, tags } from '../schemas.js';
import { MapCache } from './hot.js';
import * as home from './service.js';
import { DashboardData, DashboardRest, InitData, LayerBike, SearchData, SiteDetail } from './schemas.js';

type App = Parameters<FastifyPluginAsyncTypebox>[0];

export function registerHome(app: App, deps: { figures: FigureCache }) {
  const { database, config } = app.ctx;
  const tz = config.tz;
  const { figures } = deps;
  const maps = new MapCache(database);

  // 首页大屏主数据：地图站点、品牌统计与站点状态计数、最新站点消息
  app.get(
    '/get',
    {
      config: read,
      schema: {
        tags,
        summary: '大屏主数据',
        description:
          '地图站点取自站点快照（site_state ⋈ sites，按快照与站点修改缓存在内存），limit > 0 时取离中心（lon/lat，缺省为区域站点的平均位置）最近的 limit 个站点，由近到远；limit 0 按站点编号。品牌统计按区域与快照缓存，大区域最多滞后约一分钟。',
        querystring: Type.Object({
          ...SelfArea,
          v: Type.Optional(
            Type.Integer({
              minimum: 1,
              maximum: 2,
              description: '1 全部站点（limit 0），2 部分站点；仅作兼容，以 limit 为准',
            }),
          ),
          limit: Type.Optional(
            Type.Integer({
              minimum: 0,
              maximum: 100000,
              default: 50,
              description: '站点数量：0 全部，200，50（默认）',
            }),
          ),
          f: Type.Optional(Type.Integer({ minimum: 1, maximum: 4, description: '状态筛选：1 满桩, 2 偏多, 3 偏少, 4 空桩' })),
          lon: Type.Optional(Type.Number({ minimum: -180, maximum: 180, description: '中心经度（GCJ-02）' })),
          lat: Type.Optional(Type.Number({ minimum: -90, maximum: 90, description: '中心纬度（GCJ-02）' })),
        }),
        response: { 200: Envelope(DashboardData) },
      },
    },
    async (req, reply) => {
      const json = await home.dashboardJson(
        database,
        { figures, maps },
        req.auth,
        { limit: req.query.limit ?? 50, f: req.query.f, lon: req.query.lon, lat: req.query.lat },
        tz,
        (rest) => reply.serializeInput(ok(rest), DashboardRest as unknown as Record<string, unknown>),
      );
      // already JSON: Fastify sends a string of this content type as it is
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  );

  // 首页初始化：区域信息、地图中心、品牌颜色、是否聚合区域
  app.get(
    '/init',
    {
      config: read,
      schema: {
        tags,
        summary: '首页初始化',
        querystring: Type.Object(SelfArea),
        response: { 200: Envelope(InitData) },
      },
    },
    async (req) => ok(await home.init(database, req.auth)),
  );

  // 站点 / 车辆搜索：1 站点名称（模糊），2 站点编号，3 车辆编号，6 车牌
  app.get(
    '/search',
    {
      config: read,
      schema: {
        tags,
        summary: '搜索站点或车辆',
        description: '无结果 → 400 搜索不到您要的信息，请重新搜索；车辆骑行中 → 400 车辆出租中无法定位；车辆不在站点 → 400 该车辆不在站点。',
        querystring: Type.Object({
          ...SelfArea,
          searchType: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(6)], {
            description: '1 站点名称, 2 站点编号, 3 车辆编号, 6 车牌',
          }),
          search: Type.String({ minLength: 1, maxLength: 64, description: '搜索内容（去除首尾空格）' }),
        }),
        response: { 200: Envelope(SearchData) },
      },
    },
    async (req) => ok(await home.search(database, req.auth, req.query.searchType, req.query.search)),
  );

  // 站点详情与今日租还车流向
  app.get(
    '/getSite',
    {
      config: read,
      schema: {
        tags,
        summary: '站点详情与流向',
        querystring: Type.Object({
          ...SelfArea,
          siteId: SiteIdQ,
          flowMapType: Type.Optional(
            Type.Integer({
              minimum: 1,
              maximum: 2,
              description: '1 租车流向（rentBike），2 还车流向（returnBike）；缺省两者都给',
            }),
          ),
        }),
        response: { 200: Envelope(SiteDetail) },
      },
    },
    async (req) => ok(await home.getSite(database, req.auth, req.query.siteId, req.query.flowMapType, tz)),
  );

  // 地图车辆图层：合法/非法车辆，站外还车、站外停放、区域外停放
  app.get(
    '/bike',
    {
      config: read,
      schema: {
        tags,
        summary: '地图车辆',
        description: `无 mold：区域内停放中的车辆；mold 1：今日站外还车（还车位置）；13 / 14：未关闭的站外停放 / 区域外停放告警的车辆。无位置的车辆不返回；最多 ${home.BIKE_LAYER_LIMIT} 辆。空结果的 message 为 操作成功！`,
        querystring: Type.Object({
          ...SelfArea,
          legality: Type.Integer({ minimum: 0, maximum: 1, description: '0 合法, 1 非法（未备案）' }),
          mold: Type.Optional(
            Type.Union([Type.Literal(1), Type.Literal(13), Type.Literal(14)], {
              description: '1 站外还车, 13 站外停放, 14 区域外停放',
            }),
          ),
          brandId: Type.Optional(BrandIdQ),
        }),
        response: { 200: Envelope(Type.Array(LayerBike)) },
      },
    },
    async (req) => ok(await home.bikes(database, req.auth, req.query, tz)),
  );
}
