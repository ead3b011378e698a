/**
 * 评级考核's settings (issue 30; rules in domain/rating.ts): each area's scheme, its conf (base
 * score, grade thresholds, quota change per grade), categories, fixed rules (scored by hand) and
 * trend rules (measured). A scheme is read and written for one area in the user's reach; another
 * area's object is 5002, one that does not exist 400.
 */
import type { Database } from '../../db/client.js';
import type { Auth } from '../../http/auth.js';
import { badRequest } from '../../http/envelope.js';
import { MEASURES, MEASURE_KEYS, bandsProblem, confProblem, type RatingConf } from '../../domain/rating.js';
import * as repo from './repo.js';
import * as scheme from '../../shared/ratingScheme.js';
import type { CategoryInput, ConfInput, FixedRuleInput, TrendRuleInput } from './schemas.js';

/** The area whose scheme a call reads or writes: the one named (in reach) or the request's. */
export function schemeArea(auth: Auth, areaId: string | undefined): string {
  const a = areaId ?? auth.areaId;
  auth.assertInScope(a);
  return a;
}

const isUnique = (e: unknown) => (e as { code?: string }).code === '23505';

/** A live object of the scheme the request may change (400 gone, 5002 another area's). */
async function mine(database: Database, auth: Auth, table: repo.Table, id: number, what: string) {
  const row = await repo.scopeOf(database, table, id);
  if (!row) throw badRequest(`${what}不存在或已删除，请刷新后重试`);
  auth.assertInScope(row.areaId);
  return row;
}

/** The category a rule names: of the same area, live. */
async function categoryFor(database: Database, areaId: string, categoryId: number) {
  const c = await repo.scopeOf(database, 'examine_categories', categoryId);
  if (!c || c.areaId !== areaId) throw badRequest('参数 categoryId：所选类别不存在或不属于该区域，请刷新后重试');
  return { fullScore: c.fullScore ?? 0 };
}

/* ---------- conf ---------- */

export async function saveConf(database: Database, auth: Auth, input: ConfInput) {
  const areaId = schemeArea(auth, input.areaId);
  const c: RatingConf = {
    baseScore: input.baseScore,
    gradeA: input.gradeA,
    gradeB: input.gradeB,
    gradeC: input.gradeC,
    quotaA: input.quotaA,
    quotaB: input.quotaB,
    quotaC: input.quotaC,
    quotaD: input.quotaD,
  };
  const problem = confProblem(c);
  if (problem) throw badRequest(problem);
  await repo.saveConf(database, areaId, c, auth.user.id);
}

/* ---------- categories ---------- */

export const listCategories = (database: Database, auth: Auth, areaId: string | undefined) => scheme.categories(database, schemeArea(auth, areaId));

export async function saveCategory(database: Database, auth: Auth, input: CategoryInput): Promise<number> {
  let areaId = schemeArea(auth, input.areaId);
  if (input.id !== undefined) {
    areaId = (await mine(database, auth, 'examine_categories', input.id, '考核类别')).areaId;
    const largest = await repo.largestDeduction(database, input.id);
    if (input.fullScore < largest) throw badRequest(`本类已有规则最多扣 ${largest} 分，满分不能低于它`);
  }
  const values = { area_id: areaId, name: input.name.trim(), full_score: input.fullScore, sort: input.sort ?? 0 };
  try {
    return await repo.save(database, 'examine_categories', input.id, values, auth.user.id);
  } catch (e) {
    if (isUnique(e)) throw badRequest(`类别「${values.name}」已存在，请换一个名称`);
    throw e;
  }
}

export async function deleteCategory(database: Database, auth: Auth, id: number) {
  const c = await mine(database, auth, 'examine_categories', id, '考核类别');
  const rules = (await scheme.categories(database, c.areaId)).find((x) => x.id === id)?.rules ?? 0;
  if (rules > 0) throw badRequest(`该类别下还有 ${rules} 条规则，请先把规则移到其他类别`);
  await repo.remove(database, 'examine_categories', id);
}

/* ---------- fixed rules ---------- */

