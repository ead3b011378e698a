import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, Paged, PageQuery, badRequest, ok, pageOf } from '../../http/envelope.js';
import { emptyBody, SelfArea, SiteIdT } from '../../http/schemas.js';
import { needs } from '../../http/auth.js';
import { byField, siteRows } from '../../http/auditObjects.js';
import { deleteSite } from '../../shared/sites.js';
import { SiteListFilters, siteFilterOf, sitePages, toSite } from '../../shared/siteList.js';
import { sendXlsx } from '../../http/xlsx.js';
import { listDeviceSites } from './repo.js';
import { PileItem, listPiles, toPile } from '../../shared/piles.js';
import * as devices from './service.js';
import { DeviceSite, Mac, Readings } from './schemas.js';
import { siteColumns } from './siteExport.js';

const tags = ['设备管理'];
const read = needs('deviceManagement');
/** The pile a write registers, moves or deletes, by its MAC (registering a new one: none). */
const pile = byField('piles', 'equipmentMac', 'equipment_mac');
const Done = { 200: Envelope(Type.Null()) };
/** DELETE calls may carry their fields in the query or in a JSON body: no body validates as an empty one. */

/** The site-device list and site deletion of 站点管理, under /api/device. */
export const deviceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, config, geo } = app.ctx;

  // 站点设备列表：站点及其设备电量（equipmentPower 如 0-10 只看有设备电量在该范围内的站点）
  app.get(
    '/list/get',
    {
      config: read,
      schema: {
        tags,
        summary: '站点设备列表',
        querystring: Type.Object({
          ...SelfArea,
          ...PageQuery,
          siteName: Type.Optional(Type.String({ maxLength: 64, description: '站点名称（模糊）' })),
          siteId: Type.Optional(Type.String({ maxLength: 32, description: '站点编号（前缀）' })),
          equipmentPower: Type.Optional(Type.String({ maxLength: 16, description: '设备电量范围“最小值-最大值”，如 0-10' })),
        }),
        response: { 200: Envelope(Paged(DeviceSite)) },
      },
    },
    async (req) => {
      const q = req.query;
      const power = q.equipmentPower?.trim() ? devices.parsePowerRange(q.equipmentPower) : undefined;
      return ok(
        await listDeviceSites(
          database,
          { areaIds: req.auth.scopeAreaIds(), siteName: q.siteName?.trim(), siteId: q.siteId?.trim(), power, ...pageOf(q) },
          config.tz,
        ),
      );
    },
  );

  // 导出站点列表（站点列表.xlsx）：筛选同站点列表 GET /api/site/（JSON 正文或查询参数，正文优先），全部行
  app.post(
    '/export/site',
    {
      config: read,
      preValidation: emptyBody,
      schema: {
        tags,
        summary: '导出站点列表',
        description: '文件 站点列表.xlsx，行同站点列表 GET /api/site/ 的全部页（按站点编号）；筛选可放在 JSON 正文或查询参数中，正文优先。',
        querystring: Type.Object({ ...SelfArea, ...SiteListFilters }),
        body: Type.Object({ ...SelfArea, ...SiteListFilters }, { description: '可省略：筛选也可放在查询参数' }),
      },
    },
    async (req, reply) => {
      const f = siteFilterOf(req.auth.scopeAreaIds(), { ...req.query, ...req.body });
      const tz = config.tz;
      return sendXlsx(
        reply,
        '站点列表.xlsx',
        '站点列表',
        siteColumns,
        mapPages(sitePages(database, f), (r) => toSite(r, tz)),
      );
    },
  );

  // 删除站点（软删除），站点同时移出所有放大分组
  app.delete(
    '/site/delete',
    {
      config: { ...needs('site.delete'), audit: siteRows('siteId') },
      preValidation: emptyBody,
      schema: {
        tags,
        summary: '删除站点',
        querystring: Type.Object({ ...SelfArea, siteId: Type.Optional(SiteIdT), areaId: Type.Optional(Type.String({ pattern: '^\\d{6}$' })) }),
        body: Type.Object({
          siteId: Type.Optional(SiteIdT),
          areaId: Type.Optional(Type.String({ pattern: '^\\d{6}$', description: '站点所属区县，给出时须一致' })),
        }),
        response: Done,
      },
    },
    async (req) => {
      const siteId = req.body.siteId ?? req.query.siteId;
      if (!siteId) throw badRequest('缺少参数 siteId，请选择要删除的站点');
      await deleteSite({ database, geo, auth: req.auth }, siteId, req.body.areaId ?? req.query.areaId);
      return ok(null, '站点删除成功！');
    },
  );
};

