import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, Paged, PageQuery, ok, pageOf } from '../../http/envelope.js';
import { needs } from '../../http/auth.js';
import { SelfArea } from '../../http/schemas.js';
import { BrandIdT, RideOrder, SyncLog, TrackPoint } from './schemas.js';
import { detailText, findOrder, listOrders, listSyncLogs, syncLogPages, trackOf, type SyncKind, type SyncLogOut } from './records.js';
import { emptyBody } from '../../http/schemas.js';
import { sendXlsx, type XlsxColumn } from '../../http/xlsx.js';

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

const syncColumns: XlsxColumn<SyncLogOut>[] = [
  { header: '调用时间', width: 22, value: (r) => r.time },
  { header: '企业', width: 18, value: (r) => r.brandName },
  { header: '接口', width: 28, value: (r) => r.endpoint },
  { header: '提交条数', value: (r) => r.itemCount },
  { header: '接收条数', value: (r) => r.accepted },
  { header: '拒绝条数', value: (r) => r.rejected },
  { header: '结果', value: (r) => r.resultText },
  { header: '耗时（毫秒）', value: (r) => r.durationMs },
  { header: '拒绝明细', width: 60, value: (r) => detailText(r.detail) },
];

const OrderKey = Type.Object({ ...SelfArea, brandId: BrandIdT, orderId: Type.String({ minLength: 1, maxLength: 64, description: '订单编号' }) });

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, config } = app.ctx;

  /** The list of one kind at `get{name}`, and its streamed export at POST `export{name}` (filters as the list's). */
  const syncList = (name: string, kind: SyncKind, summary: string) => {
    app.get(`/get${name}`, { config: read, schema: { tags, summary, querystring: SyncQuery, response: { 200: Envelope(Paged(SyncLog)) } } }, async (req) =>
      ok(await listSyncLogs(database, req.auth, kind, { ...req.query, ...pageOf(req.query) }, config.tz)),
    );
    const Filters = Type.Omit(SyncQuery, ['currentPage', 'pageSize']);
    app.post(
      `/export${name}`,
      {
        config: needs('company.export'),
        preValidation: emptyBody,
        schema: {
          tags,
          summary: `导出${summary}`,
          description: `文件 ${summary}.xlsx，行同 get${name} 的全部页（最新在前）；筛选可放在 JSON 正文或查询参数中，正文优先。`,
          querystring: Filters,
          body: Filters,
        },
      },
      async (req, reply) =>
        sendXlsx(reply, `${summary}.xlsx`, summary, syncColumns, syncLogPages(database, req.auth, kind, { ...req.query, ...req.body }, config.tz)),
    );
  };
  // 站点同步记录（企业拉取站点）
  syncList('SyncSiteLogList', 'site', '站点同步记录');
  // 调度同步记录（上架 / 下架）
  syncList('DispatchSyncList', 'dispatch', '调度同步记录');
  // 借还车同步记录
  syncList('RequestSyncList', 'request', '借还车同步记录');
  // 车辆备案同步记录
  syncList('BikeSyncList', 'bike', '车辆同步记录');

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
