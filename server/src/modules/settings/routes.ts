/** /api/config: the area's full-pile value (满桩值) that scales site capacities, and the site parameters new sites take. */
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, badRequest, ok } from '../../http/envelope.js';
import { needs } from '../../http/auth.js';
import type { Before } from '../../http/auditObjects.js';
import { SelfArea, emptyBody } from '../../http/schemas.js';
import { fullPile, setFullPile, setSiteParams, siteParams } from './service.js';
import { Alias, Pile, SiteParams, SiteParamsBody } from './schemas.js';

const tags = ['满桩值设置'];
/** The settings of the request's area a write changes: these columns of its row. */
const areaSettings =
  (columns: string[]): Before =>
  (req) => ({ table: 'areas', where: { id: req.auth.areaId }, columns: ['id', 'area_name', ...columns] });

const Result = Envelope(
  Type.Object({ data: Type.Number({ description: '满桩值（非数字时为 1）' }), alias: Type.String({ description: '名称（缺省 满桩值）' }) }),
);

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { database } = app.ctx;

  // 读取区域满桩值
  app.get(
    '/fullPileNum',
    { config: needs('home'), schema: { tags, summary: '读取满桩值', querystring: Type.Object(SelfArea), response: { 200: Result } } },
    async (req) => ok(await fullPile(database, req.auth.areaId)),
  );

  // 设置区域满桩值（仅非聚合区域）
  app.put(
    '/fullPileNum',
    {
      config: { ...needs('home.fullPile'), audit: areaSettings(['full_pile_num', 'full_pile_name']) },
      preValidation: emptyBody,
      schema: {
        tags,
        summary: '设置满桩值',
        description:
          '设置 selfAreaId 区域及其下级区域的满桩值（pile、alias 可放在查询参数或请求体）。aggregation 不为 0 的区域不能设置（400）。下一次站点快照（每分钟）按新值重算容量与状态。',
        querystring: Type.Object({ ...SelfArea, pile: Type.Optional(Pile), alias: Type.Optional(Alias) }),
        body: Type.Object({ pile: Type.Optional(Pile), alias: Type.Optional(Alias) }, { description: '可省略：pile、alias 也可放在查询参数' }),
        response: { 200: Result },
      },
    },
    async (req) => {
      const pile = req.body.pile ?? req.query.pile;
      if (pile === undefined) throw badRequest('缺少参数 pile，请填写满桩值');
      const alias = req.body.alias ?? req.query.alias;
      return ok(await setFullPile(database, req.auth, pile, alias?.trim() || undefined), '满桩值已保存');
    },
  );

  // 读取区域站点参数（新站点的默认值）
  app.get(
    '/siteParams',
    { schema: { tags, summary: '读取站点参数', querystring: Type.Object(SelfArea), response: { 200: Envelope(SiteParams) } } },
    async (req) => ok(await siteParams(database, req.auth.areaId)),
  );

  // 设置区域站点参数（仅非聚合区域；该区域及下级区域的新站点按此取默认值）
  app.put(
    '/siteParams',
    {
      config: {
        ...needs('area.manage'),
        audit: areaSettings(['full_pile_num', 'site_length', 'site_threshold_less', 'site_threshold_more', 'site_response_minute']),
      },
      schema: {
        tags,
        summary: '设置站点参数',
        description:
          '设置 selfAreaId 区域及其下级区域的满桩值、名称和新站点的默认半径、偏少/偏多阈值、调度响应时限。aggregation 不为 0 的区域不能设置（400）。',
        querystring: Type.Object(SelfArea),
        body: SiteParamsBody,
        response: { 200: Envelope(SiteParams) },
      },
    },
    async (req) => ok(await setSiteParams(database, req.auth, req.body), '站点参数已保存'),
  );
};
export default routes;
