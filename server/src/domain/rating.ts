/**
 * 评级考核 (rating evaluation, issue 30): the pure rules that
 * turn what the platform measured into a score, a grade and a rank. Every area keeps its own
 * categories, rules and conf; the assessment stores what these functions return.
 *
 * - A trend rule measures one figure per enterprise and period (MEASURES) and maps it to a
 *   deduction by bands: the first band whose [min, max) holds the value gives its points.
 * - A fixed rule is scored by hand: points per finding, capped by the rule's maximum.
 * - The deductions of a category never exceed its full score; the score is the base minus every
 *   deduction, never below 0; grades by the conf's thresholds; ranks shared by equal scores.
 */

/** The figures a trend rule can measure, with their unit and which way is better. */
export const MEASURES = {
  dataAccess: { name: '数据接入率', unit: '%', better: 'higher', hint: '上报车辆 ÷ 备案车辆' },
  offSiteReturn: { name: '站外还车率', unit: '%', better: 'lower', hint: '站外还车订单 ÷ 全部订单' },
  overQuota: { name: '超额投放率', unit: '%', better: 'lower', hint: '在线车辆 ÷ 核准数量 − 1' },
  orderInTime: { name: '工单按时响应率', unit: '%', better: 'higher', hint: '期限内响应的工单 ÷ 收到的工单' },
  orderMedian: { name: '工单响应时长中位数', unit: '分钟', better: 'lower', hint: '从派单到企业响应的分钟数' },
  notAllowedParking: { name: '非允许站点停放', unit: '辆次', better: 'lower', hint: '停在不允许该企业停放的站点的车辆' },
  faultyOpen: { name: '故障车超 24 小时未处理', unit: '辆', better: 'lower', hint: '故障告警 24 小时后仍未关闭' },
  illegalBikes: { name: '非法车辆', unit: '辆', better: 'lower', hint: '未备案车辆告警' },
  notUploaded: { name: '桩测未上传车辆', unit: '辆', better: 'lower', hint: '定位桩听到而企业未上报的车辆' },
} as const;
export type MeasureKey = keyof typeof MEASURES;
export const MEASURE_KEYS = [
  'dataAccess',
  'offSiteReturn',
  'overQuota',
  'orderInTime',
  'orderMedian',
  'notAllowedParking',
  'faultyOpen',
  'illegalBikes',
  'notUploaded',
] as const satisfies readonly MeasureKey[];

export type Grade = 'A' | 'B' | 'C' | 'D';

export interface RatingConf {
  baseScore: number;
  /** the lowest score of each grade: A ≥ gradeA, B ≥ gradeB, C ≥ gradeC, D below */
  gradeA: number;
  gradeB: number;
  gradeC: number;
  /** the quota change suggested per grade, percent (A earns more, C and D cut) */
  quotaA: number;
  quotaB: number;
  quotaC: number;
  quotaD: number;
}

/** A district's usual scheme (Taiyuan, Zhengzhou): base 100, A ≥ 90, B ≥ 80, C ≥ 60. */
export const DEFAULT_CONF: RatingConf = { baseScore: 100, gradeA: 90, gradeB: 80, gradeC: 60, quotaA: 10, quotaB: 0, quotaC: -10, quotaD: -20 };

