import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, ok } from '../../http/envelope.js';
import { emptyBody } from '../../http/schemas.js';
import { sendXlsx, type XlsxColumn } from '../../http/xlsx.js';
import { MEASURES, MEASURE_KEYS } from '../../domain/rating.js';
import { needs } from '../../http/auth.js';
import { CREATES, byField, pick, type Before } from '../../http/auditObjects.js';
import * as examine from './service.js';
import * as assessment from './assess/service.js';
import { registerScores } from './scores/routes.js';
import { CategoryItem, DeductionItem, TrendRuleItem } from '../../shared/ratingSchemas.js';
import {
  AllRules,
  AssessBody,
  Detail,
  DetailQuery,
  RankQuery,
  Ranking,
  AreaQuery,
  CategoryBody,
  ConfBody,
  EnableBody,
  FixedInfo,
  FixedRuleBody,
  IdParams,
  TrendRuleBody,
  tags,
} from './schemas.js';

const view = needs('ratingEvaluation');

/** A short list (the month's enterprises or their outcomes) as the export's one page. */
async function* once<T>(rows: T[]) {
  yield rows;
}

type Ranked = Awaited<ReturnType<typeof assessment.ranking>>['lists'][number];
type Outcome = Awaited<ReturnType<typeof assessment.allDeductions>>[number];
const RANK_COLUMNS: XlsxColumn<Ranked>[] = [
  { header: '名次', value: (r) => r.rank },
  { header: '企业', value: (r) => r.brandName },
  { header: '得分', value: (r) => r.score },
  { header: '等级', value: (r) => r.grade },
  { header: '较上期', value: (r) => r.change },
  { header: '扣分', value: (r) => r.deducted },
  { header: '核准数量', value: (r) => r.quota },
  { header: '建议核准数量', value: (r) => r.suggestedQuota },
  ...MEASURE_KEYS.map((k): XlsxColumn<Ranked> => ({ header: `${MEASURES[k].name}（${MEASURES[k].unit}）`, value: (r) => r.measures[k] })),
  { header: '考核时间', value: (r) => r.assessedAt },
];
const DETAIL_COLUMNS: XlsxColumn<Outcome>[] = [
  { header: '企业', value: (d) => d.brandName },
  { header: '类别', value: (d) => d.categoryName },
  { header: '考核项', value: (d) => d.ruleName },
  { header: '类型', value: (d) => (d.kind === 1 ? '平台计算' : '人工评分') },
  { header: '测得', value: (d) => d.value },
  { header: '单位', value: (d) => d.unit },
  { header: '扣分', value: (d) => d.points },
  { header: '证据', width: 60, value: (d) => d.evidence },
];
const edit = needs('rating.edit');
const Saved = Envelope(Type.Object({ id: Type.Integer() }));
/** The conf of the area the request names (or its own). */
const confRow: Before = (req) => ({ table: 'examine_conf', where: { area_id: pick(req, 'areaId') ?? req.auth.areaId } });

