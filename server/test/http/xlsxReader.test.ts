/** shared/xlsxReader: the first sheet read as a stream, every character intact across chunk boundaries. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSheetRows, UnreadableWorkbookError } from '../../src/shared/xlsxReader.js';
import { excelBytes, sheetBytes, type Cell } from '../support/filingSheets.js';
import { dtdEntity, farCell, farRows, sharedBomb, whitespace } from '../support/hostileSheets.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbs-xlsx-read-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function read(bytes: Buffer) {
  const file = path.join(dir, `${Math.random().toString(16).slice(2)}.xlsx`);
  fs.writeFileSync(file, bytes);
  const out = [];
  for await (const r of readSheetRows(file)) out.push(r);
  return out;
}

describe('readSheetRows', () => {
  it('keeps every Chinese character of 30,000 rows (split between compressed chunks too)', async () => {
    const rows: Cell[][] = [['车辆编号', '车辆类型', '车牌号']];
    for (let i = 0; i < 30_000; i++) rows.push([`QJ${i}`, i % 2 ? '自行车' : '电动车', `京B${i}号牌`]);
    const got = await read(await sheetBytes(rows));
    expect(got).toHaveLength(30_001);
    expect(got[0]).toEqual({ row: 1, cells: ['车辆编号', '车辆类型', '车牌号'] });
    const bad = got.slice(1).filter((r, i) => r.cells[1] !== (i % 2 ? '自行车' : '电动车') || r.cells[2] !== `京B${i}号牌`);
    expect(bad).toEqual([]);
  });

  it('reads shared strings, numbers and gaps as Excel saves them, leaving empty rows out', async () => {
    const got = await read(
      await excelBytes([
        ['bikeId', 'type', 'IMEI'],
        ['A1', 0, 860000000000001],
        [null, null, null],
        ['A3', '电动车', null, '多余'],
      ]),
    );
    expect(got).toEqual([
      { row: 1, cells: ['bikeId', 'type', 'IMEI'] },
      { row: 2, cells: ['A1', 0, 860000000000001] },
      { row: 4, cells: ['A3', '电动车', null, '多余'] },
    ]);
  });

  it('refuses what is no workbook', async () => {
    await expect(read(Buffer.from('%PDF-1.4 not a zip'))).rejects.toBeInstanceOf(UnreadableWorkbookError);
    await expect(read(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('xl/workbook.xml')]))).rejects.toBeInstanceOf(UnreadableWorkbookError);
  });

  describe('within fixed bounds (issue 26): a hostile file is refused, quickly, as unreadable', () => {
    const refused = async (bytes: Buffer, reason: RegExp) => {
      const started = performance.now();
      const err = await read(bytes).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(UnreadableWorkbookError);
      expect((err as Error).message).toMatch(/^文件无法读取：/);
      expect((err as Error).message).toMatch(reason);
      return performance.now() - started;
    };

    it('a cell beyond column XFD (ZZZZZZZ1, AAAAA3), in the first row or after good ones', async () => {
      await refused(await farCell('ZZZZZZZ', 1), /ZZZZZZZ1.*超出 Excel 的列范围/);
      await refused(await farCell('ZZZZZZZ', 30_002, 50), /超出 Excel 的列范围/);
      await refused(await farRows('AAAAA', 200), /超出 Excel 的列范围/);
    });

    it('reads cells up to XFD but keeps a row to its first 256 columns', async () => {
      const rows = await read(await farRows('XFD', 2000));
      expect(rows).toHaveLength(2002);
      expect(Math.max(...rows.map((r) => r.cells.length))).toBeLessThanOrEqual(256);
      expect(rows[2]).toEqual({ row: 3, cells: ['HS1'] });
    });

    it("a row beyond Excel's last row", async () => {
      await refused(await farCell('A', 1_048_577), /超出 Excel 的行范围/);
    });

    it('shared strings that inflate beyond 32 MB, and 8 MB of whitespace between two tags', async () => {
      const bomb = await sharedBomb(64 * 1024 * 1024);
      expect(bomb.length).toBeLessThan(1024 * 1024);
      expect(await refused(bomb, /sharedStrings\.xml）解压后超过 32 MB/)).toBeLessThan(5000);
      expect(await refused(await whitespace(8 * 1024 * 1024), /连续文本或标签/)).toBeLessThan(2000);
    });

    it('a DTD (no entity is ever expanded)', async () => {
      await refused(await dtdEntity(), /DTD/);
    });
  });
});
