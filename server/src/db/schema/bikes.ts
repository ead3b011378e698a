/** Filed bikes, their live state and the days they reported (issue 3). */
import { boolean, date, doublePrecision, index, integer, pgTable, primaryKey, smallint, varchar } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

/** Filed bikes (备案). */
export const bikes = pgTable(
  'bikes',
  {
    bikeId: varchar('bike_id', { length: 32 }).primaryKey(),
    brandId: integer('brand_id').notNull(),
    bikeType: smallint('bike_type').notNull(),
    frameCode: varchar('frame_code', { length: 64 }),
    imeiCode: varchar('imei_code', { length: 32 }),
    licenseCode: varchar('license_code', { length: 32 }),
    bikeMac: varchar('bike_mac', { length: 32 }),
    filedAt: ts('filed_at').notNull().defaultNow(),
    withdrawnAt: ts('withdrawn_at'),
  },
  (t) => [index('bikes_brand_idx').on(t.brandId), index('bikes_mac_idx').on(t.bikeMac), index('bikes_license_idx').on(t.licenseCode)],
);

/** Live state per bike: the newest report wins. */
export const bikeLive = pgTable(
  'bike_live',
  {
    bikeId: varchar('bike_id', { length: 32 }).primaryKey(),
    brandId: integer('brand_id').notNull(),
    bikeType: smallint('bike_type').notNull(),
    /** District the position falls in (the brand's area when outside every district fence). */
    areaId: varchar('area_id', { length: 6 }).notNull(),
    lon: doublePrecision('lon').notNull(),
    lat: doublePrecision('lat').notNull(),
    /** 1 parked, 2 rented. */
    status: smallint('status').notNull(),
    siteId: varchar('site_id', { length: 32 }),
    inArea: boolean('in_area').notNull().default(true),
    inForbid: boolean('in_forbid').notNull().default(false),
    /** 0 legal, 1 illegal (never filed). */
    legality: smallint('legality').notNull().default(0),
    reportedAt: ts('reported_at').notNull(),
    /** Since when a parked bike stands outside every site. */
    outSiteSince: ts('out_site_since'),
    /** Positions kept of the ride in progress (ride_points, migration 0015); 0 when parked. */
    ridePoints: smallint('ride_points').notNull().default(0),
  },
  (t) => [index('bike_live_site_idx').on(t.siteId), index('bike_live_area_idx').on(t.areaId, t.status), index('bike_live_reported_idx').on(t.reportedAt)],
);

/**
 * Live bikes counted per area and enterprise by the minute snapshot job (migration 0019,
 * shared/brandCounts.ts): filed (with the never-reported ones in the enterprise's registering area),
 * online and illegal as of the job's run, in sites as the snapshot counts them.
 */
export const brandLiveCounts = pgTable(
  'brand_live_counts',
  {
    areaId: varchar('area_id', { length: 6 }).notNull(),
    brandId: integer('brand_id').notNull(),
    filedBike: integer('filed_bike').notNull().default(0),
    filedEBike: integer('filed_ebike').notNull().default(0),
    onlineBike: integer('online_bike').notNull().default(0),
    onlineEBike: integer('online_ebike').notNull().default(0),
    siteBike: integer('site_bike').notNull().default(0),
    siteEBike: integer('site_ebike').notNull().default(0),
    illegalBike: integer('illegal_bike').notNull().default(0),
    illegalEBike: integer('illegal_ebike').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'brand_live_counts_pk', columns: [t.areaId, t.brandId] })],
);

/** Days on which a bike reported (placed/online statistics). */
export const bikeDays = pgTable(
  'bike_days',
  {
    day: date('day').notNull(),
    bikeId: varchar('bike_id', { length: 32 }).notNull(),
    brandId: integer('brand_id').notNull(),
    bikeType: smallint('bike_type').notNull(),
    areaId: varchar('area_id', { length: 6 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.bikeId] }), index('bike_days_area_idx').on(t.areaId, t.day)],
);
