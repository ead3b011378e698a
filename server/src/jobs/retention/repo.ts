/**
 * The retention job's statements (run.ts): one bounded delete per kind of raw data, the BRIN ranges
 * it emptied summarised again, the sync logs rolled into sync_log_hours before they go, and the
 * embedded database's checkpoint after a run.
 */
import type { Database } from '../../db/client.js';
import type { TrimKind } from '../../domain/retention.js';
import { SYNC_KINDS } from '../../shared/syncLog.js';
import { SYNC_LOG_HOURS, markRun, trimmedName } from '../../shared/watermarks.js';

/** job_runs row of the job: cursor 0 when the last run finished, else 1 + the index of the kind it stopped at. */
const RETENTION = 'retention';

/** Pages per BRIN range: the default, as every *_at_brin index is created (migrations 0020, 0035). */
const PAGES_PER_RANGE = 128;

interface Trim {
  table: string;
  /** which rows are old: $1 is the cut-off instant */
  old: string;
  /** the BRIN index on the time column whose emptied ranges are summarised again after a delete */
  brin?: string;
}

/**
 * Each kind's rows older than the cut-off, and the index that finds them:
 * - append-only tables by their time column through a BRIN index (written in time order: a few pages
 *   of index for the whole table, nothing more for ingest to maintain);
 * - pile_sightings (one row per site and MAC, its time moved on each hearing) per area through
 *   (area_id, at), the areas present found by a loose index scan of that index;
 * - closed alerts through a partial index on closed_at, those linked to a work order kept (the
 *   order lists them);
 * - the audit log through its index on time.
 */
const TRIMS: Record<TrimKind, Trim> = {
  pileScans: {
    table: 'pile_sightings',
    old: `area_id = any(array(
            with recursive a(v) as (
              select min(area_id) from pile_sightings
              union all
              select (select min(area_id) from pile_sightings where area_id > a.v) from a where a.v is not null)
            select v from a where v is not null))
          and at < $1`,
  },
  pilePower: { table: 'pile_power', old: 'at < $1', brin: 'pile_power_at_brin' },
  ridePoints: { table: 'ride_points', old: 'at < $1', brin: 'ride_points_at_brin' },
  siteHistory: { table: 'site_history', old: 'at < $1', brin: 'site_history_at_brin' },
  siteMessages: { table: 'site_messages', old: 'at < $1', brin: 'site_messages_at_brin' },
  syncLogs: { table: 'sync_logs', old: 'at < $1', brin: 'sync_logs_at_brin' },
  closedAlerts: {
    table: 'abnormal_messages',
    old: 'closed_at < $1 and not exists (select 1 from work_order_alerts w where w.abnormal_id = t.id)',
  },
  auditLog: { table: 'audit_log', old: 'at < $1' },
};

/**
 * Deletes at most `limit` rows of the kind older than `cut` (one statement, by their row addresses);
 * answers how many, and for a kind found through BRIN the ranges it touched (summarised again by
 * resummarize).
 */
export async function trimChunk(database: Database, kind: TrimKind, cut: Date, limit: number): Promise<{ n: number; ranges: number[] }> {
  const { table, old, brin } = TRIMS[kind];
  const [row] = await database.query<{ n: number; ranges: (number | string)[] }>(
    `with gone as (
       delete from ${table} where ctid = any(array(select t.ctid from ${table} t where ${old} limit $2))
       returning (ctid::text::point)[0]::bigint / ${PAGES_PER_RANGE} as r
     ) select count(*)::int as n, ${brin ? `coalesce(array_agg(distinct r), '{}')` : `'{}'::bigint[]`} as ranges from gone`,
    [cut.toISOString(), limit],
  );
  return { n: row.n, ranges: row.ranges.map(Number) };
}

/**
 * Summarises again the BRIN ranges a delete touched. A range keeps the smallest time it ever held,
 * and the pages freed by a delete are filled with new rows: without this every later search for old
 * rows would read those pages again (measured: after a trim and refill, a search with nothing left
 * to find read 1,182 pages of 2,206).
 */
