import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, Paged, PageQuery, ok, pageOf } from '../../http/envelope.js';
import { needs } from '../../http/auth.js';
import { SelfArea } from '../../http/schemas.js';
import { BrandIdT, RideOrder, SyncLog, TrackPoint } from './schemas.js';
import { findOrder, listOrders, listSyncLogs, trackOf, type SyncKind } from './records.js';

const tags = ['企业管理'];
const read = needs('companyManagement');
const Time = (description: string) => Type.Optional(Type.String({ maxLength: 32, description: `${description} yyyy-MM-dd HH:mm:ss` }));

const SyncQuery = Type.Object({
  ...SelfArea,
  ...PageQuery,
  brandId: Type.Optional(BrandIdT),
  startTime: Time('开始时间'),
  endTime: Time('结束时间（含）'),
  result: Type.Optional(
    Type.Union([Type.Literal('ok'), Type.Literal('partial'), Type.Literal('failed')], { description: 'ok 成功, partial 部分成功, failed 失败' }),
  ),
});

const OrderKey = Type.Object({ ...SelfArea, brandId: BrandIdT, orderId: Type.String({ minLength: 1, maxLength: 64, description: '订单编号' }) });

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, config } = app.ctx;

  const syncList = (url: string, kind: SyncKind, summary: string) =>
    app.get(url, { config: read, schema: { tags, summary, querystring: SyncQuery, response: { 200: Envelope(Paged(SyncLog)) } } }, async (req) =>
      ok(await listSyncLogs(database, req.auth, kind, { ...req.query, ...pageOf(req.query) }, config.tz)),
    );
  // 站点同步记录（企业拉取站点）
  syncList('/getSyncSiteLogList', 'site', '站点同步记录');
  // 调度同步记录（上架 / 下架）
  syncList('/getDispatchSyncList', 'dispatch', '调度同步记录');
  // 借还车同步记录
  syncList('/getRequestSyncList', 'request', '借还车同步记录');
  // 车辆备案同步记录
  syncList('/getBikeSyncList', 'bike', '车辆同步记录');

  // 骑行订单列表（借车时间筛选）
  app.get(
    '/getBikeRideOrderList',
    {
      config: read,
      schema: {
        tags,
        summary: '骑行订单列表',
        querystring: Type.Object({
          ...SelfArea,
          ...PageQuery,
          brandId: Type.Optional(BrandIdT),
          bikeId: Type.Optional(Type.String({ maxLength: 32, description: '车辆编号（前缀）' })),
          orderId: Type.Optional(Type.String({ maxLength: 64, description: '订单编号（前缀）' })),
          startTime: Time('借车时间起'),
          endTime: Time('借车时间止（含）'),
        }),
        response: { 200: Envelope(Paged(RideOrder)) },
      },
    },
    async (req) => ok(await listOrders(database, req.auth, { ...req.query, ...pageOf(req.query) }, config.tz)),
  );

  // 骑行订单详情
  app.get(
    '/getBikeRideOrderDetail',
    { config: read, schema: { tags, summary: '骑行订单详情', querystring: OrderKey, response: { 200: Envelope(RideOrder) } } },
    async (req) => ok(await findOrder(database, req.auth, req.query.brandId, req.query.orderId, config.tz)),
  );

  // 骑行订单轨迹：借车点与还车点，按时间排序
  app.get(
    '/getBikeRideOrderTrack',
    { config: read, schema: { tags, summary: '骑行订单轨迹', querystring: OrderKey, response: { 200: Envelope(Type.Array(TrackPoint)) } } },
    async (req) => ok(trackOf(await findOrder(database, req.auth, req.query.brandId, req.query.orderId, config.tz))),
  );
};
export default routes;
