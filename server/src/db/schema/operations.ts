/** Operators (brands), sites, piles, bikes and everything they report (issue 3). */
import {
  bigint, bigserial, boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text,
  timestamp, uniqueIndex, varchar, date,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { areas, type LonLat } from './areas.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Enterprise / brand (企业/品牌) with its open-API credentials. */
export const brands = pgTable(
  'brands',
  {
  id: serial('id').primaryKey(),
  brandName: varchar('brand_name', { length: 64 }).notNull(),
  brandOperation: varchar('brand_operation', { length: 128 }).notNull().default(''),
  /** Unique among enterprises not deleted: a deleted enterprise's account may be given again. */
  brandAccount: varchar('brand_account', { length: 64 }).notNull(),
  brandPasswordHash: text('brand_password_hash').notNull(),
  brandContactPerson: varchar('brand_contact_person', { length: 64 }),
  brandContactMobile: varchar('brand_contact_mobile', { length: 20 }),
  brandAddress: varchar('brand_address', { length: 256 }),
  brandOperationNum: integer('brand_operation_num').notNull().default(0),
  bikeColor: varchar('bike_color', { length: 16 }).notNull().default('#f5c518'),
  ebikeColor: varchar('ebike_color', { length: 16 }).notNull().default('#1890ff'),
  /** Area that registered the enterprise. */
  areaId: varchar('area_id', { length: 6 }).notNull().references(() => areas.id),
  launchArea: jsonb('launch_area').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  operationAreaId: jsonb('operation_area_id').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  brandApprovalUrl: text('brand_approval_url'),
  brandApprovalName: varchar('brand_approval_name', { length: 128 }),
  otherUrl: text('other_url'),
  otherName: varchar('other_name', { length: 128 }),
  maintainPersonUrl: text('maintain_person_url'),
  bicycleUrl: text('bicycle_url'),
  electricVehicleUrl: text('electric_vehicle_url'),
  deletedAt: ts('deleted_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('brands_account_live_uq').on(t.brandAccount).where(sql`deleted_at is null`)],
);

/** An area's own cap on bikes (区域总量上限), set by its regulator beside the enterprises' quotas. */
export const areaCaps = pgTable('area_caps', {
  areaId: varchar('area_id', { length: 6 }).primaryKey().references(() => areas.id),
  bikeCap: integer('bike_cap').notNull().default(0),
  ebikeCap: integer('ebike_cap').notNull().default(0),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedBy: integer('updated_by'),
});

/** Approved quantities per brand and area (bicycles, e-bikes). */
export const brandQuotas = pgTable(
  'brand_quotas',
  {
    brandId: integer('brand_id').notNull().references(() => brands.id, { onDelete: 'cascade' }),
    areaId: varchar('area_id', { length: 6 }).notNull().references(() => areas.id),
    bikeQuota: integer('bike_quota').notNull().default(0),
    ebikeQuota: integer('ebike_quota').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.areaId] })],
);

/** Open-API sessions of operators and pile gateways; only token hashes are stored. */
export const apiSessions = pgTable('api_sessions', {
  tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
  brandId: integer('brand_id').references(() => brands.id, { onDelete: 'cascade' }),
  gatewayId: integer('gateway_id'),
  expiresAt: ts('expires_at').notNull(),
});

