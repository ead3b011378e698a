/**
 * One sync-log row per open-API call (spec: siteSync, dispatchSync, requestSync, bikeSync), and
 * per batch of a console spreadsheet filing (modules/bikeFiling), which files as the open API does.
 */
import { Type, type Static } from 'typebox';
import type { Database } from '../db/client.js';
import { selectList } from '../db/columns.js';
import { Nullable } from '../http/schemas.js';
import type { Rejection } from './itemCheck.js';

/** Every kind of sync log (the retention job finds the oldest log of each through sync_logs_kind_idx). */
export const SYNC_KINDS = ['bike', 'request', 'dispatch', 'site', 'pile'] as const;
export type SyncKind = (typeof SYNC_KINDS)[number];

/** A sync log as 数据同步记录 lists it; the statistics logs export writes the same fields. */
export const SyncLog = Type.Object({
  id: Type.Integer({ description: '记录 ID' }),
  brandId: Nullable(Type.Integer(), '企业 ID（设备网关的调用为空）'),
  brandName: Type.String({ description: '品牌名称（或设备网关名称）' }),
  endpoint: Type.String({ description: '调用的接口' }),
  time: Type.String({ description: '调用时间' }),
  itemCount: Type.Integer({ description: '提交条数' }),
  accepted: Type.Integer({ description: '接收条数' }),
  rejected: Type.Integer({ description: '拒绝条数' }),
  result: Type.String({ description: 'ok 成功, partial 部分成功, failed 失败' }),
  resultText: Type.String({ description: '成功 / 部分成功 / 失败' }),
  detail: Type.Unknown({ description: '明细（被拒条目及原因等）' }),
  durationMs: Type.Integer({ description: '耗时（毫秒）' }),
});

/** A log as read back: the list's fields but the time and the result's text; no name for a deleted enterprise's. */
export type SyncLogRow = Omit<Static<typeof SyncLog>, 'brandName' | 'time' | 'resultText'> & { brandName: string | null; at: Date };

/**
 * A log's stored fields as the company pages' list and the statistics exports read them back (sync_logs
 * as `s`), by key: SyncLog's keys, the time as `at`.
 */
const SYNC_LOG_COLUMNS: Record<Exclude<keyof SyncLogRow, 'brandName'>, string> = {
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
