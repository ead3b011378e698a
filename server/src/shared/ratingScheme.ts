/**
 * 评级考核's scheme as the assessment reads it (issue 30): an area's conf (the defaults until one is
 * saved), categories, fixed and trend rules, and whether a month is closed. Shared by the examine
 * module (its settings and screens) and the monthly job.
 */
import type { Database } from '../db/client.js';
import type { Static } from 'typebox';
import type { CategoryItem, FixedRuleItem, TrendRuleItem } from './ratingSchemas.js';
import { selectList, type Columns } from '../db/columns.js';
import { DEFAULT_CONF, type RatingConf } from '../domain/rating.js';

export const CONF: Required<Columns<RatingConf>> = {
  baseScore: 'base_score',
  gradeA: 'grade_a',
  gradeB: 'grade_b',
  gradeC: 'grade_c',
  quotaA: 'quota_a',
  quotaB: 'quota_b',
  quotaC: 'quota_c',
  quotaD: 'quota_d',
};

async function conf(database: Database, areaId: string): Promise<RatingConf | undefined> {
  const [row] = await database.query<RatingConf>(`select ${selectList(CONF, 'c')} from examine_conf c where c.area_id = $1`, [areaId]);
  return row;
}

export async function confOf(database: Database, areaId: string): Promise<{ conf: RatingConf; defaultConf: boolean }> {
  const c = await conf(database, areaId);
  return { conf: c ?? DEFAULT_CONF, defaultConf: !c };
}

type CategoryRow = Static<typeof CategoryItem>;

export async function categories(database: Database, areaId: string): Promise<CategoryRow[]> {
  return database.query<CategoryRow>(
    `select c.id, c.name, c.full_score as "fullScore", c.sort,
            ((select count(*) from examine_fixed_rules f where f.category_id = c.id and f.deleted_at is null)
           + (select count(*) from examine_trend_rules t where t.category_id = c.id and t.deleted_at is null))::int as rules
       from examine_categories c where c.area_id = $1 and c.deleted_at is null order by c.sort, c.id`,
    [areaId],
  );
}

type FixedRuleRow = Static<typeof FixedRuleItem>;

export async function fixedRules(database: Database, areaId: string): Promise<FixedRuleRow[]> {
  return database.query<FixedRuleRow>(
    `select f.id, f.category_id as "categoryId", c.name as "categoryName", f.name, f.points, f.max_points as "maxPoints", f.description, f.enabled
       from examine_fixed_rules f join examine_categories c on c.id = f.category_id
      where f.area_id = $1 and f.deleted_at is null order by c.sort, c.id, f.id`,
    [areaId],
  );
}

/** A trend rule as stored; the service adds its measure's name, unit and direction. */
export type TrendRuleRow = Omit<Static<typeof TrendRuleItem>, 'measureName' | 'unit' | 'better'>;

export async function trendRules(database: Database, areaId: string): Promise<TrendRuleRow[]> {
  return database.query<TrendRuleRow>(
    `select t.id, t.category_id as "categoryId", c.name as "categoryName", t.measure, t.name, t.bands, t.enabled
       from examine_trend_rules t join examine_categories c on c.id = t.category_id
      where t.area_id = $1 and t.deleted_at is null order by c.sort, c.id, t.id`,
    [areaId],
  );
}

export async function isClosed(database: Database, areaId: string, period: string): Promise<boolean> {
  const [row] = await database.query(`select 1 from examine_periods where area_id = $1 and period = $2 and closed_at is not null`, [areaId, period]);
  return !!row;
}
