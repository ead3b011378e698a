/**
 * 评级考核's assessment (issue 30; rules in domain/rating.ts assess): for an area (and below) and a
 * month, every enterprise present is measured (measures.ts), each enabled rule turns its figure or
 * the inspectors' findings into points, and the score, grade, rank, quota suggestion and every rule's
 * outcome with its evidence link are stored, replacing the month's earlier assessment unless the
 * month is closed. The job on the 1st runs it for the month before in every area with a scheme.
 */
import type { Database } from '../../../db/client.js';
import type { Auth } from '../../../http/auth.js';
import { badRequest } from '../../../http/envelope.js';
import { MEASURES, assess, periodProblem, previousPeriod, type BrandFacts, type Scheme } from '../../../domain/rating.js';
import { formatTime } from '../../../domain/time.js';
import { brandsOf } from '../../../shared/brands.js';
import * as repo from '../repo.js';
import * as results from './repo.js';
import { UNMEASURED, evidenceLink, measure, periodOf } from './measures.js';
import { confOf, schemeArea } from '../service.js';
import { isClosed } from '../scores/repo.js';

/** The period named, refused when it is no month or has not begun. */
function checkedPeriod(period: string, tz: string, now: Date) {
  const problem = periodProblem(period);
  if (problem) throw badRequest(problem);
  const p = periodOf(period, tz);
  if (p.start > now) throw badRequest(`考核周期 ${period} 尚未开始`);
  return p;
}

/** Assesses the area's month (no checks of who asks: the route's and the job's own). Answers how many enterprises. */
async function assessArea(database: Database, areaId: string, areaIds: string[], period: string, tz: string, userId: number | null, now = new Date()) {
  const p = checkedPeriod(period, tz, now);
  if (await isClosed(database, areaId, period)) throw badRequest(`考核周期 ${period} 已关闭，如需重新考核请先重新开放（须填写原因）`);
  const [cats, fixed, trends, { conf }] = await Promise.all([
    repo.categories(database, areaId),
    repo.fixedRules(database, areaId),
    repo.trendRules(database, areaId),
    confOf(database, areaId),
  ]);
  if (!cats.length) throw badRequest('该区域尚未设置考核类别，请先在考核设置中添加类别和规则');
  const on = { trends: trends.filter((t) => t.enabled), fixed: fixed.filter((f) => f.enabled) };
  const scheme: Scheme = { conf, categories: cats, ...on };
  const brands = await brandsOf(database, areaIds);
  const brandIds = brands.map((b) => b.brandId);
  const [measured, found, quotas] = await Promise.all([
    measure(database, areaIds, brandIds, p, tz, now),
    results.findings(database, areaId, period),
    results.quotas(database, areaIds),
  ]);
  const quotaOf = new Map(quotas.map((q) => [q.brandId, q.quota]));
  const facts: BrandFacts[] = brandIds.map((brandId) => ({
    brandId,
    measures: measured.get(brandId)!,
    findings: new Map(found.filter((f) => f.brandId === brandId).map((f) => [f.ruleId, f.n])),
    quota: quotaOf.get(brandId) ?? null,
  }));
  const assessed = assess(scheme, facts);
  const catName = new Map(cats.map((c) => [c.id, c.name]));
  const trendOf = new Map(on.trends.map((t) => [t.id, t]));
  const fixedOf = new Map(on.fixed.map((f) => [f.id, f]));
  const deductions: results.DeductionRow[] = assessed.flatMap((a) =>
    a.outcomes.map((o): results.DeductionRow => {
      const trend = o.kind === 1 ? trendOf.get(o.ruleId)! : null;
      return {
        brandId: a.brandId,
        kind: o.kind,
        ruleId: o.ruleId,
        categoryId: o.categoryId,
        categoryName: catName.get(o.categoryId) ?? '',
        ruleName: trend ? trend.name : fixedOf.get(o.ruleId)!.name,
        measure: trend ? trend.measure : null,
        value: o.value,
        unit: trend ? MEASURES[trend.measure].unit : '处',
        points: o.points,
        evidence: trend ? evidenceLink(trend.measure, a.brandId, areaId, p) : null,
      };
    }),
  );
  await results.replace(
    database,
    areaId,
    period,
    assessed.map((a) => ({ ...a, quota: quotaOf.get(a.brandId) ?? null, measures: measured.get(a.brandId)! })),
    deductions,
    userId,
  );
  return assessed.length;
}

export async function assessFor(database: Database, auth: Auth, q: { areaId?: string; period: string }, tz: string) {
  const areaId = schemeArea(auth, q.areaId);
  return assessArea(database, areaId, auth.areasUnder(areaId), q.period, tz, auth.user.id);
}

/** The month's ranking: score, grade, rank, change from the month before, quota and its suggestion. */
export async function ranking(database: Database, auth: Auth, q: { areaId?: string; period: string; brandId?: number }, tz: string) {
  const areaId = schemeArea(auth, q.areaId);
  const problem = periodProblem(q.period);
  if (problem) throw badRequest(problem);
  const brandId = auth.brandLimit ?? q.brandId;
  const rows = await results.ranked(database, areaId, q.period, previousPeriod(`${q.period}-01`), brandId);
  return {
    areaId,
    period: q.period,
    closed: await isClosed(database, areaId, q.period),
    lists: rows.map(({ assessedAt, previousScore, ...r }) => ({
      ...r,
      previousScore,
      change: previousScore === null ? null : Math.round((r.score - previousScore) * 100) / 100,
      assessedAt: formatTime(assessedAt, tz)!,
    })),
  };
}

/** One enterprise's month: its result and every rule's outcome with the evidence link, by category. */
export async function detail(database: Database, auth: Auth, q: { areaId?: string; period: string; brandId: number }, tz: string) {
  if (!auth.ownsBrand(q.brandId)) throw badRequest('企业账号只能查看本企业的考核');
  const r = await ranking(database, auth, q, tz);
  const result = r.lists[0];
  if (!result) throw badRequest(`该企业在 ${q.period} 没有考核结果，请先执行考核`);
  const rows = await results.deductionsOf(database, r.areaId, q.period, q.brandId);
  return {
    ...result,
    period: q.period,
    closed: r.closed,
    deductions: rows.map((d) => ({ ...d, unmeasured: d.measure !== null && d.value === null ? (UNMEASURED[d.measure] ?? '本月无数据，不扣分') : null })),
  };
}
