import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, Paged, PageQuery, ok, pageOf } from '../../http/envelope.js';
import { needs } from '../../http/auth.js';
import { CREATES, pick, siteRows, type Before } from '../../http/auditObjects.js';
import { SelfArea, Polygon, SiteIdT } from '../../http/schemas.js';
import { RailSite, BatchFields, LengthFactorBody } from './schemas.js';
import { Coord, SiteBody, SiteFields, Switch } from '../../shared/sites.js';
import { Site, listSites, toSite } from '../../shared/siteList.js';
import { SiteListFilters, siteFilterOf } from '../../shared/siteList.js';
import * as sites from './service.js';
import magnifyRoutes from './magnifyRoutes.js';

const tags = ['站点管理'];
const read = needs('deviceManagement');
const edit = needs('site.edit');
/** length_factor changes the sites named, or every site without a fence in the request's areas. */
const lengthFactorSites: Before = (req) =>
  pick(req, 'siteIds')
    ? siteRows('siteIds')(req)
    : { table: 'sites', where: { area_id: req.auth.scopeAreaIds(), deleted_at: null, gps_rail: null }, columns: ['id', 'area_id', 'site_name', 'length'] };
const Q = Type.Object(SelfArea);
const SiteIdParam = Type.Object({ id: SiteIdT });
const Created = { 200: Envelope(Type.Object({ siteId: Type.String({ description: '新站点编号' }) })) };
const Done = { 200: Envelope(Type.Null()) };
const asBool = (v: boolean | number | undefined) => (v === undefined ? undefined : v === true || v === 1);

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, config, geo, areas } = app.ctx;
  const ctx = async (auth: import('../../http/auth.js').Auth) => ({ database, geo, auth, tree: await areas.tree() });

  // 站点列表（selfAreaId 及下级区域，分页），含站点状态
  app.get(
    '/',
    {
      config: read,
      schema: {
        tags,
        summary: '站点列表',
        querystring: Type.Object({
          ...SelfArea,
          ...PageQuery,
          ...SiteListFilters,
        }),
        response: { 200: Envelope(Paged(Site)) },
      },
    },
    async (req) => {
      const { rows, total } = await listSites(database, { ...siteFilterOf(req.auth.scopeAreaIds(), req.query), ...pageOf(req.query) });
      return ok({ lists: rows.map((r) => toSite(r, config.tz)), total });
    },
  );

  // 站点围栏列表（地图用，不分页）
  app.get(
    '/rail',
    {
      // 区域设置 draws the sites under its fences and zones for orientation: its users read them too
      config: needs('deviceManagement', 'regionalSettings'),
      schema: {
        tags,
        summary: '站点围栏列表',
        querystring: Type.Object({ ...SelfArea, recycleSwitch: Type.Optional(Switch('只看回收站点（1）或非回收站点（0）')) }),
        response: { 200: Envelope(Type.Array(RailSite)) },
      },
    },
    async (req) => {
      const { rows } = await listSites(database, { areaIds: req.auth.scopeAreaIds(), recycleSwitch: asBool(req.query.recycleSwitch) });
      return ok(rows.map((r) => toSite(r, config.tz)));
    },
  );

  // 新增站点：不给 siteId 时按 区县编码 + 7 位序号 生成
  app.post(
    '/',
    {
      config: { ...edit, audit: CREATES },
      schema: {
        tags,
        summary: '新增站点',
        querystring: Q,
        body: SiteBody,
        response: Created,
      },
    },
    async (req) => ok({ siteId: await sites.createSite(await ctx(req.auth), req.body) }, '站点已新增'),
  );

  // 按画出的围栏新增站点：中心点取围栏的形心
  app.post(
    '/rail',
    {
      config: { ...edit, audit: CREATES },
      schema: {
        tags,
        summary: '按围栏新增站点',
        querystring: Q,
        body: Type.Object({ ...SiteFields, ...SelfArea, siteId: Type.Optional(SiteIdT), gpsRail: Polygon }),
        response: Created,
      },
    },
    async (req) => ok({ siteId: await sites.createSiteFromRail(await ctx(req.auth), req.body) }, '站点已新增'),
  );

  // 站点最大编号与下一个可用编号（selfAreaId 须为区县）；控制台按 PUT 调用，GET 亦可
  const maxId = {
    config: read,
    schema: {
      tags,
      summary: '站点最大编号',
      querystring: Q,
      response: {
        200: Envelope(
          Type.Object({
            areaId: Type.String({ description: '区县编码' }),
            maxSiteId: Type.Union([Type.String(), Type.Null()], { description: '该区县已用的最大生成编号（含已删除站点），无则为空' }),
            nextSiteId: Type.Union([Type.String(), Type.Null()], { description: '下一个可用编号，序号用完时为空' }),
          }),
        ),
      },
    },
  };
  app.get('/getMaxSiteId', maxId, async (req) => ok(await sites.maxAndNextId(await ctx(req.auth))));
  // only reads the next site number (the spec has it as PUT): no audit row
  app.put('/getMaxSiteId', { ...maxId, config: { ...read, audit: false } }, async (req) => ok(await sites.maxAndNextId(await ctx(req.auth))));

  // 批量修改站点（最多 1000 个，须全部在权限区域内，否则都不改）
  app.put(
    '/batch',
    {
      config: { ...edit, audit: siteRows('siteIds') },
      schema: {
        tags,
        summary: '批量修改站点',
        querystring: Q,
        body: Type.Object({
          ...SelfArea,
          siteIds: Type.Array(SiteIdT, { minItems: 1, maxItems: 1000, description: '站点编号，最多 1000 个' }),
          fields: BatchFields,
        }),
        response: { 200: Envelope(Type.Object({ updated: Type.Integer({ description: '修改的站点数' }) })) },
      },
    },
    async (req) => ok({ updated: await sites.batchUpdate(await ctx(req.auth), req.body.siteIds, req.body.fields) }, '站点已批量修改'),
  );

  // 站点半径与满桩系数：length 设置区域内所有无围栏站点（或 siteIds）的半径；fullPileNum 设置 siteIds 的满桩系数
  app.put(
    '/length_factor',
    {
      config: { ...edit, audit: lengthFactorSites },
      schema: {
        tags,
        summary: '站点默认半径 / 满桩系数',
        description:
          '两种用法可同时使用：① {selfAreaId, length}：把 selfAreaId 及下级区域内所有没有围栏的站点半径设为 length 米（给 siteIds 时只改这些站点中没有围栏的）；' +
          '② {siteIds, fullPileNum}：设置这些站点的满桩系数（站点比例编辑），null 表示恢复为区域的满桩值。',
        querystring: Q,
        body: LengthFactorBody,
        response: {
          200: Envelope(
            Type.Object({
              lengthUpdated: Type.Integer({ description: '修改了半径的站点数' }),
              fullPileUpdated: Type.Integer({ description: '修改了满桩系数的站点数' }),
            }),
          ),
        },
      },
    },
    async (req) => ok(await sites.lengthFactor(await ctx(req.auth), req.body), '站点设置已保存'),
  );

  // 移动站点中心点
  app.put(
    '/gps/:site_id',
    {
      config: { ...edit, audit: siteRows('site_id') },
      schema: {
        tags,
        summary: '移动站点中心点',
        querystring: Q,
        params: Type.Object({ site_id: SiteIdT }),
        body: Type.Object({
          ...SelfArea,
          siteLon: Type.Number({ minimum: -180, maximum: 180 }),
          siteLat: Type.Number({ minimum: -90, maximum: 90 }),
          coord: Type.Optional(Coord),
        }),
        response: Done,
      },
    },
    async (req) => {
      await sites.moveCentre(await ctx(req.auth), req.params.site_id, req.body.siteLon, req.body.siteLat, req.body.coord);
      return ok(null, '站点位置已保存');
    },
  );

  // 设置站点围栏（gpsRail 为 null 时清除，站点回到以 length 为半径的圆）
  app.put(
    '/areaCenter/:siteId',
    {
      config: { ...edit, audit: siteRows('siteId') },
      schema: {
        tags,
        summary: '设置站点围栏',
        querystring: Q,
        params: Type.Object({ siteId: SiteIdT }),
        body: Type.Object({ ...SelfArea, gpsRail: Type.Union([Polygon, Type.Null()]), coord: Type.Optional(Coord) }),
        response: Done,
      },
    },
    async (req) => {
      await sites.setFence(await ctx(req.auth), req.params.siteId, req.body.gpsRail, req.body.coord);
      return ok(null, req.body.gpsRail === null ? '站点围栏已清除' : '站点围栏已保存');
    },
  );

  await app.register(magnifyRoutes, { prefix: '/magnify' });

  // 修改站点
  app.put(
    '/:id',
    {
      config: { ...edit, audit: siteRows('id') },
      schema: { tags, summary: '修改站点', querystring: Q, params: SiteIdParam, body: Type.Object({ ...SiteFields, ...SelfArea }), response: Done },
    },
    async (req) => {
      await sites.updateSite(await ctx(req.auth), req.params.id, req.body);
      return ok(null, '站点已保存');
    },
  );
};
export default routes;
