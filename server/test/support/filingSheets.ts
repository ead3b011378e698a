/** Spreadsheets for the bike filing tests: .xlsx bytes from rows, written by our streaming writer or by exceljs (shared strings). */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { XlsxWriter } from '../../src/shared/xlsxWriter.js';

export type Cell = string | number | null;

/** Inline-string workbook (as the server's own exports are written). */
export async function sheetBytes(rows: Cell[][]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((r) => out.on('end', r));
  const [header = [], ...data] = rows;
  const w = new XlsxWriter(out, { sheetName: '车辆', columns: header.map((h) => ({ header: String(h ?? ''), width: 16 })) });
  await w.start();
  for (const r of data) {
    const p = w.addRow(r);
    if (p) await p;
  }
  await w.finish();
  await ended;
  return Buffer.concat(chunks);
}

/** Shared-string workbook, as Excel and WPS save them. */
export async function excelBytes(rows: Cell[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
