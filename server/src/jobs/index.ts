/** The scheduled jobs, and the scheduler that runs them in exactly one process (the leader). */
import type { FastifyBaseLogger } from 'fastify';
import type { JobContext } from './context.js';
import { runSnapshot } from './snapshot.js';
import { runAbnormalDetection } from './abnormal.js';
import { rollupStats } from './rollup.js';
import { recordFiled } from './areaStats.js';
import { retentionDue, runRetention } from './retention/run.js';
import { runWorkOrders } from './workOrders.js';
import { runClockJob } from './clock.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { localDay } from '../domain/time.js';
import { sweepUnattached } from '../shared/uploads.js';
import { JOB_WINDOW_HOURS, runMatch } from '../shared/notUploaded.js';
import { assessLastMonth } from './rating.js';
import { refreshExternalFeeds } from './externalFeeds.js';

export type { JobContext };

/** The jobs' context from the app's (AppContext fits). */
export function jobContextOf(ctx: { config: Config; database: Database }): JobContext {
  const { config } = ctx;
  return {
    database: ctx.database,
    tz: config.tz,
    overdueHours: config.overdueHours,
    offsiteMinutes: config.offsiteMinutes,
    staleHours: config.staleHours,
    dispatchSustainMinutes: config.dispatchSustainMinutes,
    retention: config.retention,
    dataDir: config.dataDir,
    gbfsImport: config.gbfsImport,
  };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Every minute: site snapshot, then the abnormal conditions, then the work orders they open or
 * close, then the clock windows whose late time ended (缺卡 warnings, day figures).
 */
export async function runMinuteJobs(ctx: JobContext, now: Date) {
  const snapshot = await runSnapshot(ctx, now);
  const abnormal = await runAbnormalDetection(ctx, now);
  const workOrders = await runWorkOrders(ctx, now);
  const clock = await runClockJob(ctx, now);
  return { snapshot, abnormal, workOrders, clock };
}

/**
 * Every hour: the statistics up to the end of the current hour, whatever was missed or marked late
 * before it, the per-site day and month totals of the days now complete, and today's partial rows
 * (rollupStats: the same run is correct after downtime, in a back-fill, with late reports).
 */
export async function runHourlyJobs(ctx: JobContext, now: Date) {
  const run = await rollupStats(ctx, now);
  // the day's filed bikes (数据接入率 over time)
  await recordFiled(ctx, now);
  // uploads never attached to anything within a day
  if (ctx.dataDir) await sweepUnattached(ctx.database, ctx.dataDir, now);
  // bikes the piles heard that no operator reported, by every enterprise's name and MAC rules (桩测未上传车辆)
  await runMatch(ctx.database, 1, null, null, now, JOB_WINDOW_HOURS);
  await runMatch(ctx.database, 2, null, null, now, JOB_WINDOW_HOURS);
  // 评级考核: the month before, once, in every area with a scheme (from 02:00 on the 1st)
  await assessLastMonth(ctx, now);
  return run;
}

/**
 * Every hour, on the embedded database only: PGlite has no autovacuum, so the leader reclaims the
 * dead rows of the constantly updated tables and refreshes the planner's statistics (without them
 * the status statement, for one, joins the bikes table by a full scan per batch); nor a
 * checkpointer, so it checkpoints after, and the WAL written since the last one is recycled.
 */
export async function runMaintenance(ctx: JobContext) {
  if (ctx.database.kind !== 'pglite') return false;
  await ctx.database.query('vacuum (analyze)');
  await ctx.database.query('checkpoint');
  return true;
}

/** The daily statistics: the hourly run, so that yesterday is complete before the day's first hour ends. */
async function runDailyRollups(ctx: JobContext, now: Date) {
  const run = await rollupStats(ctx, now);
  // the day's filed bikes (数据接入率 over time)
  await recordFiled(ctx, now);
  return run;
}

/**
 * Once a day, after midnight, as the back-fill and the tests run it: the daily statistics, then the
 * raw data past its keeping time goes (jobs/retention). The scheduler runs the retention beside the
 * minute jobs instead of before them.
 */
export async function runDailyJobs(ctx: JobContext, now: Date) {
  const run = await runDailyRollups(ctx, now);
  await runRetention(ctx, now);
  return run;
}

/**
 * Runs the minute jobs every minute (every `minuteMs`: SNAPSHOT_SECONDS), the hourly ones every hour
 * and the daily one after each local midnight, only while this process holds leadership (PostgreSQL
 * advisory lock; always on PGlite). The retention runs in the background, started by the hourly
 * tick when due (not yet today, or the last run stopped by its budget), one run at a time; the
 * minute jobs go on meanwhile, and stop() stops it between two statements.
 */
export function startScheduler(ctx: JobContext, log: FastifyBaseLogger, minuteMs = MINUTE) {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let retention: Promise<unknown> | null = null;
  const abort = new AbortController();
  let lastHour = -1;
  let lastDay = '';
  const tick = async () => {
    if (stopped) return;
    if (!(await ctx.database.tryLeadership().catch(() => false))) return;
    const now = new Date();
    const run = async (name: string, fn: () => Promise<unknown>) => {
      const t = performance.now();
      try {
        const out = await fn();
        log.debug({ job: name, ms: Math.round(performance.now() - t), out }, 'job done');
      } catch (err) {
        log.error({ job: name, err }, 'job failed');
      }
    };
    await run('minute', () => runMinuteJobs(ctx, now));
    // external GBFS feeds whose ttl ran out (区域设置 · 外部站点): network reads, after the platform's own work
    await run('externalFeeds', () => refreshExternalFeeds(ctx, now));
    const hour = Math.floor(now.getTime() / HOUR);
    const hourChanged = hour !== lastHour;
    if (hourChanged) {
      lastHour = hour;
      await run('hourly', () => runHourlyJobs(ctx, now));
      await run('maintenance', () => runMaintenance(ctx));
    }
    const day = localDay(now, ctx.tz);
    if (day !== lastDay) {
      if (lastDay !== '') await run('daily', () => runDailyRollups(ctx, now));
      lastDay = day;
    }
    if (hourChanged && !retention && (await retentionDue(ctx, now).catch(() => false))) {
      retention = run('retention', async () => {
        const out = await runRetention(ctx, now, abort.signal);
        if (out && (out.statements > 1 || !out.done)) log.info({ retention: out }, 'retention run');
        return out;
      }).finally(() => {
        retention = null;
      });
    }
  };
  const loop = () => {
    running = tick().finally(() => {
      if (!stopped) timer = setTimeout(loop, minuteMs - (Date.now() % minuteMs) + 1000);
    });
  };
  let timer: NodeJS.Timeout = setTimeout(loop, 2000);
  return {
    async stop() {
      stopped = true;
      abort.abort();
      clearTimeout(timer);
      await running;
      await retention;
    },
  };
}
