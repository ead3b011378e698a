import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, Paged, ok, pageOf } from '../../../http/envelope.js';
import { needs } from '../../../http/auth.js';
import { byField, CREATES, type Before } from '../../../http/auditObjects.js';
import type { RuleKind } from '../../../domain/bikeIdRules.js';
import * as svc from './service.js';
import { AreaOnly, ClearQuery, MatchResult, NotUploadPage, NotUploadQuery, Preview, RuleBody, RuleItem, RuleParams, RuleQuery } from './schemas.js';
import { tags } from '../schemas.js';

type App = Parameters<FastifyPluginAsyncTypebox>[0];
const read = needs('miBicycle');
const edit = needs('miBicycle.edit');
const rules = byField('mac_rules', 'id');
/**
 * The matched bikes of one kind a clear or a match is about (the first 20, as the audit keeps them):
 * without bike id, MAC or name, as the rows read are not limited to the request's areas and
 * enterprise (the audit log must not show another enterprise's bike ids).
 */
const KEPT_COLUMNS = ['id', 'kind', 'brand_id', 'site_id', 'area_id', 'first_heard_at', 'last_heard_at', 'count'];
const kept =
  (kind: RuleKind): Before =>
  () => ({ table: 'not_uploaded_bikes', where: { kind }, columns: KEPT_COLUMNS });

/** The calls of one kind: 1 the BLE-name rules (…Rule, bikeNotUpload…), 2 the MAC rules (…MacRule, bikeNotUploadMac…). */
function registerKind(app: App, kind: RuleKind) {
  const { database, config } = app.ctx;
  const tz = config.tz;
  const mac = kind === 2 ? 'Mac' : '';
  const what = kind === 2 ? 'MAC 规则' : '蓝牙名称规则';
  const rulePath = `/brandBikeNotUpload${mac}Rule`;

  // 匹配规则列表
  app.get(
    rulePath,
    { config: read, schema: { tags, summary: `${what}列表`, querystring: RuleQuery, response: { 200: Envelope(Paged(RuleItem)) } } },
    async (req) => ok(await svc.listRules(database, req.auth, kind, req.query, pageOf(req.query), tz)),
  );

  // 新增规则（提取范围不得超出长度，同一企业的规则不得匹配同样的名称/MAC）
  app.post(
    rulePath,
    {
      config: { ...edit, audit: CREATES },
      schema: { tags, summary: `新增${what}`, body: RuleBody, response: { 200: Envelope(Type.Object({ id: Type.Integer() })) } },
    },
    async (req) => ok({ id: await svc.createRule(database, req.auth, kind, req.body) }, `${what}已保存`),
  );

  // 预览：规则在近 24 小时桩听到的设备中能匹配到哪些车（不保存）
  app.post(
    `${rulePath}/preview`,
    { config: { ...read, audit: false }, schema: { tags, summary: `预览${what}`, body: RuleBody, response: { 200: Envelope(Preview) } } },
    async (req) => ok(await svc.previewRule(database, req.auth, kind, req.body, tz)),
  );

  // 修改规则
  app.put(
    `${rulePath}/:id`,
    { config: { ...edit, audit: rules }, schema: { tags, summary: `修改${what}`, params: RuleParams, body: RuleBody } },
    async (req) => {
      await svc.editRule(database, req.auth, kind, req.params.id, req.body);
      return ok(null, `${what}已保存`);
    },
  );

  // 删除规则
  app.delete(
    `${rulePath}/:id`,
    { config: { ...edit, audit: rules }, schema: { tags, summary: `删除${what}`, params: RuleParams, querystring: AreaOnly } },
    async (req) => {
      await svc.deleteRule(database, req.auth, kind, req.params.id);
      return ok(null, `${what}已删除`);
    },
  );

  // 立即匹配：用规则匹配近 24 小时桩听到的设备，记录企业未上报的车辆
  app.put(
    `/bikeNotUpload${mac}Match`,
    {
      config: { ...edit, audit: kept(kind) },
      schema: { tags, summary: `按${what}匹配未上传车辆`, querystring: AreaOnly, response: { 200: Envelope(MatchResult) } },
    },
    async (req) => {
      const r = await svc.match(database, req.auth, kind);
      return ok(r, `匹配完成：听到 ${r.heard} 条，规则匹配 ${r.matched} 辆，其中未上传 ${r.notUploaded} 辆`);
    },
  );

  // 桩测未上传车辆列表（含按企业合计）
  app.get(
    `/bikeNotUpload${mac}`,
    { config: read, schema: { tags, summary: `桩测未上传车辆（${what}）`, querystring: NotUploadQuery, response: { 200: Envelope(NotUploadPage) } } },
    async (req) => ok(await svc.listNotUploaded(database, req.auth, kind, req.query, pageOf(req.query), tz)),
  );

  // 清空未上传车辆记录
  app.delete(
    `/bikeNotUpload${mac}`,
    {
      config: { ...edit, audit: kept(kind) },
      schema: {
        tags,
        summary: `清空桩测未上传车辆（${what}）`,
        querystring: ClearQuery,
        response: { 200: Envelope(Type.Object({ deleted: Type.Integer() })) },
      },
    },
    async (req) => {
      const deleted = await svc.clear(database, req.auth, kind, req.query);
      return ok({ deleted }, `已清空 ${deleted} 条记录`);
    },
  );
}

/** 米单车管理 · 桩测未上传车辆: the rules (by BLE name and by MAC), their preview, the match and its list. */
export function registerNotUpload(app: App) {
  registerKind(app, 1);
  registerKind(app, 2);
}
