/**
 * Retention (issue 31): how long each kind of raw data is kept, and the instant before which a run
 * deletes it. Rollups (stats_*, bike_days, fee_daily, sync_log_hours, the rating's results) and the
 * business records (orders, dispatches, work orders, filings) are kept for ever and are no kind here.
 * Pure.
 */
import { dayNumber, dayStart, dayText, localDay } from './time.js';

/** The kinds in the order a run visits them (a run stopped by its time budget resumes at its kind). */
export const TRIM_KINDS = ['pileScans', 'pilePower', 'ridePoints', 'siteHistory', 'siteMessages', 'syncLogs', 'closedAlerts', 'auditLog'] as const;
export type TrimKind = (typeof TRIM_KINDS)[number];

/** Days each kind is kept; 0 keeps it for ever. */
export type RetentionDays = Record<TrimKind, number>;

/**
 * The instant before which rows of a kind kept `days` days go: the start of the local day `days`
 * days before today's, so that a run at any hour of a day cuts at the same midnight (and the hours
 * it rolls up before deleting, sync_log_hours, are whole). null: kept for ever.
 */
export function retentionCutoff(now: Date, days: number, tz: string): Date | null {
  if (!(days > 0)) return null;
  return dayStart(dayText(dayNumber(localDay(now, tz)) - days), tz);
}

/** The kinds from `start` on, then the ones before it (where a run resumes). */
export function kindsFrom(start: number): TrimKind[] {
  const i = Number.isInteger(start) && start >= 0 && start < TRIM_KINDS.length ? start : 0;
  return [...TRIM_KINDS.slice(i), ...TRIM_KINDS.slice(0, i)];
}
