/**
 * 车辆备案导入 (issue 14): an .xlsx of bikes filed with the open API's rules, both lists, the
 * history with the original file, and every refusal (file, header, scope, permission).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, adminClient, createTestApp, userClient, type TestContext } from '../support/app.js';
import { addBrand } from '../support/world.js';
import { PDF, fetchFile, upload } from '../support/uploads.js';
import { excelBytes, sheetBytes, type Cell } from '../support/filingSheets.js';
import { readBack } from '../support/sheets.js';
import { jobsByDatabase } from '../../src/modules/bikeFiling/service.js';

const HD = '110108';
const CY = '110105';
let t: TestContext;
let admin: Client;
let hd: Client & { userId: number };
let cy: Client & { userId: number };
let entA: Client & { userId: number };
let noPerm: Client & { userId: number };
let brandA: number;
let brandB: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t.app);
  brandA = await addBrand(t.database, { name: '青桔单车', account: 'qj_filing', areaId: HD });
  brandB = await addBrand(t.database, { name: '美团单车', account: 'mt_filing', areaId: HD });
  hd = await userClient(t.app, admin, { username: 'hd_filing', areaId: HD });
  cy = await userClient(t.app, admin, { username: 'cy_filing', areaId: CY });
  entA = await userClient(t.app, admin, { username: 'ent_filing', areaId: HD, roleIds: [3], userLevel: 1 });
  await t.database.query('update users set brand_id = $1 where id = $2', [brandA, entA.userId]);
  noPerm = await userClient(t.app, admin, { username: 'duty_filing', areaId: HD, roleIds: [31] });
  // a bike brand B filed, and an unfiled bike of brand A already reporting (illegal until filed)
  await t.database.query(`insert into bikes (bike_id, brand_id, bike_type) values ('MT-OWNED', $1, 0)`, [brandB]);
  await t.database.query(
    `insert into bike_live (bike_id, brand_id, bike_type, area_id, lon, lat, status, legality, reported_at)
     values ('QJ0000001', $1, 0, $2, 116.31, 39.98, 1, 1, now())`,
    [brandA, HD],
  );
}, 120_000);
afterAll(() => t?.close());

async function uploadSheet(c: Client, bytes: Buffer, name = '车辆备案.xlsx') {
  const r = await upload(t.app, c.token, 'filing', name, bytes);
  expect(r.body.code, r.body.message).toBe(200);
  return r.body.data.file as string;
}

/** Polls the import until it leaves 导入中 (the job runs after the answer). */
async function finished(c: Client, id: number) {
  for (let i = 0; i < 1200; i++) {
    await jobsByDatabase.get(t.database)?.idle();
    const r = await c.get('/api/company/getBikeImport', { id });
    expect(r.body.code, r.body.message).toBe(200);
    if (r.body.data.status !== 'running') return r.body.data;
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error(`import ${id} still running`);
}

async function importRows(c: Client, rows: Cell[][], brandId = brandA, bytes?: Buffer) {
  const file = await uploadSheet(c, bytes ?? (await sheetBytes(rows)));
  return c.post('/api/company/importBikes', { brandId, file });
}

const long = (n: number) => 'x'.repeat(n);

describe('importing a spreadsheet of bikes', () => {
  let id: number;

  it('files the good rows as the open API does and refuses each bad row with its reason', async () => {
    const rows: Cell[][] = [
      ['车辆编号', '车辆类型', '车架号', 'IMEI', '车牌号', '蓝牙MAC'],
      ['QJ0000001', '自行车', 'F001', 860000000000001, '京A00001', 'aa:bb:cc:00:00:01'], // row 2: good (was reporting, illegal)
      ['QJ0000002', 1, null, null, null, null], // row 3: good, e-bike by number
      ['QJ0000003', '三轮车', null, null, null, null], // row 4: bad type
      [null, '自行车', 'F004', null, null, null], // row 5: no bike id
      ['QJ 0005', '自行车', null, null, null, null], // row 6: bad characters
      ['QJ0000001', '电动车', null, null, null, null], // row 7: duplicate of row 2
      ['QJ0000008', '自行车', long(65), null, null, null], // row 8: frame too long
      ['MT-OWNED', '自行车', null, null, null, null], // row 9: another brand's bike
      [12345678, '电动车', null, null, null, null], // row 10: a numeric id is an id
    ];
    const r = await importRows(hd, rows);
    expect(r.body).toMatchObject({ code: 200, data: { id: expect.any(Number) } });
    id = r.body.data.id;
    const done = await finished(hd, id);
    expect(done).toMatchObject({ status: 'done', statusText: '已完成', accepted: 3, rejected: 6, totalRows: 9, lastRow: 10, brandName: '青桔单车' });
    expect(done.message).toBe('已备案 3 行，拒绝 6 行');

    const rejected = await hd.get('/api/company/getBikeImportRows', { id, result: 'rejected', pageSize: 50 });
    expect(rejected.body.data.total).toBe(6);
    const reasons = Object.fromEntries(rejected.body.data.lists.map((x: { row: number; reason: string }) => [x.row, x.reason]));
    expect(reasons).toEqual({
      4: '车辆类型（bikeType）只能是 0、1',
      5: '缺少 车辆编号（bikeId）',
      6: '车辆编号（bikeId）应为 1-32 位字母、数字或 _ . : -',
      7: '车辆编号 QJ0000001 与第 2 行重复：同一车辆只备案一次',
      8: '车架号（frameCode）应为不超过 64 个字符的文本',
      9: '车辆 MT-OWNED 已由其他企业备案',
    });
    expect(rejected.body.data.lists[0]).toMatchObject({ row: 4, bikeId: 'QJ0000003', bikeType: '三轮车' });

    const accepted = await hd.get('/api/company/getBikeImportRows', { id, result: 'accepted' });
    expect(accepted.body.data.lists.map((x: { row: number; bikeId: string }) => [x.row, x.bikeId])).toEqual([
      [2, 'QJ0000001'],
      [3, 'QJ0000002'],
      [10, '12345678'],
    ]);

    // filed exactly as the open API files: the bikes table, the live state made legal, a bikeSync log
    const bikes = await t.database.query<Record<string, unknown>>(
      `select bike_id as "bikeId", brand_id as "brandId", bike_type as "bikeType", frame_code as "frameCode", imei_code as "imeiCode",
              license_code as "licenseCode", bike_mac as "bikeMac" from bikes where brand_id = $1 order by bike_id`,
      [brandA],
    );
    expect(bikes).toEqual([
      { bikeId: '12345678', brandId: brandA, bikeType: 1, frameCode: null, imeiCode: null, licenseCode: null, bikeMac: null },
      {
        bikeId: 'QJ0000001',
        brandId: brandA,
        bikeType: 0,
        frameCode: 'F001',
        imeiCode: '860000000000001',
        licenseCode: '京A00001',
        bikeMac: 'AA:BB:CC:00:00:01',
      },
      { bikeId: 'QJ0000002', brandId: brandA, bikeType: 1, frameCode: null, imeiCode: null, licenseCode: null, bikeMac: null },
    ]);
    const [owned] = await t.database.query<{ brandId: number }>(`select brand_id as "brandId" from bikes where bike_id = 'MT-OWNED'`);
    expect(owned.brandId).toBe(brandB);
    const [live] = await t.database.query<{ legality: number }>(`select legality from bike_live where bike_id = 'QJ0000001'`);
    expect(live.legality).toBe(0);
    const logs = await t.database.query<Record<string, unknown>>(
      `select kind, brand_id as "brandId", endpoint, item_count as "itemCount", accepted, rejected, result from sync_logs where endpoint = $1`,
      [`表格导入 #${id}`],
    );
    expect(logs).toEqual([{ kind: 'bike', brandId: brandA, endpoint: `表格导入 #${id}`, itemCount: 9, accepted: 3, rejected: 6, result: 'partial' }]);
  });

  it('downloads both lists as .xlsx, with row numbers and reasons', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/company/exportBikeImportRows?id=${id}&result=rejected`,
      headers: { authorization: `Bearer ${hd.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('车辆备案-被拒绝的行.xlsx'));
    const rows = await readBack(res.rawPayload);
    expect(rows[0]).toEqual(['行号', '车辆编号', '车辆类型', '车架号', 'IMEI', '车牌号', '蓝牙MAC', '拒绝原因']);
    expect(rows).toHaveLength(7);
    expect(rows[1][0]).toBe(4);
    expect(rows[1][7]).toBe('车辆类型（bikeType）只能是 0、1');
    expect(rows[6]).toEqual([9, 'MT-OWNED', '自行车', undefined, undefined, undefined, undefined, '车辆 MT-OWNED 已由其他企业备案'].slice(0, rows[6].length));
    const ok = await t.app.inject({
      method: 'GET',
      url: `/api/company/exportBikeImportRows?id=${id}&result=accepted`,
      headers: { authorization: `Bearer ${hd.token}` },
    });
    const accepted = await readBack(ok.rawPayload);
    expect(accepted[0]).toEqual(['行号', '车辆编号', '车辆类型', '车架号', 'IMEI', '车牌号', '蓝牙MAC']);
    expect(accepted.slice(1).map((r) => r[1])).toEqual(['QJ0000001', 'QJ0000002', '12345678']);
  });

  it('lists the import in the history with the original file, served only to those who may see the brand', async () => {
    const list = await hd.get('/api/company/getBikeImportList', { brandId: brandA });
    expect(list.body.code).toBe(200);
    const item = list.body.data.lists.find((x: { id: number }) => x.id === id);
    expect(item).toMatchObject({ brandId: brandA, brandName: '青桔单车', userName: 'hd_filing', fileType: 'xlsx', fileName: '车辆备案.xlsx' });
    expect(item.fileUrl).toMatch(/^\/uploads\/[0-9a-f]{32}\.xlsx$/);
    expect(item.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const file = await fetchFile(t.app, hd.token, item.fileUrl);
    expect(file.status).toBe(200);
    expect((await readBack(file.bytes))[0][0]).toBe('车辆编号');
    expect((await fetchFile(t.app, entA.token, item.fileUrl)).status).toBe(200); // the brand's own account
    expect((await fetchFile(t.app, cy.token, item.fileUrl)).status).toBe(403);
    expect((await fetchFile(t.app, null, item.fileUrl)).status).toBe(401);
    // the upload cannot start a second import
    const again = await hd.post('/api/company/importBikes', { brandId: brandA, file: item.fileUrl.slice('/uploads/'.length) });
    expect(again.body).toMatchObject({ code: 400, message: '参数 file 不是可用的车辆备案表格，请重新上传' });
  });

  it('reads English headers (bikeId, type, frame, IMEI, plate, MAC) and shared-string workbooks; a re-filed bike is updated', async () => {
    const bytes = await excelBytes([
      ['bikeId', 'type', 'frame', 'IMEI', 'plate', 'MAC'],
      ['QJ0000002', 0, 'F002-new', '', '', ''],
      ['QJ0000009', '1', '', '', '', ''],
    ]);
    const r = await importRows(entA, [], brandA, bytes);
    expect(r.body.code, r.body.message).toBe(200);
    expect(await finished(entA, r.body.data.id)).toMatchObject({ status: 'done', accepted: 2, rejected: 0, userName: 'ent_filing' });
    const [b] = await t.database.query<{ bikeType: number; frameCode: string }>(
      `select bike_type as "bikeType", frame_code as "frameCode" from bikes where bike_id = 'QJ0000002'`,
    );
    expect(b).toEqual({ bikeType: 0, frameCode: 'F002-new' });
  });
});

describe('refusals', () => {
  it('refuses a file that is not .xlsx, one that is no workbook, and an upload of another purpose', async () => {
    const pdf = await upload(t.app, hd.token, 'filing', '车辆.xlsx', PDF);
    expect(pdf.body).toMatchObject({ code: 400, message: '参数 file 的文件类型不支持：车辆备案表格仅支持 Excel（xlsx）' });
    const fake = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('....[Content_Types].xml....xl/workbook.xml....')]);
    const broken = await importRows(hd, [], brandA, fake);
    expect(broken.body).toMatchObject({ code: 400, message: '文件无法读取：不是有效的 Excel（xlsx）文件，请用模板重新保存后上传' });
    const doc = await upload(
      t.app,
      hd.token,
      'document',
      'bikes.xlsx',
      await sheetBytes([
        ['车辆编号', '车辆类型'],
        ['A1', 0],
      ]),
    );
    const wrongPurpose = await hd.post('/api/company/importBikes', { brandId: brandA, file: doc.body.data.file });
    expect(wrongPurpose.body).toMatchObject({ code: 400, message: '参数 file 不是可用的车辆备案表格，请重新上传' });
    expect((await hd.post('/api/company/importBikes', { brandId: brandA, file: '../../etc/passwd' })).body.code).toBe(400);
  });

  it('refuses an empty sheet, a header without data and wrong headers, naming the columns', async () => {
    expect((await importRows(hd, [[]])).body).toMatchObject({ code: 400, message: expect.stringContaining('表格是空的') });
    expect((await importRows(hd, [['车辆编号', '车辆类型']])).body).toMatchObject({
      code: 400,
      message: '表格中没有车辆数据：表头下方至少填写一行车辆',
    });
    const wrong = await importRows(hd, [
      ['编码', '种类'],
      ['A1', 0],
    ]);
    expect(wrong.body.code).toBe(400);
    expect(wrong.body.message).toContain('表头缺少 车辆编号（bikeId）、车辆类型（bikeType） 列');
    expect((await hd.post('/api/company/importBikes', { brandId: brandA })).body).toMatchObject({ code: 400, message: expect.stringContaining('file') });
  });

  it('needs a token and button 120, and reaches only brands and imports the caller may see', async () => {
    const rows: Cell[][] = [
      ['车辆编号', '车辆类型'],
      ['ZZ1', 0],
    ];
    const file = await uploadSheet(hd, await sheetBytes(rows));
    const anon = new Client(t.app);
    expect((await anon.post('/api/company/importBikes', { brandId: brandA, file })).body.code).toBe(401);
    expect((await anon.get('/api/company/getBikeImportList')).body.code).toBe(401);
    expect((await noPerm.post('/api/company/importBikes', { brandId: brandA, file })).body.code).toBe(5002);
    expect((await noPerm.get('/api/company/getBikeImportList')).body.code).toBe(5002);
    expect((await noPerm.get('/api/company/bikeImportTemplate')).body.code).toBe(5002);
    // 朝阳 cannot file for a 海淀 brand, nor read its imports
    const cyFile = await uploadSheet(cy, await sheetBytes(rows));
    expect((await cy.post('/api/company/importBikes', { brandId: brandA, file: cyFile })).body.code).toBe(5002);
    const [{ id }] = await t.database.query<{ id: number }>('select max(id)::int as id from bike_imports');
    expect((await cy.get('/api/company/getBikeImport', { id })).body.code).toBe(5002);
    expect((await cy.get('/api/company/getBikeImportRows', { id, result: 'accepted' })).body.code).toBe(5002);
    expect((await cy.get('/api/company/getBikeImportList')).body.data.total).toBe(0);
    // an enterprise account files only for its own brand and sees only its own imports
    const entFile = await uploadSheet(entA, await sheetBytes(rows));
    expect((await entA.post('/api/company/importBikes', { brandId: brandB, file: entFile })).body.code).toBe(5002);
    await t.database.query(
      `insert into bike_imports (brand_id, area_id, user_id, user_name, file, file_name, file_type, status) values ($1, $2, 1, 'admin', 'x', 'b.xlsx', 'xlsx', 'done')`,
      [brandB, HD],
    );
    const entList = await entA.get('/api/company/getBikeImportList', { pageSize: 100 });
    expect(entList.body.data.lists.length).toBeGreaterThan(0);
    expect(entList.body.data.lists.every((x: { brandId: number }) => x.brandId === brandA)).toBe(true);
    const [{ id: bId }] = await t.database.query<{ id: number }>('select max(id)::int as id from bike_imports where brand_id = $1', [brandB]);
    expect((await entA.get('/api/company/getBikeImport', { id: bId })).body.code).toBe(5002);
    expect((await hd.get('/api/company/getBikeImport', { id: 99999 })).body).toMatchObject({ code: 400, message: '导入记录不存在，请刷新后重试' });
  });

  it('gives the template to fill', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/company/bikeImportTemplate', headers: { authorization: `Bearer ${hd.token}` } });
    const rows = await readBack(res.rawPayload);
    expect(rows[0]).toEqual(['车辆编号', '车辆类型', '车架号', 'IMEI', '车牌号', '蓝牙MAC']);
    expect(rows).toHaveLength(3);
  });
});

describe('an import cut short', () => {
  it('says in the history what was filed before the server stopped', async () => {
    const [{ id }] = await t.database.query<{ id: number }>(
      `insert into bike_imports (brand_id, area_id, user_id, user_name, file, file_name, file_type, status, total_rows, last_row, accepted, rejected, updated_at)
       values ($1, $2, 1, 'admin', 'y', '大表.xlsx', 'xlsx', 'running', 10000, 10001, 9990, 10, now() - interval '10 minutes') returning id`,
      [brandA, HD],
    );
    const r = await hd.get('/api/company/getBikeImport', { id });
    expect(r.body.data).toMatchObject({ status: 'interrupted', statusText: '已中断', accepted: 9990, rejected: 10 });
    expect(r.body.data.message).toBe(
      '导入中断：已处理至第 10001 行，其中已备案 9990 行、拒绝 10 行；其后的行未处理，可重新导入该文件（已备案的车辆按更新处理）',
    );
    // a cut-short import does not block the next one of its brand
    const next = await importRows(hd, [
      ['车辆编号', '车辆类型'],
      ['QJ0000100', 0],
    ]);
    expect(next.body.code, next.body.message).toBe(200);
    expect((await finished(hd, next.body.data.id)).accepted).toBe(1);
  });
});
