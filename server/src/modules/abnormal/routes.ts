/** /api/abnormal: the alert list, its counts, marking alerts handled, and the spreadsheet. */
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, Paged, badRequest, forbidden, ok, pageOf } from '../../http/envelope.js';
import type { Auth } from '../../http/auth.js';
import { paged, sendXlsx, type XlsxColumn } from '../../http/xlsx.js';
import { intList } from '../../domain/numbers.js';
import { Nullable, SelfArea, emptyBody } from '../../http/schemas.js';
import { areasOf, countMsgs, listMsgs, markHandled, msgFilter, msgRows, type Msg } from './repo.js';

const tags = ['异常信息'];

const Int = (description: string) => Type.Integer({ description });
const Str = (description: string) => Type.String({ description });

const Filters = {
  ...SelfArea,
  abnormalType: Type.Optional(Type.String({ maxLength: 100, description: '异常类型 1-14，多个用逗号分隔；缺省为全部' })),
  startTime: Type.Optional(
    Type.String({ maxLength: 19, description: '开始时间 yyyy-MM-dd HH:mm:ss（按发生时间）；缺省为前天 00:00，只查进行中（closed=0）时缺省不限' }),
  ),
  endTime: Type.Optional(Type.String({ maxLength: 19, description: '结束时间 yyyy-MM-dd HH:mm:ss（含）；缺省为今天结束' })),
  handled: Type.Optional(Type.Integer({ minimum: 0, maximum: 1, description: '0 未处理, 1 已处理；缺省为全部' })),
  closed: Type.Optional(Type.Integer({ minimum: 0, maximum: 1, description: '0 进行中, 1 已结束；缺省为全部' })),
  brandId: Type.Optional(Type.Integer({ minimum: 1, description: '企业 ID' })),
  bikeId: Type.Optional(Type.String({ maxLength: 32, description: '车辆编号' })),
  site: Type.Optional(Type.String({ maxLength: 50, description: '站点编号，或站点名称中的文字' })),
};

const MsgT = Type.Object({
  id: Int('消息 ID'),
  abnormalType: Int('异常类型 1-14'),
  abnormalTypeName: Str('异常类型名称：1 站外还车 … 14 区域外停放'),
  brandId: Nullable(Type.Integer(), '企业 ID'),
  brandName: Str('品牌'),
  bikeId: Nullable(Type.String(), '车辆编号'),
  siteId: Nullable(Type.String(), '站点编号'),
  siteName: Str('站点名称'),
  areaId: Str('区县编码'),
  lon: Nullable(Type.Number(), '经度'),
  lat: Nullable(Type.Number(), '纬度'),
  detail: Str('详情'),
  createTime: Str('发生时间'),
  updateTime: Str('更新时间'),
  closed: Type.Boolean({ description: '异常情况已结束（如车辆回到站点）' }),
  closeTime: Nullable(Type.String(), '结束时间'),
  handled: Type.Boolean({ description: '已被人工处理' }),
  handleTime: Nullable(Type.String(), '处理时间'),
  handledBy: Nullable(Type.String(), '处理人'),
});

const Counts = Type.Object({
  lists: Type.Array(
    Type.Object({
      abnormalType: Int('异常类型'),
      abnormalTypeName: Str('异常类型名称'),
      openNum: Int('进行中且未处理（不论哪天发生；大屏异常告警的页签数）'),
      recentNum: Int('最近三天（前天 00:00 至今天结束）发生的'),
    }),
    { description: '14 种异常类型各一行' },
  ),
  openTotal: Int('进行中且未处理合计'),
  recentTotal: Int('最近三天合计'),
  startTime: Str('最近三天的开始'),
  endTime: Str('最近三天的结束'),
});

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
];

const IdsT = Type.String({ minLength: 1, maxLength: 12000, description: '消息 ID，多个用逗号分隔（最多 1000 个）' });

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, config } = app.ctx;
  const tz = config.tz;

  // 各类型异常数：进行中未处理、最近三天
  app.get(
    '/getMsgCounts',
    { config: { permission: 'warn' }, schema: { tags, summary: '异常数量', querystring: Type.Object(SelfArea), response: { 200: Envelope(Counts) } } },
    async (req) => ok(await countMsgs(database, req.auth.scope(), tz)),
  );

  // 异常信息列表（分页，缺省最近三天）
  app.get(
    '/getMsg',
    {
      config: { permission: 'warn' },
      schema: {
        tags,
        summary: '异常信息列表',
        querystring: Type.Object({
          ...Filters,
          currentPage: Type.Optional(Type.Integer({ minimum: 1, default: 1, description: '页码' })),
          pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 10, description: '每页条数（最多 1000）' })),
        }),
        response: { 200: Envelope(Paged(MsgT)) },
      },
    },
    async (req) => ok(await listMsgs(database, msgFilter(req.auth.scope(), req.query, tz), pageOf(req.query), tz)),
  );

  const handle = async (auth: Auth, raw: string | undefined) => {
    const ids = raw === undefined ? null : intList(raw);
    if (!ids) throw badRequest('参数 ids 应为逗号分隔的消息 ID');
    if (ids.length > 1000) throw badRequest('参数 ids 一次最多 1000 个');
    const found = await areasOf(database, ids);
    const missing = ids.filter((id) => !found.some((f) => f.id === id));
    if (missing.length) throw badRequest(`异常消息 ${missing.slice(0, 5).join('、')} 不存在，请刷新后重试`);
    for (const f of found) {
      auth.assertInScope(f.areaId);
      if (auth.brandLimit !== null && f.brandId !== null && f.brandId !== auth.brandLimit) throw forbidden('不能处理其他企业的异常消息');
    }
    const handled = await markHandled(database, ids, auth.user.id);
    return ok({ handled, total: ids.length }, handled ? `已处理 ${handled} 条` : '所选异常均已处理');
  };
  const HandleResult = Envelope(Type.Object({ handled: Int('本次新标记为已处理的条数'), total: Int('提交的条数') }));

  // 标记异常已处理（GET 兼容）
  app.get(
    '/updateMsg',
    {
      config: { permission: 'warn.handle' },
      schema: { tags, summary: '处理异常', querystring: Type.Object({ ...SelfArea, ids: IdsT }), response: { 200: HandleResult } },
    },
    async (req) => handle(req.auth, req.query.ids),
  );

  // 标记异常已处理（ids 放在请求体或查询参数）
  app.put(
    '/updateMsg',
    {
      config: { permission: 'warn.handle' },
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
      config: { permission: 'warn.export' },
      schema: { tags, summary: '导出异常信息', description: '文件 异常信息.xlsx，行同 getMsg（全部页）。', querystring: Type.Object(Filters) },
    },
    async (req, reply) => {
      const f = msgFilter(req.auth.scope(), req.query, tz);
      return sendXlsx(
        reply,
        '异常信息.xlsx',
        '异常信息',
        columns,
        paged((offset, limit) => msgRows(database, f, { limit, offset }, tz)),
      );
    },
  );
};
export default routes;
