/** Spreadsheet filings of bikes (车辆备案导入, issue 14): the imports and what became of each row. */
import { boolean, index, integer, pgTable, primaryKey, serial, text, varchar } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

export const bikeImports = pgTable(
  'bike_imports',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id').notNull(),
    /** The area of the user who imported (the history is listed per area scope). */
    areaId: varchar('area_id', { length: 6 }).notNull(),
    userId: integer('user_id').notNull(),
    userName: varchar('user_name', { length: 64 }).notNull(),
    /** The stored upload (shared/uploads.ts, purpose filing). */
    file: varchar('file', { length: 64 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    fileType: varchar('file_type', { length: 16 }).notNull(),
    /** running, done, failed (a running one whose updated_at is old was cut short). */
    status: varchar('status', { length: 12 }).notNull().default('running'),
    totalRows: integer('total_rows').notNull().default(0),
    /** The last spreadsheet row whose batch committed. */
    lastRow: integer('last_row').notNull().default(0),
    accepted: integer('accepted').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    message: varchar('message', { length: 255 }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [index('bike_imports_brand_idx').on(t.brandId, t.id.desc()), index('bike_imports_area_idx').on(t.areaId, t.id.desc())],
);

export const bikeImportRows = pgTable(
  'bike_import_rows',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => bikeImports.id, { onDelete: 'cascade' }),
    rowNo: integer('row_no').notNull(),
    accepted: boolean('accepted').notNull(),
    bikeId: text('bike_id'),
    bikeType: text('bike_type'),
    frameCode: text('frame_code'),
    imeiCode: text('imei_code'),
    licenseCode: text('license_code'),
    bikeMac: text('bike_mac'),
    reason: text('reason'),
  },
  (t) => [primaryKey({ columns: [t.importId, t.accepted, t.rowNo] })],
);
