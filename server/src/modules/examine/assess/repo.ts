/** Queries of 评级考核's stored assessments: a month's ranking and one enterprise's outcomes (shared/ratingAssess.ts writes them). */
import type { Static } from 'typebox';
import type { Database } from '../../../db/client.js';
import type { RankItem } from '../../../shared/ratingSchemas.js';
import type { DeductionRow, ResultRow } from '../../../shared/ratingAssess.js';

/** A stored result with what the ranking joins: the enterprise's name, the month before's score (null: not assessed), the time as a Date. */
type RankedRow = ResultRow & Pick<Static<typeof RankItem>, 'brandName' | 'previousScore'> & { assessedAt: Date };

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

/** The outcome of every rule in the month, of one enterprise or all (by rank), by category. */
export function deductionsOf(database: Database, areaId: string, period: string, brandId: number | null) {
  return database.query<DeductionRow & { id: number; brandName: string }>(
    `select d.id::int as id, d.brand_id as "brandId", b.brand_name as "brandName", d.kind, d.rule_id as "ruleId", d.category_id as "categoryId",
            d.category_name as "categoryName", d.rule_name as "ruleName", d.measure, d.value, d.unit, d.points, d.evidence
       from examine_deductions d join brands b on b.id = d.brand_id left join examine_categories c on c.id = d.category_id
       left join examine_results r on r.area_id = d.area_id and r.period = d.period and r.brand_id = d.brand_id
      where d.area_id = $1 and d.period = $2 and ($3::int is null or d.brand_id = $3::int)
      order by r.rank, d.brand_id, coalesce(c.sort, 0), d.category_id, d.kind, d.rule_id`,
    [areaId, period, brandId],
  );
}
