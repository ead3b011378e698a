/**
 * A minimal streaming .xlsx writer: one worksheet of inline strings and numbers, a bold header row
 * and column widths (ECMA-376 SpreadsheetML), packed in a ZIP stream (PKWARE APPNOTE) as it goes.
 *
 * The small parts are deflated at once and written with their sizes; the worksheet is deflated
 * while rows arrive and written with a data descriptor (general purpose flag bit 3), so nothing but
 * a chunk of XML and zlib's window is held in memory. Every write honours backpressure: when the
 * output's `write()` returns false the writer waits for `drain`, and it stops with `OutputClosedError`
 * as soon as the output is destroyed (the client went away). ZIP64 is not written: an archive (or the
 * worksheet) reaching 4 GiB is refused with `ZipTooLargeError`.
 */
import { Writable } from 'node:stream';
import zlib from 'node:zlib';

// ---------------------------------------------------------------------------------------------
// ZIP

/** The output was destroyed (client gone) before the archive was complete. */
export class OutputClosedError extends Error {
  constructor() {
    super('xlsx output closed before the file was complete');
    this.name = 'OutputClosedError';
  }
}

/** The archive would need ZIP64 (an entry or offset of 4 GiB or more), which is not written. */
export class ZipTooLargeError extends Error {
  constructor(what: string) {
    super(`${what} reaches 4 GiB: ZIP64 is not supported, narrow the export`);
    this.name = 'ZipTooLargeError';
  }
}

const LIMIT = 0xffffffff;
const FLAG_DESCRIPTOR = 0x0008; // bit 3: crc and sizes follow the data
const FLAG_UTF8 = 0x0800; // bit 11: names are UTF-8
const METHOD_DEFLATE = 8;
const VERSION = 20; // 2.0: deflate

/** Resolves on `drain`; rejects when the stream is destroyed, errors or closes first. */
function drained(s: Writable): Promise<void> {
  if (s.destroyed || s.writableEnded) return Promise.reject(new OutputClosedError());
  return new Promise((resolve, reject) => {
    const off = () => {
      s.off('drain', onDrain);
      s.off('close', onClose);
      s.off('error', onError);
    };
    const onDrain = () => (off(), resolve());
    const onClose = () => (off(), reject(new OutputClosedError()));
    const onError = (err: Error) => (off(), reject(err));
    s.on('drain', onDrain);
    s.on('close', onClose);
    s.on('error', onError);
  });
}

/** MS-DOS time and date (local time, 2-second resolution) of a date. */
function dosDateTime(d: Date) {
  const year = Math.min(Math.max(d.getFullYear(), 1980), 2107);
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1),
    date: ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

interface CentralEntry {
  name: Buffer;
  flags: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

export interface ZipOptions {
  /** zlib level, 1 (fast) to 9 (small); default 3: nearly level 6’s size for half its time. */
  level?: number;
  /** Modification time written for every entry (default: now). */
  date?: Date;
}

/** Writes a ZIP archive to `out`, entry after entry. Call `finish()` once, then end `out` yourself. */
export class ZipStream {
  private offset = 0;
  private readonly entries: CentralEntry[] = [];
  private readonly level: number;
  private readonly stamp: { time: number; date: number };
  private open: zlib.DeflateRaw | null = null;
  private finished = false;

  constructor(private readonly out: Writable, opts: ZipOptions = {}) {
    this.level = opts.level ?? 3;
    this.stamp = dosDateTime(opts.date ?? new Date());
    // the client went away: stop a deflate in flight so its writer's wait rejects
    out.once('close', () => {
      if (!this.finished) this.open?.destroy(new OutputClosedError());
    });
  }

  /** Bytes written so far. */
  get bytes() {
    return this.offset;
  }

  private async put(buf: Buffer) {
    if (this.out.destroyed) throw new OutputClosedError();
    this.advance(buf.length);
    if (!this.out.write(buf)) await drained(this.out);
  }

  private advance(n: number) {
    this.offset += n;
    if (this.offset >= LIMIT) throw new ZipTooLargeError('the archive');
  }

  private localHeader(name: Buffer, flags: number, crc: number, compressed: number, size: number) {
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(VERSION, 4);
    h.writeUInt16LE(flags, 6);
    h.writeUInt16LE(METHOD_DEFLATE, 8);
    h.writeUInt16LE(this.stamp.time, 10);
    h.writeUInt16LE(this.stamp.date, 12);
    h.writeUInt32LE(crc >>> 0, 14);
    h.writeUInt32LE(compressed, 18);
    h.writeUInt32LE(size, 22);
    h.writeUInt16LE(name.length, 26);
    h.writeUInt16LE(0, 28); // extra field length
    return Buffer.concat([h, name]);
  }

  /** A whole entry known in advance: deflated at once, sizes in the local header. */
  async addFile(fileName: string, data: string | Buffer) {
    if (this.open) throw new Error('zip: an entry is still open');
    const raw = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    if (raw.length >= LIMIT) throw new ZipTooLargeError(fileName);
    const packed = zlib.deflateRawSync(raw, { level: this.level });
    if (packed.length >= LIMIT) throw new ZipTooLargeError(fileName);
    const name = Buffer.from(fileName, 'utf8');
    const crc = zlib.crc32(raw) >>> 0;
    const entry: CentralEntry = { name, flags: FLAG_UTF8, crc, compressed: packed.length, size: raw.length, offset: this.offset };
    await this.put(this.localHeader(name, entry.flags, crc, packed.length, raw.length));
    await this.put(packed);
    this.entries.push(entry);
  }

