import { boolean, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { areas } from './areas.js';

/** The permission catalogue: menus and buttons; `parentId` groups buttons under a menu. */
export const permissions = pgTable('permissions', {
  id: integer('id').primaryKey(),
  key: varchar('key', { length: 64 }).notNull().unique(),
  name: varchar('name', { length: 64 }).notNull(),
  parentId: integer('parent_id'),
  sort: integer('sort').notNull().default(0),
});

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  roleName: varchar('role_name', { length: 64 }).notNull(),
  remark: text('remark'),
  /** The area whose administrators manage this role; 000000 for platform roles. */
  areaId: varchar('area_id', { length: 6 })
    .notNull()
    .references(() => areas.id),
  /** Users may apply for this role (site applicants, maintainers, supervisors ...). */
  applicable: boolean('applicable').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 32 }).notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    name: varchar('name', { length: 64 }).notNull().default(''),
    phone: varchar('phone', { length: 20 }),
    company: varchar('company', { length: 128 }),
    areaId: varchar('area_id', { length: 6 })
      .notNull()
      .references(() => areas.id),
    /** 1 enterprise user, 2 area administrator, 3 super administrator. */
    userLevel: smallint('user_level').notNull().default(2),
    siteId: varchar('site_id', { length: 32 }),
    brandId: integer('brand_id'),
    /** 0 usable, 1 banned. */
    status: smallint('status').notNull().default(0),
    /** 0 waiting for audit, 1 approved, 2 rejected. */
    auditStatus: smallint('audit_status').notNull().default(1),
    auditRemark: text('audit_remark'),
    unavailableTime: timestamp('unavailable_time', { withTimezone: true }),
    idcardUrl: text('idcard_url'),
    idcardBackUrl: text('idcard_back_url'),
    creatorId: integer('creator_id'),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Applications (migration 0010): 1 platform account, 2 an applicable role; null: added by an administrator. */
    applyType: smallint('apply_type'),
    applyReason: text('apply_reason'),
    auditUserId: integer('audit_user_id'),
    auditTime: timestamp('audit_time', { withTimezone: true }),
  },
  (t) => [index('users_area_idx').on(t.areaId), index('users_phone_idx').on(t.phone)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

/** Console sessions. Only the SHA-256 of a token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Third-party keys (第三方授权, migration 0010): a read-only key for one area, stored only as its SHA-256 hash. */
export const thirdPartyKeys = pgTable(
  'third_party_keys',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    company: varchar('company', { length: 128 }),
    phone: varchar('phone', { length: 20 }).notNull().unique(),
    areaId: varchar('area_id', { length: 6 })
      .notNull()
      .references(() => areas.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** 0 enabled, 1 revoked. */
    status: smallint('status').notNull().default(0),
    keyHash: varchar('key_hash', { length: 64 }).notNull().unique(),
    keyPrefix: varchar('key_prefix', { length: 16 }).notNull(),
    creatorId: integer('creator_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('third_party_keys_area_idx').on(t.areaId)],
);

/** Registration attempts per client address and fixed window (migration 0018): the limit of POST /api/register across processes. */
export const registerAttempts = pgTable(
  'register_attempts',
  {
    address: varchar('address', { length: 64 }).notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.address, t.windowStart] }), index('register_attempts_window_idx').on(t.windowStart)],
);