/**
 * 评级考核 · 考核设置 (spec §7 Examine): an area's categories (category/*), fixed rules and the conf
 * (fixedRule/*), trend rules (trendsRule/*) and the whole scheme at once (allRule/info). Reads need
 * 评级考核, writes 考核规则设置.
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, config } = app.ctx;
  const tz = config.tz;
  registerScores(app);

  // 考核类别列表（名称、满分、排序、规则数）
  app.get(
    '/category/list',
    { config: view, schema: { tags, summary: '考核类别列表', querystring: AreaQuery, response: { 200: Envelope(Type.Array(CategoryItem)) } } },
    async (req) => ok(await examine.listCategories(database, req.auth, req.query.areaId)),
  );

  // 新增或修改考核类别
  app.post(
    '/category/upsert',
    {
      config: { ...edit, audit: byField('examine_categories', 'id') },
      schema: { tags, summary: '保存考核类别', body: CategoryBody, response: { 200: Saved } },
    },
    async (req) => ok({ id: await examine.saveCategory(database, req.auth, req.body) }, '考核类别已保存'),
  );

  // 删除考核类别（其下须无规则）
  app.delete(
    '/category/del/:id',
    { config: { ...edit, audit: byField('examine_categories', 'id') }, schema: { tags, summary: '删除考核类别', params: IdParams } },
    async (req) => {
      await examine.deleteCategory(database, req.auth, req.params.id);
      return ok(null, '考核类别已删除');
    },
  );

  // 固定考核项与考核配置（基础分、等级分数线、配额调整）
  app.get(
    '/fixedRule/info',
    { config: view, schema: { tags, summary: '固定考核项与考核配置', querystring: AreaQuery, response: { 200: Envelope(FixedInfo) } } },
    async (req) => ok(await examine.fixedInfo(database, req.auth, req.query.areaId)),
  );

  // 新增或修改固定考核项（人工评分：每处扣分、最多扣分）
  app.post(
    '/fixedRule/upsert',
    {
      config: { ...edit, audit: byField('examine_fixed_rules', 'id') },
      schema: { tags, summary: '保存固定考核项', body: FixedRuleBody, response: { 200: Saved } },
    },
    async (req) => ok({ id: await examine.saveFixedRule(database, req.auth, req.body) }, '固定考核项已保存'),
  );

  // 保存考核配置
  app.post('/fixedRule/conf', { config: { ...edit, audit: confRow }, schema: { tags, summary: '保存考核配置', body: ConfBody } }, async (req) => {
    await examine.saveConf(database, req.auth, req.body);
    return ok(null, '考核配置已保存');
  });

  // 趋势考核规则列表（由平台数据计算的指标与扣分档）
  app.get(
    '/trendsRule/list',
    { config: view, schema: { tags, summary: '趋势考核规则列表', querystring: AreaQuery, response: { 200: Envelope(Type.Array(TrendRuleItem)) } } },
    async (req) => ok(await examine.listTrendRules(database, req.auth, req.query.areaId)),
  );

  // 新增或修改趋势考核规则
  app.post(
    '/trendsRule/upsert',
    {
      config: { ...edit, audit: byField('examine_trend_rules', 'id') },
      schema: { tags, summary: '保存趋势考核规则', body: TrendRuleBody, response: { 200: Saved } },
    },
    async (req) => ok({ id: await examine.saveTrendRule(database, req.auth, req.body) }, '趋势考核规则已保存'),
  );

  // 启用或停用趋势考核规则
  app.post(
    '/trendsRule/enable',
    { config: { ...edit, audit: byField('examine_trend_rules', 'id') }, schema: { tags, summary: '启用或停用趋势考核规则', body: EnableBody } },
    async (req) => {
      await examine.enableTrendRule(database, req.auth, req.body.id, req.body.enabled);
      return ok(null, req.body.enabled ? '规则已启用' : '规则已停用');
    },
  );

  // 执行考核：按平台数据与人工评分计算该区域该月各企业的得分、等级与名次（已关闭的周期不可重算）
  app.post(
    '/trendsRule/assess',
    {
      config: { ...edit, audit: CREATES },
      schema: { tags, summary: '执行考核', body: AssessBody, response: { 200: Envelope(Type.Object({ brands: Type.Integer() })) } },
    },
    async (req) => {
      const brands = await assessment.assessFor(database, req.auth, req.body, tz);
      return ok({ brands }, `已完成 ${req.body.period} 的考核（${brands} 家企业）`);
    },
  );

  // 企业考核排名：得分、等级、名次、较上期变化、核准数量与建议
  app.get(
    '/brand/sort',
    { config: view, schema: { tags, summary: '企业考核排名', querystring: RankQuery, response: { 200: Envelope(Ranking) } } },
    async (req) => ok(await assessment.ranking(database, req.auth, req.query, tz)),
  );

  // 考核详情：一个企业一个周期的各项扣分及证据
  app.get(
    '/brand/detail',
    { config: view, schema: { tags, summary: '企业考核详情', querystring: DetailQuery, response: { 200: Envelope(Detail) } } },
    async (req) => ok(await assessment.detail(database, req.auth, req.query, tz)),
  );

  // 考核明细列表：一个月各企业（或一个企业）每条规则的测得值、扣分与证据，按名次
  app.get(
    '/brand/detail/list',
    { config: view, schema: { tags, summary: '考核明细列表', querystring: RankQuery, response: { 200: Envelope(Type.Array(DeductionItem)) } } },
    async (req) => ok(assessment.explained(await assessment.allDeductions(database, req.auth, req.query))),
  );

  // 导出企业考核排名（各项指标的测得值一并导出）
  app.get(
    '/brand/out',
    {
      config: view,
      schema: {
        tags,
        summary: '导出企业考核',
        description: '文件 企业考核_YYYY-MM.xlsx：行同 brand/sort，另有各项指标的测得值（空为本月无数据）。',
        querystring: RankQuery,
      },
    },
    async (req, reply) => {
      const r = await assessment.ranking(database, req.auth, req.query, tz);
      return sendXlsx(reply, `企业考核_${r.period}.xlsx`, '企业考核', RANK_COLUMNS, once(r.lists));
    },
  );

  // 导出考核明细：各企业各项规则的测得值、扣分与证据地址
  app.post(
    '/exportSysExamineList',
    {
      config: view,
      preValidation: emptyBody,
      schema: {
        tags,
        summary: '导出考核明细',
        description: '文件 考核明细_YYYY-MM.xlsx：每个企业每条规则一行（名次顺序），筛选放在 JSON 正文或查询参数（正文优先）。',
        querystring: Type.Partial(RankQuery),
        body: Type.Partial(RankQuery),
      },
    },
    async (req, reply) => {
      const q = { ...req.query, ...req.body } as { areaId?: string; period: string; brandId?: number };
      const rows = await assessment.allDeductions(database, req.auth, { ...q, period: q.period ?? '' });
      return sendXlsx(reply, `考核明细_${q.period}.xlsx`, '考核明细', DETAIL_COLUMNS, once(rows));
    },
  );

  // 整个考核方案：配置、类别及其规则、可用指标、方案问题
  app.get(
    '/allRule/info',
    { config: view, schema: { tags, summary: '考核方案', querystring: AreaQuery, response: { 200: Envelope(AllRules) } } },
    async (req) => ok(await examine.allRules(database, req.auth, req.query.areaId)),
  );
};
export default routes;
