/**
 * Rows as they are, read by the columns that identify them: the audit log's "before" snapshot
 * (http/auditObjects.ts declares, per write route, which rows a request is about). Generic on
 * purpose: one reader for every table, so no module carries its own copy.
 */
import type { Database } from './client.js';

/** Which rows: `where` column → value (an array: any of them; null: is null), at most `limit`. */
export interface RowRef {
  table: string;
  where: Record<string, unknown>;
  /** Columns to keep (default every column). */
  columns?: readonly string[];
  /** Default 20 (the audit summary keeps 20 items of a list). */
  limit?: number;
}

const IDENT = /^[a-z_][a-z0-9_]*$/;
const ident = (name: string) => {
  if (!IDENT.test(name)) throw new Error(`not an identifier: ${name}`);
  return `"${name}"`;
};

/** The rows `ref` names, or [] when a key is missing (the request creates its object). */
export async function loadRows(database: Database, ref: RowRef): Promise<Record<string, unknown>[]> {
  const params: unknown[] = [];
  const conds: string[] = [];
  for (const [col, value] of Object.entries(ref.where)) {
    if (value === undefined || (Array.isArray(value) && value.length === 0)) return [];
    if (value === null) {
      conds.push(`${ident(col)} is null`);
      continue;
    }
    params.push(Array.isArray(value) ? value.map(String) : String(value));
    // no cast on the column: its type types the parameter, and its index answers
    conds.push(Array.isArray(value) ? `${ident(col)} = any($${params.length})` : `${ident(col)} = $${params.length}`);
  }
  if (!conds.length) return [];
  const cols = ref.columns?.length ? ref.columns.map(ident).join(', ') : '*';
  const limit = Math.max(1, Math.min(ref.limit ?? 20, 100));
  return database.query(`select ${cols} from ${ident(ref.table)} where ${conds.join(' and ')} limit ${limit}`, params);
}
