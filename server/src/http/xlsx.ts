/**
 * Streams an .xlsx to the client: rows are pulled page by page (so memory stays flat) and written
 * through exceljs's streaming writer. The file name goes out as RFC 5987 UTF-8.
 */
import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import ExcelJS from 'exceljs';

export interface XlsxColumn<T> {
  header: string;
  width?: number;
  value(row: T): string | number | null | undefined;
}

const MAX_BUFFERED = 4 * 1024 * 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Buffers {
  _readableState?: { length: number };
  _writableState?: { length: number };
}

/** Bytes waiting inside exceljs (sheet buffer, zip stream) and in our stream. */
function buffered(workbook: unknown, sheet: unknown, stream: PassThrough): number {
  const sheetBuf = (sheet as { _stream?: { buffers?: unknown[]; bufSize?: number } })._stream;
  const zip = (workbook as { zip?: Buffers }).zip;
  return (
    (sheetBuf?.buffers?.length ?? 0) * (sheetBuf?.bufSize ?? 65536) +
    (zip?._readableState?.length ?? 0) +
    (zip?._writableState?.length ?? 0) +
    stream.readableLength
  );
}

export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Sends `fileName` (with .xlsx appended when missing) built from `pages`, an async iterator of row
 * arrays. Resolves when the workbook is fully written.
 */
export async function sendXlsx<T>(
  reply: FastifyReply,
  fileName: string,
  sheetName: string,
  columns: XlsxColumn<T>[],
  pages: AsyncIterable<T[]>,
) {
  const name = /\.xlsx$/i.test(fileName) ? fileName : `${fileName}.xlsx`;
  const stream = new PassThrough();
  reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', contentDisposition(name))
    .header('cache-control', 'no-store');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: false, useStyles: true });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c, i) => ({ header: c.header, key: String(i), width: c.width ?? Math.max(10, c.header.length * 2 + 4) }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const done = (async () => {
    for await (const page of pages) {
      for (const row of page) sheet.addRow(columns.map((c) => c.value(row) ?? '')).commit();
      // exceljs buffers the sheet and the zip without backpressure: wait until they have been
      // compressed and taken by the client before pulling the next page, so memory stays flat
      while (buffered(workbook, sheet, stream) > MAX_BUFFERED) {
        if (stream.destroyed) throw new Error('client went away');
        await sleep(5);
      }
    }
    sheet.commit();
    await workbook.commit();
  })();
  done.catch((err) => stream.destroy(err));
  return reply.send(stream);
}

/** Pages of a query by keyset or offset: calls `fetch(offset, limit)` until a short page. */
export async function* paged<T>(fetch: (offset: number, limit: number) => Promise<T[]>, pageSize = 5000): AsyncIterable<T[]> {
  for (let offset = 0; ; offset += pageSize) {
    const rows = await fetch(offset, pageSize);
    if (rows.length) yield rows;
    if (rows.length < pageSize) return;
  }
}
