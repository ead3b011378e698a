import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, notFound, ok } from '../../http/envelope.js';
import { authEntries, PERMISSIONS } from '../../domain/permissions.js';
import { findProfile, toProfile } from '../../shared/profiles.js';
import { Profile, SelfArea } from '../../http/schemas.js';
import { USER_COLUMNS } from '../../http/auditObjects.js';
import { changePassword, login, logout } from './service.js';

const tags = ['账号'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, config } = app.ctx;

  const profileOf = async (id: number) => {
    const row = await findProfile(database, id);
    if (!row) throw notFound('用户');
    return toProfile(row, config.tz);
  };

  // 登录：用户名 + 密码 → token
  app.post(
    '/login',
    {
      config: { public: true },
      schema: {
        tags,
        summary: '登录',
        security: [],
        body: Type.Object({
          username: Type.String({ minLength: 1, maxLength: 32 }),
          password: Type.String({ minLength: 1, maxLength: 64 }),
        }),
        response: { 200: Envelope(Type.Union([Type.Object({ token: Type.String(), user: Profile }), Type.Null()])) },
      },
    },
    async (req) => {
      const { token, userId } = await login(database, {
        username: req.body.username,
        password: req.body.password,
        ip: req.ip,
        ttlHours: config.tokenTtlHours,
      });
      req.log.info({ userId }, 'login');
      return ok({ token, user: await profileOf(userId) }, '登录成功');
    },
  );

  // 退出登录：当前 token 立即失效（不记操作日志：只结束本人的会话）
  app.post('/logout', { config: { audit: false }, schema: { tags, summary: '退出登录' } }, async (req) => {
    await logout(database, req.auth.tokenHash);
    return ok(null, '已退出登录');
  });

  // 当前用户信息
  app.get('/user', { schema: { tags, summary: '当前用户信息', querystring: Type.Object(SelfArea), response: { 200: Envelope(Profile) } } }, async (req) =>
    ok(await profileOf(req.auth.user.id)),
  );

  // 当前用户的权限列表：[{id, children}]
  app.get(
    '/permission/list',
    {
      schema: {
        tags,
        summary: '当前用户的权限',
        querystring: Type.Object(SelfArea),
        response: {
          200: Envelope(Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), children: Type.Array(Type.Integer()) }))),
        },
      },
    },
    async (req) => ok(authEntries(req.auth.held)),
  );

  // 修改密码：成功后该用户所有 token 失效
  app.post(
    '/pwd',
    {
      config: { audit: (req) => ({ table: 'users', where: { id: req.auth.user.id }, columns: USER_COLUMNS }) },
      schema: {
        tags,
        summary: '修改密码',
        querystring: Type.Object(SelfArea),
        body: Type.Object({ oldPwd: Type.String({ minLength: 1, maxLength: 64 }), newPwd: Type.String({ minLength: 1, maxLength: 64 }) }),
      },
    },
    async (req) => {
      await changePassword(database, req.auth.user.id, req.body.oldPwd, req.body.newPwd);
      return ok(null, '密码修改成功！');
    },
  );

  // 侧边菜单：当前用户可进入的页面
  app.get(
    '/getSlider',
    {
      schema: {
        tags,
        summary: '侧边菜单',
        response: { 200: Envelope(Type.Array(Type.Object({ id: Type.Integer(), key: Type.String(), name: Type.String() }))) },
      },
    },
    async (req) => ok(PERMISSIONS.filter((p) => p.parentId === null && req.auth.held.has(p.id)).map(({ id, key, name }) => ({ id, key, name }))),
  );

  // 问候：平台名与服务器时间（用于检查登录状态）
  app.get(
    '/hello',
    {
      schema: {
        tags,
        summary: '登录状态检查',
        response: { 200: Envelope(Type.Object({ platformName: Type.String(), name: Type.String(), serverTime: Type.String() })) },
      },
    },
    async (req) =>
      ok({
        platformName: config.platformName,
        name: req.auth.user.name || req.auth.user.username,
        serverTime: new Intl.DateTimeFormat('sv-SE', { timeZone: config.tz, dateStyle: 'short', timeStyle: 'medium' }).format(new Date()),
      }),
  );
};
export default routes;
