import { index, integer, jsonb, pgTable, real, serial, smallint, text, timestamp, varchar, boolean } from 'drizzle-orm/pg-core';
import type { LonLat } from '../../domain/polygon.js';

export type { LonLat };

/** Administrative areas: 000000 全国, provinces, cities, districts (6-digit codes). */
export const areas = pgTable(
  'areas',
  {
    id: varchar('id', { length: 6 }).primaryKey(),
    parentId: varchar('parent_id', { length: 6 }),
    areaName: varchar('area_name', { length: 64 }).notNull(),
    /** 0 nation, 1 province, 2 city, 3 district. */
    level: smallint('level').notNull(),
    aggregation: smallint('aggregation').notNull().default(0),
    aggregationId: varchar('aggregation_id', { length: 6 }),
    platformCode: varchar('platform_code', { length: 32 }),
    monitorOpen: boolean('monitor_open').notNull().default(false),
    isOpen: boolean('is_open').notNull().default(false),
    /** 公开发布: the area's GBFS feeds are readable without a third-party key (migration 0032). */
    gbfsPublic: boolean('gbfs_public').notNull().default(false),
    /** Operating fence of the area (GCJ-02). */
    gpsRail: jsonb('gps_rail').$type<LonLat[] | null>(),
    fullPileNum: real('full_pile_num').notNull().default(1),
    fullPileName: varchar('full_pile_name', { length: 32 }).notNull().default('满桩值'),
    /** Site parameters new sites of the area take (null: the sites table's default; migration 0011). */
    siteLength: integer('site_length'),
    siteThresholdLess: integer('site_threshold_less'),
    siteThresholdMore: integer('site_threshold_more'),
    siteResponseMinute: integer('site_response_minute'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('areas_parent_idx').on(t.parentId)],
);

/** Extra fences of an area: operating rails ('rail') and entry rails ('entry'). */
export const areaRails = pgTable(
  'area_rails',
  {
    id: serial('id').primaryKey(),
    areaId: varchar('area_id', { length: 6 })
      .notNull()
      .references(() => areas.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 8 }).notNull(),
    name: varchar('name', { length: 64 }).notNull().default(''),
    gpsRail: jsonb('gps_rail').$type<LonLat[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('area_rails_area_idx').on(t.areaId, t.kind)],
);

/** Forbidden zones: type 0 no-parking fence, 1 forbidden zone. */
export const forbidZones = pgTable(
  'forbid_zones',
  {
    id: serial('id').primaryKey(),
    areaId: varchar('area_id', { length: 6 })
      .notNull()
      .references(() => areas.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    alias: varchar('alias', { length: 64 }).notNull(),
    serial: varchar('serial', { length: 32 }),
    fence: jsonb('fence').$type<LonLat[]>().notNull(),
    /** holes (inner rings, closed, each inside the fence): not part of the zone */
    holes: jsonb('holes').$type<LonLat[][]>().notNull().default([]),
    /** switched off: kept and listed, but not used to place reports nor drawn on the big screen */
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('forbid_area_idx').on(t.areaId, t.type)],
);

/**
 * External GBFS feeds an area reads (issue 32 point 4, migration 0034): from a discovery URL (refreshed by
 * its ttl) or from uploaded files; their stations checked and in GCJ-02, kept whole until the next good fetch.
 */
export const externalFeeds = pgTable(
  'external_feeds',
  {
    id: serial('id').primaryKey(),
    areaId: varchar('area_id', { length: 6 })
      .notNull()
      .references(() => areas.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    /** 'url' (a discovery file, refreshed) or 'file' (a station_information + station_status pair uploaded) */
    source: varchar('source', { length: 8 }).notNull(),
    url: text('url'),
    version: varchar('version', { length: 16 }).notNull(),
    ttl: integer('ttl').notNull().default(0),
    stationCount: integer('station_count').notNull().default(0),
    /** domain/gbfsImport.ts ExternalStation[] */
    stations: jsonb('stations').notNull().default([]),
    /** station_status's last_updated */
    dataUpdatedAt: timestamp('data_updated_at', { withTimezone: true }),
    /** the last good fetch (or the upload) */
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
    nextFetchAt: timestamp('next_fetch_at', { withTimezone: true }),
    /** failed fetches since the last good one */
    failures: integer('failures').notNull().default(0),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('external_feeds_area_idx').on(t.areaId)],
);

export const meta = pgTable('meta', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: varchar('value', { length: 256 }).notNull(),
  n: integer('n'),
});
