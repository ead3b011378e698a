/** Sites, magnify groups, BLE piles and what the piles hear, matched to bikes by the MAC rules (issue 3). */
import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, smallint, varchar } from 'drizzle-orm/pg-core';
import { areas, type LonLat } from './areas.js';
import { brands } from './brands.js';
import { ts } from './columns.js';

/** Designated parking sites (站点). Centre and fence in GCJ-02. */
export const sites = pgTable(
  'sites',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    areaId: varchar('area_id', { length: 6 })
      .notNull()
      .references(() => areas.id),
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
  areaId: varchar('area_id', { length: 6 })
    .notNull()
    .references(() => areas.id),
  alias: varchar('alias', { length: 64 }).notNull(),
  siteList: jsonb('site_list').$type<string[]>().notNull(),
  factor: doublePrecision('factor').notNull().default(1),
  openSwitch: boolean('open_switch').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** When the group was opened, or its factor or sites changed while open; null: never open. */
  changedAt: ts('changed_at'),
  /** When the snapshot first applied the group's state of changedAt; null: never applied. */
  appliedAt: ts('applied_at'),
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
  (t) => [primaryKey({ columns: [t.equipmentMac, t.at] }), index('pile_power_at_brin').using('brin', t.at)],
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
  brandId: integer('brand_id')
    .notNull()
    .references(() => brands.id, { onDelete: 'cascade' }),
  namePrefix: varchar('name_prefix', { length: 32 }).notNull().default(''),
  nameLength: integer('name_length'),
  bikeIdPrefix: varchar('bike_id_prefix', { length: 32 }).notNull().default(''),
  bikeIdLength: integer('bike_id_length'),
  bikeIdExtractStart: integer('bike_id_extract_start').notNull().default(0),
  bikeIdExtractLength: integer('bike_id_extract_length'),
});
