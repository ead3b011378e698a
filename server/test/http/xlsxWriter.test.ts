/**
 * The streaming .xlsx writer: files opened with exceljs and checked as ZIP archives (by a pure JS
 * reader below, and by `unzip -t` where the tool is installed), backpressure, a client that goes
 * away, the 4 GiB refusal, and sendXlsx over real HTTP.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import { sendXlsx, type XlsxColumn } from '../../src/http/xlsx.js';
import { XlsxWriter, columnName, sheetTitle, xmlText, type CellValue, type SheetColumn } from '../../src/shared/xlsxWriter.js';
import { OutputClosedError, ZipStream, ZipTooLargeError } from '../../src/shared/zipStream.js';

/** Writes a workbook into memory. */
async function build(columns: SheetColumn[], rows: Iterable<CellValue[]>, sheetName = '测试'): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const w = new XlsxWriter(out, { sheetName, columns });
  await w.start();
  for (const row of rows) {
    const p = w.addRow(row);
    if (p) await p;
  }
  await w.finish();
  return Buffer.concat(chunks);
}

async function open(buf: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  return wb;
}

interface ZipEntry {
  name: string;
  flags: number;
  data: Buffer;
}

/**
 * Reads a ZIP archive by the APPNOTE, checking what a strict reader would: the end record, every
 * central directory entry against its local header, the data descriptor of bit-3 entries, the
 * CRC-32 and both sizes of every entry, and that the parts tile the file with no gap.
 */
function readZip(buf: Buffer): ZipEntry[] {
  const eocd = buf.length - 22;
  expect(buf.readUInt32LE(eocd)).toBe(0x06054b50);
  const count = buf.readUInt16LE(eocd + 10);
  const cdSize = buf.readUInt32LE(eocd + 12);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  expect(cdOffset + cdSize).toBe(eocd);
  const entries: ZipEntry[] = [];
  let p = cdOffset;
  let expectedLocal = 0;
  for (let i = 0; i < count; i++) {
    expect(buf.readUInt32LE(p)).toBe(0x02014b50);
    const flags = buf.readUInt16LE(p + 8);
    const method = buf.readUInt16LE(p + 10);
    const crc = buf.readUInt32LE(p + 16);
    const csize = buf.readUInt32LE(p + 20);
    const usize = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.toString('utf8', p + 46, p + 46 + nameLen);
    p += 46 + nameLen + extraLen + commentLen;

    expect(local).toBe(expectedLocal);
    expect(buf.readUInt32LE(local)).toBe(0x04034b50);
    expect(buf.readUInt16LE(local + 6)).toBe(flags);
    expect(buf.readUInt16LE(local + 8)).toBe(method);
    expect(method).toBe(8);
    const lNameLen = buf.readUInt16LE(local + 26);
    const lExtraLen = buf.readUInt16LE(local + 28);
    expect(buf.toString('utf8', local + 30, local + 30 + lNameLen)).toBe(name);
    const dataStart = local + 30 + lNameLen + lExtraLen;
    const packed = buf.subarray(dataStart, dataStart + csize);
    const data = zlib.inflateRawSync(packed);
    expect(data.length, name).toBe(usize);
    expect(zlib.crc32(data) >>> 0, name).toBe(crc);
    let end = dataStart + csize;
    if (flags & 0x0008) {
      // streamed: zeros in the local header, the real values in the descriptor after the data
      expect(buf.readUInt32LE(local + 14)).toBe(0);
      expect(buf.readUInt32LE(end)).toBe(0x08074b50);
      expect([buf.readUInt32LE(end + 4), buf.readUInt32LE(end + 8), buf.readUInt32LE(end + 12)]).toEqual([crc, csize, usize]);
      end += 16;
    } else {
      expect([buf.readUInt32LE(local + 14), buf.readUInt32LE(local + 18), buf.readUInt32LE(local + 22)]).toEqual([crc, csize, usize]);
    }
    expectedLocal = end;
    entries.push({ name, flags, data });
  }
  expect(expectedLocal).toBe(cdOffset);
  return entries;
}

