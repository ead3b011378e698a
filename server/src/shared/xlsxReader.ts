/**
 * Reads the first worksheet of an .xlsx file row by row, as a stream (exceljs' WorkbookReader):
 * the file is read from disk as it is parsed, rows are handed over one at a time and nothing of
 * the sheet is kept, so a 100,000-row file costs about what one row costs. Shared strings are
 * cached (they are the strings of the sheet, once each); inline strings are read in place.
 */
import ExcelJS from 'exceljs';

/** A cell as the reader gives it: text, a number, or nothing. */
export type CellValue = string | number | null;

export interface SheetRow {
  /** The spreadsheet's row number (1 is the first row of the sheet). */
  row: number;
  /** Cells from column A (index 0); missing cells are null. */
  cells: CellValue[];
}

/** The file cannot be read as a workbook (not a zip, a damaged or foreign package). */
export class UnreadableWorkbookError extends Error {
  constructor(cause: unknown) {
    super('文件无法读取：不是有效的 Excel（xlsx）文件，请用模板重新保存后上传');
    this.cause = cause;
  }
}

/** A cell's value as text or number: rich text joined, formulas by their result, dates as ISO text. */
export function cellValue(v: unknown): CellValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') {
    const o = v as { richText?: { text: string }[]; result?: unknown; text?: unknown; error?: unknown };
    if (Array.isArray(o.richText)) return o.richText.map((r) => r.text).join('');
    if ('result' in o) return cellValue(o.result);
    if (typeof o.text === 'string') return o.text;
    if (o.error !== undefined) return String(o.error);
  }
  return String(v as string);
}

/**
 * The rows of the file's first worksheet, in order, empty rows left out. Throws
 * UnreadableWorkbookError when the file is no workbook. Leaving the loop early closes the file.
 */
export async function* readSheetRows(file: string): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  let started = false;
  try {
    for await (const sheet of reader) {
      for await (const r of sheet as unknown as AsyncIterable<ExcelJS.Row>) {
        started = true;
        const values = r.values as unknown[];
        const cells: CellValue[] = [];
        let any = false;
        for (let i = 1; i < values.length; i++) {
          const c = cellValue(values[i]);
          cells.push(c);
          if (c !== null && c !== '') any = true;
        }
        if (any) yield { row: r.number, cells };
      }
      return; // the first worksheet only
    }
  } catch (err) {
    if (!started) throw new UnreadableWorkbookError(err);
    throw err;
  }
}
