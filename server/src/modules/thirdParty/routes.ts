import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, Paged, httpError, ok, pageOf } from '../../http/envelope.js';
import { needs, tokenOf } from '../../http/auth.js';
import { byField } from '../../http/auditObjects.js';
import { Nullable, SelfArea } from '../../http/schemas.js';
import { formatTime } from '../../domain/time.js';
import * as keys from './service.js';
import { authenticateKey, type KeyHolder } from '../../shared/thirdPartyKeys.js';
import { Id, KeyItem, KeyListQuery, KeySaveBody, Phone } from './schemas.js';

const tags = ['第三方授权'];
const manage = needs('user.manage');
/** The key a write changes (create-or-edit: none without the id). */
const keyRow = byField('third_party_keys', 'id');

/** The console calls of 第三方授权, at the API root as the spec has them (needs 用户管理, 112). */
export const thirdPartyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, config } = app.ctx;

  // 新增或编辑第三方授权；新增时返回密钥（仅此一次）
  app.post(
    '/saveThirdPartyAuthUser',
    {
      config: { ...manage, audit: keyRow },
      schema: {
        tags,
        summary: '新增或编辑第三方授权',
        querystring: Type.Object(SelfArea),
        body: KeySaveBody,
        response: { 200: Envelope(Type.Object({ id: Type.Integer(), key: Nullable(Type.String(), '新增或恢复（撤销后重新启用）时的新密钥，只返回这一次') })) },
      },
    },
    async (req) => {
      const saved = await keys.saveKey(database, req.auth, req.body, config.tz);
      const message =
        req.body.id === undefined
          ? '授权已创建，请立即保存密钥'
          : req.body.status === 1
            ? '授权已撤销'
            : saved.key
              ? '授权已恢复，原密钥不再可用，请立即保存新密钥'
              : '授权已保存';
      return ok(saved, message);
    },
  );

  // 重置密钥：旧密钥立即失效，新密钥只返回这一次
  app.post(
    '/resetThirdPartyAuthKey',
    {
      config: { ...manage, audit: keyRow },
      schema: {
        tags,
        summary: '重置第三方密钥',
        querystring: Type.Object(SelfArea),
        body: Type.Object({ id: Id }),
        response: { 200: Envelope(Type.Object({ key: Type.String() })) },
      },
    },
    async (req) => ok({ key: await keys.resetKey(database, req.auth, req.body.id) }, '密钥已重置，请立即保存'),
  );

  // 第三方授权列表（本区域及下级，手机号脱敏）
  app.get(
    '/getThirdPartyAuthList',
    {
      config: manage,
      schema: {
        tags,
        summary: '第三方授权列表',
        querystring: KeyListQuery,
        response: { 200: Envelope(Paged(KeyItem)) },
      },
    },
    async (req) => ok(await keys.listKeys(database, req.auth, { ...req.query, ...pageOf(req.query) }, config.tz)),
  );

  // 检查手机号是否已有第三方授权（编辑时带上本条 id）
  app.get(
    '/checkAuthPhone',
    {
      config: manage,
      schema: {
        tags,
        summary: '检查授权手机号',
        querystring: Type.Object({ ...SelfArea, phone: Phone, id: Type.Optional(Id) }),
        response: { 200: Envelope(Type.Object({ exists: Type.Boolean() })) },
      },
    },
    async (req) => {
      const exists = await keys.phoneTaken(database, req.query.phone, req.query.id);
      return ok({ exists }, exists ? '该手机号已有授权' : '手机号可用');
    },
  );
};

/**
 * The key's own feed (/api/feed/v1), outside the console guard: a third-party key (Authorization:
 * Bearer tpk_…) and nothing else. Real HTTP codes, as for machines. The public data feeds of the
 * key's area come here; until then, the key's own description.
 */
export const feedRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, config } = app.ctx;
  app.decorateRequest('feedKey', undefined);

  app.addHook('onRequest', async (req) => {
    const key = tokenOf(req);
    if (!key) throw httpError(401, '缺少授权密钥');
    const holder = await authenticateKey(database, key);
    if (!holder) throw httpError(401, '授权密钥无效、已撤销或已过期');
    req.feedKey = holder;
  });

  // 密钥信息：名称、单位、授权区域、有效期
  app.get(
    '/key',
    {
      schema: {
        tags,
        summary: '当前第三方密钥的信息',
        response: {
          200: Envelope(
            Type.Object({ name: Type.String(), company: Nullable(Type.String()), areaId: Type.String(), areaName: Type.String(), expireTime: Type.String() }),
          ),
        },
      },
    },
    async (req) => {
      const k = req.feedKey!;
      return ok({ name: k.name, company: k.company, areaId: k.areaId, areaName: k.areaName ?? '', expireTime: formatTime(k.expiresAt, config.tz) ?? '' });
    },
  );
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The third-party key holder of a feed request. */
    feedKey?: KeyHolder;
  }
}
