/**
 * PostgreSQL array literals for the hot statements' parameters. The drivers' generic array
 * serialization (node-postgres: prepareValue and escapeElement per element) is a visible part of a
 * status batch's CPU; these build the same literal in one pass. Both drivers pass a string
 * parameter through as it is, and `$n::int[]` / `$n::varchar[]` parse it.
 */

/** `{1,2,3}`: integers only (numbers that are not safe integers are refused). */
export function intArray(values: readonly number[]): string {
  let s = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (!Number.isSafeInteger(v)) throw new TypeError(`intArray: ${v} is not an integer`);
    s += i ? ',' + v : String(v);
  }
  return s + '}';
}

/** `{"a","b\"c",NULL}`: every element quoted, `"` and `\` escaped, null as NULL. */
export function textArray(values: readonly (string | null)[]): string {
  let s = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i) s += ',';
    s += v === null ? 'NULL' : '"' + (/["\\]/.test(v) ? v.replace(/["\\]/g, '\\$&') : v) + '"';
  }
  return s + '}';
}
