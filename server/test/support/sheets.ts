/** Spreadsheets in the tests: an .xlsx's first sheet read back as rows, and an export called through app.inject() and read. */
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';

/**
 * `pad`: every row as wide as the sheet (its column count), an empty cell read as `pad`. Without it
 * a row is exceljs's values from column A: holes for empty cells, nothing after the row's last cell.
 */
interface ReadOptions<C> {
  pad: NoInfer<C>;
}

/** The first sheet of an .xlsx: its rows (header first) and its name. */
export async function readSheet<C = unknown>(bytes: Buffer, opts?: ReadOptions<C>): Promise<{ rows: C[][]; name: string }> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0];
  const rows: C[][] = [];
  sheet.eachRow((row) =>
    rows.push(opts ? Array.from({ length: sheet.columnCount }, (_, i) => (row.getCell(i + 1).value as C | null) ?? opts.pad) : (row.values as C[]).slice(1)),
  );
  return { rows, name: sheet.name };
}

/** The rows of an .xlsx's first sheet, unpadded. */
export async function readBack(bytes: Buffer): Promise<unknown[][]> {
  return (await readSheet(bytes)).rows;
}

interface ExportCall {
  method: 'GET' | 'POST';
  url: string;
  /** Values sent as strings. */
  query?: Record<string, unknown>;
  payload?: Record<string, unknown>;
  /** Sent as a Bearer token when given. */
  token?: string | null;
}

/**
 * Calls an export. A spreadsheet answer: `json` null, the first sheet's rows (header first), the
 * Content-Disposition and the sheet's name. Any other answer: its JSON in `json`, no rows, '' for the rest.
 */
export async function exportSheet<C = unknown>(app: FastifyInstance, call: ExportCall, opts?: ReadOptions<C>) {
  const res = await app.inject({
    method: call.method,
    url: call.url,
    query: Object.fromEntries(Object.entries(call.query ?? {}).map(([k, v]) => [k, String(v)])),
    payload: call.payload,
    headers: call.token ? { authorization: `Bearer ${call.token}` } : {},
  });
  const base = { status: res.statusCode, type: String(res.headers['content-type']) };
  if (!base.type.includes('spreadsheetml')) return { ...base, json: res.json() as any, rows: [] as C[][], disposition: '', sheet: '' };
  const { rows, name } = await readSheet(res.rawPayload, opts);
  return { ...base, json: null, rows, disposition: String(res.headers['content-disposition']), sheet: name };
}
