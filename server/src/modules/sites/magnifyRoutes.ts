import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, Paged, PageQuery, badRequest, ok, pageOf } from '../../http/envelope.js';
import { needs } from '../../http/auth.js';
import { CREATES, byField } from '../../http/auditObjects.js';
import { SelfArea } from '../../http/schemas.js';
import { Clash, Magnify, MagnifyAlias as Alias, MagnifyBody, MagnifyEditBody } from './schemas.js';
import { Switch } from '../../shared/sites.js';
import { Site, listSites, toSite } from '../../shared/siteList.js';
import * as magnify from './magnify.js';

const tags = ['站点放大分组'];
const read = needs('deviceManagement');
const edit = needs('site.edit');
/** The group a write changes (its id in the path). */
const group = byField('magnify_groups', 'id');
const Q = Type.Object(SelfArea);
const IdParam = Type.Object({ id: Type.Integer({ minimum: 1, description: '分组 ID' }) });
const Done = { 200: Envelope(Type.Null()) };

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, config, geo, areas } = app.ctx;
  const ctx = async (auth: import('../../http/auth.js').Auth) => ({ database, geo, auth, tree: await areas.tree() });

  // 放大分组列表（selfAreaId 及下级区域）
  app.get(
    '/',
    {
      config: read,
      schema: {
        tags,
        summary: '放大分组列表',
        querystring: Type.Object({
          ...SelfArea,
          ...PageQuery,
          alias: Type.Optional(Type.String({ maxLength: 64, description: '分组名称（模糊）' })),
          openSwitch: Type.Optional(Switch('是否开启')),
        }),
        response: { 200: Envelope(Paged(Magnify)) },
      },
    },
    async (req) => {
      const q = req.query;
      const openSwitch = q.openSwitch === undefined ? undefined : q.openSwitch === true || q.openSwitch === 1;
      return ok(await magnify.listGroups(database, req.auth.scopeAreaIds(), { alias: q.alias?.trim(), openSwitch, ...pageOf(q) }, config.tz));
    },
  );

  // 新增放大分组
  app.post(
    '/',
    {
      config: { ...edit, audit: CREATES },
      schema: {
        tags,
        summary: '新增放大分组',
        querystring: Q,
        body: MagnifyBody,
        response: { 200: Envelope(Type.Object({ id: Type.Integer({ description: '分组 ID' }) })) },
      },
    },
    async (req) => ok({ id: await magnify.addGroup(await ctx(req.auth), req.body) }, '放大分组已新增'),
  );

  // 放大分组中的站点
  app.get(
    '/site',
    {
      config: read,
      schema: {
        tags,
        summary: '放大分组的站点',
        querystring: Type.Object({ ...SelfArea, id: Type.Integer({ minimum: 1, description: '分组 ID' }) }),
        response: { 200: Envelope(Type.Array(Site)) },
      },
    },
    async (req) => {
      const group = await magnify.loadGroup(database, req.auth, req.query.id);
      const { rows } = await listSites(database, { areaIds: (await areas.tree()).descendants(group.areaId), ids: group.siteList });
      return ok(rows.map((r) => toSite(r, config.tz)));
    },
  );

  // 冲突站点：同时属于多个已开启分组的站点；给 siteList 时检查这组站点（id 为正在编辑的分组）
  app.get(
    '/site/clash',
    {
      config: read,
      schema: {
        tags,
        summary: '放大分组冲突站点',
        querystring: Type.Object({
          ...SelfArea,
          siteList: Type.Optional(Type.Array(Type.String({ maxLength: 40_000 }), { maxItems: 1000, description: '待检查的站点编号（可重复参数或逗号分隔）' })),
          id: Type.Optional(Type.Integer({ minimum: 1, description: '正在编辑的分组 ID（检查时替换它）' })),
          alias: Type.Optional(Alias),
        }),
        response: { 200: Envelope(Type.Array(Clash)) },
      },
    },
    async (req) => {
      const q = req.query;
      const list = q.siteList
        ?.flatMap((s) => s.split(','))
        .map((s) => s.trim())
        .filter(Boolean);
      if (list && list.length > 1000) throw badRequest('参数 siteList 最多 1000 项');
      const draft = list?.length ? { id: q.id, alias: q.alias, siteList: list } : undefined;
      return ok(await magnify.clashes(database, req.auth.scopeAreaIds(), draft));
    },
  );

  // 开启 / 关闭放大分组
  app.put(
    '/open/:id',
    {
      config: { ...edit, audit: group },
      schema: {
        tags,
        summary: '开启或关闭放大分组',
        querystring: Q,
        params: IdParam,
        body: Type.Object({ ...SelfArea, openSwitch: Switch('true/1 开启, false/0 关闭') }),
        response: Done,
      },
    },
    async (req) => {
      await magnify.updateGroup(await ctx(req.auth), req.params.id, { openSwitch: req.body.openSwitch });
      const on = req.body.openSwitch === true || req.body.openSwitch === 1;
      return ok(null, on ? '放大分组已开启' : '放大分组已关闭');
    },
  );

  // 修改放大分组
  app.put(
    '/:id',
    {
      config: { ...edit, audit: group },
      schema: {
        tags,
        summary: '修改放大分组',
        querystring: Q,
        params: IdParam,
        body: MagnifyEditBody,
        response: Done,
      },
    },
    async (req) => {
      await magnify.updateGroup(await ctx(req.auth), req.params.id, req.body);
      return ok(null, '放大分组已保存');
    },
  );

  // 删除放大分组
  app.delete(
    '/:id',
    { config: { ...edit, audit: group }, schema: { tags, summary: '删除放大分组', querystring: Q, params: IdParam, response: Done } },
    async (req) => {
      await magnify.deleteGroup(await ctx(req.auth), req.params.id);
      return ok(null, '放大分组已删除');
    },
  );
};
export default routes;
