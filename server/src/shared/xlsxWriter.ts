/**
 * A minimal streaming .xlsx writer: one worksheet of inline strings and numbers, a bold header row
 * and column widths (ECMA-376 SpreadsheetML), packed as it goes in the ZIP stream of zipStream.ts
 * (the worksheet is one entry with a data descriptor, deflated while rows arrive, so memory stays
 * flat and backpressure reaches the rows).
 */
import { Writable } from 'node:stream';
import { ZipStream, type ZipEntryWriter, type ZipOptions } from './zipStream.js';

export type CellValue = string | number | boolean | null | undefined;

export interface SheetColumn {
  header: string;
  /** Width in characters. */
  width: number;
}

const NS_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const NS_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const NS_PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/** Excel's limit on the characters of one cell. */
const MAX_CELL_CHARS = 32767;

/** Characters that are not allowed in XML 1.0 (lone surrogates included). */
const INVALID_XML = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
/** Anything that sends text down the slow path: markup, control and surrogate code units, '_'. */
const NEEDS_WORK = /[<>&"'_\x00-\x08\x0B\x0C\x0E-\x1F\uD800-\uDFFF\uFFFE\uFFFF]/;
const ESCAPES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' };

/**
 * Text made safe for XML element content or attribute values: characters invalid in XML 1.0 are
 * dropped, markup characters escaped, and a literal `_xHHHH_` protected as `_x005F_xHHHH_`
 * (SpreadsheetML reads `_xHHHH_` as an escaped character).
 */
export function xmlText(s: string): string {
  if (!NEEDS_WORK.test(s)) return s;
  return s
    .replace(INVALID_XML, '')
    .replace(/[<>&"']/g, (c) => ESCAPES[c])
    .replace(/_(?=x[0-9A-Fa-f]{4}_)/g, '_x005F_');
}

/** Column letters: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let s = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** A sheet name Excel accepts: no []:*?/\, no leading or trailing apostrophe, 1 to 31 characters. */
export function sheetTitle(name: string): string {
  const chars = Array.from(
    name
      .replace(INVALID_XML, '')
      .replace(/[[\]:*?/\\]/g, '_')
      .replace(/^'+|'+$/g, ''),
  );
  return chars.slice(0, 31).join('').trim() || 'Sheet1';
}

function cutToCellLimit(s: string): string {
  if (s.length <= MAX_CELL_CHARS) return s;
  let end = MAX_CELL_CHARS;
  const c = s.charCodeAt(end - 1);
  if (c >= 0xd800 && c <= 0xdbff) end--; // do not split a surrogate pair
  return s.slice(0, end);
}

const CONTENT_TYPES =
  DECL +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '</Types>';

const ROOT_RELS =
  DECL + `<Relationships xmlns="${NS_PKG_REL}">` + `<Relationship Id="rId1" Type="${NS_REL}/officeDocument" Target="xl/workbook.xml"/>` + '</Relationships>';

const WORKBOOK_RELS =
  DECL +
  `<Relationships xmlns="${NS_PKG_REL}">` +
  `<Relationship Id="rId1" Type="${NS_REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${NS_REL}/styles" Target="styles.xml"/>` +
  '</Relationships>';

/** Style 0: default; style 1: bold (the header row). Fills 0 and 1 are the two Excel requires. */
const STYLES =
  DECL +
  `<styleSheet xmlns="${NS_MAIN}">` +
  '<fonts count="2">' +
  '<font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
  '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
  '</fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="2">' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '</cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

const workbookXml = (title: string) =>
  DECL +
  `<workbook xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">` +
  '<bookViews><workbookView/></bookViews>' +
  `<sheets><sheet name="${xmlText(title)}" sheetId="1" r:id="rId1"/></sheets>` +
  '</workbook>';

export interface XlsxWriterOptions extends ZipOptions {
  sheetName: string;
  columns: SheetColumn[];
  /** Characters of XML gathered before they are handed to zlib. */
  chunkChars?: number;
}

/**
 * One-sheet workbook written to `out` as rows come: `await start()`, then `addRow()` for each row
 * (await the promise it returns, if any), then `await finish()`, which ends `out`.
 */
export class XlsxWriter {
  private readonly zip: ZipStream;
  private readonly refs: string[];
  private readonly chunkChars: number;
  private sheet: ZipEntryWriter | null = null;
  private pending = '';
  private row = 0;

  constructor(
    private readonly out: Writable,
    private readonly opts: XlsxWriterOptions,
  ) {
    this.zip = new ZipStream(out, opts);
    this.refs = opts.columns.map((_, i) => columnName(i));
    this.chunkChars = opts.chunkChars ?? 128 * 1024;
  }

  /** Rows written, the header included. */
  get rows() {
    return this.row;
  }

  async start() {
    await this.zip.addFile('[Content_Types].xml', CONTENT_TYPES);
    await this.zip.addFile('_rels/.rels', ROOT_RELS);
    await this.zip.addFile('xl/workbook.xml', workbookXml(sheetTitle(this.opts.sheetName)));
    await this.zip.addFile('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
    await this.zip.addFile('xl/styles.xml', STYLES);
    this.sheet = await this.zip.openEntry('xl/worksheets/sheet1.xml');
    const cols = this.opts.columns
      .map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${Number.isFinite(c.width) && c.width > 0 ? Math.min(c.width, 255) : 10}" customWidth="1"/>`)
      .join('');
    this.pending =
      DECL +
      `<worksheet xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">` +
      // the header row stays in view while scrolling
      '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
      '<sheetFormatPr defaultRowHeight="15"/>' +
      (cols ? `<cols>${cols}</cols>` : '') +
      '<sheetData>';
    const p = this.addRow(
      this.opts.columns.map((c) => c.header),
      1,
    );
    if (p) await p;
  }

  /**
   * Appends a row (cells in column order; null, undefined and '' leave the cell empty). Returns a
   * promise when the gathered XML was handed on: await it before the next row (backpressure).
   */
  addRow(values: readonly CellValue[], style = 0): Promise<void> | undefined {
    if (!this.sheet) throw new Error('xlsx: start() first, and no rows after finish()');
    const r = ++this.row;
    const s = style ? ` s="${style}"` : '';
    let xml = `<row r="${r}">`;
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (v === null || v === undefined || v === '') continue;
      const ref = (this.refs[i] ?? columnName(i)) + r;
      if (typeof v === 'number') {
        xml += Number.isFinite(v) ? `<c r="${ref}"${s}><v>${v}</v></c>` : `<c r="${ref}"${s} t="inlineStr"><is><t>${v}</t></is></c>`;
      } else if (typeof v === 'boolean') {
        xml += `<c r="${ref}"${s} t="b"><v>${v ? 1 : 0}</v></c>`;
      } else {
        const text = xmlText(cutToCellLimit(String(v)));
        const first = text.charCodeAt(0);
        const last = text.charCodeAt(text.length - 1);
        const space = first <= 32 || last <= 32 ? ' xml:space="preserve"' : '';
        xml += `<c r="${ref}"${s} t="inlineStr"><is><t${space}>${text}</t></is></c>`;
      }
    }
    this.pending += xml + '</row>';
    if (this.pending.length >= this.chunkChars) return this.flush();
    return undefined;
  }

  private flush(): Promise<void> {
    const data = Buffer.from(this.pending, 'utf8');
    this.pending = '';
    return this.sheet!.write(data);
  }

  /** Closes the sheet, writes the ZIP directory and ends `out`. */
  async finish() {
    if (!this.sheet) throw new Error('xlsx: start() first');
    this.pending += '</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>';
    await this.flush();
    const sheet = this.sheet;
    this.sheet = null;
    await sheet.end();
    await this.zip.finish();
    await new Promise<void>((resolve, reject) => {
      this.out.end((err?: Error | null) => (err ? reject(err) : resolve()));
    });
  }

  /** Stops writing after a failure: the open deflate is released and `out` destroyed with `err`. */
  abort(err: Error) {
    this.sheet?.abort();
    this.sheet = null;
    this.pending = '';
    if (!this.out.destroyed) this.out.destroy(err);
  }
}
