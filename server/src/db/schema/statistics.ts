/** Hourly, daily and per-site statistics, the hours to roll up again, and the jobs' bookkeeping (issue 3). */
import { bigint, date, index, integer, pgTable, primaryKey, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { ts } from './columns.js';

/** Hourly statistics per site, brand and bike type (recomputed from ride orders and dispatches). */
export const statsHourly = pgTable(
  'stats_hourly',
  {
    hour: ts('hour').notNull(),
    siteId: varchar('site_id', { length: 32 }).notNull(),
    brandId: integer('brand_id').notNull(),
    bikeType: smallint('bike_type').notNull(),
    areaId: varchar('area_id', { length: 6 }).notNull(),
    rentNum: integer('rent_num').notNull().default(0),
    returnNum: integer('return_num').notNull().default(0),
    upNum: integer('up_num').notNull().default(0),
    downNum: integer('down_num').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.hour, t.areaId, t.siteId, t.brandId, t.bikeType] }),
    index('stats_hourly_area_idx').on(t.areaId, t.hour),
    // migration 0014 (hand-written: drizzle has no INCLUDE): (site_id, hour) include (the counts), a site's usage curve
    index('stats_hourly_site_idx').on(t.siteId, t.hour),
  ],
);

/**
 * Hourly statistics per area, brand and bike type (migration 0014), rolled and re-rolled with
 * stats_hourly from the events: rents in the rent's area, returns in the return's, ups and downs in the
 * dispatch's; active_num = distinct bikes rented in the hour. The tidal curve, 运营统计's rent/return
 * view and the day-level trend read these (a day is 24 × brands × 2 rows per area, not every ride).
 */
export const statsAreaHourly = pgTable(
  'stats_area_hourly',
  {
    hour: ts('hour').notNull(),
    areaId: varchar('area_id', { length: 6 }).notNull(),
    brandId: integer('brand_id').notNull(),
    bikeType: smallint('bike_type').notNull(),
    rentNum: integer('rent_num').notNull().default(0),
    returnNum: integer('return_num').notNull().default(0),
    upNum: integer('up_num').notNull().default(0),
    downNum: integer('down_num').notNull().default(0),
    activeNum: integer('active_num').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'stats_area_hourly_pk', columns: [t.areaId, t.hour, t.brandId, t.bikeType] })],
);

/** The counters of the per-site totals below (a function: drizzle columns belong to one table). */
const siteTotalColumns = () => ({
  areaId: varchar('area_id', { length: 6 }).notNull(),
  siteId: varchar('site_id', { length: 32 }).notNull(),
  brandId: integer('brand_id').notNull(),
  rentNum: integer('rent_num').notNull().default(0),
  returnNum: integer('return_num').notNull().default(0),
  upNum: integer('up_num').notNull().default(0),
  downNum: integer('down_num').notNull().default(0),
});

/**
 * Brand id of the per-site totals' rows that count every brand of a site together (the daily, monthly
 * and yearly tables below hold them beside the per-brand rows): a ranking over every brand reads one
 * row per site. No enterprise has id 0 (serial). A sum over a site's rows must pick one or the other.
 */
export const ALL_BRANDS = 0;

/**
 * Per-site totals of whole local days (rolled up from stats_hourly after the day ends), so rankings
 * over a day read one row per site and brand instead of 24; with rows for every brand together
 * (ALL_BRANDS).
 */
export const statsSiteDaily = pgTable('stats_site_daily', { day: date('day').notNull(), ...siteTotalColumns() }, (t) => [
  primaryKey({ columns: [t.day, t.areaId, t.siteId, t.brandId] }),
  index('stats_site_daily_all_brands')
    .on(t.day, t.areaId)
    .where(sql`${t.brandId} = 0`),
]);

/**
 * Per-site totals of a local month over its rolled-up days (stats_site_daily, ALL_BRANDS rows
 * included): each day is added when it is rolled up whole (the watermark is job_runs 'site_days').
 */
export const statsSiteMonthly = pgTable('stats_site_monthly', { month: date('month').notNull(), ...siteTotalColumns() }, (t) => [
  primaryKey({ columns: [t.areaId, t.month, t.siteId, t.brandId] }),
  index('stats_site_monthly_all_brands')
    .on(t.month, t.areaId)
    .where(sql`${t.brandId} = 0`),
]);

/**
 * Per-site totals of a local year (`year` is its 1 January) over its rolled-up days, added day by day
 * with the month's, so a year's ranking reads one row per site and brand instead of twelve.
 */
export const statsSiteYearly = pgTable('stats_site_yearly', { year: date('year').notNull(), ...siteTotalColumns() }, (t) => [
  primaryKey({ name: 'stats_site_yearly_pk', columns: [t.year, t.brandId, t.areaId, t.siteId] }),
]);

/**
 * Hours whose statistics must be rolled up again: ingest marks the hour of every event it writes
 * for an hour before the current one (a late report, a corrected time), and a presence for a past
 * day as that day's local midnight, in the statement that writes the event. The rollup job deletes
 * the marks of a day in the transaction that rolls the day again.
 */
export const statsDirty = pgTable('stats_dirty', { hour: ts('hour').primaryKey() });

/** Daily statistics per area, brand and bike type. */
export const statsDaily = pgTable(
  'stats_daily',
  {
    day: date('day').notNull(),
    areaId: varchar('area_id', { length: 6 }).notNull(),
    brandId: integer('brand_id').notNull(),
    bikeType: smallint('bike_type').notNull(),
    onlineNum: integer('online_num').notNull().default(0),
    siteNum: integer('site_num').notNull().default(0),
    activeBikeNum: integer('active_bike_num').notNull().default(0),
    rideNum: integer('ride_num').notNull().default(0),
    dispatchNum: integer('dispatch_num').notNull().default(0),
    /** Filed bikes of the day (migration 0014), recorded by the statistics job while the day runs; null before it did. */
    filedNum: integer('filed_num'),
  },
  (t) => [primaryKey({ columns: [t.day, t.areaId, t.brandId, t.bikeType] })],
);

/** Per-job bookkeeping (last run, cursor). */
export const jobRuns = pgTable('job_runs', {
  name: varchar('name', { length: 64 }).primaryKey(),
  lastRunAt: ts('last_run_at'),
  lastOkAt: ts('last_ok_at'),
  cursor: bigint('cursor', { mode: 'number' }),
  lastError: text('last_error'),
  durationMs: integer('duration_ms'),
});
