/**
 * An entity's columns, declared once against its type: the key the API (and a row read back) names
 * a field by, and the column that stores it — `{ siteName: 'site_name', … } satisfies Columns<Site>`.
 * Inserts and updates take their column lists from such a map (a column name never comes from a
 * request's keys) and selects read the columns back under the keys.
 */

/** Column names of keys of T (`satisfies Columns<T>`: no key T does not have). */
export type Columns<T> = { readonly [K in keyof T]?: string };

/** SQL text and its parameters ($1 …). */
export interface Sql {
  text: string;
  params: unknown[];
}

/** The values `input` gives, under their columns (the map names every key it may have); undefined (not given) is left out. */
export function columnValues<T extends object>(columns: Required<Columns<NoInfer<T>>>, input: T): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(columns) as [keyof T, string][]) {
    const value = input[key];
    if (value !== undefined) values[column] = value;
  }
  return values;
}

/** `alias.column as "key", …`: the map's columns read back under their keys. */
export function selectList<T>(columns: Columns<T>, alias: string): string {
  return Object.entries(columns)
    .map(([key, column]) => `${alias}.${column} as "${key}"`)
    .join(', ');
}

/** `insert into table (columns) values ($1, …)`, then `tail` (on conflict …, returning …). */
export function insertSql(table: string, values: Record<string, unknown>, tail = ''): Sql {
  const cols = Object.keys(values);
  return {
    text: `insert into ${table} (${cols.join(', ')}) values (${cols.map((_, i) => `$${i + 1}`).join(', ')})${tail ? ` ${tail}` : ''}`,
    params: Object.values(values),
  };
}

/**
 * `update table set column = $n, …` of the values, then the fixed assignments `also` (updated_at =
 * now()), `where` the condition: its own parameters come first ($1 …), the values' follow.
 */
export function updateSql(table: string, values: Record<string, unknown>, where: string, whereParams: unknown[], also: string[] = []): Sql {
  const n = whereParams.length;
  const sets = [...Object.keys(values).map((col, i) => `${col} = $${n + i + 1}`), ...also];
  return { text: `update ${table} set ${sets.join(', ')} where ${where}`, params: [...whereParams, ...Object.values(values)] };
}
