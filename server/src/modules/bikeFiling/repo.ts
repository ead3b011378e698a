/** Spreadsheet filings (车辆备案导入): the imports, their rows, and one batch's write. */
import type { Static } from 'typebox';
import type { Database } from '../../db/client.js';
import { selectList, type Columns } from '../../db/columns.js';
import { brandInAreas } from '../../shared/brands.js';
import { writeFilings, type BikeFiling } from '../../shared/bikeFiling.js';
import type { Indexed } from '../../shared/itemCheck.js';
import { writeSyncLog } from '../../shared/syncLog.js';
import type { ImportItem, RowItem } from './schemas.js';

/** How long a running import may go without a committed batch before the history calls it cut short. */
const STALE_SECONDS = 120;

/** An import's row: the history item's stored fields, the brand's name and areas, who and what, the status as stored, the times. */
export type ImportRow = Pick<
  Static<typeof ImportItem>,
  'id' | 'brandId' | 'userName' | 'fileType' | 'fileName' | 'totalRows' | 'lastRow' | 'accepted' | 'rejected' | 'message'
> & {
  brandName: string | null;
  brandAreaId: string | null;
  brandOperationAreaId: string[] | null;
  areaId: string;
  userId: number;
  file: string;
  status: string;
  /** A running import that has not committed a batch for STALE_SECONDS: it was cut short (server stopped). */
  stale: boolean;
  createdAt: Date;
  finishedAt: Date | null;
};

/** An import's fields of bike_imports, by their key. */
const IMPORT_COLUMNS = {
  id: 'id',
  brandId: 'brand_id',
  areaId: 'area_id',
  userId: 'user_id',
  userName: 'user_name',
  file: 'file',
  fileName: 'file_name',
  fileType: 'file_type',
  status: 'status',
  totalRows: 'total_rows',
  lastRow: 'last_row',
  accepted: 'accepted',
  rejected: 'rejected',
  message: 'message',
  createdAt: 'created_at',
  finishedAt: 'finished_at',
} satisfies Required<Columns<Omit<ImportRow, 'brandName' | 'brandAreaId' | 'brandOperationAreaId' | 'stale'>>>;

const SELECT = `select ${selectList(IMPORT_COLUMNS, 'i')}, b.brand_name as "brandName", b.area_id as "brandAreaId",
         b.operation_area_id as "brandOperationAreaId",
         (i.status = 'running' and i.updated_at < now() - make_interval(secs => ${STALE_SECONDS})) as stale
    from bike_imports i left join brands b on b.id = i.brand_id`;

