/**
 * Reads the first worksheet of an .xlsx file row by row, as a stream: the ZIP's central directory
 * is read from the end of the file, the worksheet entry is inflated from disk as it is parsed
 * (saxes), and rows are handed over one at a time, so a 100,000-row file costs about what one row
 * costs. Shared strings (the sheet's distinct strings) are read first into one array.
 *
 * Our own reader, not exceljs' WorkbookReader: that one decodes each compressed chunk to text on its
 * own, so a Chinese character split between two chunks came out as U+FFFD (自行车 → 自��车, a
 * valid row refused): here a StringDecoder carries split characters over.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { StringDecoder } from 'node:string_decoder';
import { pipeline, Transform, type Readable } from 'node:stream';
import { SaxesParser, type SaxesTagPlain } from 'saxes';

/** A cell as the reader gives it: text, a number, or nothing. */
export type CellValue = string | number | null;

export interface SheetRow {
  /** The spreadsheet's row number (1 is the first row of the sheet). */
  row: number;
  /** Cells from column A (index 0); missing cells are null. */
  cells: CellValue[];
}

/**
 * The file cannot be read as a workbook (not a zip, a damaged or foreign package), or is one beyond
 * the reader's bounds (LIMITS): the message says which, in words an uploader can act on.
 */
export class UnreadableWorkbookError extends Error {
  constructor(cause?: unknown, reason?: string) {
    super(`文件无法读取：${reason ?? '不是有效的 Excel（xlsx）文件'}，请用模板重新保存后上传`);
    this.cause = cause;
  }
}

/**
 * What a workbook may hold, so that no file (a 2 KB one with a cell at column ZZZZZZZ, a zip bomb,
 * 1 GB of whitespace, a DTD) can take the memory or the event loop: anything beyond is refused as
 * unreadable. Rows are handed over one at a time, so their number costs time, not memory.
 */
const LIMITS = {
  /** Excel's own last column (XFD) and last row */
  columns: 16_384,
  rows: 1_048_576,
  /** a row's cells are kept up to this column (the importers read the first few); further cells are ignored */
  keptColumns: 256,
  /** inflated bytes of the sheet, of the shared strings, of workbook.xml and its relationships */
  sheetBytes: 512 * 1024 * 1024,
  sharedBytes: 32 * 1024 * 1024,
  partBytes: 1024 * 1024,
  /** distinct shared strings, and one text's characters (Excel's cell limit is 32,767) */
  sharedStrings: 1_000_000,
  textChars: 32_767,
  /** bytes of XML between two tags (a text or a tag's attributes): bounds what the parser buffers */
  run: 1024 * 1024,
  /** entries of the zip's central directory */
  entries: 10_000,
} as const;

const refuse = (reason: string): never => {
  throw new UnreadableWorkbookError(undefined, reason);
};

interface Entry {
  method: number;
  compressedSize: number;
  offset: number;
}

/** The ZIP's entries by name, from the central directory at the end of the file. */
async function entries(fh: fs.promises.FileHandle): Promise<Map<string, Entry>> {
  const { size } = await fh.stat();
  const tail = Math.min(size, 65_557);
  const buf = Buffer.alloc(tail);
  await fh.read(buf, 0, tail, size - tail);
  let eocd = -1;
  for (let i = tail - 22; i >= 0; i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new UnreadableWorkbookError();
  const count = buf.readUInt16LE(eocd + 10);
  if (count > LIMITS.entries) refuse(`压缩包含有 ${count} 个文件，超出上限 ${LIMITS.entries}`);
  const cdSize = buf.readUInt32LE(eocd + 12);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  if (cdOffset + cdSize > size) throw new UnreadableWorkbookError();
  const cd = Buffer.alloc(cdSize);
  await fh.read(cd, 0, cdSize, cdOffset);
  const out = new Map<string, Entry>();
  for (let p = 0, i = 0; i < count; i++) {
    if (p + 46 > cd.length || cd.readUInt32LE(p) !== 0x02014b50) throw new UnreadableWorkbookError();
    const nameLen = cd.readUInt16LE(p + 28);
    const name = cd.toString('utf8', p + 46, p + 46 + nameLen);
    out.set(name, { method: cd.readUInt16LE(p + 10), compressedSize: cd.readUInt32LE(p + 20), offset: cd.readUInt32LE(p + 42) });
    p += 46 + nameLen + cd.readUInt16LE(p + 30) + cd.readUInt16LE(p + 32);
  }
  return out;
}

/**
 * Stops an entry's inflated bytes at `maxBytes`, and at `LIMITS.run` bytes without a tag: what the
 * XML parser would have to hold as one text or one tag.
 */
function guard(name: string, maxBytes: number): Transform {
  let total = 0;
  let run = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      total += chunk.length;
      if (total > maxBytes) return done(new UnreadableWorkbookError(undefined, `${name}解压后超过 ${Math.round(maxBytes / 1024 / 1024)} MB`));
      const first = chunk.indexOf(0x3c);
      run += first < 0 ? chunk.length : first;
      if (run > LIMITS.run) return done(new UnreadableWorkbookError(undefined, `${name}中有超过 1 MB 的连续文本或标签`));
      if (first >= 0) run = chunk.length - chunk.lastIndexOf(0x3c) - 1;
      done(null, chunk);
    },
  });
}

