/** 操作日志 under 系统设置: the audit log's list, its operations and its export (/api/auditLog). */
import { Type, type Static } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, PageQuery, ok, pageOf } from '../../http/envelope.js';
import { needs, type Auth } from '../../http/auth.js';
import { emptyBody, SelfArea } from '../../http/schemas.js';
import { timeRange } from '../../http/timeRange.js';
import { sendXlsx, type XlsxColumn } from '../../http/xlsx.js';
import { formatTime } from '../../domain/time.js';
import { ROOT_AREA_ID } from '../../domain/areas.js';
import { COUNT_CAP, auditPages, listAudit, type AuditFilter, type AuditRow } from './repo.js';
import { Entry, FilterQuery, Filters } from './schemas.js';

const tags = ['操作日志'];
const view = needs('audit.view');
/** An export holds at most this many entries (newest first); narrow the filters for older ones. */
const EXPORT_MAX = 100_000;

/** 操作日志 and its filters. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, config } = app.ctx;
  const tz = config.tz;

  const filterOf = (auth: Auth, q: Static<typeof FilterQuery>): AuditFilter => ({
    areaIds: auth.areaId === ROOT_AREA_ID ? null : auth.scopeAreaIds(),
    username: q.username?.trim() || undefined,
    route: q.route?.trim() || undefined,
    method: q.method,
    objectId: q.objectId?.trim() || undefined,
    ...timeRange(q, tz),
  });
  const toEntry = (r: AuditRow): Static<typeof Entry> => ({ ...r, time: formatTime(r.at, tz) ?? '' });

  // 操作日志列表：操作用户在当前区域及下级区域的记录，新的在前
  app.get(
    '/list',
    {
      config: view,
      schema: {
        tags,
        summary: '操作日志列表',
        querystring: Type.Object({ ...Filters, ...PageQuery }),
        response: {
          200: Envelope(
            Type.Object({
              lists: Type.Array(Entry),
              total: Type.Integer({ description: `条数，最多数到 ${COUNT_CAP}（更多时 more 为 true）` }),
              more: Type.Boolean({ description: `多于 ${COUNT_CAP} 条` }),
            }),
          ),
        },
      },
    },
    async (req) => {
      const { limit, offset } = pageOf(req.query);
      const { rows, total } = await listAudit(database, filterOf(req.auth, req.query), limit, offset);
      return ok({ lists: rows.map(toEntry), total: Math.min(total, COUNT_CAP), more: total > COUNT_CAP });
    },
  );

  // 可筛选的操作：日志记录的每个写接口及其摘要
  app.get(
    '/routes',
    {
      config: view,
      schema: {
        tags,
        summary: '操作日志的操作列表',
        querystring: Type.Object(SelfArea),
        response: { 200: Envelope(Type.Array(Type.Object({ method: Type.String(), url: Type.String(), summary: Type.String() }))) },
      },
    },
    async () => ok(app.audited.map(({ method, url, summary }) => ({ method, url, summary }))),
  );

  // 导出操作日志（操作日志.xlsx），筛选同列表
  app.post(
    '/export',
    {
      config: view,
      preValidation: emptyBody,
      schema: {
        tags,
        summary: '导出操作日志',
        description: `文件 操作日志.xlsx：筛选同 GET /api/auditLog/list（JSON 正文或查询参数，正文优先），新的在前，最多 ${EXPORT_MAX} 条。`,
        querystring: Type.Object(Filters),
        body: Type.Object(Filters, { description: '可省略：筛选也可放在查询参数' }),
      },
    },
    async (req, reply) => {
      const f = filterOf(req.auth, { ...req.query, ...req.body });
      return sendXlsx(reply, '操作日志.xlsx', '操作日志', columns(tz), auditPages(database, f, EXPORT_MAX));
    },
  );
};

const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v).slice(0, 32_000));

function columns(tz: string): XlsxColumn<AuditRow>[] {
  return [
    { header: '时间', width: 20, value: (r) => formatTime(r.at, tz) },
    { header: '用户名', width: 16, value: (r) => r.username },
    { header: '姓名', width: 14, value: (r) => r.userName },
    { header: '所属区域', width: 10, value: (r) => r.areaId },
    { header: '操作', width: 20, value: (r) => r.summary },
    { header: '接口', width: 32, value: (r) => `${r.method} ${r.route}` },
    { header: '对象', width: 14, value: (r) => r.objectId },
    { header: '修改前', width: 30, value: (r) => json(r.before) },
    { header: '请求与结果', width: 60, value: (r) => json(r.after) },
    { header: '地址', width: 16, value: (r) => r.ip },
    { header: '结果', width: 20, value: (r) => r.outcome },
  ];
}

export default routes;
