/**
 * 车辆备案导入: a brand's bikes filed from an .xlsx, row by row with the open API's own check and
 * write (shared/bikeFiling.ts). The request checks the file's header and answers at once; the rows
 * are filed by a job in batches of the open API's size, each batch in its own transaction (with its
 * rows' outcomes and the import's counters), so no unit of work is held for the import and the
 * server keeps answering between batches. An import cut short (the server stopped) keeps what its
 * committed batches filed, and the history says so.
 */
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Static } from 'typebox';
import type { Database } from '../../db/client.js';
import { formatTime } from '../../domain/time.js';
import type { Auth } from '../../http/auth.js';
import { badRequest, forbidden } from '../../http/envelope.js';
import { checkFiling, type BikeFiling } from '../../shared/bikeFiling.js';
import { readableBrand } from '../../shared/brands.js';
import { fail, unstorable, type Indexed } from '../../shared/itemCheck.js';
import { attachUploads, findUpload, isFileName, uploadDir, urlOf } from '../../shared/uploads.js';
import { readSheetRows, UnreadableWorkbookError } from '../../shared/xlsxReader.js';
import * as repo from './repo.js';
import type { ImportItem } from './schemas.js';
import { columnReason, mapHeader, rowText, toItem, type FilingField } from './sheet.js';

/** Rows per batch: the open API's largest batch. */
const BATCH_ROWS = 5000;

const UNUSABLE = '参数 file 不是可用的车辆备案表格，请重新上传';

/** The header and at least one data row, read from the stored file before anything is recorded. */
async function checkSheet(file: string) {
  let header = true;
  try {
    for await (const r of readSheetRows(file)) {
      if (header) {
        const h = mapHeader(r.cells);
        if (!h.ok) throw badRequest(h.reason);
        header = false;
        continue;
      }
      return; // a data row: the file will do (leaving the loop closes it)
    }
  } catch (err) {
    if (err instanceof UnreadableWorkbookError) throw badRequest(err.message);
    throw err;
  }
  throw badRequest(header ? '表格是空的：第一个工作表没有任何内容，请按模板填写后上传' : '表格中没有车辆数据：表头下方至少填写一行车辆');
}

/**
 * Starts an import of `file` (an upload of purpose filing, the caller's, not yet used) for the
 * brand: refuses a brand the caller may not see, a file that is no workbook, wrong headers, an
 * empty sheet, and a second import of a brand while one runs. Answers the import's id; the job
 * files the rows after the answer (FilingJobs).
 */
export async function startImport(database: Database, dataDir: string, auth: Auth, input: { brandId: number; file: string }) {
  if (!auth.ownsBrand(input.brandId)) throw forbidden('企业账号只能为本企业备案车辆');
  if (!isFileName(input.file) || !input.file.endsWith('.xlsx')) throw badRequest(UNUSABLE);
  // read before the first statement: checking the header holds no transaction
  await checkSheet(path.join(uploadDir(dataDir), input.file));
  const brand = await readableBrand(database, auth, input.brandId);
  const upload = await findUpload(database, input.file);
  if (!upload || upload.purpose !== 'filing' || upload.ownerId !== null || upload.uploaderId !== auth.user.id) throw badRequest(UNUSABLE);
  const running = await repo.runningImportOf(database, brand.brandId);
  if (running) throw badRequest(`${brand.brandName} 有一个导入正在进行（记录 ${running}），请等待它完成后再导入`);
  const id = await repo.createImport(database, {
    brandId: brand.brandId,
    areaId: auth.areaId,
    userId: auth.user.id,
    userName: auth.user.name || auth.user.username,
    file: upload.file,
    fileName: upload.originalName,
    fileType: 'xlsx',
  });
  await attachUploads(database, auth, 'filing', id, [upload.file], 'file');
  return id;
}

/** An import the caller may see (its brand readable): code 400 when missing, 5002 when not theirs. */
export async function readableImport(database: Database, auth: Auth, id: number) {
  const row = await repo.findImport(database, id);
  if (!row) throw badRequest('导入记录不存在，请刷新后重试');
  if (!mayReadImport(auth, row)) throw forbidden('无权查看该企业的导入记录');
  return row;
}

function mayReadImport(auth: Auth, row: repo.ImportRow) {
  if (row.brandAreaId === null) return false;
  return auth.canSeeBrand({ brandId: row.brandId, areaId: row.brandAreaId, operationAreaId: row.brandOperationAreaId ?? [] });
}

/** May `auth` read the stored file of import `id` (the uploads module asks when it is fetched). */
export async function mayReadFile(database: Database, auth: Auth, id: number) {
  const row = await repo.findImport(database, id);
  return !!row && mayReadImport(auth, row);
}

const STATUS_TEXT = { running: '导入中', done: '已完成', failed: '失败', interrupted: '已中断' } as const;

