/** Ride orders, dispatches and the log of every open-API call that reports them (issue 3). */
import { bigint, bigserial, boolean, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, smallint, varchar } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

/** Ride orders: one row per order, filled by its rent and return events. */
export const rideOrders = pgTable(
  'ride_orders',
  {
    brandId: integer('brand_id').notNull(),
    orderId: varchar('order_id', { length: 64 }).notNull(),
    bikeId: varchar('bike_id', { length: 32 }).notNull(),
    bikeType: smallint('bike_type').notNull(),
    areaId: varchar('area_id', { length: 6 }).notNull(),
    rentAt: ts('rent_at'),
    rentLon: doublePrecision('rent_lon'),
    rentLat: doublePrecision('rent_lat'),
    rentSiteId: varchar('rent_site_id', { length: 32 }),
    /** District of the return position (area_id is the rent's). */
    returnAreaId: varchar('return_area_id', { length: 6 }),
    returnAt: ts('return_at'),
    returnLon: doublePrecision('return_lon'),
    returnLat: doublePrecision('return_lat'),
    returnSiteId: varchar('return_site_id', { length: 32 }),
    /** Fee in fen (分). */
    fee: integer('fee'),
    outSiteReturn: boolean('out_site_return').notNull().default(false),
    /** The rider, reported with the return: a digest and the masked phone (domain/rider.ts); the
     *  partial index ride_orders_fee_idx (migration 0012) serves the fee list. */
    riderKey: varchar('rider_key', { length: 64 }),
    riderPhone: varchar('rider_phone', { length: 16 }),
    fullReturn: boolean('full_return').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.orderId] }),
    index('ride_orders_rent_idx').on(t.areaId, t.rentAt),
    index('ride_orders_return_idx').on(t.returnAreaId, t.returnAt),
    // migration 0013 (hand-written: drizzle has no INCLUDE): (brand_id, rent_at) include (area_id), and
    // (bike_id varchar_pattern_ops, rent_at) for bike prefixes, which replaced ride_orders_bike_idx
    index('ride_orders_brand_rent_idx').on(t.brandId, t.rentAt),
    index('ride_orders_bike_rent_idx').on(t.bikeId.op('varchar_pattern_ops'), t.rentAt),
  ],
);

/**
 * Positions a rented bike reported during its rides (migration 0015): an order's track is its bike's
 * points between rent and return. Only a report that becomes the bike's live state is kept, and at
 * most RIDE_POINT_MAX per ride (bike_live.ride_points counts them). Kept RIDE_TRACK_DAYS (jobs/tracks.ts).
 */
export const ridePoints = pgTable(
  'ride_points',
  {
    bikeId: varchar('bike_id', { length: 32 }).notNull(),
    at: ts('at').notNull(),
    lon: doublePrecision('lon').notNull(),
    lat: doublePrecision('lat').notNull(),
  },
  // the daily job deletes positions past RIDE_TRACK_DAYS through a BRIN index on the time (migration 0020)
  (t) => [primaryKey({ columns: [t.bikeId, t.at] }), index('ride_points_at_brin').using('brin', t.at)],
);

/**
 * 站外还车扣费 per local day, return district and enterprise (migration 0015), rebuilt by the
 * statistics job (jobs/rollup.ts) for each day it rolls; read up to the 'fee_days' watermark.
 */
export const feeDaily = pgTable(
  'fee_daily',
  {
    day: date('day').notNull(),
    areaId: varchar('area_id', { length: 6 }).notNull(),
    brandId: integer('brand_id').notNull(),
    outSiteNum: integer('out_site_num').notNull().default(0),
    feeNum: integer('fee_num').notNull().default(0),
    feeFen: bigint('fee_fen', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.areaId, t.brandId] })],
);

/** Dispatch (上架 up / 下架 down) records. */
export const dispatches = pgTable(
  'dispatches',
  {
    brandId: integer('brand_id').notNull(),
    dispatchId: varchar('dispatch_id', { length: 64 }).notNull(),
    bikeId: varchar('bike_id', { length: 32 }).notNull(),
    bikeType: smallint('bike_type').notNull(),
    action: varchar('action', { length: 4 }).notNull(),
    siteId: varchar('site_id', { length: 32 }).notNull(),
    areaId: varchar('area_id', { length: 6 }).notNull(),
    at: ts('at').notNull(),
    allowed: boolean('allowed').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.dispatchId] }), index('dispatches_area_idx').on(t.areaId, t.at)],
);

/** Every open-API call, for the company pages (siteSync, dispatchSync, requestSync, bikeSync). */
export const syncLogs = pgTable(
  'sync_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: varchar('kind', { length: 16 }).notNull(),
    brandId: integer('brand_id'),
    gatewayId: integer('gateway_id'),
    endpoint: varchar('endpoint', { length: 64 }).notNull(),
    at: ts('at').notNull().defaultNow(),
    itemCount: integer('item_count').notNull().default(0),
    accepted: integer('accepted').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    /** ok, partial, failed */
    result: varchar('result', { length: 8 }).notNull(),
    detail: jsonb('detail'),
    durationMs: integer('duration_ms').notNull().default(0),
  },
  (t) => [index('sync_logs_kind_idx').on(t.kind, t.at), index('sync_logs_brand_idx').on(t.brandId, t.at), index('sync_logs_at_brin').using('brin', t.at)],
);

/** The open-API calls per UTC hour, kind and enterprise (0: none), rolled up before the logs go (retention; migration 0035). */
export const syncLogHours = pgTable(
  'sync_log_hours',
  {
    hour: ts('hour').notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    brandId: integer('brand_id').notNull(),
    calls: integer('calls').notNull(),
    failed: integer('failed').notNull(),
    partial: integer('partial').notNull(),
    items: integer('items').notNull(),
    rejected: integer('rejected').notNull(),
  },
  (t) => [primaryKey({ name: 'sync_log_hours_pk', columns: [t.hour, t.kind, t.brandId] })],
);
