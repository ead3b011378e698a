/** Limits and totals (spec §7): approved quantities per enterprise and area, and an area's totals. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, ok } from '../../http/envelope.js';
import { needs } from '../../http/auth.js';
import { brandQuota, pick, type Before } from '../../http/auditObjects.js';
import * as limits from './service.js';
import {
  AreaBrandList,
  AreaCapData,
  AreaQuery,
  AreaTotalBody,
  AreaTotalData,
  AreaTotalList,
  AreaTotalListQuery,
  ExistsData,
  ExistsQuery,
  QuotaBody,
  QuotaData,
} from './schemas.js';

const tags = ['核准数量与区域总量'];
const quota = needs('company.quota');
/** Reads the big screen and 企业管理's 总量设置 / 区域核准数量 share: either section's users may call them. */
const homeOrCompany = needs('home', 'companyManagement');
/** An area's totals a write changes: `areaId`, else the request's area. */
const areaCap: Before = (req) => ({ table: 'area_caps', where: { area_id: pick(req, 'areaId') ?? req.auth.areaId } });

/** Approved quantities (核准数量) of an enterprise in an area, under /api/bikeLimit. */
export const quotaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, areas } = app.ctx;

  // 保存企业在某区域的核准数量（车辆上限）
  app.post(
    '/save',
    {
      config: { ...quota, audit: brandQuota },
      schema: { tags, summary: '保存核准数量', querystring: AreaQuery, body: QuotaBody, response: { 200: Envelope(QuotaData) } },
    },
    async (req) => ok(await limits.saveQuota(database, req.auth, await areas.tree(), req.body), '核准数量已保存'),
  );

  // 查询企业在某区域是否已设置核准数量
  app.get(
    '/isExit',
    {
      config: needs('companyManagement'),
      schema: { tags, summary: '核准数量是否已设置', querystring: ExistsQuery, response: { 200: Envelope(ExistsData) } },
    },
    async (req) => ok(await limits.quotaOf(database, req.auth, await areas.tree(), req.query)),
  );
};

/** An area's totals and the enterprises' approved quantities on the home screen, under /api/indexPage. */
export const areaTotalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, areas } = app.ctx;

  // 区域总量：核准总量（各企业核准之和）、区域总量上限、备案、在线与站内车辆数
  app.get(
    '/getAreaTotalNumber',
    { config: homeOrCompany, schema: { tags, summary: '区域总量', querystring: AreaQuery, response: { 200: Envelope(AreaTotalData) } } },
    async (req) => ok(await limits.areaTotal(database, req.auth, await areas.tree())),
  );

  // 总量设置列表：本区域及其直属下级区域，各自的总量上限与核准、备案、在线、站内车辆数（同 getAreaTotalNumber）
  app.get(
    '/getAreaTotalList',
    {
      config: homeOrCompany,
      schema: {
        tags,
        summary: '区域总量列表（本区域及直属下级）',
        description: '第一行为 selfAreaId 所指区域，其后为其直属下级区域；每行的数字与以该区域为 selfAreaId 调用 getAreaTotalNumber 相同。',
        querystring: AreaTotalListQuery,
        response: { 200: Envelope(AreaTotalList) },
      },
    },
    async (req) => ok(await limits.areaTotalList(database, req.auth, await areas.tree(), req.query)),
  );

  // 区域企业列表：各企业核准、备案、在线与站内车辆数
  app.get(
    '/getAreaBrandList',
    { config: homeOrCompany, schema: { tags, summary: '区域企业车辆数量', querystring: AreaQuery, response: { 200: Envelope(AreaBrandList) } } },
    async (req) => ok(await limits.areaBrandList(database, req.auth)),
  );

  // 设置区域总量上限（自行车、电动车），区域缺省为 selfAreaId，须在本人管辖范围内
  app.post(
    '/setAreaTotalNumber',
    {
      config: { ...quota, audit: areaCap },
      schema: { tags, summary: '设置区域总量上限', querystring: AreaQuery, body: AreaTotalBody, response: { 200: Envelope(AreaCapData) } },
    },
    async (req) => ok(await limits.saveAreaCap(database, req.auth, await areas.tree(), req.body), '区域总量上限已保存'),
  );

  // 设置企业在某区域的核准数量
  app.post(
    '/setAreaBikeNumber',
    {
      config: { ...quota, audit: brandQuota },
      schema: { tags, summary: '设置企业区域核准数量', querystring: AreaQuery, body: QuotaBody, response: { 200: Envelope(QuotaData) } },
    },
    async (req) => ok(await limits.saveQuota(database, req.auth, await areas.tree(), req.body), '核准数量已保存'),
  );
};
