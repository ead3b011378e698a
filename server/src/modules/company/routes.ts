import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, Paged, PageQuery, badRequest, ok, pageOf } from '../../http/envelope.js';
import { emptyBody, SelfArea } from '../../http/schemas.js';
import { setQuota } from '../../shared/quotas.js';
import { needs } from '../../http/auth.js';
import { brandQuota, byField } from '../../http/auditObjects.js';
import { registerOwner } from '../../shared/uploads.js';
import { BrandIdT, Enterprise, EnterpriseDetail, EnterpriseInput, Maintainer, MaintainerInput, Quota } from './schemas.js';
import { listBrands, listQuotas, toEnterprise, toQuota } from './repo.js';
import * as company from './service.js';
import recordRoutes from './recordRoutes.js';

const tags = ['企业管理'];
const read = needs('companyManagement');
const edit = needs('company.edit');
/** The enterprise or the maintainer a write changes (create-or-edit: none without the id). */
const brand = byField('brands', 'brandId');
const maintainer = byField('maintainers', 'id');
/** DELETE may carry brandId in the query or in a JSON body: no body validates as an empty one. */

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, config, areas } = app.ctx;
  // enterprise documents (政府批准文件, 其他证明, 运维人员, 自行车, 电动车信息): readable by whoever may see the enterprise
  registerOwner('document', (db, auth, ownerId) => company.mayReadDocument(db, auth, ownerId));

  // 企业列表：登记或运营区域在 selfAreaId 及下级区域内的企业（分页）
  app.get(
    '/getEnterpriseList',
    {
      config: read,
      schema: {
        tags,
        summary: '企业列表',
        querystring: Type.Object({ ...SelfArea, ...PageQuery, brandName: Type.Optional(Type.String({ maxLength: 64, description: '品牌名称（模糊）' })) }),
        response: { 200: Envelope(Paged(Enterprise)) },
      },
    },
    async (req) => {
      const tree = await areas.tree();
      const { rows, total } = await listBrands(database, {
        areaIds: req.auth.scopeAreaIds(),
        brandId: req.auth.brandLimit,
        brandName: req.query.brandName?.trim(),
        ...pageOf(req.query),
      });
      return ok({ lists: rows.map((r) => toEnterprise(r, tree, config.tz)), total });
    },
  );

  const Detail = {
    config: read,
    schema: {
      tags,
      summary: '企业详情',
      querystring: Type.Object({
        ...SelfArea,
        brandId: BrandIdT,
        type: Type.Optional(Type.Integer({ minimum: 1, maximum: 3, description: '要查看的文件：1 运维人员, 2 自行车, 3 电动车；文件不存在时返回 400 及提示' })),
      }),
      response: { 200: Envelope(EnterpriseDetail) },
    },
  };
  // 企业详情（企业信息弹窗）；type 指定要查看的文件
  app.get('/getEnterpriseInfoById', Detail, async (req) =>
    ok(await company.detail(database, req.auth, await areas.tree(), req.query.brandId, config.tz, req.query.type)),
  );
  // 品牌详情（与企业详情相同）
  app.get('/getBrandInfoById', Detail, async (req) =>
    ok(await company.detail(database, req.auth, await areas.tree(), req.query.brandId, config.tz, req.query.type)),
  );

  // 新增或修改企业：带 brandId 为修改；密码只保存哈希，修改时留空为不变
  app.post(
    '/createEnterprise',
    {
      config: { ...edit, audit: brand },
      schema: {
        tags,
        summary: '新增或修改企业',
        querystring: Type.Object(SelfArea),
        body: EnterpriseInput,
        response: {
          200: Envelope(
            Type.Object({
              brandId: Type.Integer({ description: '企业 ID' }),
              brandPassword: Type.Optional(Type.String({ description: '服务端生成的开放接口密码（generatePassword 时），只在此次返回' })),
            }),
          ),
        },
      },
    },
    async (req) => {
      const saved = await company.saveEnterprise(database, req.auth, await areas.tree(), req.body);
      return ok(saved, req.body.brandId ? '企业信息已保存' : '企业已新增');
    },
  );

  // 删除企业（软删除），其开放接口登录立即失效
  app.delete(
    '/deleteEnterprise',
    {
      config: { ...edit, audit: brand },
      preValidation: emptyBody,
      schema: {
        tags,
        summary: '删除企业',
        querystring: Type.Object({ ...SelfArea, brandId: Type.Optional(BrandIdT) }),
        body: Type.Object({ brandId: Type.Optional(BrandIdT) }),
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (req) => {
      const brandId = req.query.brandId ?? req.body.brandId;
      if (!brandId) throw badRequest('缺少参数 brandId，请选择要删除的企业');
      await company.deleteEnterprise(database, req.auth, brandId);
      return ok(null, '企业已删除');
    },
  );

  // 企业的运维人员（手机号脱敏）
  app.get(
    '/getMaintainerList',
    {
      config: read,
      schema: {
        tags,
        summary: '运维人员列表',
        querystring: Type.Object({
          ...SelfArea,
          ...PageQuery,
          brandId: BrandIdT,
          maintainName: Type.Optional(Type.String({ maxLength: 32, description: '姓名或手机号（模糊）' })),
        }),
        response: { 200: Envelope(Paged(Maintainer)) },
      },
    },
    async (req) => ok(await company.maintainers(database, req.auth, req.query.brandId, { name: req.query.maintainName?.trim(), ...pageOf(req.query) })),
  );

  // 新增或修改运维人员：带 id 为修改，修改时手机号留空为不变
  app.post(
    '/saveMaintainer',
    {
      config: { ...edit, audit: maintainer },
      schema: {
        tags,
        summary: '新增或修改运维人员',
        querystring: Type.Object(SelfArea),
        body: MaintainerInput,
        response: { 200: Envelope(Type.Object({ id: Type.Integer() })) },
      },
    },
    async (req) => {
      const id = await company.saveMaintainer(database, req.auth, await areas.tree(), req.body);
      return ok({ id }, req.body.id ? '运维人员已保存' : '运维人员已新增');
    },
  );

  // 删除运维人员
  app.delete(
    '/deleteMaintainer',
    {
      config: { ...edit, audit: maintainer },
      preValidation: emptyBody,
      schema: {
        tags,
        summary: '删除运维人员',
        querystring: Type.Object({ ...SelfArea, brandId: BrandIdT, id: Type.Integer({ minimum: 1, description: '运维人员 ID' }) }),
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (req) => {
      await company.deleteMaintainer(database, req.auth, req.query.brandId, req.query.id);
      return ok(null, '运维人员已删除');
    },
  );

  // 区域核准数量列表（selfAreaId 及下级区域）
  app.get(
    '/getAreaQuota',
    {
      config: read,
      schema: {
        tags,
        summary: '区域核准数量',
        querystring: Type.Object({ ...SelfArea, brandId: Type.Optional(BrandIdT) }),
        response: { 200: Envelope(Paged(Quota)) },
      },
    },
    async (req) => {
      const own = req.auth.brandLimit;
      if (own !== null && req.query.brandId && req.query.brandId !== own) return ok({ lists: [], total: 0 });
      const rows = await listQuotas(database, { areaIds: req.auth.scopeAreaIds(), brandId: own ?? req.query.brandId });
      return ok({ lists: rows.map((r) => toQuota(r, config.tz)), total: rows.length });
    },
  );

  // 设置企业在某区域的核准数量
  app.post(
    '/setAreaQuota',
    {
      config: { ...needs('company.quota'), audit: brandQuota },
      schema: {
        tags,
        summary: '设置区域核准数量',
        querystring: Type.Object(SelfArea),
        body: Type.Object({
          ...SelfArea,
          brandId: BrandIdT,
          areaId: Type.String({ pattern: '^\\d{6}$', description: '区域编码' }),
          bikeQuota: Type.Integer({ minimum: 0, maximum: 10_000_000, description: '自行车核准数量' }),
          ebikeQuota: Type.Integer({ minimum: 0, maximum: 10_000_000, description: '电动车核准数量' }),
        }),
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (req) => {
      await setQuota(database, req.auth, await areas.tree(), req.body);
      return ok(null, '核准数量已保存');
    },
  );

  await app.register(recordRoutes);
};
export default routes;
