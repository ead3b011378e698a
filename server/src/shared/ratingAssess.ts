/**
 * 评级考核's assessment (issue 30; rules in domain/rating.ts assess): for an area (and below) and a
 * month, every enterprise present is measured (ratingMeasures.ts), each enabled rule turns its figure
 * or the inspectors' findings into points, and the score, grade, rank, quota suggestion and every
 * rule's outcome with its evidence link are stored, replacing the month's earlier assessment unless
 * the month is closed. The examine module runs it on demand, the hourly job for the month before.
 */
import type { Database } from '../db/client.js';
import type { Static } from 'typebox';
import type { DeductionItem, RankItem } from './ratingSchemas.js';
import { badRequest } from '../http/envelope.js';
import { MEASURES, assess, periodProblem, type BrandFacts, type Grade, type MeasureKey, type Scheme } from '../domain/rating.js';
import { brandsOf } from './brands.js';
import { brandQuotas, evidenceLink, measure, periodOf } from './ratingMeasures.js';
import { categories, confOf, fixedRules, isClosed, trendRules } from './ratingScheme.js';
import { trimmedBefore } from './watermarks.js';

/** Findings per enterprise and fixed rule of the month (the inspectors' entries added up). */
function findings(database: Database, areaId: string, period: string) {
  return database.query<{ brandId: number; ruleId: number; n: number }>(
    `select brand_id as "brandId", rule_id as "ruleId", sum(findings)::int as n
       from examine_fixed_scores where area_id = $1 and period = $2 and deleted_at is null group by 1, 2`,
    [areaId, period],
  );
}

/** An enterprise's result as stored (examine_results): the ranking's item less what the reading joins (name, previous score, time), its grade typed. */
export type ResultRow = Omit<Static<typeof RankItem>, 'brandName' | 'previousScore' | 'change' | 'assessedAt' | 'grade'> & { grade: Grade };

/** A rule's outcome as stored (examine_deductions): the detail's item less its id, enterprise name and the note the reading derives; kind and measure typed. */
export type DeductionRow = Omit<Static<typeof DeductionItem>, 'id' | 'brandName' | 'unmeasured' | 'kind' | 'measure'> & {
  kind: 1 | 2;
  measure: MeasureKey | null;
};

/** Replaces the month's assessment of the area (results and deductions) in one transaction. */
async function replace(database: Database, areaId: string, period: string, results: ResultRow[], deductions: DeductionRow[], userId: number | null) {
  await database.tx(async (q) => {
    await q(`delete from examine_deductions where area_id = $1 and period = $2`, [areaId, period]);
    await q(`delete from examine_results where area_id = $1 and period = $2`, [areaId, period]);
    if (results.length) {
      await q(
        `insert into examine_results (area_id, period, brand_id, score, grade, rank, deducted, quota, suggested_quota, measures, assessed_by)
         select $1, $2, r.brand_id, r.score, r.grade, r.rank, r.deducted, r.quota, r.suggested_quota, r.measures, $4
           from jsonb_to_recordset($3::jsonb) as r(brand_id int, score float8, grade text, rank int, deducted float8, quota int, suggested_quota int, measures jsonb)`,
        [
          areaId,
          period,
          JSON.stringify(
            results.map((r) => ({
              brand_id: r.brandId,
              score: r.score,
              grade: r.grade,
              rank: r.rank,
              deducted: r.deducted,
              quota: r.quota,
              suggested_quota: r.suggestedQuota,
              measures: r.measures,
            })),
          ),
          userId,
        ],
      );
    }
    if (deductions.length) {
      await q(
        `insert into examine_deductions (area_id, period, brand_id, kind, rule_id, category_id, category_name, rule_name, measure, value, unit, points, evidence)
         select $1, $2, d.brand_id, d.kind, d.rule_id, d.category_id, d.category_name, d.rule_name, d.measure, d.value, d.unit, d.points, d.evidence
           from jsonb_to_recordset($3::jsonb) as d(brand_id int, kind int, rule_id int, category_id int, category_name text, rule_name text,
                                                   measure text, value float8, unit text, points float8, evidence text)`,
        [
          areaId,
          period,
          JSON.stringify(
            deductions.map((d) => ({
              brand_id: d.brandId,
              kind: d.kind,
              rule_id: d.ruleId,
              category_id: d.categoryId,
              category_name: d.categoryName,
              rule_name: d.ruleName,
              measure: d.measure,
              value: d.value,
              unit: d.unit,
              points: d.points,
              evidence: d.evidence,
            })),
          ),
        ],
      );
    }
  });
}

