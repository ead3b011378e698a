/** Queries of 评级考核's settings: an area's conf, categories, fixed and trend rules. */
import type { Database } from '../../db/client.js';
import { insertSql, updateSql } from '../../db/columns.js';
import type { RatingConf } from '../../domain/rating.js';
import { CONF } from '../../shared/ratingScheme.js';

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

export async function enableTrendRule(database: Database, id: number, enabled: boolean) {
  await database.query(`update examine_trend_rules set enabled = $2, updated_at = now() where id = $1 and deleted_at is null`, [id, enabled]);
}
