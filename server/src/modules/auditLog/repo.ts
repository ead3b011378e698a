/** The audit log's reads (rows are written by http/audit.ts, in each write's transaction). */
import type { Static } from 'typebox';
import type { Database } from '../../db/client.js';
import { selectList, type Columns } from '../../db/columns.js';
import { AUDIT_COLUMNS } from '../../shared/auditColumns.js';
import type { Entry, FilterQuery } from './schemas.js';

/** The filters (FilterQuery's) trimmed, with the times parsed and the scope. */
export type AuditFilter = Pick<Static<typeof FilterQuery>, 'username' | 'route' | 'method' | 'objectId'> & {
  /** Entries of users in these areas (the request's area and below); null: every area (the national scope). */
  areaIds: string[] | null;
  from?: Date;
  to?: Date;
};

/** An entry's row: the list's fields but its time. */
export type AuditRow = Omit<Static<typeof Entry>, 'time'> & { at: Date };

/** Every field of an entry, by its key, and its column of audit_log (the map http/audit.ts writes with). */
const COLUMNS = selectList(AUDIT_COLUMNS satisfies Required<Columns<AuditRow>>, 'audit_log');

/** The where clause and its parameters. */
function where(f: AuditFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const parts: string[] = ['true'];
  const add = (sql: string, v: unknown) => {
    params.push(v);
    parts.push(sql.replace('?', `$${params.length}`));
  };
  if (f.areaIds) add('area_id = any(?::varchar[])', f.areaIds);
  if (f.username) add('username = ?', f.username);
  if (f.route) add('route = ?', f.route);
  if (f.method) add('method = ?', f.method);
  if (f.objectId) add('object_id = ?', f.objectId);
  if (f.from) add('at >= ?', f.from);
  if (f.to) add('at < ?', f.to);
  return { sql: parts.join(' and '), params };
}

/** Counting stops here: beyond it the list says "more than" instead of scanning a million rows. */
export const COUNT_CAP = 10_000;

/** One page, newest first, and the number of entries (counted up to COUNT_CAP + 1). */
export async function listAudit(database: Database, f: AuditFilter, limit: number, offset: number) {
  const w = where(f);
  const n = w.params.length;
  const [rows, [{ total }]] = await Promise.all([
    database.query<AuditRow>(`select ${COLUMNS} from audit_log where ${w.sql} order by at desc, id desc limit $${n + 1} offset $${n + 2}`, [
      ...w.params,
      limit,
      offset,
    ]),
    database.query<{ total: number }>(`select count(*)::int as total from (select 1 from audit_log where ${w.sql} limit $${n + 1}) t`, [
      ...w.params,
      COUNT_CAP + 1,
    ]),
  ]);
  return { rows, total };
}

/** Every matching entry, newest first, page by page on the (at, id) key (no deep offsets). */
export async function* auditPages(database: Database, f: AuditFilter, max: number, pageSize = 2000): AsyncIterable<AuditRow[]> {
  const w = where(f);
  const n = w.params.length;
  let last: { at: Date; id: string } | null = null;
  for (let sent = 0; sent < max;) {
    const limit = Math.min(pageSize, max - sent);
    const rows: AuditRow[] = last
      ? await database.query<AuditRow>(
          `select ${COLUMNS} from audit_log where ${w.sql} and (at, id) < ($${n + 1}, $${n + 2}::bigint) order by at desc, id desc limit $${n + 3}`,
          [...w.params, last.at, last.id, limit],
        )
      : await database.query<AuditRow>(`select ${COLUMNS} from audit_log where ${w.sql} order by at desc, id desc limit $${n + 1}`, [...w.params, limit]);
    if (rows.length) yield rows;
    sent += rows.length;
    if (rows.length < limit) return;
    const end = rows[rows.length - 1];
    last = { at: end.at, id: end.id };
  }
}