/** The period named, refused when it is no month or has not begun. */
function checkedPeriod(period: string, tz: string, now: Date) {
  const problem = periodProblem(period);
  if (problem) throw badRequest(problem);
  const p = periodOf(period, tz);
  if (p.start > now) throw badRequest(`考核周期 ${period} 尚未开始`);
  return p;
}

/** Assesses the area's month (no checks of who asks: the route's and the job's own). Answers how many enterprises. */
export async function assessArea(database: Database, areaId: string, areaIds: string[], period: string, tz: string, userId: number | null, now = new Date()) {
  const p = checkedPeriod(period, tz, now);
  if (await isClosed(database, areaId, period)) throw badRequest(`考核周期 ${period} 已关闭，如需重新考核请先重新开放（须填写原因）`);
  // the month's alerts, closed ones included, are counted: once the retention may have deleted some, its figures are gone
  const trimmed = await trimmedBefore((text, params) => database.query(text, params), 'closedAlerts');
  if (trimmed && p.start < trimmed) {
    throw badRequest(`考核周期 ${period} 的告警明细已过保留期限（RETAIN_CLOSED_ALERTS_DAYS）被清理，不能重新考核；已保存的考核结果仍可查看`);
  }
  const [cats, fixed, trends, { conf }] = await Promise.all([
    categories(database, areaId),
    fixedRules(database, areaId),
    trendRules(database, areaId),
    confOf(database, areaId),
  ]);
  if (!cats.length) throw badRequest('该区域尚未设置考核类别，请先在考核设置中添加类别和规则');
  const on = { trends: trends.filter((t) => t.enabled), fixed: fixed.filter((f) => f.enabled) };
  const scheme: Scheme = { conf, categories: cats, ...on };
  const brands = await brandsOf(database, areaIds);
  const brandIds = brands.map((b) => b.brandId);
  const [measured, found, quotas] = await Promise.all([
    measure(database, areaIds, brandIds, p, tz, now),
    findings(database, areaId, period),
    brandQuotas(database, areaIds),
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
  const deductions: DeductionRow[] = assessed.flatMap((a) =>
    a.outcomes.map((o): DeductionRow => {
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
  await replace(
    database,
    areaId,
    period,
    assessed.map((a) => ({ ...a, quota: quotaOf.get(a.brandId) ?? null, measures: measured.get(a.brandId)! })),
    deductions,
    userId,
  );
  return assessed.length;
}

/**
 * The areas whose `period` (ending at `end`) is due for the monthly job: those with a scheme (a live
 * category) set up before the month ended, not yet assessed for it and not closed, each with the
 * areas below it (the assessment's reach). A month before the scheme existed is not graded.
 */
export async function areasDue(database: Database, period: string, end: Date): Promise<{ areaId: string; areaIds: string[] }[]> {
  const due = await database.query<{ areaId: string }>(
    `select distinct c.area_id as "areaId" from examine_categories c
      where c.deleted_at is null and c.created_at < $2
        and not exists (select 1 from examine_results r where r.area_id = c.area_id and r.period = $1)
        and not exists (select 1 from examine_periods p where p.area_id = c.area_id and p.period = $1 and p.closed_at is not null)
      order by 1`,
    [period, end],
  );
  const out = [];
  for (const { areaId } of due) {
    const below = await database.query<{ id: string }>(
      `with recursive t as (select id from areas where id = $1 union all select a.id from areas a join t on a.parent_id = t.id) select id from t`,
      [areaId],
    );
    out.push({ areaId, areaIds: below.map((b) => b.id) });
  }
  return out;
}
