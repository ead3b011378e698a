/**
 * One sync-log row per open-API call (spec: siteSync, dispatchSync, requestSync, bikeSync), and
 * per batch of a console spreadsheet filing (modules/bikeFiling), which files as the open API does.
 */
import type { Database } from '../db/client.js';
import { selectList } from '../db/columns.js';
import type { Rejection } from './itemCheck.js';

export type SyncKind = 'bike' | 'request' | 'dispatch' | 'site' | 'pile';

/**
 * A log's stored fields as the company pages' list and the statistics exports read them back (sync_logs
 * as `s`), by key: SyncLog's keys in modules/company, the time as `at`.
 */
const SYNC_LOG_COLUMNS = {
  id: 'id::float8',
  brandId: 'brand_id',
  endpoint: 'endpoint',
  at: 'at',
  itemCount: 'item_count',
  accepted: 'accepted',
  rejected: 'rejected',
  result: 'result',
  detail: 'detail',
  durationMs: 'duration_ms',
};
export const SYNC_LOG_SELECT = selectList(SYNC_LOG_COLUMNS, 's');

export async function writeSyncLog(
  database: Pick<Database, 'query'>,
  op: { brandId: number | null; gatewayId: number | null },
  entry: { kind: SyncKind; endpoint: string; itemCount: number; accepted: number; rejected: Rejection[]; startedAt: number; error?: string },
) {
  const result = entry.error || (entry.itemCount > 0 && entry.accepted === 0) ? 'failed' : entry.rejected.length ? 'partial' : 'ok';
  const detail = entry.error
    ? { error: entry.error }
    : entry.rejected.length
      ? { rejected: entry.rejected.slice(0, 50).map(({ index, id, reason }) => ({ index, id, reason })) }
      : null;
  await database.query(
    `insert into sync_logs (kind, brand_id, gateway_id, endpoint, item_count, accepted, rejected, result, detail, duration_ms)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      entry.kind,
      op.brandId,
      op.gatewayId,
      entry.endpoint,
      entry.itemCount,
      entry.accepted,
      entry.rejected.length,
      result,
      detail ? JSON.stringify(detail) : null,
      Math.round(performance.now() - entry.startedAt),
    ],
  );
}
