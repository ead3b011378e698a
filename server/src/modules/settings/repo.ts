/** Full-pile setting queries (on areas). */
import type { Database } from '../../db/client.js';

export async function findFullPile(database: Database, areaId: string) {
  const [a] = await database.query<{ value: number | null; alias: string | null }>(
    `select full_pile_num as value, full_pile_name as alias from areas where id = $1`,
    [areaId],
  );
  return a;
}

export async function areaAggregation(database: Database, areaId: string): Promise<number | undefined> {
  const [a] = await database.query<{ aggregation: number }>(`select aggregation from areas where id = $1`, [areaId]);
  return a?.aggregation;
}

/** Sets the value (and the alias, when given) on every area of `areaIds`. */
export async function setFullPile(database: Database, areaIds: string[], pile: number, alias: string | null) {
  await database.query(`update areas set full_pile_num = $2, full_pile_name = coalesce($3, full_pile_name), updated_at = now() where id = any($1::varchar[])`, [
    areaIds,
    pile,
    alias,
  ]);
}
