/**
 * 车辆备案导入 (under /api/company, issue 14): the template, starting an import of an uploaded
 * .xlsx, its progress and result, its filed and refused rows (paged and as .xlsx), and the import
 * history with the original file. Every call needs button 120 (company.filing) and reaches only
 * brands the caller may see.
 */
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, Paged, PageQuery, ok, pageOf } from '../../http/envelope.js';
import { SelfArea } from '../../http/schemas.js';
import { needs } from '../../http/auth.js';
import { CREATES } from '../../http/auditObjects.js';
import { sendXlsx, type XlsxColumn } from '../../http/xlsx.js';
import { registerOwner } from '../../shared/uploads.js';
import { ImportIdT, ImportInput, ImportItem, ResultT, RowItem } from './schemas.js';
import { listImports, listRows, type RowResult } from './repo.js';
import { COLUMNS } from './sheet.js';
import * as filing from './service.js';

const tags = ['企业管理 · 车辆备案导入'];
const use = needs('company.filing');

/** The rows of an .xlsx list: the template's columns with the row number first (and the reason for refusals). */
const rowColumns = (withReason: boolean): XlsxColumn<RowResult>[] => [
  { header: '行号', width: 8, value: (r) => r.row },
  ...COLUMNS.map((c) => ({ header: c.label, width: c.field === 'imeiCode' || c.field === 'bikeMac' ? 20 : 16, value: (r: RowResult) => r[c.field] })),
  ...(withReason ? [{ header: '拒绝原因', width: 48, value: (r: RowResult) => r.reason }] : []),
];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, config } = app.ctx;
  const jobs = new filing.FilingJobs(database, config.dataDir, app.log);
  filing.jobsByDatabase.set(database, jobs);
  app.addHook('onClose', () => jobs.stop());
  registerOwner('filing', (db, auth, ownerId) => filing.mayReadFile(db, auth, ownerId));
  /** Imports accepted by a request, started once its answer (and so its commit) went out. */
  const started = new WeakMap<object, number>();

  // 导入模板：表头与两行示例
  app.get('/bikeImportTemplate', { config: use, schema: { tags, summary: '车辆备案导入模板', querystring: Type.Object(SelfArea) } }, async (_req, reply) => {
    const rows = [0, 1].map((i) => COLUMNS.map((c) => c.example[i]));
    const columns = COLUMNS.map((c, i) => ({ header: c.label, width: 20, value: (r: (string | number)[]) => r[i] }));
    return sendXlsx(
      reply,
      '车辆备案导入模板.xlsx',
      '车辆备案',
      columns,
      (async function* () {
        yield rows;
      })(),
    );
  });

  // 开始导入：先以 purpose=filing 上传 xlsx，再以存储文件名开始；立即返回导入记录 ID，进度见 getBikeImport
  app.post(
    '/importBikes',
    {
      config: { ...use, audit: CREATES },
      schema: {
        tags,
        summary: '车辆备案导入',
        description:
          '逐行按开放接口 POST /api/open/v1/bikes 的规则校验与备案（另拒绝表内重复的车辆编号与其他企业已备案的车辆）。表头（第一行）须含 车辆编号、车辆类型 两列（亦可用 bikeId、bikeType 等英文列名），车辆类型填 自行车/电动车 或 0/1。',
        querystring: Type.Object(SelfArea),
        body: ImportInput,
        response: { 200: Envelope(Type.Object({ id: Type.Integer({ description: '导入记录 ID' }) })) },
      },
      onResponse: async (req) => {
        const id = started.get(req);
        if (id) jobs.enqueue(id);
      },
    },
    async (req) => {
      const id = await filing.startImport(database, config.dataDir, req.auth, req.body);
      started.set(req, id);
      return ok({ id }, '已开始导入，请稍候查看结果');
    },
  );

  // 一次导入的进度与结果
  app.get(
    '/getBikeImport',
    {
      config: use,
      schema: { tags, summary: '导入进度与结果', querystring: Type.Object({ ...SelfArea, id: ImportIdT }), response: { 200: Envelope(ImportItem) } },
    },
    async (req) => ok(filing.toItemOut(await filing.readableImport(database, req.auth, req.query.id), config.tz)),
  );

  // 导入记录：企业、导入人、文件类型、文件、时间与结果（分页）
  app.get(
    '/getBikeImportList',
    {
      config: use,
      schema: {
        tags,
        summary: '车辆备案导入记录',
        querystring: Type.Object({
          ...SelfArea,
          ...PageQuery,
          brandId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, description: '企业（品牌）ID' })),
        }),
        response: { 200: Envelope(Paged(ImportItem)) },
      },
    },
    async (req) => {
      const { rows, total } = await listImports(database, {
        areaIds: req.auth.scopeAreaIds(),
        brandLimit: req.auth.brandLimit,
        brandId: req.query.brandId,
        ...pageOf(req.query),
      });
      return ok({ lists: rows.map((r) => filing.toItemOut(r, config.tz)), total });
    },
  );

  const RowsQuery = Type.Object({ ...SelfArea, id: ImportIdT, result: ResultT });

  // 已备案或被拒绝的行（分页，按行号）
  app.get(
    '/getBikeImportRows',
    {
      config: use,
      schema: {
        tags,
        summary: '导入的行（已备案 / 被拒绝）',
        querystring: Type.Object({ ...RowsQuery.properties, ...PageQuery }),
        response: { 200: Envelope(Paged(RowItem)) },
      },
    },
    async (req) => {
      const imp = await filing.readableImport(database, req.auth, req.query.id);
      const accepted = req.query.result === 'accepted';
      const { limit, offset } = pageOf(req.query);
      const rows = await listRows(database, imp.id, accepted, { limit, offset });
      return ok({ lists: rows.map(({ accepted: _a, ...r }) => r), total: accepted ? imp.accepted : imp.rejected });
    },
  );

  // 导出已备案或被拒绝的行（xlsx，流式）
  app.get('/exportBikeImportRows', { config: use, schema: { tags, summary: '导出导入的行（xlsx）', querystring: RowsQuery } }, async (req, reply) => {
    const imp = await filing.readableImport(database, req.auth, req.query.id);
    const accepted = req.query.result === 'accepted';
    const label = accepted ? '已备案' : '被拒绝';
    const base = imp.fileName.replace(/\.xlsx$/i, '');
    async function* pages() {
      for (let after = 0; ;) {
        const rows = await listRows(database, imp.id, accepted, { limit: 5000, afterRow: after });
        if (rows.length) yield rows;
        if (rows.length < 5000) return;
        after = rows[rows.length - 1].row;
      }
    }
    return sendXlsx(reply, `${base}-${label}的行.xlsx`, `${label}的行`, rowColumns(!accepted), pages());
  });
};

export default routes;
