/**
 * A list newest first by (at, id) of one table: a page with the total, and every row by keyset for
 * an export (米单车管理's patrols and installs). The keyset cursor keeps the time as the database
 * holds it (text, microseconds): a Date keeps milliseconds only and would skip rows that tie.
 */
import type { Database } from './client.js';
import type { Where } from './sql.js';

export interface Newest {
  /** `select … from <table> <alias> join …` without where / order */
  select: string;
  /** the table and its alias (`patrol_records r`), for the count */
  from: string;
  alias: string;
}

/** One page of the rows where `w`, newest first, and how many there are. */
export async function newestPage<T>(database: Database, q: Newest, w: Where, page: { limit: number; offset: number }) {
  const n = w.params.length;
  const a = q.alias;
  const [lists, [{ total }]] = await Promise.all([
    database.query<T>(`${q.select} where ${w.sql} order by ${a}.at desc, ${a}.id desc limit $${n + 1} offset $${n + 2}`, [
      ...w.params,
      page.limit,
      page.offset,
    ]),
    database.query<{ total: number }>(`select count(*)::int as total from ${q.from} where ${w.sql}`, w.params),
  ]);
  return { lists, total };
}

/** Every row where `w` in the list's order, `pageSize` at a time by keyset on (at, id). */
export async function* newestPages<T>(database: Database, q: Newest, w: Where, pageSize = 2000): AsyncIterable<T[]> {
  const n = w.params.length;
  const a = q.alias;
  let last: { at: string; id: number } | null = null;
  const select = q.select.replace(/^select /, `select ${a}.at::text as "cursorAt", `);
  const order = `order by ${a}.at desc, ${a}.id desc limit $${n + 1}`;
  for (;;) {
    const rows: (T & { cursorAt: string; id: number })[] = last
      ? await database.query(`${select} where ${w.sql} and (${a}.at, ${a}.id) < ($${n + 2}::timestamptz, $${n + 3}::bigint) ${order}`, [
          ...w.params,
          pageSize,
          last.at,
          last.id,
        ])
      : await database.query(`${select} where ${w.sql} ${order}`, [...w.params, pageSize]);
    if (rows.length) yield rows.map(({ cursorAt: _, ...r }) => r as unknown as T);
    if (rows.length < pageSize) return;
    const end = rows[rows.length - 1];
    last = { at: end.cursorAt, id: end.id };
  }
}