export function toItemOut(r: repo.ImportRow, tz: string): Static<typeof ImportItem> {
  const status = r.status === 'running' ? (r.stale ? 'interrupted' : 'running') : r.status === 'done' ? 'done' : 'failed';
  const message =
    status === 'interrupted'
      ? `导入中断：已处理至第 ${r.lastRow} 行，其中已备案 ${r.accepted} 行、拒绝 ${r.rejected} 行；其后的行未处理，可重新导入该文件（已备案的车辆按更新处理）`
      : r.message;
  return {
    id: r.id,
    brandId: r.brandId,
    brandName: r.brandName ?? `企业 ${r.brandId}`,
    userName: r.userName,
    fileType: r.fileType,
    fileName: r.fileName,
    fileUrl: urlOf(r.file),
    createTime: formatTime(r.createdAt, tz)!,
    finishTime: formatTime(r.finishedAt, tz),
    status: status as keyof typeof STATUS_TEXT,
    statusText: STATUS_TEXT[status],
    totalRows: r.totalRows,
    lastRow: r.lastRow,
    accepted: r.accepted,
    rejected: r.rejected,
    message,
  };
}

/** Files one import's rows: read streaming, checked one by one, written batch by batch. */
async function runImport(database: Database, dataDir: string, id: number, stopping: () => boolean) {
  const imp = await repo.findImport(database, id);
  if (!imp || imp.status !== 'running') return;
  await repo.touchImport(database, id);
  let at: Partial<Record<FilingField, number>> | null = null;
  const firstRow = new Map<string, number>();
  let rows: repo.RowResult[] = [];
  let valid: Indexed<BikeFiling>[] = [];
  let startedAt = performance.now();
  let lastRow = 0;
  const flush = async () => {
    if (!rows.length) return;
    await repo.fileBatch(database, { importId: id, brandId: imp.brandId, valid, rows, lastRow, startedAt });
    rows = [];
    valid = [];
    // let other requests in between batches
    await new Promise((r) => setImmediate(r));
    startedAt = performance.now();
  };
  try {
    for await (const r of readSheetRows(path.join(uploadDir(dataDir), imp.file))) {
      if (stopping()) return; // left running: the history shows it cut short after its committed batches
      if (!at) {
        const h = mapHeader(r.cells);
        if (!h.ok) throw new Error(h.reason);
        at = h.at;
        continue;
      }
      const item = toItem(r.cells, at);
      const bad = unstorable(item);
      const c = bad ? fail(bad) : checkFiling(item);
      let reason: string | null = null;
      if (!c.ok) reason = columnReason(c.reason);
      else {
        const first = firstRow.get(c.value.bikeId);
        if (first !== undefined) reason = `车辆编号 ${c.value.bikeId} 与第 ${first} 行重复：同一车辆只备案一次`;
        else firstRow.set(c.value.bikeId, r.row);
      }
      rows.push({ row: r.row, accepted: reason === null, ...rowText(r.cells, at), reason });
      if (c.ok && reason === null) valid.push({ index: r.row, value: c.value });
      lastRow = r.row;
      if (rows.length >= BATCH_ROWS) await flush();
    }
    if (stopping()) return;
    await flush();
    const done = await repo.findImport(database, id);
    await repo.finishImport(database, id, 'done', `已备案 ${done?.accepted ?? 0} 行，拒绝 ${done?.rejected ?? 0} 行`);
  } catch (err) {
    if (stopping()) return;
    const done = await repo.findImport(database, id);
    const filed = done ? `；此前已备案 ${done.accepted} 行、拒绝 ${done.rejected} 行（至第 ${done.lastRow} 行）` : '';
    const why = err instanceof UnreadableWorkbookError ? err.message : `导入失败：${(err as Error).message}`;
    await repo.finishImport(database, id, 'failed', `${why}${filed}`.slice(0, 255));
    throw err;
  }
}

/** The imports of one app, one at a time, after their requests answered. stop() waits for the current batch. */
export class FilingJobs {
  private queue: number[] = [];
  private current: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly database: Database,
    private readonly dataDir: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  enqueue(id: number) {
    if (this.stopped) return;
    this.queue.push(id);
    this.current ??= this.drain();
  }

  /** Resolves when the queue is empty (tests wait for their import). */
  idle(): Promise<void> {
    return this.current ?? Promise.resolve();
  }

  private async drain() {
    for (let id = this.queue.shift(); id !== undefined && !this.stopped; id = this.queue.shift()) {
      try {
        await runImport(this.database, this.dataDir, id, () => this.stopped);
      } catch (err) {
        this.log.error({ err, importId: id }, 'bike filing import failed');
      }
    }
    this.current = null;
  }

  async stop() {
    this.stopped = true;
    await this.current;
  }
}

/** The jobs of the app on a database (tests wait for an import: jobsByDatabase.get(database).idle()). */
export const jobsByDatabase = new WeakMap<Database, FilingJobs>();
