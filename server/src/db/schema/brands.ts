/** Enterprises (brands), their quotas, the areas' caps and the open-API credentials of operators and pile gateways (issue 3). */
import { integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { areas } from './areas.js';
import { ts } from './columns.js';

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
    areaId: varchar('area_id', { length: 6 })
      .notNull()
      .references(() => areas.id),
    launchArea: jsonb('launch_area')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    operationAreaId: jsonb('operation_area_id')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
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
  (t) => [
    uniqueIndex('brands_account_live_uq')
      .on(t.brandAccount)
      .where(sql`deleted_at is null`),
  ],
);

/** An area's own cap on bikes (区域总量上限), set by its regulator beside the enterprises' quotas. */
export const areaCaps = pgTable('area_caps', {
  areaId: varchar('area_id', { length: 6 })
    .primaryKey()
    .references(() => areas.id),
  bikeCap: integer('bike_cap').notNull().default(0),
  ebikeCap: integer('ebike_cap').notNull().default(0),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedBy: integer('updated_by'),
});

/** Approved quantities per brand and area (bicycles, e-bikes). */
export const brandQuotas = pgTable(
  'brand_quotas',
  {
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    areaId: varchar('area_id', { length: 6 })
      .notNull()
      .references(() => areas.id),
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
  areaId: varchar('area_id', { length: 6 })
    .notNull()
    .references(() => areas.id),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Maintainers of an enterprise (运维人员): name, phone (unique within the enterprise), the area they look after. */
export const maintainers = pgTable(
  'maintainers',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    maintainName: varchar('maintain_name', { length: 32 }).notNull(),
    maintainPhone: varchar('maintain_phone', { length: 20 }).notNull(),
    manageArea: varchar('manage_area', { length: 6 })
      .notNull()
      .references(() => areas.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('maintainers_brand_phone_uq').on(t.brandId, t.maintainPhone)],
);