export async function fixedInfo(database: Database, auth: Auth, areaId: string | undefined) {
  const a = schemeArea(auth, areaId);
  return { ...(await scheme.confOf(database, a)), rules: await scheme.fixedRules(database, a) };
}

export async function saveFixedRule(database: Database, auth: Auth, input: FixedRuleInput): Promise<number> {
  let areaId = schemeArea(auth, input.areaId);
  if (input.id !== undefined) areaId = (await mine(database, auth, 'examine_fixed_rules', input.id, '固定考核项')).areaId;
  const { fullScore } = await categoryFor(database, areaId, input.categoryId);
  const most = input.maxPoints ?? input.points;
  if (input.points > fullScore || most > fullScore) throw badRequest(`扣分超过所属类别的满分 ${fullScore}`);
  if (input.maxPoints !== null && input.maxPoints < input.points) throw badRequest('最多扣分不能小于每处扣分');
  const values = {
    area_id: areaId,
    category_id: input.categoryId,
    name: input.name.trim(),
    points: input.points,
    max_points: input.maxPoints,
    description: input.description?.trim() || null,
    enabled: input.enabled,
  };
  return repo.save(database, 'examine_fixed_rules', input.id, values, auth.user.id);
}

/* ---------- trend rules ---------- */

const shownTrend = (r: scheme.TrendRuleRow) => ({
  ...r,
  measureName: MEASURES[r.measure].name,
  unit: MEASURES[r.measure].unit,
  better: MEASURES[r.measure].better,
});

export async function listTrendRules(database: Database, auth: Auth, areaId: string | undefined) {
  return (await scheme.trendRules(database, schemeArea(auth, areaId))).map(shownTrend);
}

export async function saveTrendRule(database: Database, auth: Auth, input: TrendRuleInput): Promise<number> {
  let areaId = schemeArea(auth, input.areaId);
  if (input.id !== undefined) areaId = (await mine(database, auth, 'examine_trend_rules', input.id, '趋势考核规则')).areaId;
  const { fullScore } = await categoryFor(database, areaId, input.categoryId);
  const problem = bandsProblem(input.bands, fullScore);
  if (problem) throw badRequest(problem);
  const values = {
    area_id: areaId,
    category_id: input.categoryId,
    measure: input.measure,
    name: input.name.trim(),
    bands: JSON.stringify(input.bands),
    enabled: input.enabled,
  };
  try {
    return await repo.save(database, 'examine_trend_rules', input.id, values, auth.user.id);
  } catch (e) {
    if (isUnique(e)) throw badRequest(`该区域已有「${MEASURES[input.measure].name}」的规则，请编辑那一条`);
    throw e;
  }
}

export async function enableTrendRule(database: Database, auth: Auth, id: number, enabled: boolean) {
  await mine(database, auth, 'examine_trend_rules', id, '趋势考核规则');
  await repo.enableTrendRule(database, id, enabled);
}

/* ---------- the whole scheme ---------- */

export async function allRules(database: Database, auth: Auth, areaId: string | undefined) {
  const a = schemeArea(auth, areaId);
  const [cats, fixed, trends, conf] = await Promise.all([
    scheme.categories(database, a),
    scheme.fixedRules(database, a),
    scheme.trendRules(database, a),
    scheme.confOf(database, a),
  ]);
  const sum = Math.round(cats.reduce((s, c) => s + c.fullScore, 0) * 100) / 100;
  const problem = !cats.length
    ? '尚未设置考核类别'
    : sum !== conf.conf.baseScore
      ? `各类别满分之和（${sum}）不等于基础分 ${conf.conf.baseScore}，请调整`
      : null;
  return {
    areaId: a,
    ...conf,
    categories: cats.map((c) => ({
      ...c,
      fixed: fixed.filter((f) => f.categoryId === c.id),
      trends: trends.filter((t) => t.categoryId === c.id).map(shownTrend),
    })),
    measures: MEASURE_KEYS.map((key) => ({ key, ...MEASURES[key] })),
    problem,
  };
}
