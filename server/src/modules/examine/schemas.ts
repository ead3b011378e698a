/** TypeBox schemas of 评级考核's settings (/api/examine): categories, fixed and trend rules, the conf. */
import { Type, type Static } from 'typebox';
import { Nullable, SelfArea } from '../../http/schemas.js';
import { CategoryItem, DeductionItem, FIXED_FIELDS, FixedRuleItem, RankItem, TREND_FIELDS, TrendRuleItem } from '../../shared/ratingSchemas.js';

export const tags = ['评级考核'];

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Score = (description: string) => Type.Number({ minimum: 0, maximum: 1000, description });

/** The scheme read or written: `areaId` (in the user's reach), else the request's area. */
const Area = { ...SelfArea, areaId: Type.Optional(Type.String({ pattern: '^\\d{6}$', description: '考核方案所属区域，缺省为当前操作区域' })) };

export const AreaQuery = Type.Object(Area);
export const IdParams = Type.Object({ id: Id });

/* ---------- conf ---------- */

const CONF_FIELDS = {
  baseScore: Type.Number({ minimum: 1, maximum: 1000, description: '基础分（满分）' }),
  gradeA: Score('A 级最低分'),
  gradeB: Score('B 级最低分'),
  gradeC: Score('C 级最低分（低于为 D 级）'),
  quotaA: Type.Number({ minimum: -100, maximum: 100, description: 'A 级建议配额调整（%）' }),
  quotaB: Type.Number({ minimum: -100, maximum: 100, description: 'B 级建议配额调整（%）' }),
  quotaC: Type.Number({ minimum: -100, maximum: 100, description: 'C 级建议配额调整（%）' }),
  quotaD: Type.Number({ minimum: -100, maximum: 100, description: 'D 级建议配额调整（%）' }),
};
const Conf = Type.Object(CONF_FIELDS);
export const ConfBody = Type.Object({ ...Area, ...CONF_FIELDS });
export type ConfInput = Static<typeof ConfBody>;

/* ---------- categories ---------- */

export const CategoryBody = Type.Object({
  ...Area,
  id: Type.Optional(Id),
  name: Type.String({ minLength: 1, maxLength: 32, description: '类别名称' }),
  fullScore: Type.Number({ minimum: 0.5, maximum: 1000, description: '满分' }),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 9999, description: '排序（小在前）' })),
});
export type CategoryInput = Static<typeof CategoryBody>;

/* ---------- fixed rules ---------- */

export const FixedRuleBody = Type.Object({ ...Area, id: Type.Optional(Id), ...FIXED_FIELDS });
export type FixedRuleInput = Static<typeof FixedRuleBody>;

export const FixedInfo = Type.Object({
  conf: Conf,
  /** true when the area has saved no conf yet and these are the defaults */
  defaultConf: Type.Boolean({ description: '尚未保存，显示的是默认值' }),
  rules: Type.Array(FixedRuleItem),
});

/* ---------- trend rules ---------- */

export const TrendRuleBody = Type.Object({ ...Area, id: Type.Optional(Id), ...TREND_FIELDS });
export type TrendRuleInput = Static<typeof TrendRuleBody>;
export const EnableBody = Type.Object({ ...SelfArea, id: Id, enabled: Type.Boolean({ description: '启用或停用' }) });

/* ---------- the whole scheme ---------- */

const MeasureItem = Type.Object({ key: Type.String(), name: Type.String(), unit: Type.String(), better: Type.String(), hint: Type.String() });

export const AllRules = Type.Object({
  areaId: Type.String(),
  conf: Conf,
  defaultConf: Type.Boolean(),
  categories: Type.Array(Type.Object({ ...CategoryItem.properties, fixed: Type.Array(FixedRuleItem), trends: Type.Array(TrendRuleItem) })),
  measures: Type.Array(MeasureItem, { description: '可用的趋势指标' }),
  /** what is wrong with the scheme as a whole (the categories' full scores against the base), null when sound */
  problem: Nullable(Type.String(), '方案整体的问题（如各类别满分之和不等于基础分），无则为空'),
});

/* ---------- assessments ---------- */

const PeriodT = Type.String({ pattern: '^\\d{4}-\\d{2}$', description: '考核周期（月）YYYY-MM' });
export const AssessBody = Type.Object({ ...Area, period: PeriodT });
export const RankQuery = Type.Object({ ...Area, period: PeriodT, brandId: Type.Optional(Type.Integer({ minimum: 1, description: '只看一个企业' })) });
export const DetailQuery = Type.Object({ ...Area, period: PeriodT, brandId: Type.Integer({ minimum: 1, description: '企业 ID' }) });

export const Ranking = Type.Object({
  areaId: Type.String(),
  period: Type.String(),
  closed: Type.Boolean({ description: '周期已关闭（结果冻结）' }),
  lists: Type.Array(RankItem),
});
export const Detail = Type.Object({ ...RankItem.properties, period: Type.String(), closed: Type.Boolean(), deductions: Type.Array(DeductionItem) });
