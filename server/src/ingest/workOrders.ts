/**
 * The enterprise's side of work orders (issue 27) on the open API: list its orders (changed since a
 * point, oldest change first), accept one, answer one. Another enterprise's order does not exist for
 * it (404); a step the order's state does not allow is refused with what to do (409); an answer
 * repeated with the same answerId is recognised and stored once.
 */
import { Type, type Static } from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope, httpError } from '../http/envelope.js';
import { ORDER_TYPES, stateShown, step, type OrderState } from '../domain/workOrders.js';
import * as store from '../shared/workOrders.js';
import * as v from './validate.js';

const tags = ['开放接口 v1 · 工单'];
const MAX_LIST = 500;
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

const OrderItem = Type.Object({
  orderId: Type.Integer(),
  type: Type.Integer({
    description: Object.entries(ORDER_TYPES)
      .map(([k, n]) => `${k} ${n}`)
      .join('，'),
  }),
  typeName: Type.String(),
  state: Type.Integer({ description: '1 待接单，2 处理中，3 已反馈，4 已办结' }),
  stateName: Type.String({ description: '状态名称；未反馈且已过期限的为 已超时' }),
  overdue: Type.Boolean(),
  areaId: Type.String(),
  siteId: Type.Union([Type.String(), Type.Null()]),
  siteName: Type.Union([Type.String(), Type.Null()]),
  lon: Type.Union([Type.Number(), Type.Null()]),
  lat: Type.Union([Type.Number(), Type.Null()]),
  title: Type.String(),
  bikesToMove: Type.Union([Type.Integer(), Type.Null()], { description: '调度工单：本企业应调走（过满）或调入（过空）的车辆数' }),
  alertCount: Type.Integer({ description: '工单包含的告警条数' }),
  returns: Type.Integer({ description: '被退回次数' }),
  createdAt: Type.String(),
  deadlineAt: Type.String(),
  acceptedAt: Type.Union([Type.String(), Type.Null()]),
  answeredAt: Type.Union([Type.String(), Type.Null()]),
  closedAt: Type.Union([Type.String(), Type.Null()]),
  updatedAt: Type.String(),
});

function item(o: store.OrderRow, now: Date): Static<typeof OrderItem> {
  const deadlineAt = new Date(o.deadlineAt);
  return {
    orderId: o.id,
    type: o.orderType,
    typeName: ORDER_TYPES[o.orderType],
    state: o.state,
    ...stateShown({ state: o.state, deadlineAt }, now),
    areaId: o.areaId,
    siteId: o.siteId,
    siteName: o.siteName,
    lon: o.lon,
    lat: o.lat,
    title: o.title,
    bikesToMove: o.bikesToMove,
    alertCount: o.alertCount,
    returns: o.returns,
    createdAt: iso(o.createdAt)!,
    deadlineAt: deadlineAt.toISOString(),
    acceptedAt: iso(o.acceptedAt),
    answeredAt: iso(o.answeredAt),
    closedAt: iso(o.closedAt),
    updatedAt: iso(o.updatedAt)!,
  };
}

const OrderId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: '工单编号' });
const Ids = (what: string) => Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 500, description: what }));
const AnswerBody = Type.Object({
  orderId: OrderId,
  answerId: Type.String({ minLength: 1, maxLength: 64, description: '本次反馈的编号（企业自定）：重复提交同一编号只保存一次' }),
  text: Type.String({ minLength: 1, maxLength: 1000, description: '处理说明' }),
  dispatchIds: Ids('本次调度的调度记录编号（POST /dispatch 的 dispatchId）'),
  bikeIds: Ids('处理的车辆编号'),
});

