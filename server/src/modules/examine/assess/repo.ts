/** Queries of 评级考核's assessments: the figures measured, the stored results and deductions of an area and month, closing. */
import type { Database } from '../../../db/client.js';
import type { Grade, MeasureKey } from '../../../domain/rating.js';
import type { MeasuredOrder } from '../../../domain/workOrders.js';

/** Findings per enterprise and fixed rule of the month (the inspectors' entries added up). */
export function findings(database: Database, areaId: string, period: string) {
  return database.query<{ brandId: number; ruleId: number; n: number }>(
    `select brand_id as "brandId", rule_id as "ruleId", sum(findings)::int as n
       from examine_fixed_scores where area_id = $1 and period = $2 and deleted_at is null group by 1, 2`,
    [areaId, period],
  );
}

/** The approved quota (bikes and e-bikes) per enterprise in the areas. */
export function quotas(database: Database, areaIds: string[]) {
  return database.query<{ brandId: number; quota: number }>(
    `select brand_id as "brandId", sum(bike_quota + ebike_quota)::int as quota from brand_quotas where area_id = any($1::varchar[]) group by 1`,
    [areaIds],
  );
}

export interface ResultRow {
  brandId: number;
  score: number;
  grade: Grade;
  rank: number;
  deducted: number;
  quota: number | null;
  suggestedQuota: number | null;
  measures: Record<MeasureKey, number | null>;
}

export interface DeductionRow {
  brandId: number;
  kind: 1 | 2;
  ruleId: number;
  categoryId: number;
  categoryName: string;
  ruleName: string;
  measure: MeasureKey | null;
  value: number | null;
  unit: string | null;
  points: number;
  evidence: string | null;
}

/** Replaces the month's assessment of the area (results and deductions) in one transaction. */
export async function replace(database: Database, areaId: string, period: string, results: ResultRow[], deductions: DeductionRow[], userId: number | null) {
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

export interface RankedRow extends ResultRow {
  brandName: string;
  /** the month before's score in the same area (null: not assessed) */
  previousScore: number | null;
  assessedAt: Date;
}

/** The month's results, best first, with the month before's score. */
export function ranked(database: Database, areaId: string, period: string, previous: string, brandId?: number) {
  return database.query<RankedRow>(
    `select r.brand_id as "brandId", b.brand_name as "brandName", r.score, r.grade, r.rank, r.deducted, r.quota, r.suggested_quota as "suggestedQuota",
            r.measures, r.assessed_at as "assessedAt", p.score as "previousScore"
       from examine_results r join brands b on b.id = r.brand_id
       left join examine_results p on p.area_id = r.area_id and p.period = $3 and p.brand_id = r.brand_id
      where r.area_id = $1 and r.period = $2 and ($4::int is null or r.brand_id = $4::int)
      order by r.rank, r.brand_id`,
    [areaId, period, previous, brandId ?? null],
  );
}

/** One enterprise's outcome of every rule in the month, by category. */
export function deductionsOf(database: Database, areaId: string, period: string, brandId: number) {
  return database.query<DeductionRow & { id: number }>(
    `select d.id::int as id, d.brand_id as "brandId", d.kind, d.rule_id as "ruleId", d.category_id as "categoryId", d.category_name as "categoryName",
            d.rule_name as "ruleName", d.measure, d.value, d.unit, d.points, d.evidence
       from examine_deductions d left join examine_categories c on c.id = d.category_id
      where d.area_id = $1 and d.period = $2 and d.brand_id = $3
      order by coalesce(c.sort, 0), d.category_id, d.kind, d.rule_id`,
    [areaId, period, brandId],
  );
}

/* ---------- the figures (measures.ts) ---------- */

/** Ride orders rented in [start, end) and returned, per enterprise: all and those returned outside every site. */
export function rideShares(database: Database, areaIds: string[], start: Date, end: Date) {
  return database.query<{ brandId: number; n: number; out: number }>(
    `select brand_id as "brandId", count(*)::int as n, count(*) filter (where out_site_return)::int as out
       from ride_orders where area_id = any($1::varchar[]) and rent_at >= $2 and rent_at < $3 and return_at is not null group by 1`,
    [areaIds, start, end],
  );
}

/** Work orders created in [start, end), as domain/workOrders.ts measureOrders takes them. */
export function orders(database: Database, areaIds: string[], start: Date, end: Date) {
  return database.query<MeasuredOrder & { brandId: number }>(
    `select brand_id as "brandId", created_at as "createdAt", deadline_at as "deadlineAt", answered_at as "answeredAt", closed_at as "closedAt",
            auto_closed as "autoClosed", returns, order_type as "orderType"
       from work_orders where area_id = any($1::varchar[]) and created_at >= $2 and created_at < $3`,
    [areaIds, start, end],
  );
}

/**
 * Alerts present in [start, end) (异常列表's window: begun before its end, still seen after its
 * start) per enterprise: at non-allowed sites (8), illegal bikes (7), and faulty bikes (5) left open
 * more than 24 hours by `until` (the month's end, or now).
 */
export function alertCounts(database: Database, areaIds: string[], start: Date, end: Date, until: Date) {
  return database.query<{ brandId: number; notAllowed: number; illegal: number; faulty: number }>(
    `select brand_id as "brandId",
            count(*) filter (where abnormal_type = 8)::int as "notAllowed",
            count(*) filter (where abnormal_type = 7)::int as illegal,
            count(*) filter (where abnormal_type = 5 and least(coalesce(closed_at, handled_at, $4), $4) - created_at > interval '24 hours')::int as faulty
       from abnormal_messages
      where area_id = any($1::varchar[]) and abnormal_type in (5, 7, 8) and created_at < $3 and updated_at >= $2 and brand_id is not null
      group by 1`,
    [areaIds, start, end, until],
  );
}
