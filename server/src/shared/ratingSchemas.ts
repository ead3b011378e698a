/**
 * TypeBox schemas of 评级考核's stored scheme and assessment as the console reads them: the examine
 * module's routes answer them, shared/ratingScheme.ts and shared/ratingAssess.ts type their rows by
 * them (one shape for both).
 */
import { Type } from 'typebox';
import { MEASURES, MEASURE_KEYS } from '../domain/rating.js';
import { Nullable } from '../http/schemas.js';

export const CategoryItem = Type.Object({
  id: Type.Integer({ description: '类别 ID' }),
  name: Type.String({ description: '类别名称' }),
  fullScore: Type.Number({ description: '满分（本类扣分的上限）' }),
  sort: Type.Integer({ description: '排序（小在前）' }),
  rules: Type.Integer({ description: '本类规则数（固定与趋势）' }),
});

export const FIXED_FIELDS = {
  categoryId: Type.Integer({ minimum: 1, description: '所属类别' }),
  name: Type.String({ minLength: 1, maxLength: 64, description: '考核项（如：运维人员配备不足）' }),
  points: Type.Number({ minimum: 0, maximum: 1000, description: '每处扣分' }),
  maxPoints: Nullable(Type.Number({ minimum: 0, maximum: 1000 }), '本项最多扣分；空为不设上限（仍不超过类别满分）'),
  description: Nullable(Type.String({ maxLength: 500 }), '评分说明与取证要求'),
  enabled: Type.Boolean({ description: '启用' }),
};
export const FixedRuleItem = Type.Object({ id: Type.Integer(), categoryName: Type.String(), ...FIXED_FIELDS });

const measureText = MEASURE_KEYS.map((k) => `${k} ${MEASURES[k].name}（${MEASURES[k].unit}）`).join('，');
const BandT = Type.Object({
  min: Nullable(Type.Number(), '下限（含）；空为不设'),
  max: Nullable(Type.Number(), '上限（不含）；空为不设'),
  points: Type.Number({ minimum: 0, maximum: 1000, description: '落在此档扣的分' }),
});
export const TREND_FIELDS = {
  categoryId: Type.Integer({ minimum: 1, description: '所属类别' }),
  measure: Type.Enum(MEASURE_KEYS, { description: `考核指标：${measureText}` }),
  name: Type.String({ minLength: 1, maxLength: 64, description: '规则名称' }),
  bands: Type.Array(BandT, { minItems: 1, maxItems: 10, description: '扣分档：数值落在 [下限, 上限) 的一档扣其分' }),
  enabled: Type.Boolean({ description: '启用' }),
};
export const TrendRuleItem = Type.Object({
  id: Type.Integer(),
  categoryName: Type.String(),
  measureName: Type.String({ description: '指标名称' }),
  unit: Type.String({ description: '指标单位' }),
  better: Type.String({ description: 'higher 越高越好，lower 越低越好' }),
  ...TREND_FIELDS,
});

const MeasuresT = Type.Object(
  Object.fromEntries(MEASURE_KEYS.map((k) => [k, Nullable(Type.Number(), `${MEASURES[k].name}（${MEASURES[k].unit}）；null 为本月无数据`)])) as Record<
    (typeof MEASURE_KEYS)[number],
    ReturnType<typeof Nullable<ReturnType<typeof Type.Number>>>
  >,
);
export const RankItem = Type.Object({
  brandId: Type.Integer(),
  brandName: Type.String({ description: '企业' }),
  score: Type.Number({ description: '得分（基础分 − 扣分，不低于 0）' }),
  grade: Type.String({ description: '等级 A / B / C / D' }),
  rank: Type.Integer({ description: '名次（同分同名次）' }),
  deducted: Type.Number({ description: '合计扣分（各类别不超过其满分）' }),
  previousScore: Nullable(Type.Number(), '上一周期得分；未考核为 null'),
  change: Nullable(Type.Number(), '较上一周期的变化'),
  quota: Nullable(Type.Integer(), '区域核准数量（自行车 + 电动车）'),
  suggestedQuota: Nullable(Type.Integer(), '按等级建议的核准数量'),
  measures: MeasuresT,
  assessedAt: Type.String({ description: '考核时间' }),
});
export const DeductionItem = Type.Object({
  id: Type.Integer(),
  brandId: Type.Integer(),
  brandName: Type.String({ description: '企业' }),
  kind: Type.Integer({ description: '1 趋势规则（平台计算），2 固定考核项（人工评分）' }),
  ruleId: Type.Integer(),
  categoryId: Type.Integer(),
  categoryName: Type.String(),
  ruleName: Type.String(),
  measure: Nullable(Type.String(), '趋势指标'),
  value: Nullable(Type.Number(), '测得的数值（固定项为发现处数）；null 为本月无数据'),
  unit: Nullable(Type.String()),
  points: Type.Number({ description: '扣分（类别合计不超过其满分）' }),
  evidence: Nullable(Type.String(), '证据：控制台中已按企业与周期筛选的列表地址'),
  unmeasured: Nullable(Type.String(), '未计分的原因（无数据或数据来源尚未接入）'),
});
