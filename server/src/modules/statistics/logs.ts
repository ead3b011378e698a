/**
 * Open-API sync logs as statistics: calls per hour of a day (租还请求) and the log exports. A log
 * belongs to the areas its enterprise is registered or operating in (as on the company pages).
 */
import type { Database } from '../../db/client.js';
import { brandInAreas } from '../../shared/brands.js';
import type { Window } from './window.js';

export type LogKind = 'request' | 'dispatch';

export interface LogScope {
  areaIds: string[];
  brandId: number | null;
}

export interface LogHour {
  hour: number;
  requestNum: number;
  failNum: number;
  partialNum: number;
  itemNum: number;
  rejectedNum: number;
}

function scopeSql(s: LogScope, params: unknown[]) {
  params.push(s.areaIds);
  let sql = ` and s.brand_id in (select b.id from brands b where ${brandInAreas('b', params.length)})`;
  if (s.brandId !== null) {
    params.push(s.brandId);
    sql += ` and s.brand_id = $${params.length}`;
  }
  return sql;
}

/** 24 rows: calls, failed calls (nothing accepted), partly failed calls, items and rejected items per hour. */
export async function logHours(database: Database, s: LogScope, kind: LogKind, day: Window, tz: string): Promise<LogHour[]> {
  const params: unknown[] = [kind, day.from.toISOString(), day.to.toISOString(), tz];
  const scope = scopeSql(s, params);
  const rows = await database.query<LogHour>(
    `select extract(hour from s.at at time zone $4)::int as hour, count(*)::int as "requestNum",
            count(*) filter (where s.result = 'failed')::int as "failNum",
            count(*) filter (where s.result = 'partial')::int as "partialNum",
            coalesce(sum(s.item_count), 0)::int as "itemNum", coalesce(sum(s.rejected), 0)::int as "rejectedNum"
       from sync_logs s
      where s.kind = $1 and s.at >= $2 and s.at < $3${scope}
      group by 1`,
    params,
  );
  const byHour = new Map(rows.map((r) => [r.hour, r]));
  return Array.from({ length: 24 }, (_, hour) => byHour.get(hour) ?? { hour, requestNum: 0, failNum: 0, partialNum: 0, itemNum: 0, rejectedNum: 0 });
}

export interface LogRow {
  id: number;
  at: Date;
  brandName: string | null;
  endpoint: string;
  itemCount: number;
  accepted: number;
  rejected: number;
  result: string;
  durationMs: number;
  detail: { rejected?: { index: number; id: string | null; reason: string }[]; error?: string } | null;
}

export interface LogFilter extends LogScope {
  filterBrandId?: number;
  result?: string;
  from?: Date;
  to?: Date;
}

/** Pages of logs, newest first, by keyset on (at, id): memory stays flat however many there are. */
export async function* logPages(database: Database, kind: LogKind, f: LogFilter, pageSize = 2000): AsyncIterable<LogRow[]> {
  const base: unknown[] = [kind];
  let where = 's.kind = $1' + scopeSql(f, base);
  if (f.filterBrandId) where += ` and s.brand_id = $${base.push(f.filterBrandId)}`;
  if (f.result) where += ` and s.result = $${base.push(f.result)}`;
  if (f.from) where += ` and s.at >= $${base.push(f.from.toISOString())}`;
  if (f.to) where += ` and s.at < $${base.push(f.to.toISOString())}`;
  // the cursor keeps the stored time as text: microseconds would be lost in a JS Date
  let last: { atKey: string; id: number } | null = null;
  for (;;) {
    const params = [...base];
    let keyset = '';
    if (last) {
      params.push(last.atKey, last.id);
      keyset = ` and (s.at, s.id) < ($${params.length - 1}::timestamptz, $${params.length}::bigint)`;
    }
    const rows = await database.query<LogRow & { atKey: string }>(
      `select s.id::float8 as id, s.at, s.at::text as "atKey", b.brand_name as "brandName", s.endpoint, s.item_count as "itemCount", s.accepted,
              s.rejected, s.result, s.duration_ms as "durationMs", s.detail
         from sync_logs s left join brands b on b.id = s.brand_id
        where ${where}${keyset}
        order by s.at desc, s.id desc limit ${pageSize}`,
      params,
    );
    if (rows.length) yield rows;
    if (rows.length < pageSize) return;
    const end = rows[rows.length - 1];
    last = { atKey: end.atKey, id: end.id };
  }
}
