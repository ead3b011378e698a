/** shared/xlsxReader: the first sheet read as a stream, every character intact across chunk boundaries. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSheetRows, UnreadableWorkbookError } from '../../src/shared/xlsxReader.js';
import { excelBytes, sheetBytes, type Cell } from '../support/filingSheets.js';

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
});