/** One entry's bytes, inflated as they are read from disk, within `maxBytes` (see guard). */
async function entryStream(file: string, fh: fs.promises.FileHandle, name: string, e: Entry, maxBytes: number): Promise<Readable> {
  const head = Buffer.alloc(30);
  await fh.read(head, 0, 30, e.offset);
  if (head.readUInt32LE(0) !== 0x04034b50) throw new UnreadableWorkbookError();
  const start = e.offset + 30 + head.readUInt16LE(26) + head.readUInt16LE(28);
  const raw = fs.createReadStream(file, { start, end: start + e.compressedSize - 1, highWaterMark: 256 * 1024 });
  if (e.method !== 0 && e.method !== 8) throw new UnreadableWorkbookError();
  const out = guard(name, maxBytes);
  const noop = () => undefined;
  if (e.method === 0) pipeline(raw, out, noop);
  else pipeline(raw, zlib.createInflateRaw(), out, noop);
  return out;
}

/**
 * Parses an XML stream with saxes, yielding after each chunk whatever `setup`'s function collected.
 * A DTD is refused (no entity is ever expanded); malformed XML is an unreadable workbook.
 */
async function* parse<T>(stream: Readable, setup: (p: SaxesParser) => () => T[]): AsyncGenerator<T> {
  const parser = new SaxesParser();
  parser.on('doctype', () => refuse('文件含有 DTD 声明'));
  const take = setup(parser);
  const decoder = new StringDecoder('utf8');
  try {
    for await (const chunk of stream) {
      parser.write(decoder.write(chunk as Buffer));
      yield* take();
    }
    parser.write(decoder.end());
    parser.close();
    yield* take();
  } catch (err) {
    throw err instanceof UnreadableWorkbookError ? err : new UnreadableWorkbookError(err);
  } finally {
    stream.destroy();
  }
}

/** One text's pieces (rich-text runs, a value split by the parser), refused beyond Excel's own length of a cell. */
class Text {
  private parts: string[] = [];
  private chars = 0;
  add(s: string): void {
    this.chars += s.length;
    if (this.chars > LIMITS.textChars * 4) refuse('单元格文字过长');
    this.parts.push(s);
  }
  toString(): string {
    return this.parts.join('');
  }
}

/** The workbook's first sheet's part name (workbook.xml order, through its relationships). */
async function firstSheet(file: string, fh: fs.promises.FileHandle, zip: Map<string, Entry>): Promise<string> {
  const text = async (name: string) => {
    const e = zip.get(name);
    if (!e) throw new UnreadableWorkbookError();
    const chunks: Buffer[] = [];
    for await (const c of await entryStream(file, fh, name, e, LIMITS.partBytes)) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const workbook = await text('xl/workbook.xml');
  const rid = /<(?:\w+:)?sheet\b[^>]*?\br:id="([^"]+)"/.exec(workbook)?.[1] ?? /<(?:\w+:)?sheet\b[^>]*?\b\w+:id="([^"]+)"/.exec(workbook)?.[1];
  if (!rid) throw new UnreadableWorkbookError();
  const rels = await text('xl/_rels/workbook.xml.rels');
  const rel = [...rels.matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)].map((m) => m[0]).find((r) => r.includes(`Id="${rid}"`));
  const target = rel && /Target="([^"]+)"/.exec(rel)?.[1];
  if (!target) throw new UnreadableWorkbookError();
  return target.startsWith('/') ? target.slice(1) : path.posix.normalize(`xl/${target}`);
}

const local = (name: string) => name.slice(name.indexOf(':') + 1);