/** One band of a trend rule: a value in [min, max) (null: unbounded) costs `points`. */
export interface Band {
  min: number | null;
  max: number | null;
  points: number;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** What is wrong with a conf, in words for the form; null when it is sound. */
export function confProblem(c: RatingConf): string | null {
  if (!(c.baseScore > 0 && c.baseScore <= 1000)) return '基础分须在 1 到 1000 之间';
  if (!(c.gradeA > c.gradeB && c.gradeB > c.gradeC && c.gradeC >= 0)) return '等级分数线须满足 A > B > C ≥ 0';
  if (c.gradeA > c.baseScore) return 'A 级分数线不能高于基础分';
  for (const q of [c.quotaA, c.quotaB, c.quotaC, c.quotaD]) if (!(q >= -100 && q <= 100)) return '配额调整须在 -100% 到 100% 之间';
  return null;
}

/**
 * What is wrong with a rule's bands, in words for the form; null when they are sound. Bands must
 * not overlap (a value would cost twice), points are ≥ 0 and within the category's full score.
 */
export function bandsProblem(bands: readonly Band[], fullScore: number): string | null {
  if (!bands.length) return '请至少设置一档扣分区间';
  for (const [i, b] of bands.entries()) {
    const n = `第 ${i + 1} 档`;
    if (b.min === null && b.max === null) return `${n}须填写下限或上限`;
    if (b.min !== null && b.max !== null && b.min >= b.max) return `${n}的下限须小于上限`;
    if (!(b.points >= 0)) return `${n}的扣分不能为负`;
    if (b.points > fullScore) return `${n}的扣分（${b.points}）超过所属类别的满分 ${fullScore}`;
  }
  const lo = (b: Band) => b.min ?? -Infinity;
  const hi = (b: Band) => b.max ?? Infinity;
  const sorted = [...bands].sort((a, b) => lo(a) - lo(b));
  for (let i = 1; i < sorted.length; i++) {
    if (lo(sorted[i]) < hi(sorted[i - 1])) return '扣分区间有重叠：同一数值只能落在一档';
  }
  return null;
}

/** The points a measured value costs: the band holding it, 0 when none does or nothing was measured. */
export function pointsFor(value: number | null, bands: readonly Band[]): number {
  if (value === null || !Number.isFinite(value)) return 0;
  const b = bands.find((x) => (x.min === null || value >= x.min) && (x.max === null || value < x.max));
  return b ? b.points : 0;
}

/** A fixed rule's points for its findings: per finding, within the rule's maximum. */
export function fixedPoints(findings: number, perFinding: number, maxPoints: number | null): number {
  const p = Math.max(0, findings) * perFinding;
  return round2(maxPoints === null ? p : Math.min(p, maxPoints));
}

export interface Deducted {
  categoryId: number;
  points: number;
}

export interface Scored {
  score: number;
  /** per category: the points taken (within its full score) */
  byCategory: Map<number, number>;
}

/** Base minus the deductions, each category's within its full score, never below 0. */
export function scoreOf(base: number, deductions: readonly Deducted[], fullScores: ReadonlyMap<number, number>): Scored {
  const byCategory = new Map<number, number>();
  for (const d of deductions) byCategory.set(d.categoryId, (byCategory.get(d.categoryId) ?? 0) + d.points);
  let taken = 0;
  for (const [id, p] of byCategory) {
    const capped = round2(Math.min(p, fullScores.get(id) ?? p));
    byCategory.set(id, capped);
    taken += capped;
  }
  return { score: round2(Math.max(0, base - taken)), byCategory };
}

export function gradeOf(score: number, c: Pick<RatingConf, 'gradeA' | 'gradeB' | 'gradeC'>): Grade {
  return score >= c.gradeA ? 'A' : score >= c.gradeB ? 'B' : score >= c.gradeC ? 'C' : 'D';
}

/** Competition ranking: the highest score 1, equal scores share a rank, the next skips (1, 2, 2, 4). */
export function ranks<K>(scores: readonly { key: K; score: number }[]): Map<K, number> {
  const sorted = [...scores].sort((a, b) => b.score - a.score);
  const out = new Map<K, number>();
  sorted.forEach((s, i) => out.set(s.key, i > 0 && s.score === sorted[i - 1].score ? out.get(sorted[i - 1].key)! : i + 1));
  return out;
}

/** The quota suggested for a grade: the approved quota changed by the grade's percent, whole bikes. */
export function suggestedQuota(quota: number, grade: Grade, c: RatingConf): number {
  const pct = { A: c.quotaA, B: c.quotaB, C: c.quotaC, D: c.quotaD }[grade];
  return Math.max(0, Math.round(quota * (1 + pct / 100)));
}

/** A share in percent with one decimal; null when there is nothing to divide by (not measured). */
export function percent(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
}

/** Over-quota rate: online ÷ approved − 1 in percent, 0 when within; null without an approved quota. */
export function overQuotaRate(online: number, approved: number): number | null {
  return approved > 0 ? Math.max(0, Math.round((online / approved - 1) * 1000) / 10) : null;
}

/** A period 'YYYY-MM' (a month, the usual assessment), refused when it is not one. */
export function periodProblem(period: string): string | null {
  const m = /^(\d{4})-(\d{2})$/.exec(period);
  return m && Number(m[2]) >= 1 && Number(m[2]) <= 12 ? null : '考核周期须为 YYYY-MM（月）';
}

/** The month before a local day 'YYYY-MM-DD' (the job on the 1st assesses it). */
export function previousPeriod(day: string): string {
  const [y, m] = day.split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/* ---------- one assessment ---------- */

export interface Scheme {
  conf: RatingConf;
  categories: readonly { id: number; fullScore: number }[];
  /** the enabled trend rules */
  trends: readonly { id: number; categoryId: number; measure: MeasureKey; bands: readonly Band[] }[];
  /** the enabled fixed rules */
  fixed: readonly { id: number; categoryId: number; points: number; maxPoints: number | null }[];
}

export interface BrandFacts {
  brandId: number;
  measures: Readonly<Record<MeasureKey, number | null>>;
  /** findings per fixed rule id (none: 0) */
  findings: ReadonlyMap<number, number>;
  /** the approved quota in the area (null: none set) */
  quota: number | null;
}

interface RuleOutcome {
  kind: 1 | 2;
  ruleId: number;
  categoryId: number;
  /** trend: the measured value (null: not measured, costs nothing); fixed: the findings */
  value: number | null;
  points: number;
}

export interface Assessed {
  brandId: number;
  score: number;
  grade: Grade;
  rank: number;
  deducted: number;
  suggestedQuota: number | null;
  outcomes: RuleOutcome[];
}

/** Every enterprise's outcome per rule, score, grade, rank and quota suggestion under one scheme. */
export function assess(scheme: Scheme, brands: readonly BrandFacts[]): Assessed[] {
  const full = new Map(scheme.categories.map((c) => [c.id, c.fullScore]));
  const scored = brands.map((b) => {
    const outcomes: RuleOutcome[] = [
      ...scheme.trends.map((r): RuleOutcome => {
        const value = b.measures[r.measure];
        return { kind: 1, ruleId: r.id, categoryId: r.categoryId, value, points: pointsFor(value, r.bands) };
      }),
      ...scheme.fixed.map((r): RuleOutcome => {
        const n = b.findings.get(r.id) ?? 0;
        return { kind: 2, ruleId: r.id, categoryId: r.categoryId, value: n, points: fixedPoints(n, r.points, r.maxPoints) };
      }),
    ];
    const { score } = scoreOf(scheme.conf.baseScore, outcomes, full);
    const grade = gradeOf(score, scheme.conf);
    return {
      brandId: b.brandId,
      score,
      grade,
      deducted: round2(scheme.conf.baseScore - score),
      suggestedQuota: b.quota === null ? null : suggestedQuota(b.quota, grade, scheme.conf),
      outcomes,
    };
  });
  const rank = ranks(scored.map((s) => ({ key: s.brandId, score: s.score })));
  return scored.map((s) => ({ ...s, rank: rank.get(s.brandId)! })).sort((a, b) => a.rank - b.rank || a.brandId - b.brandId);
}