export async function createImport(
  database: Pick<Database, 'query'>,
  v: { brandId: number; areaId: string; userId: number; userName: string; file: string; fileName: string; fileType: string },
): Promise<number> {
  const [row] = await database.query<{ id: number }>(
    `insert into bike_imports (brand_id, area_id, user_id, user_name, file, file_name, file_type)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [v.brandId, v.areaId, v.userId, v.userName.slice(0, 64), v.file, v.fileName.slice(0, 255), v.fileType],
  );
  return row.id;
}

export async function findImport(database: Pick<Database, 'query'>, id: number): Promise<ImportRow | undefined> {
  const [row] = await database.query<ImportRow>(`${SELECT} where i.id = $1`, [id]);
  return row;
}

/** Is another import of this brand still running (and not cut short)? */
export async function runningImportOf(database: Pick<Database, 'query'>, brandId: number): Promise<number | null> {
  const [row] = await database.query<{ id: number }>(
    `select id from bike_imports where brand_id = $1 and status = 'running' and updated_at >= now() - make_interval(secs => ${STALE_SECONDS}) limit 1`,
    [brandId],
  );
  return row?.id ?? null;
}

/** The history: imports of brands the scope may see, newest first. */
export async function listImports(
  database: Pick<Database, 'query'>,
  f: { areaIds: string[]; brandLimit: number | null; brandId?: number; limit: number; offset: number },
) {
  const where = [brandInAreas('b', 1)];
  const params: unknown[] = [f.areaIds];
  for (const id of [f.brandLimit, f.brandId]) {
    if (id === null || id === undefined) continue;
    params.push(id);
    where.push(`i.brand_id = $${params.length}`);
  }
  const cond = where.join(' and ');
  const [{ total }] = await database.query<{ total: number }>(
    `select count(*)::int as total from bike_imports i join brands b on b.id = i.brand_id where ${cond}`,
    params,
  );
  const rows = await database.query<ImportRow>(`${SELECT} where ${cond} order by i.id desc limit $${params.length + 1} offset $${params.length + 2}`, [
    ...params,
    f.limit,
    f.offset,
  ]);
  return { rows, total };
}

/** A data row as it was in the file (text), with what became of it. */
export type RowResult = Static<typeof RowItem> & { accepted: boolean };

/** A data row's fields of bike_import_rows, by their key, and each one's type (the batch's unnest). */
const ROW_COLUMNS = {
  row: 'row_no',
  accepted: 'accepted',
  bikeId: 'bike_id',
  bikeType: 'bike_type',
  frameCode: 'frame_code',
  imeiCode: 'imei_code',
  licenseCode: 'license_code',
  bikeMac: 'bike_mac',
  reason: 'reason',
} satisfies Required<Columns<RowResult>>;
const ROW_KEYS = Object.keys(ROW_COLUMNS) as (keyof RowResult)[];
const rowType = (k: keyof RowResult) => (k === 'row' ? 'int' : k === 'accepted' ? 'boolean' : 'text');

export async function listRows(
  database: Pick<Database, 'query'>,
  importId: number,
  accepted: boolean,
  f: { limit: number; afterRow?: number; offset?: number },
) {
  return database.query<RowResult>(
    `select ${selectList(ROW_COLUMNS, 'r')}
       from bike_import_rows r where import_id = $1 and accepted = $2 and row_no > $3
      order by row_no limit $4 offset $5`,
    [importId, accepted, f.afterRow ?? 0, f.limit, f.offset ?? 0],
  );
}

/**
 * One batch of an import, in one transaction: the valid rows filed exactly as the open API files
 * them (shared/bikeFiling.ts), the rows another brand filed turned into refusals, every row kept
 * with its outcome, a bikeSync log entry as the open API writes one per call, and the import's
 * counters, so that what the history says was filed is what was filed.
 */
export async function fileBatch(
  database: Database,
  b: { importId: number; brandId: number; valid: Indexed<BikeFiling>[]; rows: RowResult[]; lastRow: number; startedAt: number },
) {
  return database.tx(async (query) => {
    const q = { query };
    const refused = b.valid.length ? await writeFilings(q, b.brandId, b.valid) : [];
    const byRow = new Map(b.rows.map((r) => [r.row, r]));
    for (const r of refused) {
      const row = byRow.get(r.index)!;
      row.accepted = false;
      row.reason = r.reason;
    }
    const accepted = b.rows.filter((r) => r.accepted).length;
    const rejected = b.rows.length - accepted;
    await query(
      `insert into bike_import_rows (import_id, ${Object.values(ROW_COLUMNS).join(', ')})
       select $1, u.* from unnest(${ROW_KEYS.map((k, i) => `$${i + 2}::${rowType(k)}[]`).join(', ')}) as u`,
      [b.importId, ...ROW_KEYS.map((k) => b.rows.map((r) => r[k]))],
    );
    await writeSyncLog(
      q,
      { brandId: b.brandId, gatewayId: null },
      {
        kind: 'bike',
        endpoint: `表格导入 #${b.importId}`,
        itemCount: b.rows.length,
        accepted,
        rejected: b.rows.filter((r) => !r.accepted).map((r) => ({ index: r.row - 1, id: r.bikeId?.slice(0, 64) ?? null, reason: r.reason ?? '' })),
        startedAt: b.startedAt,
      },
    );
    await query(
      `update bike_imports set accepted = accepted + $2, rejected = rejected + $3, total_rows = total_rows + $4, last_row = $5, updated_at = now()
        where id = $1`,
      [b.importId, accepted, rejected, b.rows.length, b.lastRow],
    );
    return { accepted, rejected };
  });
}

/** The import ends: done, or failed with the reason (what was filed before stays, and is counted). */
export async function finishImport(database: Pick<Database, 'query'>, id: number, status: 'done' | 'failed', message: string | null) {
  await database.query(`update bike_imports set status = $2, message = $3, finished_at = now(), updated_at = now() where id = $1`, [
    id,
    status,
    message?.slice(0, 255) ?? null,
  ]);
}

/** Keeps a running import from looking cut short while it waits or reads (no batch committed yet). */
export async function touchImport(database: Pick<Database, 'query'>, id: number) {
  await database.query(`update bike_imports set updated_at = now() where id = $1 and status = 'running'`, [id]);
}
