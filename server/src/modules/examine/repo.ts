/** Queries of 评级考核's settings: an area's conf, categories, fixed and trend rules. */
import type { Database } from '../../db/client.js';
import { insertSql, selectList, updateSql, type Columns } from '../../db/columns.js';
import type { Band, MeasureKey, RatingConf } from '../../domain/rating.js';

const CONF: Required<Columns<RatingConf>> = {
  baseScore: 'base_score',
  gradeA: 'grade_a',
  gradeB: 'grade_b',
  gradeC: 'grade_c',
  quotaA: 'quota_a',
  quotaB: 'quota_b',
  quotaC: 'quota_c',
  quotaD: 'quota_d',
};

export async function conf(database: Database, areaId: string): Promise<RatingConf | undefined> {
  const [row] = await database.query<RatingConf>(`select ${selectList(CONF, 'c')} from examine_conf c where c.area_id = $1`, [areaId]);
  return row;
}

export async function saveConf(database: Database, areaId: string, c: RatingConf, userId: number) {
  const values: Record<string, unknown> = { area_id: areaId, updated_by: userId };
  for (const [k, col] of Object.entries(CONF)) values[col] = c[k as keyof RatingConf];
  const sets = Object.values(CONF)
    .map((col) => `${col} = excluded.${col}`)
    .join(', ');
  const q = insertSql('examine_conf', values, `on conflict (area_id) do update set ${sets}, updated_by = excluded.updated_by, updated_at = now()`);
  await database.query(q.text, q.params);
}

/* ---------- categories ---------- */

export interface CategoryRow {
  id: number;
  name: string;
  fullScore: number;
  sort: number;
  rules: number;
}

export async function categories(database: Database, areaId: string): Promise<CategoryRow[]> {
  return database.query<CategoryRow>(
    `select c.id, c.name, c.full_score as "fullScore", c.sort,
            ((select count(*) from examine_fixed_rules f where f.category_id = c.id and f.deleted_at is null)
           + (select count(*) from examine_trend_rules t where t.category_id = c.id and t.deleted_at is null))::int as rules
       from examine_categories c where c.area_id = $1 and c.deleted_at is null order by c.sort, c.id`,
    [areaId],
  );
}

export type Table = 'examine_categories' | 'examine_fixed_rules' | 'examine_trend_rules';

/** A live object's area (and, for a category, its full score): undefined when gone. */
export async function scopeOf(database: Database, table: Table, id: number) {
  const [row] = await database.query<{ areaId: string; fullScore: number | null; categoryId: number | null }>(
    `select area_id as "areaId", ${table === 'examine_categories' ? 'full_score' : 'null::float8'} as "fullScore",
            ${table === 'examine_categories' ? 'null::int' : 'category_id'} as "categoryId"
       from ${table} where id = $1 and deleted_at is null`,
    [id],
  );
  return row;
}

/** Inserts (no id) or updates a live row of the table; the column map names every column written. */
export async function save(database: Database, table: Table, id: number | undefined, values: Record<string, unknown>, userId: number): Promise<number> {
  if (id === undefined) {
    const q = insertSql(table, { ...values, creator_id: userId }, 'returning id');
    return (await database.query<{ id: number }>(q.text, q.params))[0].id;
  }
  const q = updateSql(table, values, 'id = $1 and deleted_at is null', [id], ['updated_at = now()']);
  await database.query(q.text, q.params);
  return id;
}

export async function remove(database: Database, table: Table, id: number) {
  await database.query(`update ${table} set deleted_at = now() where id = $1 and deleted_at is null`, [id]);
}

/** The largest deduction a category's rules can take (a fixed rule's cap or points, a trend rule's top band). */
export async function largestDeduction(database: Database, categoryId: number): Promise<number> {
  const [row] = await database.query<{ n: number | null }>(
    `select greatest(
        (select max(coalesce(f.max_points, f.points)) from examine_fixed_rules f where f.category_id = $1 and f.deleted_at is null),
        (select max((b->>'points')::float8) from examine_trend_rules t, jsonb_array_elements(t.bands) b where t.category_id = $1 and t.deleted_at is null)
      ) as n`,
    [categoryId],
  );
  return row?.n ?? 0;
}

/* ---------- rules ---------- */

export interface FixedRuleRow {
  id: number;
  categoryId: number;
  categoryName: string;
  name: string;
  points: number;
  maxPoints: number | null;
  description: string | null;
  enabled: boolean;
}

export async function fixedRules(database: Database, areaId: string): Promise<FixedRuleRow[]> {
  return database.query<FixedRuleRow>(
    `select f.id, f.category_id as "categoryId", c.name as "categoryName", f.name, f.points, f.max_points as "maxPoints", f.description, f.enabled
       from examine_fixed_rules f join examine_categories c on c.id = f.category_id
      where f.area_id = $1 and f.deleted_at is null order by c.sort, c.id, f.id`,
    [areaId],
  );
}

export interface TrendRuleRow {
  id: number;
  categoryId: number;
  categoryName: string;
  measure: MeasureKey;
  name: string;
  bands: Band[];
  enabled: boolean;
}

export async function trendRules(database: Database, areaId: string): Promise<TrendRuleRow[]> {
  return database.query<TrendRuleRow>(
    `select t.id, t.category_id as "categoryId", c.name as "categoryName", t.measure, t.name, t.bands, t.enabled
       from examine_trend_rules t join examine_categories c on c.id = t.category_id
      where t.area_id = $1 and t.deleted_at is null order by c.sort, c.id, t.id`,
    [areaId],
  );
}

export async function enableTrendRule(database: Database, id: number, enabled: boolean) {
  await database.query(`update examine_trend_rules set enabled = $2, updated_at = now() where id = $1 and deleted_at is null`, [id, enabled]);
}
