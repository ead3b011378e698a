/**
 * Self-registration (账号申请, issue 11), public at the API root: POST /api/register stores an
 * account waiting for audit; /api/register/areas and /api/register/roles fill the form's pickers.
 * Registrations are limited per client address, counted in the database (register_attempts), so
 * the limit holds across restarts and across the processes that share it.
 */
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, badRequest, ok } from '../../http/envelope.js';
import { AreaId } from '../../http/schemas.js';
import { RegisterBody } from './schemas.js';
import { ROOT_AREA_ID } from '../../domain/areas.js';
import { applicableRoles, childAreas, register, registrationAttempt } from './applications.js';

const tags = ['账号申请'];
/** Registration attempts one address may make per window. */
const REGISTER_LIMIT = 10;
const REGISTER_WINDOW_MINUTES = 10;

export const registrationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, areas } = app.ctx;

  // 注册申请：平台账号或可申请的角色，提交后等待审核
  app.post(
    '/register',
    {
      config: { public: true },
      onRequest: async (req) => {
        // every attempt counts, accepted or not
        if ((await registrationAttempt(database, req.ip, REGISTER_WINDOW_MINUTES)) > REGISTER_LIMIT)
          throw badRequest(`注册申请过于频繁，请 ${REGISTER_WINDOW_MINUTES} 分钟后再试`);
      },
      schema: {
        tags,
        summary: '注册申请账号',
        security: [],
        body: RegisterBody,
        response: { 200: Envelope(Type.Null({ description: '无论用户名、手机号是否已被使用，回答都相同（不泄露账号是否存在）；结果在用所填密码登录时提示' })) },
      },
    },
    async (req) => {
      await register(database, await areas.tree(), req.body);
      return ok(null, '申请已提交，请等待审核');
    },
  );

  // 可申请的角色
  app.get(
    '/register/roles',
    {
      config: { public: true },
      schema: {
        tags,
        summary: '可申请的角色',
        security: [],
        response: { 200: Envelope(Type.Array(Type.Object({ id: Type.Integer(), roleName: Type.String() }))) },
      },
    },
    async () => ok(await applicableRoles(database)),
  );

  // 申请区域：某区域的下级区域（缺省为全国的下级，即各省）
  app.get(
    '/register/areas',
    {
      config: { public: true },
      schema: {
        tags,
        summary: '申请区域的下级区域',
        security: [],
        querystring: Type.Object({ parentId: Type.Optional(AreaId) }),
        response: {
          200: Envelope(Type.Array(Type.Object({ id: Type.String(), areaName: Type.String(), level: Type.Integer(), leaf: Type.Boolean() }))),
        },
      },
    },
    async (req) => ok(await childAreas(database, req.query.parentId ?? ROOT_AREA_ID)),
  );
};
