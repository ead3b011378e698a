import { Type, type Static } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, Paged, ok, pageOf } from '../../../http/envelope.js';
import { needs } from '../../../http/auth.js';
import { byField } from '../../../http/auditObjects.js';
import { sendXlsx, type XlsxColumn } from '../../../http/xlsx.js';
import * as svc from './service.js';
import { ApplyItem, ApplyQuery, ApproveBody, ExportRejectQuery, RejectBody } from './schemas.js';
import { tags } from '../schemas.js';

type App = Parameters<FastifyPluginAsyncTypebox>[0];

/** The columns of 驳回记录.xlsx: the list's fields, in its order. */
const rejectColumns: XlsxColumn<Static<typeof ApplyItem>>[] = [
  { header: '申请ID', value: (r) => r.id },
  { header: '站点名称', width: 24, value: (r) => r.name },
  { header: '申请人', value: (r) => r.applicantName },
  { header: '企业', value: (r) => r.brandName },
  { header: '区域', value: (r) => r.areaName },
  { header: '经度', value: (r) => r.lon },
  { header: '纬度', value: (r) => r.lat },
  { header: '建议容量', value: (r) => r.capacity },
  { header: '建议桩数', value: (r) => r.piles },
  { header: '申请理由', width: 40, value: (r) => r.reason },
  { header: '申请时间', width: 20, value: (r) => r.at },
  { header: '驳回理由', width: 40, value: (r) => r.rejectReason },
  { header: '审核人', value: (r) => r.deciderName },
  { header: '审核时间', width: 20, value: (r) => r.decidedAt },
];

/** 米单车管理 · 站点申请: the field app's site proposals, listed, approved (the site built) or rejected, and the rejected ones exported. */
export function registerSiteApply(app: App) {
  const { database, config, geo, areas } = app.ctx;
  const tz = config.tz;

  // 站点申请列表（含照片、位置）
  app.get(
    '/siteApply/list',
    { config: needs('miBicycle'), schema: { tags, summary: '站点申请列表', querystring: ApplyQuery, response: { 200: Envelope(Paged(ApplyItem)) } } },
    async (req) => ok(await svc.listApplies(database, svc.filterOf(req.auth, req.query, tz), pageOf(req.query), tz)),
  );

  // 通过站点申请：按申请（可先修改）新建站点
  app.post(
    '/siteApply/approve',
    {
      config: { ...needs('miBicycle.edit'), audit: byField('site_applications', 'id') },
      schema: {
        tags,
        summary: '通过站点申请',
        description: '新建站点（字段同 新增站点，缺省取申请的名称、位置、容量和桩数），同一事务内把申请标记为已通过；另需“站点编辑”权限。',
        body: ApproveBody,
        response: { 200: Envelope(Type.Object({ siteId: Type.String({ description: '新站点编号' }) })) },
      },
    },
    async (req) => ok({ siteId: await svc.approve({ database, geo, auth: req.auth, tree: await areas.tree() }, req.body) }, '申请已通过，站点已新建'),
  );

  // 驳回站点申请（须填写理由，告知申请人）
  app.post(
    '/siteApply/reject',
    { config: { ...needs('miBicycle.edit'), audit: byField('site_applications', 'id') }, schema: { tags, summary: '驳回站点申请', body: RejectBody } },
    async (req) => {
      await svc.reject(database, req.auth, req.body.id, req.body.reason);
      return ok(null, '申请已驳回');
    },
  );

  // 导出驳回记录（筛选同列表）
  app.post(
    '/exportRejectList',
    {
      config: needs('miBicycle'),
      schema: {
        tags,
        summary: '导出站点申请驳回记录',
        description: '文件 站点申请驳回记录.xlsx，行同 siteApply/list?state=2（全部页）。',
        querystring: ExportRejectQuery,
      },
    },
    async (req, reply) => {
      const f = { ...svc.filterOf(req.auth, req.query, tz), state: 2 };
      return sendXlsx(reply, '站点申请驳回记录.xlsx', '驳回记录', rejectColumns, svc.allPages(database, f, tz));
    },
  );
}
