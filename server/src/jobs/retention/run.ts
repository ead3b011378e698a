/**
 * Retention (issue 31): once a day the raw data past its keeping time (RETAIN_*, RIDE_TRACK_DAYS;
 * domain/retention.ts) is deleted in bounded statements, a short pause after each full one, until
 * the run's time budget is spent; the next run resumes at the kind where it stopped. On the embedded
 * database every statement holds the one connection, so statements are small and the pause lets the
 * requests waiting for it in; a checkpoint after the run lets the WAL the deletes wrote be recycled.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { JobContext } from '../context.js';
import { TRIM_KINDS, kindsFrom, retentionCutoff, type TrimKind } from '../../domain/retention.js';
import { localDay } from '../../domain/time.js';
import * as repo from './repo.js';

const DAY = 86_400_000;

export interface RetentionRun {
  /** rows deleted per kind (kinds with none left out) */
  deleted: Partial<Record<TrimKind, number>>;
  /** delete statements run (the sync-log rollup's not counted) */
  statements: number;
  /** sync_log_hours rows the run added */
  rolledHours: number;
  /** false: the budget ran out (or the scheduler stopped it); the next run starts at `resumeAt` */
  done: boolean;
  resumeAt: TrimKind | null;
  ms: number;
  checkpoint: boolean;
}

/**
 * Runs the retention once at `now` (the back-fill passes simulated times). `signal` stops it between
 * two statements (the scheduler's stop). Nothing to do without ctx.retention.
 */
export async function runRetention(ctx: JobContext, now: Date, signal?: AbortSignal): Promise<RetentionRun | null> {
  const r = ctx.retention;
  if (!r) return null;
  const { database } = ctx;
  const started = performance.now();
  const run: RetentionRun = { deleted: {}, statements: 0, rolledHours: 0, done: true, resumeAt: null, ms: 0, checkpoint: false };
  let first = true;
  // before every statement but the run's first: is there budget left? (a run always moves on by one)
  const mayGo = () => {
    const go = first || (!signal?.aborted && performance.now() - started < r.budgetSeconds * 1000);
    first = false;
    return go;
  };

  /** Deletes the kind's rows before `cut`, chunk by chunk; false when the budget ran out first. */
  const trim = async (kind: TrimKind, cut: Date) => {
    for (let full = false; ; full = true) {
      if (!mayGo()) return false;
      if (full) await sleep(r.pauseMs);
      const { n, ranges } = await repo.trimChunk(database, kind, cut, r.chunkRows);
      await repo.resummarize(database, kind, ranges);
      run.statements++;
      if (n) run.deleted[kind] = (run.deleted[kind] ?? 0) + n;
      if (n < r.chunkRows) return true;
    }
  };

  /** Rolls the sync logs before `to` not rolled yet into sync_log_hours, a day a statement; false when the budget ran out first. */
  const rollSyncLogs = async (to: Date) => {
    let from = (await repo.syncLogsRolledTo(database)) ?? (await repo.oldestSyncLog(database));
    if (from) from = floorHour(from);
    while (from && from < to) {
      if (!mayGo()) return false;
      const end = new Date(Math.min(from.getTime() + DAY, to.getTime()));
      run.rolledHours += await repo.rollSyncLogs(database, from, end);
      from = end;
    }
    return true;
  };

  const last = await repo.lastRun(database);
  for (const kind of kindsFrom((last?.cursor ?? 0) - 1)) {
    let cut = retentionCutoff(now, r.days[kind], ctx.tz);
    if (!cut) continue;
    // the logs go only once rolled up, by whole hours
    if (kind === 'syncLogs') cut = floorHour(cut);
    await repo.markTrimmed(database, kind, cut);
    const finished = (kind !== 'syncLogs' || (await rollSyncLogs(cut))) && (await trim(kind, cut));
    if (!finished) {
      run.done = false;
      run.resumeAt = kind;
      break;
    }
  }
  if (Object.keys(run.deleted).length) run.checkpoint = await repo.checkpoint(database);
  await repo.recordRun(database, now, run.resumeAt === null ? 0 : TRIM_KINDS.indexOf(run.resumeAt) + 1);
  run.ms = Math.round(performance.now() - started);
  return run;
}

/**
 * Whether a run is due at `now`: none yet, none today (local day), or the last one stopped by its
 * budget (the scheduler asks every hour, so a long catch-up goes on hour after hour).
 */
export async function retentionDue(ctx: JobContext, now: Date): Promise<boolean> {
  if (!ctx.retention) return false;
  const last = await repo.lastRun(ctx.database);
  return !last?.at || last.cursor > 0 || localDay(last.at, ctx.tz) !== localDay(now, ctx.tz);
}

const HOUR = 3_600_000;
const floorHour = (d: Date) => new Date(Math.floor(d.getTime() / HOUR) * HOUR);