/** The shared strings in order (rich text runs joined, phonetic hints left out). */
async function sharedStrings(file: string, fh: fs.promises.FileHandle, e: Entry | undefined): Promise<string[]> {
  const out: string[] = [];
  if (!e) return out;
  const stream = await entryStream(file, fh, '共享字符串（sharedStrings.xml）', e, LIMITS.sharedBytes);
  for await (const _ of parse<never>(stream, (p) => {
    let text: Text | null = null;
    let inT = false;
    let phonetic = 0;
    p.on('opentag', (t: SaxesTagPlain) => {
      const n = local(t.name);
      if (n === 'si') text = new Text();
      else if (n === 'rPh') phonetic++;
      else if (n === 't' && !phonetic) inT = true;
    });
    p.on('text', (s) => {
      if (inT && text) text.add(s);
    });
    p.on('closetag', (t: SaxesTagPlain) => {
      const n = local(t.name);
      if (n === 't') inT = false;
      else if (n === 'rPh') phonetic--;
      else if (n === 'si' && text) {
        if (out.length >= LIMITS.sharedStrings) refuse(`共享字符串超过 ${LIMITS.sharedStrings} 个`);
        out.push(text.toString());
        text = null;
      }
    });
    return () => [];
  }))
    void _;
  return out;
}

/** Column index of a cell reference (B3 → 1), -1 without one; a column beyond XFD is refused. */
function columnOf(ref: string | undefined): number {
  if (!ref) return -1;
  let n = 0;
  let i = 0;
  for (; i < ref.length && i < 4; i++) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
  }
  if (n > LIMITS.columns) refuse(`单元格 ${ref.slice(0, 12)} 超出 Excel 的列范围（最多到 XFD 列）`);
  return i ? n - 1 : -1;
}

/**
 * The rows of the file's first worksheet, in order, empty rows left out. Throws
 * UnreadableWorkbookError when the file is no workbook. Leaving the loop early closes the file.
 */
export async function* readSheetRows(file: string): AsyncGenerator<SheetRow> {
  let fh: fs.promises.FileHandle;
  try {
    fh = await fs.promises.open(file, 'r');
  } catch (err) {
    throw new UnreadableWorkbookError(err);
  }
  try {
    let sheet: Readable;
    let shared: string[];
    try {
      const zip = await entries(fh);
      const part = await firstSheet(file, fh, zip);
      const e = zip.get(part);
      if (!e) throw new UnreadableWorkbookError();
      shared = await sharedStrings(file, fh, zip.get('xl/sharedStrings.xml'));
      sheet = await entryStream(file, fh, '工作表', e, LIMITS.sheetBytes);
    } catch (err) {
      throw err instanceof UnreadableWorkbookError ? err : new UnreadableWorkbookError(err);
    }
    yield* parse<SheetRow>(sheet, (p) => {
      const done: SheetRow[] = [];
      let rowNo = 0;
      let cells: CellValue[] = [];
      let any = false;
      let col = -1;
      let type = 'n';
      let text: Text | null = null;
      let inInline = false;
      let rows = 0;
      p.on('opentag', (t: SaxesTagPlain) => {
        const n = local(t.name);
        if (n === 'row') {
          const r = Number(t.attributes.r);
          rowNo = Number.isInteger(r) && r > 0 ? r : rowNo + 1;
          if (rowNo > LIMITS.rows || ++rows > LIMITS.rows) refuse(`超出 Excel 的行范围（最多 ${LIMITS.rows} 行）`);
          cells = [];
          any = false;
          col = -1;
        } else if (n === 'c') {
          const c = columnOf(t.attributes.r as string | undefined);
          col = c >= 0 ? c : col + 1;
          if (col >= LIMITS.columns) refuse(`第 ${rowNo} 行超出 Excel 的列范围（最多到 XFD 列）`);
          type = (t.attributes.t as string | undefined) ?? 'n';
          text = null;
        } else if (n === 'v' || (n === 't' && inInline)) text ??= new Text();
        else if (n === 'is') inInline = true;
      });
      p.on('text', (s) => {
        if (text) text.add(s);
      });
      p.on('closetag', (t: SaxesTagPlain) => {
        const n = local(t.name);
        if (n === 'is') inInline = false;
        else if (n === 'c') {
          const raw = text ? text.toString() : null;
          let v: CellValue = null;
          if (raw !== null) {
            if (type === 's') v = shared[Number(raw)] ?? null;
            else if (type === 'b') v = raw === '1' ? 'TRUE' : 'FALSE';
            else if (type === 'n') v = raw.trim() === '' ? null : Number.isFinite(Number(raw)) ? Number(raw) : raw;
            else v = raw; // inlineStr, str (a formula's text), e (an error)
          }
          if (col < LIMITS.keptColumns) {
            while (cells.length < col) cells.push(null);
            cells[col] = v;
            if (v !== null && v !== '') any = true;
          }
          text = null;
        } else if (n === 'row' && any) done.push({ row: rowNo, cells });
      });
      return () => done.splice(0);
    });
  } finally {
    await fh.close();
  }
}
