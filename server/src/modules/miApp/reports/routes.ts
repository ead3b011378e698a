import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, Paged, ok, pageOf } from '../../../http/envelope.js';
import { needs } from '../../../http/auth.js';
import { byField } from '../../../http/auditObjects.js';
import * as mi from './service.js';
import { HandleReportBody, ReportItem, ReportQuery } from './schemas.js';
import { tags } from '../schemas.js';

type App = Parameters<FastifyPluginAsyncTypebox>[0];

/** 米单车管理 · 违规举报: the violation reports of the field app, listed and decided. */
export function registerReports(app: App) {
  const { database, config } = app.ctx;
  const tz = config.tz;

  // 违规举报列表（含照片、位置）
  app.get(
    '/report/list',
    { config: needs('miBicycle'), schema: { tags, summary: '违规举报列表', querystring: ReportQuery, response: { 200: Envelope(Paged(ReportItem)) } } },
    async (req) => ok(await mi.listReports(database, req.auth, req.query, pageOf(req.query), tz)),
  );

  // 处理或驳回违规举报（须填写说明）
  app.post(
    '/report/handle',
    { config: { ...needs('miBicycle.edit'), audit: byField('violation_reports', 'id') }, schema: { tags, summary: '处理违规举报', body: HandleReportBody } },
    async (req) => {
      await mi.decideReport(database, req.auth, req.body.id, req.body.state, req.body.note);
      return ok(null, req.body.state === 1 ? '举报已处理' : '举报已驳回');
    },
  );
}
