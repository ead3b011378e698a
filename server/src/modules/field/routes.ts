import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, ok } from '../../http/envelope.js';
import { needs } from '../../http/auth.js';
import { CREATES } from '../../http/auditObjects.js';
import { registerOwner } from '../../shared/uploads.js';
import * as field from './service.js';
import {
  ClockAnswer,
  ClockBody,
  FIELD_KINDS,
  History,
  InstallBody,
  Nearby,
  NearbyQuery,
  PatrolAnswer,
  PatrolBody,
  ReportBody,
  SiteApplyBody,
  Stored,
} from './schemas.js';

const tags = ['外勤'];

/**
 * 外勤 (/api/field), the field app's calls (#/field): what lies near the phone, and the records the
 * people in the street send, each stored once per clientId (an offline queue may send it again).
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, config } = app.ctx;
  const tz = config.tz;
  for (const kind of FIELD_KINDS) registerOwner(kind, (db, auth, ownerId) => field.mayReadPhoto(db, auth, kind, ownerId));

  // 附近的打卡点、站点，本区域企业，今天的打卡时段与打卡记录
  app.get(
    '/nearby',
    { config: needs('field'), schema: { tags, summary: '附近与今日打卡', querystring: NearbyQuery, response: { 200: Envelope(Nearby) } } },
    async (req) => ok(await field.nearby(database, req.auth, req.query, tz)),
  );

  // 打卡：手机定位与打卡点的距离按半径判定，须带照片
  app.post(
    '/clock',
    { config: { ...needs('field.clock'), audit: CREATES }, schema: { tags, summary: '打卡', body: ClockBody, response: { 200: Envelope(ClockAnswer) } } },
    async (req) => {
      const answer = await field.clockIn(database, req.auth, req.body, tz);
      return ok(answer, field.clockMessage(answer));
    },
  );

  // 巡检：车辆编号或 MAC（可扫码），结果，照片
  app.post(
    '/patrol',
    {
      config: { ...needs('field.patrol'), audit: CREATES },
      schema: { tags, summary: '巡检记录', body: PatrolBody, response: { 200: Envelope(PatrolAnswer) } },
    },
    async (req) => {
      const answer = await field.patrol(database, req.auth, req.body, tz);
      return ok(answer, field.patrolMessage(answer, req.body.result));
    },
  );

  // 设备安装：桩的 MAC、站点、照片
  app.post(
    '/install',
    { config: { ...needs('field.install'), audit: CREATES }, schema: { tags, summary: '设备安装', body: InstallBody, response: { 200: Envelope(Stored) } } },
    async (req) => {
      const stored = await field.install(database, req.auth, req.body, tz);
      return ok(stored, stored.repeated ? '该安装记录已提交过，未重复保存' : '安装已记录');
    },
  );

  // 站点申请：位置、名称、容量、照片、理由；由监管审核
  app.post(
    '/siteApply',
    {
      config: { ...needs('field.siteApply'), audit: CREATES },
      schema: { tags, summary: '站点申请', body: SiteApplyBody, response: { 200: Envelope(Stored) } },
    },
    async (req) => {
      const stored = await field.siteApply(database, req.auth, req.body, tz);
      return ok(stored, stored.repeated ? '该站点申请已提交过，未重复保存' : '站点申请已提交，等待审核');
    },
  );

  // 违规举报：照片、位置、企业、内容
  app.post(
    '/report',
    { config: { ...needs('field.report'), audit: CREATES }, schema: { tags, summary: '违规举报', body: ReportBody, response: { 200: Envelope(Stored) } } },
    async (req) => {
      const stored = await field.report(database, req.auth, req.body, tz);
      return ok(stored, stored.repeated ? '该举报已提交过，未重复保存' : '举报已提交，感谢您的监督');
    },
  );

  // 我的最近记录
  app.get('/history', { config: needs('field'), schema: { tags, summary: '我的外勤记录', response: { 200: Envelope(History) } } }, async (req) =>
    ok(await field.history(database, req.auth, tz)),
  );
};
export default routes;