/** Piles (equipment) and their power readings, under /api/equipment. */
export const equipmentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, config } = app.ctx;

  // 设备电量列表
  app.get(
    '/power/list',
    {
      config: read,
      schema: {
        tags,
        summary: '设备电量列表',
        querystring: Type.Object({
          ...SelfArea,
          ...PageQuery,
          siteId: Type.Optional(SiteIdT),
          equipmentMac: Type.Optional(Type.String({ maxLength: 32, description: '设备 MAC（模糊）' })),
          powerMin: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, description: '最低电量（%）' })),
          powerMax: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, description: '最高电量（%）' })),
        }),
        response: { 200: Envelope(Paged(PileItem)) },
      },
    },
    async (req) => {
      const q = req.query;
      if (q.powerMin !== undefined && q.powerMax !== undefined && q.powerMin > q.powerMax) throw badRequest('参数 powerMin 不能大于 powerMax');
      const f = { siteId: q.siteId, equipmentMac: q.equipmentMac?.trim(), powerMin: q.powerMin, powerMax: q.powerMax, areaIds: req.auth.scopeAreaIds() };
      const { rows, total } = await listPiles(database, f, 'power', pageOf(q));
      return ok({ lists: rows.map((r) => toPile(r, config.tz)), total });
    },
  );

  // 设备在时间段内的电量记录（最长 31 天）
  app.get(
    '/power/between',
    {
      config: read,
      schema: {
        tags,
        summary: '设备时间段电量',
        querystring: Type.Object({
          ...SelfArea,
          equipmentMac: Mac,
          startTime: Type.String({ minLength: 1, description: '开始时间 yyyy-MM-dd HH:mm:ss' }),
          endTime: Type.String({ minLength: 1, description: '结束时间 yyyy-MM-dd HH:mm:ss（含）' }),
        }),
        response: { 200: Envelope(Readings) },
      },
    },
    async (req) => ok(await devices.readingsBetween(database, req.auth, req.query, config.tz)),
  );

  // 设备某一天的电量记录
  app.get(
    '/power/day',
    {
      config: read,
      schema: {
        tags,
        summary: '设备当天电量',
        querystring: Type.Object({ ...SelfArea, equipmentMac: Mac, day: Type.String({ minLength: 1, description: '日期 yyyy-MM-dd' }) }),
        response: { 200: Envelope(Readings) },
      },
    },
    async (req) => ok(await devices.readingsOfDay(database, req.auth, req.query, config.tz)),
  );

  // 登记设备到站点（已登记的设备移到该站点）
  app.post(
    '',
    {
      config: { ...needs('device.edit'), audit: pile },
      schema: {
        tags,
        summary: '登记设备',
        querystring: Type.Object(SelfArea),
        body: Type.Object({ ...SelfArea, equipmentMac: Mac, siteId: SiteIdT }),
        response: Done,
      },
    },
    async (req) => {
      const done = await devices.registerPile(database, req.auth, req.body.equipmentMac, req.body.siteId);
      return ok(null, done === 'moved' ? '设备已移至该站点' : '设备已登记');
    },
  );

  // 删除设备及其电量记录
  app.delete(
    '/delete',
    {
      config: { ...needs('device.edit'), audit: pile },
      preValidation: emptyBody,
      schema: {
        tags,
        summary: '删除设备',
        querystring: Type.Object({ ...SelfArea, equipmentMac: Type.Optional(Mac) }),
        body: Type.Object({ equipmentMac: Type.Optional(Mac) }),
        response: Done,
      },
    },
    async (req) => {
      await devices.removePile(database, req.auth, req.body.equipmentMac ?? req.query.equipmentMac);
      return ok(null, '设备已删除');
    },
  );
};

async function* mapPages<A, B>(pages: AsyncIterable<A[]>, fn: (a: A) => B): AsyncIterable<B[]> {
  for await (const page of pages) yield page.map(fn);
}
