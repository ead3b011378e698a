/**
 * The enterprise's side of work orders (issue 27) on the open API: list its orders (changed since a
 * point, oldest change first), accept one, upload a photo, answer one (text, photos, the dispatches
 * or bikes it moved, when it did so). Another enterprise's order does not exist for it (404); a step
 * the order's state does not allow is refused with what to do (409); an answer repeated with the
 * same answerId is recognised and stored once.
 */
import { Type, type Static } from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { Query } from '../db/client.js';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ApiError, Envelope, httpError } from '../http/envelope.js';
import { attachBrandUploads, fileOf, saveUpload, urlOf } from '../shared/uploads.js';
import { writeSyncLog } from '../shared/syncLog.js';
import type { Operator } from './auth.js';
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
  bikeIds: Type.Array(Type.String(), { description: '工单告警中仍未结束的车辆编号（最多 100 个）：需要处理的车辆' }),
  returns: Type.Integer({ description: '被退回次数' }),
  createdAt: Type.String(),
  deadlineAt: Type.String(),
  acceptedAt: Type.Union([Type.String(), Type.Null()]),
  answeredAt: Type.Union([Type.String(), Type.Null()]),
  closedAt: Type.Union([Type.String(), Type.Null()]),
  updatedAt: Type.String(),
});

function item(o: store.EnterpriseOrderRow, now: Date): Static<typeof OrderItem> {
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
    bikeIds: o.bikeIds ?? [],
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
const StepTime = (what: string) =>
  Type.Optional(
    Type.Union([Type.String({ maxLength: 40 }), Type.Integer({ minimum: 0 })], {
      description: `${what}（带时区的 ISO 8601 或毫秒时间戳），缺省为收到请求的时间；不能早于工单创建时间，也不能晚于当前时间`,
    }),
  );
const MAX_PHOTOS = 9;
const AnswerBody = Type.Object({
  orderId: OrderId,
  answerId: Type.String({ minLength: 1, maxLength: 64, description: '本次反馈的编号（企业自定）：重复提交同一编号只保存一次' }),
  text: Type.String({ minLength: 1, maxLength: 1000, description: '处理说明' }),
  dispatchIds: Ids('本次调度的调度记录编号（POST /dispatch 的 dispatchId）'),
  bikeIds: Ids('处理的车辆编号'),
  photos: Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: 80 }), {
      maxItems: MAX_PHOTOS,
      description: `现场照片：POST /workOrders/photo 返回的 file 或 url，最多 ${MAX_PHOTOS} 张`,
    }),
  ),
  answeredAt: StepTime('处理完成的时间'),
});

/** A time the enterprise sends (ISO 8601 with its zone, or milliseconds, also as digits in a query), or 400 naming the field. */
function timeOf(raw: string | number, field: string, now: Date): Date {
  try {
    return v.parseTime(typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw, field, now.getTime());
  } catch (e) {
    throw httpError(400, (e as Error).message);
  }
}