/** Registers the calls inside the open API's plugin (its token check runs first). */
export function workOrderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { database } = app.ctx;

  const brandOf = (op: { brandId: number | null }) => {
    if (op.brandId === null) throw httpError(403, '该接口仅供企业账号调用');
    return op.brandId;
  };
  /** The enterprise's own order, or 404 (another enterprise's order is not told apart from none). */
  const ownOrder = async (brandId: number, orderId: number) => {
    const o = await store.findOrder(database, orderId);
    if (!o || o.brandId !== brandId) throw httpError(404, `工单 ${orderId} 不存在`);
    return o;
  };

  // 本企业的工单：按变更时间从早到晚，带上次最后一条的 updatedAt 与 orderId 续取
  r.get(
    '/workOrders',
    {
      schema: {
        tags,
        summary: '获取本企业的工单',
        description:
          '按变更时间（updatedAt）从早到晚返回本企业的工单，每次最多 limit 条。轮询时把上次最后一条的 updatedAt 与 orderId 作为 since 与 afterId 传入，不会漏掉任何变更。state：1~4 或 open（未办结）。',
        querystring: Type.Object({
          state: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('1'), Type.Literal('2'), Type.Literal('3'), Type.Literal('4')])),
          since: Type.Optional(Type.String({ maxLength: 40, description: 'ISO 8601 或毫秒时间戳' })),
          afterId: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LIST, default: 100 })),
        }),
        response: { 200: Envelope(Type.Object({ orders: Type.Array(OrderItem), serverTime: Type.String() })) },
      },
    },
    async (req) => {
      const brandId = brandOf(req.operator);
      const now = new Date();
      let after: { at: Date; id: number } | null = null;
      if (req.query.since) {
        const raw = /^\d+$/.test(req.query.since) ? Number(req.query.since) : req.query.since;
        try {
          after = { at: v.parseTime(raw, 'since', now.getTime()), id: req.query.afterId ?? 0 };
        } catch (e) {
          throw httpError(400, (e as Error).message);
        }
      }
      const state = req.query.state === undefined ? null : req.query.state === 'open' ? 'open' : (Number(req.query.state) as OrderState);
      const rows = await store.brandOrders(database, { brandId, state, after, limit: req.query.limit ?? 100 });
      return { code: 200, message: `共 ${rows.length} 条`, data: { orders: rows.map((o) => item(o, now)), serverTime: now.toISOString() } };
    },
  );

  // 接单
  r.post(
    '/workOrders/accept',
    {
      schema: {
        tags,
        summary: '接单',
        description: '待接单 → 处理中。已接单的再次接单按成功处理。',
        body: Type.Object({ orderId: OrderId }),
        response: { 200: Envelope(OrderItem) },
      },
    },
    async (req) => {
      const brandId = brandOf(req.operator);
      const o = await ownOrder(brandId, req.body.orderId);
      const now = new Date();
      if (o.state === 2) return { code: 200, message: '已接单', data: item(o, now) };
      const next = step(o.state, 'accept', 'operator');
      if (!next.ok) throw httpError(409, next.message);
      const event = { action: 'accept', actor: 'operator', userId: null, brandId, note: null, photos: null, moved: null, requestId: null } as const;
      if (!(await store.applyStep(database, o.id, o.state, next.state, event, now))) throw httpError(409, '工单状态已变化，请重新获取后再试');
      return { code: 200, message: '接单成功', data: item((await store.findOrder(database, o.id))!, now) };
    },
  );

  // 反馈处理结果
  r.post(
    '/workOrders/answer',
    {
      schema: {
        tags,
        summary: '反馈处理结果',
        description: '待接单或处理中 → 已反馈（未接单的同时接单）。已办结的工单不能再反馈；被退回后可再次反馈。同一 answerId 重复提交只保存一次。',
        body: AnswerBody,
        response: { 200: Envelope(OrderItem) },
      },
    },
    async (req) => {
      const brandId = brandOf(req.operator);
      const { orderId, answerId, text, dispatchIds, bikeIds } = req.body;
      const o = await ownOrder(brandId, orderId);
      const now = new Date();
      if (await store.answered(database, o.id, answerId)) return { code: 200, message: '该反馈已接收（重复提交）', data: item(o, now) };
      const next = step(o.state, 'answer', 'operator');
      if (!next.ok) throw httpError(409, next.message);
      const moved = dispatchIds?.length || bikeIds?.length ? { dispatchIds: dispatchIds ?? [], bikeIds: bikeIds ?? [] } : null;
      const event = { action: 'answer', actor: 'operator', userId: null, brandId, note: text.trim(), photos: null, moved, requestId: answerId } as const;
      if (!(await store.applyStep(database, o.id, o.state, next.state, event, now))) {
        // another request came first: the same answer (a retry in flight) or another step
        if (await store.answered(database, o.id, answerId)) return { code: 200, message: '该反馈已接收（重复提交）', data: item(o, now) };
        throw httpError(409, '工单状态已变化，请重新获取后再试');
      }
      return { code: 200, message: '反馈成功，等待监管部门办结', data: item((await store.findOrder(database, o.id))!, now) };
    },
  );
}