export async function resummarize(database: Database, kind: TrimKind, ranges: number[]): Promise<void> {
  const index = TRIMS[kind].brin;
  if (!index || !ranges.length) return;
  const blocks = ranges.map((r) => r * PAGES_PER_RANGE);
  await database.query(`select brin_desummarize_range($1::regclass, b)::text from unnest($2::bigint[]) b`, [index, blocks]);
  await database.query(`select brin_summarize_range($1::regclass, b) from unnest($2::bigint[]) b`, [index, blocks]);
}

/** The job's last run (null: never): when, and where a run stopped by its budget resumes (job_runs cursor). */
export async function lastRun(database: Database): Promise<{ at: Date | null; cursor: number } | null> {
  const [row] = await database.query<{ at: Date | null; cursor: string | number | null }>(`select last_run_at as at, cursor from job_runs where name = $1`, [
    RETENTION,
  ]);
  return row ? { at: row.at, cursor: Number(row.cursor ?? 0) } : null;
}

/** Records a run: `resume` 0 when it finished, else 1 + the index of the kind the next run starts with. */
export async function recordRun(database: Database, at: Date, resume: number): Promise<void> {
  await markRun((text, params) => database.query(text, params), RETENTION, { at, cursor: resume });
}

/** Records, before the first delete, that rows of `kind` before `cut` go (shared/watermarks.ts trimmedBefore). */
export async function markTrimmed(database: Database, kind: TrimKind, cut: Date): Promise<void> {
  await markRun((text, params) => database.query(text, params), trimmedName(kind), { cursor: cut.getTime(), forward: true });
}

/** Up to which instant the sync logs are rolled into sync_log_hours (null: never). */
export async function syncLogsRolledTo(database: Database): Promise<Date | null> {
  const [row] = await database.query<{ cursor: string | number | null }>(`select cursor from job_runs where name = $1`, [SYNC_LOG_HOURS]);
  return row?.cursor == null ? null : new Date(Number(row.cursor));
}

/** The oldest sync log's time (null: none), through the (kind, at) index. */
export async function oldestSyncLog(database: Database): Promise<Date | null> {
  const [row] = await database.query<{ at: Date | null }>(
    `select min(x.at) as at from unnest($1::varchar[]) k cross join lateral (select min(at) as at from sync_logs where kind = k) x`,
    [SYNC_KINDS],
  );
  return row.at;
}

/**
 * Rolls the sync logs of [from, to) (whole UTC hours; each window once, so an hour split between two
 * windows adds up) into sync_log_hours and moves the watermark to `to`, in one transaction: the statistics read the rollup before the watermark and the logs after
 * it (modules/statistics/repo.ts logHourRows), so the figures of a day stay when its logs go.
 */
export async function rollSyncLogs(database: Database, from: Date, to: Date): Promise<number> {
  return database.tx(async (q) => {
    const [row] = await q<{ n: number }>(
      `with ins as (
         insert into sync_log_hours as h (hour, kind, brand_id, calls, failed, partial, items, rejected)
         select date_trunc('hour', at, 'UTC'), kind, coalesce(brand_id, 0), count(*), count(*) filter (where result = 'failed'),
                count(*) filter (where result = 'partial'), coalesce(sum(item_count), 0), coalesce(sum(rejected), 0)
           from sync_logs where at >= $1 and at < $2 group by 1, 2, 3
         on conflict (hour, kind, brand_id) do update set calls = h.calls + excluded.calls, failed = h.failed + excluded.failed,
            partial = h.partial + excluded.partial, items = h.items + excluded.items, rejected = h.rejected + excluded.rejected
         returning 1
       ) select count(*)::int as n from ins`,
      [from.toISOString(), to.toISOString()],
    );
    await markRun(q, SYNC_LOG_HOURS, { cursor: to.getTime(), forward: true });
    return row.n;
  });
}

/** PGlite: writes the dirty pages and lets the WAL the deletes wrote be recycled (no checkpointer runs there). */
export async function checkpoint(database: Database): Promise<boolean> {
  if (database.kind !== 'pglite') return false;
  await database.query('checkpoint');
  return true;
}
