import { Type, type TProperties } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, Paged, PageQuery, notFound, ok, pageOf } from '../../http/envelope.js';
import { needs } from '../../http/auth.js';
import { CREATES, byField, type Before } from '../../http/auditObjects.js';
import { SelfArea, AreaId, Polygon } from '../../http/schemas.js';
import { Area, AreaBrief, AreaCreateBody, AreaFields, EntryRail, Rail } from './schemas.js';
import * as areas from './service.js';

const tags = ['区域'];
const manage = needs('area.manage');
const rails = needs('rail.manage');
/** The area a write changes, its id the request's field `field` (its fence is a column of it). */
const area = (field: string): Before => byField('areas', field, 'id', ['id', 'parent_id', 'area_name', 'level', 'gps_rail']);
const entryRail = byField('area_rails', 'id');
const Q = <T extends TProperties>(extra: T = {} as T) => Type.Object({ ...SelfArea, ...extra });

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, areas: cache, config } = app.ctx;
  // fences changed: position lookups rebuild their index
  app.addHook('onResponse', async (req) => {
    if (req.method !== 'GET') app.ctx.geo.invalidate();
  });

  // 区域详情
  app.get(
    '/get',
    { schema: { tags, summary: '区域详情', querystring: Q({ areaId: Type.Optional(AreaId) }), response: { 200: Envelope(Area) } } },
    async (req) => {
      const id = req.query.areaId ?? req.auth.areaId;
      req.auth.assertArea(id);
      const [area] = await areas.areasIn(database, await cache.tree(), [id]);
      if (!area) throw notFound('区域');
      return ok(area);
    },
  );

  // 上级区域链：从全国到该区域
  app.get(
    '/parents',
    { schema: { tags, summary: '上级区域链', querystring: Q({ areaId: Type.Optional(AreaId) }), response: { 200: Envelope(Type.Array(AreaBrief)) } } },
    async (req) => {
      const id = req.query.areaId ?? req.auth.areaId;
      req.auth.assertArea(id);
      return ok((await cache.tree()).path(id));
    },
  );

  // 当前用户的区域树（以其所属区域为根）
  app.get('/user', { schema: { tags, summary: '用户区域树', querystring: Q(), response: { 200: Envelope(Type.Array(Type.Unknown())) } } }, async (req) => {
    const tree = await cache.tree();
    return ok(areas.nest(await areas.areasIn(database, tree, tree.descendants(req.auth.areaId)), req.auth.areaId));
  });

  // 全国区域列表（扁平）：省、市、区县，以及本账号区域内的下级区域（其他区域自建的下级区域不给）
  app.get('/all', { schema: { tags, summary: '全国区域列表（省市区县及本区域的下级）', response: { 200: Envelope(Type.Array(AreaBrief)) } } }, async (req) => {
    const tree = await cache.tree();
    const own = new Set(req.auth.scopeAreaIds());
    return ok(
      tree
        .descendants('000000')
        .filter((id) => id !== '000000' && (tree.get(id)!.level <= 3 || own.has(id)))
        .sort()
        .map((id) => tree.get(id)!),
    );
  });

  // 下级区域（默认当前区域的下级）
  app.get(
    '/user2',
    { schema: { tags, summary: '下级区域', querystring: Q({ areaId: Type.Optional(AreaId) }), response: { 200: Envelope(Type.Array(Area)) } } },
    async (req) => {
      const id = req.query.areaId ?? req.auth.areaId;
      req.auth.assertArea(id);
      const tree = await cache.tree();
      return ok(
        await areas.areasIn(
          database,
          tree,
          tree.children(id).map((n) => n.id),
        ),
      );
    },
  );

  // 当前区域及其下全部区域（扁平）
  app.get('/listsAll', { schema: { tags, summary: '区域及下级（扁平）', querystring: Q(), response: { 200: Envelope(Type.Array(Area)) } } }, async (req) => {
    const tree = await cache.tree();
    return ok(await areas.areasIn(database, tree, tree.descendants(req.auth.areaId)));
  });

  // 区县所属的城市
  app.get(
    '/getCityAreaByChild',
    {
      schema: {
        tags,
        summary: '所属城市',
        querystring: Q({ areaId: AreaId }),
        response: { 200: Envelope(Type.Union([AreaBrief, Type.Null()])) },
      },
    },
    async (req) => {
      req.auth.assertArea(req.query.areaId);
      return ok(areas.cityOf(await cache.tree(), req.query.areaId), '操作成功！');
    },
  );

  // 区域列表（分页）
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: '区域列表',
        querystring: Q({ ...PageQuery, parentId: Type.Optional(AreaId), areaName: Type.Optional(Type.String({ maxLength: 64 })) }),
        response: { 200: Envelope(Paged(Area)) },
      },
    },
    async (req) => {
      const tree = await cache.tree();
      const parent = req.query.parentId ?? req.auth.areaId;
      req.auth.assertArea(parent);
      let ids = tree.descendants(parent).filter((id) => id !== parent);
      if (req.query.areaName) ids = ids.filter((id) => tree.get(id)!.areaName.includes(req.query.areaName!));
      ids.sort();
      const { limit, offset } = pageOf(req.query);
      return ok({ lists: await areas.areasIn(database, tree, ids.slice(offset, offset + limit)), total: ids.length });
    },
  );

  // 新增区域
  app.post(
    '/',
    {
      config: { ...manage, audit: CREATES },
      schema: {
        tags,
        summary: '新增区域',
        querystring: Q(),
        body: AreaCreateBody,
      },
    },
    async (req) => {
      await areas.createArea(database, cache, req.auth, req.body);
      return ok(null, '区域添加成功');
    },
  );

  // 修改区域
  app.put(
    '/',
    { config: { ...manage, audit: area('id') }, schema: { tags, summary: '修改区域', querystring: Q(), body: Type.Object({ ...AreaFields, id: AreaId }) } },
    async (req) => {
      await areas.updateArea(database, cache, req.auth, req.body.id, req.body);
      return ok(null, '区域修改成功');
    },
  );

  // 删除区域（须无下级区域、站点、用户与企业）
  app.delete(
    '/:id',
    { config: { ...manage, audit: area('id') }, schema: { tags, summary: '删除区域', querystring: Q(), params: Type.Object({ id: AreaId }) } },
    async (req) => {
      await areas.deleteArea(database, cache, req.auth, req.params.id);
      return ok(null, '区域已删除');
    },
  );

  /* ----- 运营围栏：每个区域一个 ----- */

  // 区域运营围栏列表
  app.get(
    '/rail',
    { schema: { tags, summary: '区域运营围栏', querystring: Q({ selectAreaId: Type.Optional(AreaId) }), response: { 200: Envelope(Type.Array(Rail)) } } },
    async (req) => {
      const id = req.query.selectAreaId ?? req.auth.areaId;
      req.auth.assertArea(id);
      return ok(await areas.listRails(database, await cache.tree(), id));
    },
  );

  // 设置区域运营围栏
  app.post(
    '/rail',
    {
      config: { ...rails, audit: area('areaId') },
      schema: { tags, summary: '设置运营围栏', querystring: Q(), body: Type.Object({ areaId: AreaId, gpsRail: Polygon }) },
    },
    async (req) => {
      await areas.setRail(database, req.auth, req.body.areaId, req.body.gpsRail);
      return ok(null, '围栏已保存');
    },
  );

  // 修改区域运营围栏
  app.put(
    '/rail/:id',
    {
      config: { ...rails, audit: area('id') },
      schema: { tags, summary: '修改运营围栏', querystring: Q(), params: Type.Object({ id: AreaId }), body: Type.Object({ gpsRail: Polygon }) },
    },
    async (req) => {
      await areas.setRail(database, req.auth, req.params.id, req.body.gpsRail);
      return ok(null, '围栏已保存');
    },
  );

  // 删除区域运营围栏
  app.delete(
    '/rail/:id',
    { config: { ...rails, audit: area('id') }, schema: { tags, summary: '删除运营围栏', querystring: Q(), params: Type.Object({ id: AreaId }) } },
    async (req) => {
      await areas.clearRail(database, req.auth, req.params.id);
      return ok(null, '围栏已删除');
    },
  );

  /* ----- 入口围栏：每个区域可有多个 ----- */

  // 入口围栏列表
  app.get(
    '/entryRail',
    {
      schema: { tags, summary: '入口围栏列表', querystring: Q({ selectAreaId: Type.Optional(AreaId) }), response: { 200: Envelope(Type.Array(EntryRail)) } },
    },
    async (req) => {
      const id = req.query.selectAreaId ?? req.auth.areaId;
      req.auth.assertArea(id);
      return ok(await areas.listEntryRails(database, await cache.tree(), id, config.tz));
    },
  );

  // 新增入口围栏
  app.post(
    '/entryRail',
    {
      config: { ...rails, audit: CREATES },
      schema: {
        tags,
        summary: '新增入口围栏',
        querystring: Q(),
        body: Type.Object({ areaId: AreaId, name: Type.Optional(Type.String({ maxLength: 64 })), gpsRail: Polygon }),
        response: { 200: Envelope(Type.Object({ id: Type.Integer() })) },
      },
    },
    async (req) => ok({ id: await areas.addEntryRail(database, req.auth, req.body.areaId, req.body.name ?? '', req.body.gpsRail) }, '围栏已保存'),
  );

  // 修改入口围栏
  app.put(
    '/entryRail/:id',
    {
      config: { ...rails, audit: entryRail },
      schema: {
        tags,
        summary: '修改入口围栏',
        querystring: Q(),
        params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
        body: Type.Object({ name: Type.Optional(Type.String({ maxLength: 64 })), gpsRail: Type.Optional(Polygon) }),
      },
    },
    async (req) => {
      await areas.updateEntryRail(database, req.auth, req.params.id, req.body.name, req.body.gpsRail);
      return ok(null, '围栏已保存');
    },
  );

  // 删除入口围栏
  app.delete(
    '/entryRail/:id',
    {
      config: { ...rails, audit: entryRail },
      schema: { tags, summary: '删除入口围栏', querystring: Q(), params: Type.Object({ id: Type.Integer({ minimum: 1 }) }) },
    },
    async (req) => {
      await areas.deleteEntryRail(database, req.auth, req.params.id);
      return ok(null, '围栏已删除');
    },
  );
};
export default routes;
