/**
 * Hostile spreadsheets through 车辆备案导入 (issue 26): each file below, made here and never stored,
 * is uploaded by an enterprise account and imported. Each is refused as an unreadable workbook with a
 * Chinese reason — by the request (code 400) or, when the header passes, by the import job (its
 * history says 失败 and why) — while the server keeps answering /api/health within 1 s and its memory
 * grows by less than 200 MB.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, adminClient, createTestApp, userClient, type TestContext } from '../support/app.js';
import { addBrand } from '../support/world.js';
import { upload } from '../support/uploads.js';
import { sheetBytes } from '../support/filingSheets.js';
import { dtdEntity, farCell, farRows, sharedBomb, whitespace } from '../support/hostileSheets.js';
import { jobsByDatabase } from '../../src/modules/bikeFiling/service.js';

const HD = '110108';
let t: TestContext;
let ent: Client;
let brand: number;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await adminClient(t.app);
  brand = await addBrand(t.database, { name: '恶意表格单车', account: 'hostile_xlsx', areaId: HD });
  ent = await userClient(t.app, admin, { username: 'ent_hostile', areaId: HD, roleIds: [3], userLevel: 1 });
  await t.database.query('update users set brand_id = $1 where id = $2', [brand, (ent as Client & { userId: number }).userId]);
}, 120_000);
afterAll(() => t?.close());

/** What happened to one file: the request's answer, or the import's end. */
async function importFile(bytes: Buffer): Promise<string> {
  const up = await upload(t.app, ent.token, 'filing', '车辆备案.xlsx', bytes);
  expect(up.body.code, up.body.message).toBe(200);
  const r = await ent.post('/api/company/importBikes', { brandId: brand, file: up.body.data.file });
  if (r.body.code !== 200) {
    expect(r.body.code, r.body.message).toBe(400);
    return r.body.message as string;
  }
  const id = r.body.data.id as number;
  await jobsByDatabase.get(t.database)?.idle();
  const done = await ent.get('/api/company/getBikeImport', { id });
  expect(done.body.data.status, done.body.data.message).toBe('failed');
  return done.body.data.message as string;
}

describe('hostile spreadsheets', () => {
  const cases: [string, () => Promise<Buffer>, RegExp][] = [
    ['one cell at ZZZZZZZ1 (1.9 KB)', () => farCell('ZZZZZZZ', 1), /列范围/],
    ['a cell at ZZZZZZZ in row 30,002, after good rows (the import job meets it)', () => farCell('ZZZZZZZ', 30_002, 500), /列范围/],
    ['200 rows each with a cell at AAAAA', () => farRows('AAAAA', 200), /列范围/],
    ['shared strings inflating to 512 MB', () => sharedBomb(512 * 1024 * 1024), /sharedStrings\.xml）解压后超过/],
    ['1 GB of whitespace', () => whitespace(1024 * 1024 * 1024), /连续文本或标签/],
    ['a DTD with an entity', dtdEntity, /DTD/],
  ];

  it('refuses each as unreadable with its reason, answering /api/health within 1 s, memory +<200 MB', async () => {
    const files = [];
    for (const [name, make, reason] of cases) files.push({ name, bytes: await make(), reason });
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    let slowestHealth = 0;
    let probing = true;
    const lag = monitorEventLoopDelay({ resolution: 20 });
    lag.enable();
    const probe = (async () => {
      while (probing) {
        const started = performance.now();
        const res = await t.app.inject({ method: 'GET', url: '/api/health' });
        expect(res.statusCode).toBe(200);
        slowestHealth = Math.max(slowestHealth, performance.now() - started);
        rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const results: { name: string; message: string }[] = [];
    try {
      for (const f of files) {
        const message = await importFile(f.bytes);
        results.push({ name: f.name, message });
        expect(message, f.name).toMatch(/文件无法读取：/);
        expect(message, f.name).toMatch(f.reason);
      }
    } finally {
      probing = false;
      await probe;
      lag.disable();
    }
    const growthMb = (rssPeak - rssBefore) / 1024 / 1024;
    console.log(
      `hostile spreadsheets: slowest /api/health ${Math.round(slowestHealth)} ms, event-loop delay max ${Math.round(lag.max / 1e6)} ms, rss +${Math.round(growthMb)} MB\n` +
        results.map((r) => `  ${r.name}: ${r.message}`).join('\n'),
    );
    expect(slowestHealth).toBeLessThan(1000);
    expect(growthMb).toBeLessThan(200);
    // and the server still works: a good import of the same account goes through
    const up = await upload(
      t.app,
      ent.token,
      'filing',
      '车辆备案.xlsx',
      await sheetBytes([
        ['车辆编号', '车辆类型'],
        ['HS0000001', '自行车'],
      ]),
    );
    const r = await ent.post('/api/company/importBikes', { brandId: brand, file: up.body.data.file });
    expect(r.body.code, r.body.message).toBe(200);
    await jobsByDatabase.get(t.database)?.idle();
    const done = await ent.get('/api/company/getBikeImport', { id: r.body.data.id });
    expect(done.body.data).toMatchObject({ status: 'done', accepted: 1 });
  });
});
