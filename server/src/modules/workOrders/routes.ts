import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, Paged, ok, pageOf } from '../../http/envelope.js';
import { needs } from '../../http/auth.js';
import { CREATES, byField } from '../../http/auditObjects.js';
import { SelfArea } from '../../http/schemas.js';
import { registerOwner } from '../../shared/uploads.js';
import * as orders from './service.js';
import { AddBody, FinishBody, ListQuery, MeasureQuery, Measures, OrderDetail, OrderId, OrderItem, OrderPoints, PointsQuery, ReturnBody } from './schemas.js';
import { Summary, SummaryQuery } from './schemas.js';

const tags = ['工单'];
const view = needs('workOrder.view');
const handle = needs('workOrder.handle');
/** The order a decision changes (its id in the body). */
const order = byField('work_orders', 'id');

/**
 * 日常值守 · 工单 (/api/workOrder), the regulator's side of the orders the enterprises answer on the
 * open API: list, the map's points (the list's filters), detail, 新建, 办结, 退回, and the measures per enterprise.
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, config } = app.ctx;
  const tz = config.tz;
  // the photos of the enterprises' answers: whoever may see the order
  registerOwner('workOrder', (db, auth, ownerId) => orders.mayReadPhoto(db, auth, ownerId));

  // 工单列表（本区域及下级；企业账号只看本企业）
  app.get(
    '/list',
    { config: view, schema: { tags, summary: '工单列表', querystring: ListQuery, response: { 200: Envelope(Paged(OrderItem)) } } },
    async (req) => ok(await orders.listOrders(database, req.auth, { ...req.query, ...pageOf(req.query) }, tz)),
  );

  // 工单地图：与列表相同的筛选，不分页；有位置的工单最多 5000 个（最新的在前），无位置的只计数
  app.get(
    '/points',
    { config: view, schema: { tags, summary: '工单地图点位', querystring: PointsQuery, response: { 200: Envelope(OrderPoints) } } },
    async (req) => ok(await orders.orderPoints(database, req.auth, req.query, tz)),
  );

  // 工单详情：时间线、包含的告警、证据、企业的反馈
  app.get(
    '/detail',
    {
      config: view,
      schema: { tags, summary: '工单详情', querystring: Type.Object({ ...SelfArea, id: OrderId }), response: { 200: Envelope(OrderDetail) } },
    },
    async (req) => ok(await orders.orderDetail(database, req.auth, req.query.id, tz)),
  );

  // 各企业的响应考核：收到、按期响应、响应用时中位数与 90 分位、退回、超时
  app.get(
    '/measures',
    { config: view, schema: { tags, summary: '企业工单响应统计', querystring: MeasureQuery, response: { 200: Envelope(Measures) } } },
    async (req) => ok(await orders.measures(database, req.auth, req.query, tz)),
  );

  // 调度工单概况（大屏调度指引）：未办结、已超时的调度工单，待监管处理的工单（同待办 dispatchPend）
  app.get(
    '/summary',
    { config: view, schema: { tags, summary: '调度工单概况', querystring: SummaryQuery, response: { 200: Envelope(Summary) } } },
    async (req) => ok(await orders.summary(database, req.auth, req.query)),
  );

  // 新建工单（可从告警新建）
  app.post(
    '/add',
    {
      config: { ...handle, audit: CREATES },
      schema: { tags, summary: '新建工单', body: AddBody, response: { 200: Envelope(Type.Object({ id: Type.Integer() })) } },
    },
    async (req) => ok({ id: await orders.addOrder(database, req.auth, req.body) }, '工单已派发'),
  );

  // 办结
  app.post('/finish', { config: { ...handle, audit: order }, schema: { tags, summary: '办结工单', body: FinishBody } }, async (req) => {
    await orders.decide(database, req.auth, req.body.id, 'finish', req.body.note);
    return ok(null, '工单已办结');
  });

  // 退回（须填写原因）：回到处理中，企业可再次反馈
  app.post('/return', { config: { ...handle, audit: order }, schema: { tags, summary: '退回工单', body: ReturnBody } }, async (req) => {
    await orders.decide(database, req.auth, req.body.id, 'return', req.body.reason);
    return ok(null, '工单已退回，等待企业重新处理');
  });
};
export default routes;