/** Registers the calls inside the open API's plugin (its token check runs first). */
export function workOrderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { database, config } = app.ctx;

  const brandOf = (op: { brandId: number | null }) => {
    if (op.brandId === null) throw httpError(403, '该接口仅供企业账号调用');
    return op.brandId;
  };
  /**
   * Runs a write and keeps it in the dispatch sync log (调度同步, as every open-API write): accepted,
   * or refused with the reason. The polls (GET /workOrders) change nothing and are not logged.
   */
  const logged = async <T>(op: Operator, endpoint: string, id: string | null, run: () => Promise<T>): Promise<T> => {
    const startedAt = performance.now();
    const entry = { kind: 'dispatch' as const, endpoint, itemCount: 1, startedAt };
    try {
      const out = await run();
      await writeSyncLog(database, op, { ...entry, accepted: 1, rejected: [] });
      return out;
    } catch (e) {
      const refused = e instanceof ApiError ? [{ index: 0, id, reason: e.message }] : [];
      await writeSyncLog(database, op, { ...entry, accepted: 0, rejected: refused, ...(refused.length ? {} : { error: (e as Error).message }) }).catch(
        () => {},
      );
      throw e;
    }
  };
  /** When the enterprise says it took a step: not before the order was opened, not after now (400 otherwise). */
  const stepTime = (raw: string | number | undefined, field: string, o: store.OrderRow, now: Date) => {
    if (raw === undefined) return now;
    const at = timeOf(raw, field, now);
    if (at.getTime() < new Date(o.createdAt).getTime()) throw httpError(400, `${field} 不能早于工单创建时间 ${new Date(o.createdAt).toISOString()}`);
    return at;
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
          '按变更时间（updatedAt）从早到晚返回本企业的工单，每次最多 limit 条。轮询时把上次最后一条的 updatedAt 与 orderId 作为 since 与 afterId 传入，不会漏掉任何变更。state：1~4，open（未办结），todo（待本企业处理：待接单或处理中，含被退回的）。',
        querystring: Type.Object({
          state: Type.Optional(
            Type.Union([Type.Literal('open'), Type.Literal('todo'), Type.Literal('1'), Type.Literal('2'), Type.Literal('3'), Type.Literal('4')]),
          ),
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
      const after = req.query.since ? { at: timeOf(req.query.since, 'since', now), id: req.query.afterId ?? 0 } : null;
      const q = req.query.state;
      const state = q === undefined ? null : q === 'open' || q === 'todo' ? q : (Number(q) as OrderState);
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
        body: Type.Object({ orderId: OrderId, acceptedAt: StepTime('接单时间') }),
        response: { 200: Envelope(OrderItem) },
      },
    },
    async (req) =>
      logged(req.operator, 'POST /workOrders/accept', String(req.body.orderId), async () => {
        const brandId = brandOf(req.operator);
        const o = await ownOrder(brandId, req.body.orderId);
        const now = new Date();
        if (o.state === 2) return { code: 200, message: '已接单', data: item(o, now) };
        const next = step(o.state, 'accept', 'operator');
        if (!next.ok) throw httpError(409, next.message);
        const at = stepTime(req.body.acceptedAt, 'acceptedAt', o, now);
        const event = { action: 'accept', actor: 'operator', userId: null, brandId, note: null, photos: null, moved: null, requestId: null } as const;
        if (!(await store.applyStep(database, o.id, o.state, next.state, event, at, { now }))) throw httpError(409, '工单状态已变化，请重新获取后再试');
        return { code: 200, message: '接单成功', data: item((await store.findOrder(database, o.id))!, now) };
      }),
  );

  // 上传一张现场照片，反馈时在 photos 中引用
  r.post(
    '/workOrders/photo',
    {
      schema: {
        tags,
        summary: '上传工单照片',
        description: `multipart/form-data，字段 file：一张 PNG、JPG 或 WEBP 照片（按内容识别），不超过 ${Math.round(config.uploadMaxBytes / 1024 / 1024)} MB。返回的 file 在反馈时放入 photos；24 小时内未被反馈引用的照片会被删除。`,
        consumes: ['multipart/form-data'],
        response: { 200: Envelope(Type.Object({ file: Type.String(), url: Type.String(), size: Type.Integer(), type: Type.String() })) },
      },
    },
    async (req) =>
      logged(req.operator, 'POST /workOrders/photo', null, async () => {
        const brandId = brandOf(req.operator);
        const missing = '缺少参数 file：请以 multipart/form-data 上传一张照片';
        if (!req.isMultipart()) throw httpError(400, missing);
        const part = await req.file({ limits: { fileSize: config.uploadMaxBytes, files: 1 } });
        if (!part || part.fieldname !== 'file') throw httpError(400, missing);
        try {
          const bytes = await part.toBuffer();
          const row = await saveUpload(
            database,
            config.dataDir,
            { brandId, areaId: req.operator.areaId },
            'workOrder',
            part.filename,
            bytes,
            config.uploadLimits,
          );
          return { code: 200, message: '上传成功', data: { file: row.file, url: urlOf(row.file), size: row.size, type: row.mime } };
        } catch (e) {
          if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
            throw httpError(413, `照片过大：不能超过 ${Math.round(config.uploadMaxBytes / 1024 / 1024)} MB，请压缩后再传`);
          throw e instanceof ApiError && e.httpStatus === 200 ? httpError(400, e.message) : e;
        }
      }),
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
    async (req) =>
      logged(req.operator, 'POST /workOrders/answer', String(req.body.orderId), async () => {
        const brandId = brandOf(req.operator);
        const { orderId, answerId, text, dispatchIds, bikeIds } = req.body;
        const o = await ownOrder(brandId, orderId);
        const now = new Date();
        if (await store.answered(database, o.id, answerId)) return { code: 200, message: '该反馈已接收（重复提交）', data: item(o, now) };
        const next = step(o.state, 'answer', 'operator');
        if (!next.ok) throw httpError(409, next.message);
        const at = stepTime(req.body.answeredAt, 'answeredAt', o, now);
        const files = [...new Set(req.body.photos ?? [])].map((p) => {
          const f = fileOf(p);
          if (!f) throw httpError(400, `参数 photos 中的 ${p} 不是上传接口返回的照片，请先调用 POST /workOrders/photo`);
          return f;
        });
        const moved = dispatchIds?.length || bikeIds?.length ? { dispatchIds: dispatchIds ?? [], bikeIds: bikeIds ?? [] } : null;
        const photos = files.length ? files.map(urlOf) : null;
        const event = { action: 'answer', actor: 'operator', userId: null, brandId, note: text.trim(), photos, moved, requestId: answerId } as const;
        const attach = async (q: Query) => {
          try {
            await attachBrandUploads(q, brandId, 'workOrder', o.id, files, 'photos');
          } catch (e) {
            // the message names the file; re-thrown as the open API's 400
            throw e instanceof ApiError ? httpError(400, e.message) : e;
          }
        };
        if (!(await store.applyStep(database, o.id, o.state, next.state, event, at, { now, within: attach }))) {
          // another request came first: the same answer (a retry in flight) or another step
          if (await store.answered(database, o.id, answerId)) return { code: 200, message: '该反馈已接收（重复提交）', data: item(o, now) };
          throw httpError(409, '工单状态已变化，请重新获取后再试');
        }
        return { code: 200, message: '反馈成功，等待监管部门办结', data: item((await store.findOrder(database, o.id))!, now) };
      }),
  );
}
