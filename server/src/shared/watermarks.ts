/**
 * How far the statistics jobs have rolled: the watermarks in job_runs that the read side consults to
 * know which hours and days are final (the jobs move them, the statistics read them).
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
 * Hours at or after this instant are read from the events: the hourly rollup (run at each hour's
 * start) may not have finished the previous hour. Before it, stats_hourly is final.
 */
export const liveSince = (now: Date) => new Date(Math.floor(now.getTime() / HOUR) * HOUR - HOUR);

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