/** Pile gateways: the credentials behind which BLE piles report. */
export const gateways = pgTable('gateways', {
  id: serial('id').primaryKey(),
  account: varchar('account', { length: 64 }).notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  name: varchar('name', { length: 64 }).notNull(),
  areaId: varchar('area_id', { length: 6 }).notNull().references(() => areas.id),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Designated parking sites (站点). Centre and fence in GCJ-02. */
export const sites = pgTable(
  'sites',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    areaId: varchar('area_id', { length: 6 }).notNull().references(() => areas.id),
    siteName: varchar('site_name', { length: 128 }).notNull(),
    lon: doublePrecision('lon').notNull(),
    lat: doublePrecision('lat').notNull(),
    gpsRail: jsonb('gps_rail').$type<LonLat[] | null>(),
    /** Radius in metres when there is no fence. */
    length: integer('length').notNull().default(20),
    bleNum: integer('ble_num').notNull().default(0),
    siteBikeCeiling: integer('site_bike_ceiling').notNull().default(0),
    siteCeiling: integer('site_ceiling').notNull().default(0),
    recycleSwitch: boolean('recycle_switch').notNull().default(false),
    majorSwitch: boolean('major_switch').notNull().default(false),
    brandPutSwitch: boolean('brand_put_switch').notNull().default(true),
    dispatchResponseMinute: integer('dispatch_response_minute').notNull().default(30),
    dispatchThresholdLess: integer('dispatch_threshold_less').notNull().default(20),
    dispatchThresholdMore: integer('dispatch_threshold_more').notNull().default(80),
    /** Per-site full-pile coefficient (ratio edit); null: the area's. */
    fullPileNum: doublePrecision('full_pile_num'),
    deletedAt: ts('deleted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('sites_area_idx').on(t.areaId), index('sites_updated_idx').on(t.updatedAt)],
);

/** Magnify groups: named groups of sites whose capacity is magnified together. */
export const magnifyGroups = pgTable('magnify_groups', {
  id: serial('id').primaryKey(),
  areaId: varchar('area_id', { length: 6 }).notNull().references(() => areas.id),
  alias: varchar('alias', { length: 64 }).notNull(),
  siteList: jsonb('site_list').$type<string[]>().notNull(),
  factor: doublePrecision('factor').notNull().default(1),
  openSwitch: boolean('open_switch').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** BLE piles (设备) at sites. */
export const piles = pgTable(
  'piles',
  {
    equipmentMac: varchar('equipment_mac', { length: 32 }).primaryKey(),
    siteId: varchar('site_id', { length: 32 }).notNull(),
    areaId: varchar('area_id', { length: 6 }).notNull(),
    gatewayId: integer('gateway_id'),
    power: smallint('power'),
    lastSeenAt: ts('last_seen_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('piles_site_idx').on(t.siteId), index('piles_area_idx').on(t.areaId)],
);

/** Power history of piles (one row per scan). */
export const pilePower = pgTable(
  'pile_power',
  {
    equipmentMac: varchar('equipment_mac', { length: 32 }).notNull(),
    at: ts('at').notNull(),
    power: smallint('power').notNull(),
  },
  (t) => [primaryKey({ columns: [t.equipmentMac, t.at] })],
);

/** What piles hear: the latest sighting per site and MAC, matched to a bike by the MAC rules. */
export const pileSightings = pgTable(
  'pile_sightings',
  {
    siteId: varchar('site_id', { length: 32 }).notNull(),
    mac: varchar('mac', { length: 32 }).notNull(),
    name: varchar('name', { length: 64 }),
    bikeId: varchar('bike_id', { length: 32 }),
    brandId: integer('brand_id'),
    areaId: varchar('area_id', { length: 6 }).notNull(),
    at: ts('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.mac] }), index('pile_sightings_area_idx').on(t.areaId, t.at)],
);

/** MAC rules: BLE name → bikeId of a brand (spec §3). */
export const macRules = pgTable('mac_rules', {
  id: serial('id').primaryKey(),
  brandId: integer('brand_id').notNull().references(() => brands.id, { onDelete: 'cascade' }),
  namePrefix: varchar('name_prefix', { length: 32 }).notNull().default(''),
  nameLength: integer('name_length'),
  bikeIdPrefix: varchar('bike_id_prefix', { length: 32 }).notNull().default(''),
  bikeIdLength: integer('bike_id_length'),
  bikeIdExtractStart: integer('bike_id_extract_start').notNull().default(0),
  bikeIdExtractLength: integer('bike_id_extract_length'),
});

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
  },
  (t) => [
    index('bike_live_site_idx').on(t.siteId),
    index('bike_live_area_idx').on(t.areaId, t.status),
    index('bike_live_reported_idx').on(t.reportedAt),
  ],
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
    fullReturn: boolean('full_return').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.orderId] }),
    index('ride_orders_rent_idx').on(t.areaId, t.rentAt),
    index('ride_orders_return_idx').on(t.returnAreaId, t.returnAt),
    index('ride_orders_bike_idx').on(t.bikeId),
  ],
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
  (t) => [index('sync_logs_kind_idx').on(t.kind, t.at), index('sync_logs_brand_idx').on(t.brandId, t.at)],
);

/** Current state of each site, written by the snapshot job. */
export const siteState = pgTable('site_state', {
  siteId: varchar('site_id', { length: 32 }).primaryKey(),
  areaId: varchar('area_id', { length: 6 }).notNull(),
  num: integer('num').notNull(),
  bikeNum: integer('bike_num').notNull(),
  ebikeNum: integer('ebike_num').notNull(),
  capacity: integer('capacity').notNull(),
  flag: smallint('flag').notNull(),
  messageType: varchar('message_type', { length: 8 }),
  /** {nowBike:[{brand_id,brand_name,num}], nowEBike:[...]} */
  currentBike: jsonb('current_bike').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/** A site's status changed into empty, less, more or full. */
export const siteMessages = pgTable(
  'site_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: varchar('site_id', { length: 32 }).notNull(),
    areaId: varchar('area_id', { length: 6 }).notNull(),
    messageType: varchar('message_type', { length: 8 }).notNull(),
    num: integer('num').notNull(),
    bikeNum: integer('bike_num').notNull(),
    ebikeNum: integer('ebike_num').notNull(),
    capacity: integer('capacity').notNull(),
    currentBike: jsonb('current_bike').notNull(),
    at: ts('at').notNull(),
  },
  (t) => [index('site_messages_area_idx').on(t.areaId, t.at, t.id), index('site_messages_site_idx').on(t.siteId, t.at)],
);

/** A site's counts changed in a snapshot. */
export const siteHistory = pgTable(
  'site_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: varchar('site_id', { length: 32 }).notNull(),
    areaId: varchar('area_id', { length: 6 }).notNull(),
    num: integer('num').notNull(),
    bikeNum: integer('bike_num').notNull(),
    ebikeNum: integer('ebike_num').notNull(),
    capacity: integer('capacity').notNull(),
    flag: smallint('flag').notNull(),
    currentBike: jsonb('current_bike').notNull(),
    at: ts('at').notNull(),
  },
  (t) => [index('site_history_area_idx').on(t.areaId, t.at), index('site_history_site_idx').on(t.siteId, t.at)],
);

/** Abnormal messages (spec §4 types 1-14), de-duplicated per bike and type while open. */
export const abnormalMessages = pgTable(
  'abnormal_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    abnormalType: smallint('abnormal_type').notNull(),
    brandId: integer('brand_id'),
    bikeId: varchar('bike_id', { length: 32 }),
    siteId: varchar('site_id', { length: 32 }),
    areaId: varchar('area_id', { length: 6 }).notNull(),
    lon: doublePrecision('lon'),
    lat: doublePrecision('lat'),
    detail: text('detail'),
    /** Dedup key while open: bike id, site id, or an order/dispatch id. */
    subject: varchar('subject', { length: 80 }).notNull(),
    /** Type 2 (illegal device): the pile whose scan flagged the device last; its later scans can close it. */
    pileMac: varchar('pile_mac', { length: 32 }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** The condition ended (bike back in a site, returned ...). */
    closedAt: ts('closed_at'),
    /** A person marked it handled. */
    handledAt: ts('handled_at'),
    handledBy: integer('handled_by'),
  },
  (t) => [
    index('abnormal_area_idx').on(t.areaId, t.abnormalType, t.updatedAt),
    uniqueIndex('abnormal_open_uq').on(t.abnormalType, t.subject).where(sql`closed_at is null`),
  ],
);

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
  (t) => [primaryKey({ columns: [t.hour, t.areaId, t.siteId, t.brandId, t.bikeType] }), index('stats_hourly_area_idx').on(t.areaId, t.hour)],
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
 * Per-site totals of whole local days (rolled up from stats_hourly after the day ends), so rankings
 * over a day read one row per site and brand instead of 24.
 */
export const statsSiteDaily = pgTable('stats_site_daily', { day: date('day').notNull(), ...siteTotalColumns() }, (t) => [
  primaryKey({ columns: [t.day, t.areaId, t.siteId, t.brandId] }),
]);

/**
 * Per-site totals of a local month over its rolled-up days (stats_site_daily), rebuilt for the month
 * each time one of its days is rolled up (the watermark is job_runs 'site_days').
 */
export const statsSiteMonthly = pgTable('stats_site_monthly', { month: date('month').notNull(), ...siteTotalColumns() }, (t) => [
  primaryKey({ columns: [t.areaId, t.month, t.siteId, t.brandId] }),
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
