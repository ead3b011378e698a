/** Site state and its history, site messages and abnormal messages, written by the snapshot and ingest (issue 3). */
import { bigserial, doublePrecision, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { ts } from './columns.js';

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
    id: bigserial('id', { mode: 'number' }).notNull(),
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
  (t) => [
    primaryKey({ columns: [t.id, t.areaId] }),
    index('site_messages_area_idx').on(t.areaId, t.at, t.id),
    index('site_messages_site_idx').on(t.siteId, t.at),
    index('site_messages_at_brin').using('brin', t.at),
  ],
);

/** A site's counts changed in a snapshot. */
export const siteHistory = pgTable(
  'site_history',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
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
  (t) => [
    primaryKey({ columns: [t.id, t.areaId] }),
    index('site_history_area_idx').on(t.areaId, t.at),
    index('site_history_site_idx').on(t.siteId, t.at),
    index('site_history_at_brin').using('brin', t.at),
  ],
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
    index('abnormal_closed_idx')
      .on(t.closedAt)
      .where(sql`closed_at is not null`),
    uniqueIndex('abnormal_open_uq')
      .on(t.abnormalType, t.subject)
      .where(sql`closed_at is null`),
  ],
);