  /**
   * An entry of unknown length: returns its writer. `write()` resolves once the data may be given
   * more (backpressure of both zlib and the output), `end()` once the data descriptor is written.
   */
  async openEntry(fileName: string): Promise<ZipEntryWriter> {
    if (this.open) throw new Error('zip: an entry is still open');
    const name = Buffer.from(fileName, 'utf8');
    const entry: CentralEntry = { name, flags: FLAG_UTF8 | FLAG_DESCRIPTOR, crc: 0, compressed: 0, size: 0, offset: this.offset };
    await this.put(this.localHeader(name, entry.flags, 0, 0, 0));
    // a roomy input buffer lets the next chunk of XML be built while zlib (off the main thread) works
    const deflate = zlib.createDeflateRaw({ level: this.level, chunkSize: 64 * 1024, writableHighWaterMark: 1 << 20 } as zlib.ZlibOptions);
    this.open = deflate;
    let failure: Error | null = null;
    deflate.on('error', (err) => (failure ??= err));
    deflate.on('data', (chunk: Buffer) => {
      if (failure) return;
      entry.compressed += chunk.length;
      try {
        this.advance(chunk.length);
      } catch (err) {
        deflate.destroy(err as Error);
        return;
      }
      if (this.out.destroyed) {
        deflate.destroy(new OutputClosedError());
        return;
      }
      if (!this.out.write(chunk)) {
        // pause zlib's output until the client has taken ours
        deflate.pause();
        drained(this.out).then(
          () => deflate.resume(),
          (err: Error) => deflate.destroy(err),
        );
      }
    });
    const ended = new Promise<void>((resolve, reject) => {
      deflate.once('end', resolve);
      deflate.once('close', () => reject(failure ?? new OutputClosedError()));
    });
    ended.catch(() => {}); // observed in end()

    return {
      write: async (data: Buffer) => {
        if (failure) throw failure;
        entry.crc = zlib.crc32(data, entry.crc);
        entry.size += data.length;
        if (entry.size >= LIMIT) {
          deflate.destroy();
          throw new ZipTooLargeError(fileName);
        }
        if (!deflate.write(data)) await drained(deflate).catch((err) => Promise.reject(failure ?? err));
      },
      end: async () => {
        if (failure) throw failure;
        deflate.end();
        await ended;
        this.open = null;
        entry.crc >>>= 0;
        const d = Buffer.alloc(16);
        d.writeUInt32LE(0x08074b50, 0);
        d.writeUInt32LE(entry.crc, 4);
        d.writeUInt32LE(entry.compressed, 8);
        d.writeUInt32LE(entry.size, 12);
        await this.put(d);
        this.entries.push(entry);
      },
      abort: () => {
        this.open = null;
        deflate.destroy();
      },
    };
  }

  /** Writes the central directory and its end record. */
  async finish() {
    if (this.open) throw new Error('zip: an entry is still open');
    const start = this.offset;
    const parts: Buffer[] = [];
    for (const e of this.entries) {
      const h = Buffer.alloc(46);
      h.writeUInt32LE(0x02014b50, 0);
      h.writeUInt16LE(VERSION, 4); // made by: MS-DOS attributes, 2.0
      h.writeUInt16LE(VERSION, 6);
      h.writeUInt16LE(e.flags, 8);
      h.writeUInt16LE(METHOD_DEFLATE, 10);
      h.writeUInt16LE(this.stamp.time, 12);
      h.writeUInt16LE(this.stamp.date, 14);
      h.writeUInt32LE(e.crc, 16);
      h.writeUInt32LE(e.compressed, 20);
      h.writeUInt32LE(e.size, 24);
      h.writeUInt16LE(e.name.length, 28);
      // extra length, comment length, disk number, internal and external attributes: 0
      h.writeUInt32LE(e.offset, 42);
      parts.push(h, e.name);
    }
    const directory = Buffer.concat(parts);
    if (start + directory.length + 22 >= LIMIT) throw new ZipTooLargeError('the archive');
    if (this.entries.length > 0xffff) throw new ZipTooLargeError('the entry count');
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(start, 16);
    await this.put(Buffer.concat([directory, end]));
    this.finished = true;
  }
}

export interface ZipEntryWriter {
  write(data: Buffer): Promise<void>;
  end(): Promise<void>;
  /** Drops the entry (on failure); the archive is then unusable. */
  abort(): void;
}

// ---------------------------------------------------------------------------------------------
// SpreadsheetML

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
  const chars = Array.from(name.replace(INVALID_XML, '').replace(/[[\]:*?/\\]/g, '_').replace(/^'+|'+$/g, ''));
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
  DECL +
  `<Relationships xmlns="${NS_PKG_REL}">` +
  `<Relationship Id="rId1" Type="${NS_REL}/officeDocument" Target="xl/workbook.xml"/>` +
  '</Relationships>';

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

  constructor(private readonly out: Writable, private readonly opts: XlsxWriterOptions) {
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