/** `unzip -t` on the file when the tool exists; the pure JS reader runs in every case. */
function unzipTest(buf: Buffer): string | null {
  try {
    execFileSync('unzip', ['-v'], { stdio: 'ignore' });
  } catch {
    return null;
  }
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'xlsx-')), 'test.xlsx');
  fs.writeFileSync(file, buf);
  try {
    return execFileSync('unzip', ['-t', file], { encoding: 'utf8' });
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

const COLUMNS: SheetColumn[] = [
  { header: '车辆编号', width: 20 },
  { header: '品牌', width: 10 },
  { header: '经度', width: 14 },
  { header: '说明', width: 40 },
];

describe('XlsxWriter', () => {
  it('writes a bold Chinese header, text, numbers, empty cells and column widths that exceljs reads back', async () => {
    const buf = await build(COLUMNS, [
      ['B0001', '美团', 116.397128, '站内停放'],
      ['B0002', null, -0.5, undefined],
      ['B0003', '', 0, '哈啰 电动车'],
      ['B0004', '青桔', 1e21, 42],
    ]);
    const wb = await open(buf);
    expect(wb.worksheets).toHaveLength(1);
    const sheet = wb.worksheets[0];
    expect(sheet.name).toBe('测试');
    expect(sheet.getRow(1).values).toEqual([undefined, '车辆编号', '品牌', '经度', '说明']);
    for (let i = 1; i <= 4; i++) expect(sheet.getRow(1).getCell(i).font?.bold).toBe(true);
    expect(sheet.getRow(2).getCell(1).font?.bold).toBeFalsy();
    expect(sheet.getRow(2).values).toEqual([undefined, 'B0001', '美团', 116.397128, '站内停放']);
    expect(sheet.getRow(3).getCell(2).value).toBeNull();
    expect(sheet.getRow(3).getCell(3).value).toBe(-0.5);
    expect(sheet.getRow(3).getCell(4).value).toBeNull();
    expect(sheet.getRow(4).getCell(2).value).toBeNull(); // '' leaves the cell empty
    expect(sheet.getRow(4).getCell(3).value).toBe(0);
    expect(sheet.getRow(4).getCell(4).value).toBe('哈啰 电动车');
    expect(sheet.getRow(5).getCell(3).value).toBe(1e21);
    expect(sheet.getRow(5).getCell(4).value).toBe(42);
    expect(typeof sheet.getRow(2).getCell(3).value).toBe('number');
    expect(sheet.rowCount).toBe(5);
    expect([1, 2, 3, 4].map((i) => sheet.getColumn(i).width)).toEqual([20, 10, 14, 40]);
  });

  it('escapes markup, keeps edge spaces, drops characters XML 1.0 forbids and keeps astral characters', async () => {
    const nasty = `<a href="x">&amp; 'quoted' & </a>`;
    const buf = await build(
      [
        { header: '<表头 & "引号">', width: 12 },
        { header: 'b', width: 12 },
      ],
      [
        [nasty, '  前后空格  '],
        ['控制\u0000\u0001\u0008\u000b\u000c\u001f字符\uFFFE\uFFFF', '孤\uD800立\uDC00代理'],
        ['tab\tline\nend', '😀 emoji 𠮷'],
      ],
      'a/b:c*d?[e]',
    );
    const sheet = (await open(buf)).worksheets[0];
    expect(sheet.name).toBe('a_b_c_d__e_');
    expect(sheet.getRow(1).getCell(1).value).toBe('<表头 & "引号">');
    expect(sheet.getRow(2).getCell(1).value).toBe(nasty);
    expect(sheet.getRow(2).getCell(2).value).toBe('  前后空格  ');
    expect(sheet.getRow(3).getCell(1).value).toBe('控制字符');
    expect(sheet.getRow(3).getCell(2).value).toBe('孤立代理');
    expect(sheet.getRow(4).getCell(1).value).toBe('tab\tline\nend');
    expect(sheet.getRow(4).getCell(2).value).toBe('😀 emoji 𠮷');
    // the raw XML: escaped markup, preserved spaces, nothing invalid
    const xml = readZip(buf)
      .find((e) => e.name === 'xl/worksheets/sheet1.xml')!
      .data.toString('utf8');
    expect(xml).toContain('&lt;a href=&quot;x&quot;&gt;&amp;amp; &apos;quoted&apos; &amp; &lt;/a&gt;');
    expect(xml).toContain('<t xml:space="preserve">  前后空格  </t>');
    expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\uFFFE\uFFFF]/);
  });

  it('produces the SpreadsheetML parts in a ZIP that a strict reader (and unzip -t) accepts', async () => {
    const buf = await build(COLUMNS, [['B1', '美团', 1, 'x']]);
    const entries = readZip(buf);
    expect(entries.map((e) => e.name)).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    // only the sheet is streamed with a data descriptor (bit 3); names flagged UTF-8 (bit 11)
    expect(entries.map((e) => e.flags)).toEqual([0x800, 0x800, 0x800, 0x800, 0x800, 0x808]);
    const text = Object.fromEntries(entries.map((e) => [e.name, e.data.toString('utf8')]));
    expect(text['[Content_Types].xml']).toContain('PartName="/xl/worksheets/sheet1.xml"');
    expect(text['xl/workbook.xml']).toContain('<sheet name="测试" sheetId="1" r:id="rId1"/>');
    expect(text['xl/styles.xml']).toContain('<font><b/>');
    expect(text['xl/worksheets/sheet1.xml']).toContain('<col min="1" max="1" width="20" customWidth="1"/>');
    expect(text['xl/worksheets/sheet1.xml']).toContain('<c r="A1" s="1" t="inlineStr"><is><t>车辆编号</t></is></c>');
    expect(text['xl/worksheets/sheet1.xml']).toContain('<c r="C2"><v>1</v></c>');
    for (const e of entries) expect(e.data.toString('utf8').startsWith('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'), e.name).toBe(true);
    const unzip = unzipTest(buf);
    if (unzip !== null) expect(unzip).toContain('No errors detected');
  });

  it('streams a 100,000-row file that opens whole, with every row in place', { timeout: 180_000 }, async () => {
    const N = 100_000;
    function* rows() {
      for (let i = 1; i <= N; i++) yield [`B${String(i).padStart(7, '0')}`, i % 3 ? '美团' : '哈啰', 116 + i / 1e6, i % 10 ? '' : `第${i}行 <&>`];
    }
    const buf = await build(COLUMNS, rows());
    const entries = readZip(buf);
    expect(entries.at(-1)!.data.length).toBeGreaterThan(N * 100);
    const unzip = unzipTest(buf);
    if (unzip !== null) expect(unzip).toContain('No errors detected');
    const sheet = (await open(buf)).worksheets[0];
    expect(sheet.rowCount).toBe(N + 1);
    expect(sheet.getRow(1).getCell(1).value).toBe('车辆编号');
    for (const i of [1, 2, 3, 10, 4999, 50_000, 99_990, N]) {
      const row = sheet.getRow(i + 1);
      expect(row.getCell(1).value).toBe(`B${String(i).padStart(7, '0')}`);
      expect(row.getCell(2).value).toBe(i % 3 ? '美团' : '哈啰');
      expect(row.getCell(3).value).toBe(116 + i / 1e6);
      expect(row.getCell(4).value).toBe(i % 10 ? null : `第${i}行 <&>`);
    }
  });

  it('waits for drain: a slow reader never has more than a chunk or two queued', async () => {
    let queuedMax = 0;
    let bytes = 0;
    const chunks: Buffer[] = [];
    const out = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _enc, cb) {
        chunks.push(chunk);
        bytes += chunk.length;
        setTimeout(cb, 1); // a slow client
      },
    });
    let drains = 0;
    out.on('drain', () => drains++);
    const w = new XlsxWriter(out, { sheetName: 's', columns: COLUMNS, level: 1 });
    await w.start();
    let waited = 0;
    for (let i = 0; i < 30_000; i++) {
      const p = w.addRow([`B${i}`, `随机${Math.random()}`, Math.random(), `${Math.random()}${Math.random()}`]);
      if (p) {
        waited++;
        await p;
      }
      queuedMax = Math.max(queuedMax, out.writableLength);
    }
    await w.finish();
    expect(waited).toBeGreaterThan(10);
    expect(drains).toBeGreaterThan(10);
    // zlib emits at most 64 KiB at a time: what waits in front of the client stays about that
    expect(queuedMax).toBeLessThan(256 * 1024);
    expect(bytes).toBeGreaterThan(1024 * 1024);
    expect((await open(Buffer.concat(chunks))).worksheets[0].rowCount).toBe(30_001);
  });

  it('stops with OutputClosedError, without hanging, when the output is destroyed (client gone)', async () => {
    const out = new PassThrough(); // nobody reads: backpressure builds at once
    const w = new XlsxWriter(out, { sheetName: 's', columns: COLUMNS });
    await w.start();
    let pending: Promise<void> | undefined;
    let i = 0;
    while (!pending) pending = w.addRow([`B${i++}`, `${Math.random()}`, i, `${Math.random()}`]);
    let settled = false;
    pending.then(
      () => (settled = true),
      () => (settled = true),
    );
    // still waiting for the reader after a while
    await new Promise((r) => setTimeout(r, 200));
    if (!settled) {
      out.destroy();
      await expect(pending).rejects.toBeInstanceOf(OutputClosedError);
    } else {
      // zlib took that chunk: the next wait is on the output itself
      for (;;) {
        const p = w.addRow([`B${i++}`, `${Math.random()}`, i, `${Math.random()}`]);
        if (!p) continue;
        const timeout = new Promise((r) => setTimeout(() => r('pending'), 200));
        if ((await Promise.race([p.then(() => 'done'), timeout])) === 'pending') {
          out.destroy();
          await expect(p).rejects.toBeInstanceOf(OutputClosedError);
          break;
        }
      }
    }
    expect(() => w.addRow(['x'])).not.toThrow(); // rows after the failure are only gathered
    await expect(w.finish()).rejects.toBeInstanceOf(Error);
  });

  it('refuses to pass 4 GiB (no ZIP64) instead of writing a broken archive', async () => {
    const sink = new Writable({ write: (_c, _e, cb) => cb() });
    const zip = new ZipStream(sink);
    await zip.addFile('a.xml', '<a/>');
    (zip as unknown as { offset: number }).offset = 0xffffffff - 20;
    await expect(zip.addFile('b.xml', '<b>' + 'x'.repeat(1000) + '</b>')).rejects.toBeInstanceOf(ZipTooLargeError);

    const zip2 = new ZipStream(new Writable({ write: (_c, _e, cb) => cb() }));
    (zip2 as unknown as { offset: number }).offset = 0xffffffff - 1000;
    const entry = await zip2.openEntry('sheet.xml');
    const noise = () => zlib.crc32(String(Math.random())).toString(36);
    await expect(
      (async () => {
        for (let i = 0; i < 100; i++) await entry.write(Buffer.from(Array.from({ length: 2000 }, noise).join('')));
        await entry.end();
      })(),
    ).rejects.toBeInstanceOf(ZipTooLargeError);
  });

  it('has helpers for column letters, sheet names and XML text', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702, 16383].map(columnName)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA', 'XFD']);
    expect(sheetTitle('站点排名 2024年3月')).toBe('站点排名 2024年3月');
    expect(sheetTitle("'x'")).toBe('x');
    expect(sheetTitle('')).toBe('Sheet1');
    expect(Array.from(sheetTitle('很长'.repeat(40)))).toHaveLength(31);
    expect(xmlText('plain 中文')).toBe('plain 中文');
    expect(xmlText(`<&>"'`)).toBe('&lt;&amp;&gt;&quot;&apos;');
    expect(xmlText('a\u0000b\uD800c')).toBe('abc');
    // a literal _xHHHH_ would be read as an escaped character by Excel: its underscore is escaped
    expect(xmlText('_x000D_ and _y')).toBe('_x005F_x000D_ and _y');
  });
});

