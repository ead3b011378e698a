import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, Paged, ok, pageOf } from '../../../http/envelope.js';
import { needs } from '../../../http/auth.js';
import { emptyBody } from '../../../http/schemas.js';
import { sendXlsx, type XlsxColumn } from '../../../http/xlsx.js';
import { Type, type Static } from 'typebox';
import * as mi from './service.js';
import { dayPages, type InspectionDayRow } from './repo.js';
import { InspectionDay, InspectionExportQuery, InspectionFilters, InspectionItem, InspectionQuery } from './schemas.js';
import { tags } from '../schemas.js';

type App = Parameters<FastifyPluginAsyncTypebox>[0];

const recordColumns: XlsxColumn<Static<typeof InspectionItem>>[] = [
  { header: '巡检时间', width: 20, value: (r) => r.inspectionTime },
  { header: '巡检员', width: 14, value: (r) => r.miUserName },
  { header: '区域', width: 12, value: (r) => r.areaName },
  { header: '车辆编号', width: 18, value: (r) => r.bikeId },
  { header: '蓝牙MAC', width: 20, value: (r) => r.bikeMac },
  { header: '企业', width: 12, value: (r) => r.brandName },
  { header: '站点编号', width: 18, value: (r) => r.siteId },
  { header: '站点名称', width: 22, value: (r) => r.siteName },
  { header: '巡检结果', value: (r) => r.resultName },
  { header: '备注', width: 30, value: (r) => r.note },
  { header: '经度', width: 12, value: (r) => r.lon },
  { header: '纬度', width: 12, value: (r) => r.lat },
  { header: '照片', width: 40, value: (r) => r.photos.join(' ') },
];

const dayColumns: XlsxColumn<InspectionDayRow>[] = [
  { header: '日期', width: 12, value: (r) => r.day },
  { header: '巡检员', width: 14, value: (r) => r.miUserName },
  { header: '巡检次数', value: (r) => r.total },
  { header: '正常', value: (r) => r.normal },
  { header: '违停', value: (r) => r.parking },
  { header: '故障', value: (r) => r.fault },
  { header: '非法车辆', value: (r) => r.illegal },
];

const ExportBody = Type.Object(InspectionFilters, { description: '可省略：筛选也可放在查询参数' });

/** 米单车管理 · 巡检记录 / 巡检统计: the field app's patrol records, their statistics per inspector and day, and the exports. */
export function registerInspections(app: App) {
  const { database, config } = app.ctx;
  const tz = config.tz;
  const read = needs('miBicycle');

  // 巡检记录列表（巡检员、车辆、企业、站点、结果、备注、位置、照片）
  app.get(
    '/getMiInspectionRecordsList',
    { config: read, schema: { tags, summary: '巡检记录列表', querystring: InspectionQuery, response: { 200: Envelope(Paged(InspectionItem)) } } },
    async (req) => ok(await mi.listRecords(database, req.auth, req.query, pageOf(req.query), tz)),
  );

  // 巡检统计：每个巡检员每天的巡检次数及各结果数
  app.get(
    '/getSumMiInspectionRecordsData',
    { config: read, schema: { tags, summary: '巡检统计（按巡检员和日期）', querystring: InspectionQuery, response: { 200: Envelope(Paged(InspectionDay)) } } },
    async (req) => ok(await mi.listDays(database, req.auth, req.query, pageOf(req.query), tz)),
  );

  // 导出巡检统计（巡检统计.xlsx），筛选同巡检统计
  app.get(
    '/exportInspectionStatistics',
    {
      config: read,
      schema: {
        tags,
        summary: '导出巡检统计',
        description: '文件 巡检统计.xlsx：行同 getSumMiInspectionRecordsData 的全部页。',
        querystring: InspectionExportQuery,
      },
    },
    async (req, reply) => sendXlsx(reply, '巡检统计.xlsx', '巡检统计', dayColumns, dayPages(database, mi.filterOf(req.auth, req.query, tz), tz)),
  );

  // 导出巡检记录（巡检记录.xlsx），筛选同巡检记录列表
  app.get(
    '/exportInspectionLogStatistics',
    {
      config: read,
      schema: {
        tags,
        summary: '导出巡检记录',
        description: '文件 巡检记录.xlsx：行同 getMiInspectionRecordsList 的全部页。',
        querystring: InspectionExportQuery,
      },
    },
    async (req, reply) => sendXlsx(reply, '巡检记录.xlsx', '巡检记录', recordColumns, mi.recordExport(database, mi.filterOf(req.auth, req.query, tz), tz)),
  );

  // 导出巡检清单（巡检清单.xlsx）：筛选放在 JSON 正文或查询参数（正文优先）
  app.post(
    '/exportCheckList',
    {
      config: read,
      preValidation: emptyBody,
      schema: {
        tags,
        summary: '导出巡检清单',
        description: '文件 巡检清单.xlsx：行同 getMiInspectionRecordsList 的全部页；筛选可放在 JSON 正文或查询参数中，正文优先。',
        querystring: InspectionExportQuery,
        body: ExportBody,
      },
    },
    async (req, reply) =>
      sendXlsx(reply, '巡检清单.xlsx', '巡检清单', recordColumns, mi.recordExport(database, mi.filterOf(req.auth, { ...req.query, ...req.body }, tz), tz)),
  );
}
