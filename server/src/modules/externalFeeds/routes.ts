/**
 * /api/externalFeed (区域设置 · 外部站点, issue 32 point 4): GBFS stations of other systems, imported
 * from a discovery URL or from files, listed and managed per area (区域管理, 115), drawn on the big
 * screen (首页大屏, 64) as a separate read-only layer.
 */
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, Paged, ok, pageOf, PageQuery } from '../../http/envelope.js';
import { needs } from '../../http/auth.js';
import { CREATES, byField } from '../../http/auditObjects.js';
import { SelfArea } from '../../http/schemas.js';
import * as feeds from './service.js';
import { Feed, FeedId, FilesBody, LayerFeed, UrlBody } from './schemas.js';

const tags = ['外部站点（GBFS 导入）'];
const manage = needs('area.manage');
/** The feed a write changes (its id in the path); its stations left out of the audit row. */
const feedRow = byField('external_feeds', 'id', 'id', ['id', 'area_id', 'name', 'source', 'url', 'version', 'station_count', 'fetched_at', 'last_error']);
const Imported = Envelope(Type.Object({ id: Type.Integer(), stations: Type.Integer(), version: Type.String() }));

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, config } = app.ctx;

  // 外部数据源列表（selfAreaId 及下级区域）
  app.get(
    '/',
    {
      config: needs('regionalSettings'),
      schema: {
        tags,
        summary: '外部数据源列表',
        querystring: Type.Object({ ...SelfArea, name: Type.Optional(Type.String({ maxLength: 64 })), ...PageQuery }),
        response: { 200: Envelope(Paged(Feed)) },
      },
    },
    async (req) => ok(await feeds.listFeeds(database, req.auth.scopeAreaIds(), { name: req.query.name, ...pageOf(req.query) }, config.tz)),
  );

  // 从地址导入：GBFS 2.x / 3.0 发现文件（gbfs.json），之后按 ttl 自动刷新
  app.post(
    '/url',
    {
      config: { ...manage, audit: CREATES },
      schema: {
        tags,
        summary: '从地址导入外部站点',
        description:
          '读取 GBFS 2.x 或 3.0 的发现文件及其 station_information、station_status（超时与大小受限），校验后保存；数据有误时返回 400 并指出字段。之后按 station_status 的 ttl（至少 1 分钟）自动刷新，刷新失败保留上次数据并记录原因。',
        querystring: Type.Object(SelfArea),
        body: UrlBody,
        response: { 200: Imported },
      },
    },
    async (req) => {
      const r = await feeds.importFromUrl(database, req.auth, req.body, config.gbfsImport);
      return ok(r, `已导入 ${r.stations} 个站点（GBFS ${r.version}）`);
    },
  );

  // 从文件导入：station_information + station_status
  app.post(
    '/files',
    {
      config: { ...manage, audit: CREATES },
      schema: {
        tags,
        summary: '从文件导入外部站点',
        description: '上传同一系统的 station_information 与 station_status（GBFS 2.x 或 3.0，JSON 文本），校验后保存；数据有误时返回 400 并指出字段。',
        querystring: Type.Object(SelfArea),
        body: FilesBody,
        response: { 200: Imported },
      },
    },
    async (req) => {
      const r = await feeds.importFromFiles(database, req.auth, req.body);
      return ok(r, `已导入 ${r.stations} 个站点（GBFS ${r.version}）`);
    },
  );

  // 立即刷新（从地址导入的数据源）
  app.post(
    '/:id/refresh',
    {
      config: { ...manage, audit: feedRow },
      schema: {
        tags,
        summary: '立即刷新外部数据源',
        description:
          '从地址导入的数据源立即到期：定时任务在下一次运行时（1 分钟内）重新获取。获取失败时保留上次的数据，列表显示失败原因与时间。文件导入的数据源不能刷新（400）。',
        querystring: Type.Object(SelfArea),
        params: Type.Object({ id: FeedId }),
        response: { 200: Envelope(Type.Object({ nextFetchTime: Type.String() })) },
      },
    },
    async (req) => ok(await feeds.refresh(database, req.auth, req.params.id, config.tz), '已安排刷新，1 分钟内完成，届时列表显示结果'),
  );

  // 删除外部数据源
  app.delete(
    '/:id',
    {
      config: { ...manage, audit: feedRow },
      schema: { tags, summary: '删除外部数据源', querystring: Type.Object(SelfArea), params: Type.Object({ id: FeedId }) },
    },
    async (req) => {
      await feeds.remove(database, req.auth, req.params.id);
      return ok(null, '外部数据源已删除');
    },
  );

  // 大屏地图的外部站点图层（只读）
  app.get(
    '/stations',
    {
      config: needs('home'),
      schema: {
        tags,
        summary: '大屏外部站点图层',
        description: 'selfAreaId 及下级区域的外部数据源及其站点（GCJ-02），大屏地图上作为只读图层显示。',
        querystring: Type.Object(SelfArea),
        response: { 200: Envelope(Type.Array(LayerFeed)) },
      },
    },
    async (req) => ok(await feeds.layer(database, req.auth.scopeAreaIds(), config.tz)),
  );
};
export default routes;