describe('sendXlsx', () => {
  it('stops paging when the client goes away mid-download', { timeout: 60_000 }, async () => {
    const app = Fastify({ logger: false });
    let pulled = 0;
    let closed = false;
    const TOTAL = 2000;
    async function* pages(): AsyncIterable<{ id: number }[]> {
      try {
        for (let p = 0; p < TOTAL; p++) {
          pulled++;
          yield Array.from({ length: 500 }, (_, i) => ({ id: p * 500 + i }));
        }
      } finally {
        closed = true;
      }
    }
    const columns: XlsxColumn<{ id: number }>[] = [
      { header: '编号', value: (r) => r.id },
      { header: '文本', value: (r) => `行 ${r.id} ${Math.random()}` },
    ];
    app.get('/x', (_req, reply) => sendXlsx(reply, '导出', '导出', columns, pages()));
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const port = (app.server.address() as import('node:net').AddressInfo).port;
      const headers = await new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port, path: '/x' }, (res) => {
          res.once('data', () => {
            // got the first bytes: hang up
            req.destroy();
            resolve(res.headers);
          });
        });
        req.on('error', (err) => (err.message.includes('aborted') || err.message.includes('socket hang up') ? undefined : reject(err)));
      });
      expect(headers['content-type']).toContain('spreadsheetml');
      expect(headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('导出.xlsx')}`);
      for (let i = 0; i < 200 && !closed; i++) await new Promise((r) => setTimeout(r, 25));
      expect(closed).toBe(true);
      expect(pulled).toBeLessThan(TOTAL / 2);
    } finally {
      await app.close();
    }
  });

  it('sends a whole workbook built from pages', async () => {
    const app = Fastify({ logger: false });
    async function* pages() {
      yield [
        { n: 1, s: '一' },
        { n: 2, s: null },
      ];
      yield [{ n: 3, s: '三 & <三>' }];
    }
    const columns: XlsxColumn<{ n: number; s: string | null }>[] = [
      { header: '序号', width: 8, value: (r) => r.n },
      { header: '名称', value: (r) => r.s },
    ];
    app.get('/y', (_req, reply) => sendXlsx(reply, 'list.xlsx', '名单', columns, pages()));
    const res = await app.inject({ method: 'GET', url: '/y' });
    await app.close();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="list.xlsx"; filename*=UTF-8''list.xlsx`);
    readZip(res.rawPayload);
    const sheet = (await open(res.rawPayload)).worksheets[0];
    expect(sheet.name).toBe('名单');
    const rows: unknown[] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows).toEqual([['序号', '名称'], [1, '一'], [2], [3, '三 & <三>']]);
    // the default width leaves room for the Chinese header
    expect([sheet.getColumn(1).width, sheet.getColumn(2).width]).toEqual([8, 10]);
  });
});
