import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, Paged, PageQuery, ok, pageOf } from '../../http/envelope.js';
import { needs } from '../../http/auth.js';
import { SelfArea } from '../../http/schemas.js';
import { BrandIdT, OrderFilters, RideOrder, SyncQuery } from './schemas.js';
import { SyncLog } from '../../shared/syncLog.js';
import {
  ORDER_EXPORT_MAX,
  detailText,
  findOrder,
  listOrders,
  listSyncLogs,
  orderExportPages,
  orderTrack,
  syncLogPages,
  type OrderOut,
  type SyncKind,
  type SyncLogOut,
} from './records.js';
import { emptyBody } from '../../http/schemas.js';
import { sendXlsx, type XlsxColumn } from '../../http/xlsx.js';

const tags = ['企业管理'];
const read = needs('companyManagement');
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

/** A point of a ride's track (getBikeRideOrderTrack). */
const TrackPoint = Type.Object({
  lon: Type.Number({ description: '经度（GCJ-02）' }),
  lat: Type.Number({ description: '纬度（GCJ-02）' }),
  time: Type.String({ description: '时间' }),
  kind: Type.Union([Type.Literal('rent'), Type.Literal('track'), Type.Literal('return')], {
    description: 'rent 借车点, track 骑行中上报的位置, return 还车点',
  }),
});

const yesNo = (v: boolean) => (v ? '是' : '否');
const RETURN_TEXT = (r: OrderOut) => (r.returnTime === null ? '未还车' : r.outSiteReturn ? '站外还车' : '站内还车');
const orderColumns: XlsxColumn<OrderOut>[] = [
  { header: '订单编号', width: 26, value: (r) => r.orderId },
  { header: '企业', width: 16, value: (r) => r.brandName },
  { header: '车辆编号', width: 18, value: (r) => r.bikeId },
  { header: '车辆类型', value: (r) => (r.bikeType === 1 ? '电动车' : '自行车') },
  { header: '区域', width: 14, value: (r) => r.areaName },
  { header: '借车时间', width: 22, value: (r) => r.rentTime },
  { header: '借车站点', width: 24, value: (r) => r.rentSiteName ?? r.rentSiteId ?? '站外' },
  { header: '借车经度', value: (r) => r.rentLon },
  { header: '借车纬度', value: (r) => r.rentLat },
  { header: '还车时间', width: 22, value: (r) => r.returnTime },
  { header: '还车站点', width: 24, value: (r) => (r.returnTime === null ? '' : (r.returnSiteName ?? r.returnSiteId ?? '站外')) },
  { header: '还车经度', value: (r) => r.returnLon },
  { header: '还车纬度', value: (r) => r.returnLat },
  { header: '还车方式', value: RETURN_TEXT },
  { header: '满桩还车', value: (r) => yesNo(r.fullReturn) },
  { header: '骑行时长（分钟）', value: (r) => r.durationMinutes },
  { header: '费用（元）', value: (r) => (r.feeYuan === null ? null : Number(r.feeYuan)) },
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

  // 骑行订单列表（借车时间、还车位置、骑行时长筛选）
  app.get(
    '/getBikeRideOrderList',
    {
      config: read,
      schema: { tags, summary: '骑行订单列表', querystring: Type.Object({ ...OrderFilters, ...PageQuery }), response: { 200: Envelope(Paged(RideOrder)) } },
    },
    async (req) => ok(await listOrders(database, req.auth, { ...req.query, ...pageOf(req.query) }, config.tz)),
  );

  // 导出骑行订单（骑行订单.xlsx）：筛选同列表，JSON 正文或查询参数，正文优先
  const ExportFilters = Type.Object(OrderFilters);
  app.post(
    '/exportBikeRideOrderList',
    {
      config: needs('company.export'),
      preValidation: emptyBody,
      schema: {
        tags,
        summary: '导出骑行订单',
        description: `文件 骑行订单.xlsx，行同 getBikeRideOrderList 的全部页（借车时间最新在前），至多 ${ORDER_EXPORT_MAX.toLocaleString('en-US')} 条（超过时提示缩小范围）；筛选可放在 JSON 正文或查询参数中，正文优先。`,
        querystring: ExportFilters,
        body: ExportFilters,
      },
    },
    async (req, reply) =>
      sendXlsx(reply, '骑行订单.xlsx', '骑行订单', orderColumns, await orderExportPages(database, req.auth, { ...req.query, ...req.body }, config.tz)),
  );

  // 骑行订单详情
  app.get(
    '/getBikeRideOrderDetail',
    { config: read, schema: { tags, summary: '骑行订单详情', querystring: OrderKey, response: { 200: Envelope(RideOrder) } } },
    async (req) => ok(await findOrder(database, req.auth, req.query.brandId, req.query.orderId, config.tz)),
  );

  // 骑行订单轨迹：借车点、骑行中上报的位置、还车点，按时间排序
  app.get(
    '/getBikeRideOrderTrack',
    {
      config: read,
      schema: {
        tags,
        summary: '骑行订单轨迹',
        description: '借车点、车辆骑行中（借车后、还车前）经开放接口上报的位置、还车点，按时间排序；未还车的订单到当前为止。',
        querystring: OrderKey,
        response: { 200: Envelope(Type.Array(TrackPoint)) },
      },
    },
    async (req) => ok(await orderTrack(database, req.auth, req.query.brandId, req.query.orderId, config.tz)),
  );
};
export default routes;
