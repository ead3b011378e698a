import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { Envelope, Paged, ok, pageOf } from '../../../http/envelope.js';
import { needs } from '../../../http/auth.js';
import { emptyBody } from '../../../http/schemas.js';
import { sendXlsx, type XlsxColumn } from '../../../http/xlsx.js';
import * as mi from './service.js';
import { PileItem } from '../../../shared/piles.js';
import { InstallFilters, InstallItem, InstallQuery, PileFilters, PileQuery, SilentPile } from './schemas.js';
import { tags } from '../schemas.js';

type App = Parameters<FastifyPluginAsyncTypebox>[0];

const installColumns: XlsxColumn<Static<typeof InstallItem>>[] = [
  { header: '安装时间', width: 20, value: (r) => r.installTime },
  { header: '安装人', width: 14, value: (r) => r.installerName },
  { header: '区域', width: 12, value: (r) => r.areaName },
  { header: '设备MAC', width: 20, value: (r) => r.equipmentMac },
  { header: '站点编号', width: 18, value: (r) => r.siteId },
  { header: '站点名称', width: 22, value: (r) => r.siteName },
  { header: '经度', width: 12, value: (r) => r.lon },
  { header: '纬度', width: 12, value: (r) => r.lat },
  { header: '照片', width: 40, value: (r) => r.photos.join(' ') },
];

const pileColumns: XlsxColumn<Static<typeof PileItem>>[] = [
  { header: '设备MAC', width: 20, value: (r) => r.equipmentMac },
  { header: '站点编号', width: 18, value: (r) => r.siteId },
  { header: '站点名称', width: 22, value: (r) => r.siteName },
  { header: '区域', width: 12, value: (r) => r.areaName },
  { header: '电量(%)', value: (r) => r.power },
  { header: '最近上报时间', width: 20, value: (r) => r.lastSeenTime },
  { header: '登记时间', width: 20, value: (r) => r.createTime },
];
const silentColumns: XlsxColumn<Static<typeof SilentPile>>[] = [
  ...pileColumns,
  { header: '离线分钟数', value: (r) => r.silentMinutes },
  { header: '离线时长', width: 14, value: (r) => r.silentText },
];

const body = (fields: typeof InstallFilters | typeof PileFilters) => Type.Object(fields, { description: '可省略：筛选也可放在查询参数' });
const exportSchema = (summary: string, description: string, fields: typeof InstallFilters | typeof PileFilters) => ({
  tags,
  summary,
  description: `${description}；筛选可放在 JSON 正文或查询参数中，正文优先。`,
  querystring: Type.Object(fields),
  body: body(fields),
});

/** 米单车管理 · 安装记录 / 在线设备 / 离线设备: the field app's pile installs and the piles heard or silent within the hour, with their exports. */
export function registerPiles(app: App) {
  const { database, config } = app.ctx;
  const tz = config.tz;
  const read = needs('miBicycle');

  // 设备安装记录（安装人、时间、站点、位置、MAC、照片）
  app.get(
    '/getInstallList',
    { config: read, schema: { tags, summary: '设备安装记录', querystring: InstallQuery, response: { 200: Envelope(Paged(InstallItem)) } } },
    async (req) => ok(await mi.listInstalls(database, mi.installFilterOf(req.auth, req.query, tz), pageOf(req.query), tz)),
  );

  // 在线设备：最近一小时内上报过的设备
  app.get(
    '/getLineList',
    { config: read, schema: { tags, summary: '在线设备（一小时内有上报）', querystring: PileQuery, response: { 200: Envelope(Paged(PileItem)) } } },
    async (req) => ok(await mi.listLine(database, mi.pileFilterOf(req.auth, req.query, 'online'), pageOf(req.query), tz)),
  );

  // 离线设备：一小时及以上未上报（含从未上报）的设备，含最近上报时间和离线时长
  app.get(
    '/getNoLineList',
    { config: read, schema: { tags, summary: '离线设备（一小时及以上未上报）', querystring: PileQuery, response: { 200: Envelope(Paged(SilentPile)) } } },
    async (req) => ok(await mi.listNoLine(database, mi.pileFilterOf(req.auth, req.query, 'silent'), pageOf(req.query), tz)),
  );

  // 导出设备安装记录（设备安装记录.xlsx）
  app.post(
    '/exportInstallList',
    {
      config: read,
      preValidation: emptyBody,
      schema: exportSchema('导出设备安装记录', '文件 设备安装记录.xlsx：行同 getInstallList 的全部页', InstallFilters),
    },
    async (req, reply) =>
      sendXlsx(
        reply,
        '设备安装记录.xlsx',
        '设备安装记录',
        installColumns,
        mi.installExport(database, mi.installFilterOf(req.auth, { ...req.query, ...req.body }, tz), tz),
      ),
  );

  // 导出在线设备（在线设备.xlsx）
  app.post(
    '/exportLineList',
    { config: read, preValidation: emptyBody, schema: exportSchema('导出在线设备', '文件 在线设备.xlsx：行同 getLineList 的全部页', PileFilters) },
    async (req, reply) =>
      sendXlsx(
        reply,
        '在线设备.xlsx',
        '在线设备',
        pileColumns,
        mi.lineExport(database, mi.pileFilterOf(req.auth, { ...req.query, ...req.body }, 'online'), tz),
      ),
  );

  // 导出离线设备（离线设备.xlsx）
  app.post(
    '/exportNoLineList',
    { config: read, preValidation: emptyBody, schema: exportSchema('导出离线设备', '文件 离线设备.xlsx：行同 getNoLineList 的全部页', PileFilters) },
    async (req, reply) =>
      sendXlsx(
        reply,
        '离线设备.xlsx',
        '离线设备',
        silentColumns,
        mi.noLineExport(database, mi.pileFilterOf(req.auth, { ...req.query, ...req.body }, 'silent'), tz),
      ),
  );
}
