/**
 * How far the statistics jobs have rolled: the watermarks in job_runs that the read side consults to
 * know which hours and days are final (the jobs move them, the statistics read them), and the one
 * write of job_runs (markRun).
 */
import type { Database, Query } from '../db/client.js';
import { dayText } from '../domain/time.js';

const HOUR = 3600_000;
/** job_runs row: the last local day rolled whole into stats_site_daily / stats_site_monthly (day number). */
export const SITE_DAYS = 'site_days';
/** job_runs row: the instant up to which the next day is rolled as partial rows (epoch ms). */
export const SITE_TODAY = 'site_today';
/**
 * job_runs row: the last local day rolled whole into fee_daily (day number). Its days without a mark
 * in stats_dirty are final; the fee list reads the later days and the marked ones from ride_orders.
 */
export const FEE_DAYS = 'fee_days';
/**
 * job_runs row: the instant (epoch ms) before which the sync logs are rolled into sync_log_hours by
 * the retention job (jobs/retention), which deletes them only after; the log statistics read the
 * rollup before it and the logs after it.
 */
export const SYNC_LOG_HOURS = 'sync_log_hours';
/**
 * job_runs row per kind of raw data (domain/retention.ts TrimKind): the cut-off (epoch ms) before
 * which the retention job has begun deleting that kind, moved before its first delete. A reader of
 * past periods asks it whether a period's raw rows may be gone (the rating, shared/ratingAssess.ts).
 */
export const trimmedName = (kind: string) => `retention_${kind}`;

/** Before when rows of `kind` may have been deleted by the retention job (null: none ever was). */
export async function trimmedBefore(query: Query, kind: string): Promise<Date | null> {
  const [row] = await query<{ cursor: string | number | null }>(`select cursor from job_runs where name = $1`, [trimmedName(kind)]);
  return row?.cursor == null ? null : new Date(Number(row.cursor));
}

/**
 * job_runs row: a counter the statistics job (rollupStats) moves on at the end of every run. A
 * reader that keeps an answer about a rolled-up window keys it on this, so a run that changed the
 * window (a back-fill, a late report rolled again) replaces the answer at once.
 */
const STATS_GENERATION = 'stats_generation';

/**
 * Hours at or after this instant are read from the events: the hourly rollup (run at each hour's
 * start) may not have finished the previous hour. Before it, stats_hourly is final.
 */
export const liveSince = (now: Date) => new Date(Math.floor(now.getTime() / HOUR) * HOUR - HOUR);

/**
 * Records a job's successful run in job_runs (last_run_at and last_ok_at: `at`, default the
 * statement's time) and, when `cursor` is given, moves its watermark there (`forward`: never back).
 * Pass the transaction that did the work, so the mark commits with it.
 */
export async function markRun(query: Query, name: string, run: { at?: Date; cursor?: number; forward?: boolean } = {}): Promise<void> {
  const cursor = run.cursor === undefined ? 'job_runs.cursor' : run.forward ? 'greatest(job_runs.cursor, excluded.cursor)' : 'excluded.cursor';
  await query(
    `insert into job_runs (name, cursor, last_run_at, last_ok_at) values ($1, $2, coalesce($3::timestamptz, now()), coalesce($3::timestamptz, now()))
     on conflict (name) do update set cursor = ${cursor}, last_run_at = excluded.last_run_at, last_ok_at = excluded.last_ok_at`,
    [name, run.cursor ?? null, run.at?.toISOString() ?? null],
  );
}

/** The last local day rolled into stats_site_daily / stats_site_monthly (`yyyy-MM-dd`), or null. */
export async function siteDaysThrough(database: Database): Promise<string | null> {
  return (await siteWatermarks((text, params) => database.query(text, params))).through;
}

/**
 * Both watermarks of the site tables in one read: `through`, the last day rolled whole (siteDaysThrough),
 * and `partial`, the instant up to which the next day is rolled as partial rows (rollupSiteToday).
 */
export async function siteWatermarks(query: Query): Promise<{ through: string | null; partial: Date | null }> {
  const rows = await query<{ name: string; cursor: string | number | null }>(`select name, cursor from job_runs where name = any($1::varchar[])`, [
    [SITE_DAYS, SITE_TODAY],
  ]);
  const cursor = (name: string) => rows.find((r) => r.name === name)?.cursor ?? null;
  const days = cursor(SITE_DAYS);
  const today = cursor(SITE_TODAY);
  return { through: days === null ? null : dayText(Number(days)), partial: today === null ? null : new Date(Number(today)) };
}

/** Moves the rollup generation on (STATS_GENERATION); run by rollupStats after its work committed. */
export async function bumpGeneration(query: Query): Promise<void> {
  await query(
    `insert into job_runs (name, cursor, last_run_at, last_ok_at) values ($1, 1, now(), now())
     on conflict (name) do update set cursor = coalesce(job_runs.cursor, 0) + 1, last_run_at = excluded.last_run_at, last_ok_at = excluded.last_ok_at`,
    [STATS_GENERATION],
  );
}

/** The rollup generation (0 before the first run): changes whenever a statistics run finished. */
export async function rollupGeneration(query: Query): Promise<number> {
  const [row] = await query<{ cursor: string | number | null }>(`select cursor from job_runs where name = $1`, [STATS_GENERATION]);
  return row?.cursor == null ? 0 : Number(row.cursor);
}
