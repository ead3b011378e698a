import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, Paged, ok, pageOf } from '../../http/envelope.js';
import { needs } from '../../http/auth.js';
import { byField, byIds } from '../../http/auditObjects.js';
import * as clock from './service.js';
import { ClockSiteBody, ClockSiteItem, ClockSiteQuery, ConfigBody, ConfigItem, ConfigQuery, HandleBody, IdBody, RecordItem, RecordQuery } from './schemas.js';
import { StatsItem, StatsQuery, WarnItem, WarnQuery } from './schemas.js';

const tags = ['日常值守 · 打卡'];
const view = needs('clock.view');
const manage = needs('clock.manage');
const Saved = Envelope(Type.Object({ id: Type.Integer() }));

/**
 * 日常值守's clock calls (spec §7 Clock): clock sites (/api/clock), configs, records, day statistics
 * and 维护预警 (/api/clockRecord). Reads need 查看打卡, sites and configs 打卡设置, handling 处理运维预警.
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, config } = app.ctx;
  const tz = config.tz;

  // 打卡点列表（地图用 pageSize 最多 1000）
  app.get(
    '/clock/getClockSiteList',
    { config: view, schema: { tags, summary: '打卡点列表', querystring: ClockSiteQuery, response: { 200: Envelope(Paged(ClockSiteItem)) } } },
    async (req) => ok(await clock.listClockSites(database, req.auth, req.query, pageOf(req.query), tz)),
  );

  // 新增或修改打卡点
  app.post(
    '/clock/saveClockSiteInfo',
    { config: { ...manage, audit: byField('clock_sites', 'id') }, schema: { tags, summary: '保存打卡点', body: ClockSiteBody, response: { 200: Saved } } },
    async (req) => ok({ id: await clock.saveClockSite(database, req.auth, req.body) }, '打卡点已保存'),
  );

  // 删除打卡点
  app.post(
    '/clock/delClockSiteById',
    { config: { ...manage, audit: byField('clock_sites', 'id') }, schema: { tags, summary: '删除打卡点', body: IdBody } },
    async (req) => {
      await clock.deleteClockSite(database, req.auth, req.body.id);
      return ok(null, '打卡点已删除');
    },
  );

  // 打卡配置列表
  app.get(
    '/clockRecord/getClockConfigList',
    { config: view, schema: { tags, summary: '打卡配置列表', querystring: ConfigQuery, response: { 200: Envelope(Paged(ConfigItem)) } } },
    async (req) => ok(await clock.listConfigs(database, req.auth, req.query, pageOf(req.query))),
  );

  // 新增或修改打卡配置：角色、打卡日、时段、每时段次数、半径、迟到分钟
  app.post(
    '/clockRecord/saveClockConfigInfo',
    { config: { ...manage, audit: byField('clock_configs', 'id') }, schema: { tags, summary: '保存打卡配置', body: ConfigBody, response: { 200: Saved } } },
    async (req) => ok({ id: await clock.saveConfig(database, req.auth, req.body) }, '打卡配置已保存'),
  );

  // 删除打卡配置
  app.post(
    '/clockRecord/delClockConfigById',
    { config: { ...manage, audit: byField('clock_configs', 'id') }, schema: { tags, summary: '删除打卡配置', body: IdBody } },
    async (req) => {
      await clock.deleteConfig(database, req.auth, req.body.id);
      return ok(null, '打卡配置已删除');
    },
  );

  // 打卡记录（含照片、距离）
  app.get(
    '/clockRecord/getUserClockRecordList',
    { config: view, schema: { tags, summary: '打卡记录', querystring: RecordQuery, response: { 200: Envelope(Paged(RecordItem)) } } },
    async (req) => ok(await clock.listRecords(database, req.auth, req.query, pageOf(req.query), tz)),
  );

  // 每人每日打卡统计：应打、已打、迟到、缺卡、范围外
  app.get(
    '/clockRecord/getClockStatisticsDayList',
    { config: view, schema: { tags, summary: '打卡日统计', querystring: StatsQuery, response: { 200: Envelope(Paged(StatsItem)) } } },
    async (req) => ok(await clock.listStats(database, req.auth, req.query, pageOf(req.query), tz)),
  );

  // 维护预警（缺卡、迟到、范围外）
  app.get(
    '/clockRecord/getClockWarnList',
    { config: view, schema: { tags, summary: '维护预警', querystring: WarnQuery, response: { 200: Envelope(Paged(WarnItem)) } } },
    async (req) => ok(await clock.listWarnings(database, req.auth, req.query, pageOf(req.query), tz)),
  );

  // 处理维护预警（可批量，须填写说明）
  app.post(
    '/clockRecord/handleClockWarn',
    {
      config: { ...needs('clock.warn'), audit: byIds('clock_warnings', 'ids') },
      schema: { tags, summary: '处理维护预警', body: HandleBody, response: { 200: Envelope(Type.Object({ handled: Type.Integer() })) } },
    },
    async (req) => {
      const handled = await clock.handleWarnings(database, req.auth, req.body.ids, req.body.note);
      return ok({ handled }, handled ? `已处理 ${handled} 条预警` : '所选预警已处理过或不在您的权限内');
    },
  );
};
export default routes;
