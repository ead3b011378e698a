/**
 * Open-API sync logs as statistics: calls per hour of a day (租还请求) and the log exports. A log
 * belongs to the areas its enterprise is registered or operating in (as on the company pages).
 */
import type { Static } from 'typebox';
import type { Database } from '../../db/client.js';
import type { SyncLogRow } from '../../shared/syncLog.js';
import * as repo from './repo.js';
import type { Window } from './window.js';
import type { LogHourT } from './schemas.js';

export type LogKind = 'request' | 'dispatch';

export interface LogScope {
  areaIds: string[];
  brandId: number | null;
}

export type LogHour = Static<typeof LogHourT>;

/** 24 rows: calls, failed calls (nothing accepted), partly failed calls, items and rejected items per hour. */
export async function logHours(database: Database, s: LogScope, kind: LogKind, day: Window, tz: string): Promise<LogHour[]> {
  const rows = await repo.logHourRows(database, s, kind, day, tz);
  const byHour = new Map(rows.map((r) => [r.hour, r]));
  return Array.from({ length: 24 }, (_, hour) => byHour.get(hour) ?? { hour, requestNum: 0, failNum: 0, partialNum: 0, itemNum: 0, rejectedNum: 0 });
}

/** A log's row for the exports: the sync log as read back, its detail typed (the export writes the rejected items). */
export type LogRow = Omit<SyncLogRow, 'detail'> & {
  detail: { rejected?: { index: number; id: string | null; reason: string }[]; error?: string } | null;
};

/** The logs export's input after the route parsed startTime/endTime to instants and renamed brandId (LogOutQuery has strings). */
export interface LogFilter extends LogScope {
  filterBrandId?: number;
  result?: string;
  from?: Date;
  to?: Date;
}
