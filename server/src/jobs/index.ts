/** The scheduled jobs, and the scheduler that runs them in exactly one process (the leader). */
import type { FastifyBaseLogger } from 'fastify';
import type { JobContext } from './context.js';
import { runSnapshot } from './snapshot.js';
import { runAbnormalDetection } from './abnormal.js';
import { localDay, rollupDay, rollupHours, rollupSiteDays, rollupSiteToday } from './rollup.js';

import type { AppContext } from '../app.js';

export type { JobContext };

export function jobContextOf(ctx: AppContext): JobContext {
  const { config } = ctx;
  return {
    database: ctx.database,
    geo: ctx.geo,
    tz: config.tz,
    overdueHours: config.overdueHours,
    offsiteMinutes: config.offsiteMinutes,
    staleHours: config.staleHours,
  };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Every minute: site snapshot, then the abnormal conditions. */
export async function runMinuteJobs(ctx: JobContext, now: Date) {
  const snapshot = await ctx.geo.fresh().then(() => runSnapshot(ctx, now));
  const abnormal = await runAbnormalDetection(ctx, now);
  return { snapshot, abnormal };
}

/**
 * Every hour: the previous and the current hour's statistics, today's daily row, and the per-site
 * day and month totals up to yesterday (a no-op once they are there; catches up after downtime).
 */
export async function runHourlyJobs(ctx: JobContext, now: Date) {
  await rollupHours(ctx, new Date(now.getTime() - HOUR), now);
  await rollupDay(ctx, localDay(now, ctx.tz));
  await rollupSiteDays(ctx, localDay(new Date(now.getTime() - 24 * HOUR), ctx.tz));
  await rollupSiteToday(ctx, now);
}

/**
 * Every hour, on the embedded database only: PGlite has no autovacuum, so the leader reclaims the
 * dead rows of the constantly updated tables and refreshes the planner's statistics (without them
 * the status statement, for one, joins the bikes table by a full scan per batch).
 */
export async function runMaintenance(ctx: JobContext) {
  if (ctx.database.kind !== 'pglite') return false;
  await ctx.database.query('vacuum (analyze)');
  return true;
}

/** Once a day, after midnight: yesterday's statistics, final. */
export async function runDailyJobs(ctx: JobContext, now: Date) {
  const yesterday = new Date(now.getTime() - 24 * HOUR);
  await rollupHours(ctx, new Date(yesterday.getTime() - HOUR), now);
  await rollupDay(ctx, localDay(yesterday, ctx.tz));
  await rollupSiteDays(ctx, localDay(yesterday, ctx.tz));
}

/**
 * Runs the minute jobs every minute, the hourly ones every hour and the daily one after each local
 * midnight, only while this process holds leadership (PostgreSQL advisory lock; always on PGlite).
 */
export function startScheduler(ctx: JobContext, log: FastifyBaseLogger) {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
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
    const hour = Math.floor(now.getTime() / HOUR);
    if (hour !== lastHour) {
      lastHour = hour;
      await run('hourly', () => runHourlyJobs(ctx, now));
      await run('maintenance', () => runMaintenance(ctx));
    }
    const day = localDay(now, ctx.tz);
    if (day !== lastDay) {
      if (lastDay !== '') await run('daily', () => runDailyJobs(ctx, now));
      lastDay = day;
    }
  };
  const loop = () => {
    running = tick().finally(() => {
      if (!stopped) timer = setTimeout(loop, MINUTE - (Date.now() % MINUTE) + 1000);
    });
  };
  let timer: NodeJS.Timeout = setTimeout(loop, 2000);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
