/** Spreadsheet filings (车辆备案导入): the imports, their rows, and one batch's write. */
import type { Database } from '../../db/client.js';
import { brandInAreas } from '../../shared/brands.js';
import { writeFilings, type BikeFiling } from '../../shared/bikeFiling.js';
import type { Indexed } from '../../shared/itemCheck.js';
import { writeSyncLog } from '../../shared/syncLog.js';

/** How long a running import may go without a committed batch before the history calls it cut short. */
const STALE_SECONDS = 120;

export interface ImportRow {
  id: number;
  brandId: number;
  brandName: string | null;
  brandAreaId: string | null;
  brandOperationAreaId: string[] | null;
  areaId: string;
  userId: number;
  userName: string;
  file: string;
  fileName: string;
  fileType: string;
  status: string;
  /** A running import that has not committed a batch for STALE_SECONDS: it was cut short (server stopped). */
  stale: boolean;
  totalRows: number;
  lastRow: number;
  accepted: number;
  rejected: number;
  message: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

const SELECT = `select i.id, i.brand_id as "brandId", b.brand_name as "brandName", b.area_id as "brandAreaId",
         b.operation_area_id as "brandOperationAreaId", i.area_id as "areaId", i.user_id as "userId", i.user_name as "userName",
         i.file, i.file_name as "fileName", i.file_type as "fileType", i.status,
         (i.status = 'running' and i.updated_at < now() - make_interval(secs => ${STALE_SECONDS})) as stale,
         i.total_rows as "totalRows", i.last_row as "lastRow", i.accepted, i.rejected, i.message,
         i.created_at as "createdAt", i.finished_at as "finishedAt"
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
export interface RowResult {
  row: number;
  accepted: boolean;
  bikeId: string | null;
  bikeType: string | null;
  frameCode: string | null;
  imeiCode: string | null;
  licenseCode: string | null;
  bikeMac: string | null;
  reason: string | null;
}

export async function listRows(
  database: Pick<Database, 'query'>,
  importId: number,
  accepted: boolean,
  f: { limit: number; afterRow?: number; offset?: number },
) {
  return database.query<RowResult>(
    `select row_no as row, accepted, bike_id as "bikeId", bike_type as "bikeType", frame_code as "frameCode", imei_code as "imeiCode",
            license_code as "licenseCode", bike_mac as "bikeMac", reason
       from bike_import_rows where import_id = $1 and accepted = $2 and row_no > $3
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
    const col = <K extends keyof RowResult>(k: K) => b.rows.map((r) => r[k]);
    await query(
      `insert into bike_import_rows (import_id, row_no, accepted, bike_id, bike_type, frame_code, imei_code, license_code, bike_mac, reason)
       select $1, u.* from unnest($2::int[], $3::boolean[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[]) as u`,
      [
        b.importId,
        col('row'),
        col('accepted'),
        col('bikeId'),
        col('bikeType'),
        col('frameCode'),
        col('imeiCode'),
        col('licenseCode'),
        col('bikeMac'),
        col('reason'),
      ],
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
