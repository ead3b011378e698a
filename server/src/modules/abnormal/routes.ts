/** /api/abnormal: the alert list, its counts, marking alerts handled, and the spreadsheet. */
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, Paged, ok, pageOf } from '../../http/envelope.js';
import { needs, type Auth } from '../../http/auth.js';
import { byIds } from '../../http/auditObjects.js';
import { paged, sendXlsx, type XlsxColumn } from '../../http/xlsx.js';
import { Nullable, SelfArea, emptyBody } from '../../http/schemas.js';
import { countMsgs, handleMsgs, listMsgs, msgFilter, msgPage, type Msg } from './service.js';
import { Counts, Filters, HandleResult, IdsT, MsgT } from './schemas.js';

const tags = ['异常信息'];

const columns: XlsxColumn<Msg>[] = [
  { header: '编号', value: (r) => r.id },
  { header: '异常类型', width: 16, value: (r) => r.abnormalTypeName },
  { header: '品牌', width: 12, value: (r) => r.brandName },
  { header: '车辆编号', width: 18, value: (r) => r.bikeId },
  { header: '站点名称', width: 20, value: (r) => r.siteName },
  { header: '经度', width: 12, value: (r) => r.lon },
  { header: '纬度', width: 12, value: (r) => r.lat },
  { header: '详情', width: 30, value: (r) => r.detail },
  { header: '发生时间', width: 20, value: (r) => r.createTime },
  { header: '更新时间', width: 20, value: (r) => r.updateTime },
  { header: '状态', value: (r) => (r.closed ? '已结束' : '进行中') },
  { header: '处理', value: (r) => (r.handled ? '已处理' : '未处理') },
  { header: '所在工单', value: (r) => r.workOrder?.id ?? null },
];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, config } = app.ctx;
  const tz = config.tz;

  // 各类型异常数：进行中未处理、最近三天
  app.get(
    '/getMsgCounts',
    { config: needs('warn'), schema: { tags, summary: '异常数量', querystring: Type.Object(SelfArea), response: { 200: Envelope(Counts) } } },
    async (req) => ok(await countMsgs(database, req.auth.scope(), tz)),
  );

  // 异常信息列表（分页，缺省最近三天）
  app.get(
    '/getMsg',
    {
      config: needs('warn'),
      schema: {
        tags,
        summary: '异常信息列表',
        querystring: Type.Object({
          ...Filters,
          currentPage: Type.Optional(Type.Integer({ minimum: 1, default: 1, description: '页码' })),
          pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 10, description: '每页条数（最多 1000）' })),
        }),
        response: {
          200: Envelope(
            Type.Object({
              ...Paged(MsgT).properties,
              startTime: Nullable(Type.String(), '所用时间范围的开始（未给 startTime 时为缺省：前天 00:00；只查进行中时为 null，不限）'),
              endTime: Type.String({ description: '所用时间范围的结束（含）' }),
            }),
          ),
        },
      },
    },
    async (req) => ok(await listMsgs(database, msgFilter(req.auth.scope(), req.query, tz), pageOf(req.query), tz)),
  );

  const handle = async (auth: Auth, raw: string | undefined) => {
    const r = await handleMsgs(database, auth, raw);
    return ok(r, r.handled ? `已处理 ${r.handled} 条` : '所选异常均已处理');
  };

  // 标记异常已处理（GET 兼容）
  app.get(
    '/updateMsg',
    {
      config: needs('warn.handle'),
      schema: { tags, summary: '处理异常', querystring: Type.Object({ ...SelfArea, ids: IdsT }), response: { 200: HandleResult } },
    },
    async (req) => handle(req.auth, req.query.ids),
  );

  // 标记异常已处理（ids 放在请求体或查询参数）
  app.put(
    '/updateMsg',
    {
      config: { ...needs('warn.handle'), audit: byIds('abnormal_messages', 'ids') },
      preValidation: emptyBody,
      schema: {
        tags,
        summary: '处理异常',
        querystring: Type.Object({ ...SelfArea, ids: Type.Optional(IdsT) }),
        body: Type.Object(
          { ids: Type.Optional(Type.Union([IdsT, Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 1000 })])) },
          { description: '可省略：ids 也可放在查询参数' },
        ),
        response: { 200: HandleResult },
      },
    },
    async (req) => {
      const b = req.body.ids;
      return handle(req.auth, Array.isArray(b) ? b.join(',') : (b ?? req.query.ids));
    },
  );

  // 导出异常信息（筛选同列表）
  app.get(
    '/exportMsg',
    {
      config: needs('warn.export'),
      schema: { tags, summary: '导出异常信息', description: '文件 异常信息.xlsx，行同 getMsg（全部页）。', querystring: Type.Object(Filters) },
    },
    async (req, reply) => {
      const f = msgFilter(req.auth.scope(), req.query, tz);
      return sendXlsx(
        reply,
        '异常信息.xlsx',
        '异常信息',
        columns,
        paged((offset, limit) => msgPage(database, f, { limit, offset }, tz)),
      );
    },
  );
};
export default routes;
