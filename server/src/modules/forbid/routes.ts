import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, Paged, ok, pageOf } from '../../http/envelope.js';
import { needs } from '../../http/auth.js';
import { CREATES, byField } from '../../http/auditObjects.js';
import { SelfArea } from '../../http/schemas.js';
import * as forbid from './service.js';
import { Forbid, ForbidBody, ForbidEditBody, ForbidType } from './schemas.js';

const tags = ['禁停区'];
const manage = needs('forbid.manage');
/** The zone a write changes (its id in the path). */
const zone = byField('forbid_zones', 'id');

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, config } = app.ctx;
  // fences changed: position lookups rebuild their index
  app.addHook('onResponse', async (req) => {
    if (req.method !== 'GET') app.ctx.geo.invalidate();
  });

  // 禁停区列表（selfAreaId 及下级区域）
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: '禁停区列表',
        querystring: Type.Object({
          ...SelfArea,
          type: Type.Optional(ForbidType),
          enabled: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)], { description: '1 启用, 0 停用' })),
          alias: Type.Optional(Type.String({ maxLength: 64 })),
          currentPage: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
          pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 5000, default: 1000 })),
        }),
        response: { 200: Envelope(Paged(Forbid)) },
      },
    },
    async (req) =>
      ok(
        await forbid.listForbid(
          database,
          req.auth.scopeAreaIds(),
          { ...req.query, ...pageOf({ ...req.query, pageSize: req.query.pageSize ?? 1000 }) },
          config.tz,
        ),
      ),
  );

  // 新增禁停区
  app.post(
    '/',
    {
      config: { ...manage, audit: CREATES },
      schema: {
        tags,
        summary: '新增禁停区',
        querystring: Type.Object(SelfArea),
        body: ForbidBody,
        response: { 200: Envelope(Type.Object({ id: Type.Integer() })) },
      },
    },
    async (req) => ok({ id: await forbid.addForbid(database, req.auth, req.body) }, '禁停区已保存'),
  );

  // 修改禁停区
  app.put(
    '/:id',
    {
      config: { ...manage, audit: zone },
      schema: {
        tags,
        summary: '修改禁停区（可只传 enabled：启用/停用）',
        querystring: Type.Object(SelfArea),
        params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
        body: ForbidEditBody,
      },
    },
    async (req) => {
      await forbid.updateForbid(database, req.auth, req.params.id, req.body);
      return ok(null, '禁停区已保存');
    },
  );

  // 删除禁停区
  app.delete(
    '/:id',
    {
      config: { ...manage, audit: zone },
      schema: { tags, summary: '删除禁停区', querystring: Type.Object(SelfArea), params: Type.Object({ id: Type.Integer({ minimum: 1 }) }) },
    },
    async (req) => {
      await forbid.deleteForbid(database, req.auth, req.params.id);
      return ok(null, '禁停区已删除');
    },
  );
};
export default routes;
