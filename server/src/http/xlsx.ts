/**
 * Streams an .xlsx to the client: rows are pulled page by page and written through our own
 * streaming writer (xlsxWriter.ts) with real backpressure, so memory stays flat and a client that
 * goes away stops the export (and the paging). The file name goes out as RFC 5987 UTF-8.
 */
import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { XlsxWriter } from '../shared/xlsxWriter.js';

export interface XlsxColumn<T> {
  header: string;
  width?: number;
  value(row: T): string | number | null | undefined;
}

export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Default column width: room for the (wide, Chinese) header. */
const columnWidth = (c: { header: string; width?: number }) => c.width ?? Math.max(10, c.header.length * 2 + 4);

/**
 * Sends `fileName` (with .xlsx appended when missing) built from `pages`, an async iterator of row
 * arrays (or of any iterables: a page may make its rows as they are taken, so a written row is
 * garbage at once). The workbook is written in the background while the client reads it.
 */
export async function sendXlsx<T>(reply: FastifyReply, fileName: string, sheetName: string, columns: XlsxColumn<T>[], pages: AsyncIterable<Iterable<T>>) {
  const name = /\.xlsx$/i.test(fileName) ? fileName : `${fileName}.xlsx`;
  // the first page is read before anything is sent: a query that fails (a value the database
  // refuses, a bad filter) answers an error the client can show, not a truncated file (issue 16)
  const iterator = pages[Symbol.asyncIterator]();
  const first = await iterator.next();
  const stream = new PassThrough({ highWaterMark: 256 * 1024 });
  reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', contentDisposition(name))
    .header('cache-control', 'no-store');
  const writer = new XlsxWriter(stream, { sheetName, columns: columns.map((c) => ({ header: c.header, width: columnWidth(c) })) });
  const n = columns.length;
  const values: (string | number | null | undefined)[] = new Array(n);
  (async () => {
    await writer.start();
    // leaving the loop by a throw (client gone, query failed) closes the page iterator too
    try {
      for (let page = first; !page.done; page = await iterator.next()) {
        for (const row of page.value) {
          for (let i = 0; i < n; i++) values[i] = columns[i].value(row);
          const p = writer.addRow(values);
          if (p) await p;
        }
      }
    } catch (err) {
      await iterator.return?.();
      throw err;
    }
    await writer.finish();
    // a later page failing destroys the stream with the error, which Fastify logs (the client sees
    // a cut download); when the client went away the stream is already destroyed and nothing more happens
  })().catch((err: Error) => writer.abort(err));
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
