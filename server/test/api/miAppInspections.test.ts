/**
 * 米单车管理 · 巡检 (issue 29 point 2) via app.inject(): the patrol records of 海淀's inspectors (and
 * one of 朝阳's) listed with inspector, bike, enterprise, site, result, note, position and photos;
 * filtered by inspector, bike, result, enterprise and time (a date that does not exist is refused);
 * the statistics per inspector and local day equal a count of the list; every export read back
 * equals its list, also past the keyset page; no token 401; 朝阳 5002; an enterprise account sees its
 * own enterprise's bikes only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, adminClient, createTestApp, userClient, type TestContext } from '../support/app.js';
import { exportSheet } from '../support/sheets.js';
import { addBrand, addSite } from '../support/world.js';

const HD = '110108';
const CY = '110105';
const SITE = '1101089700101';

let t: TestContext;
let hd: Client;
let cy: Client;
let ent: Client;
let MT = 0;
let HB = 0;
const inspector: Record<string, number> = {};

type Cell = string | number;

/** The sheet's rows (header first) of an export, or its JSON answer when no file came. */
const download = (c: Client | null, method: 'GET' | 'POST', url: string, query: Record<string, unknown> = {}, body?: Record<string, unknown>) =>
  exportSheet<Cell>(t.app, { method, url, query, payload: body, token: c?.token }, { pad: '' });

/** Every row of a list, 1,000 a page. */
async function all(c: Client, url: string, q: Record<string, unknown> = {}) {
  const out: any[] = [];
  for (let page = 1; ; page++) {
    const r = await c.get(url, { ...q, pageSize: 1000, currentPage: page });
    expect(r.body.code, r.body.message).toBe(200);
    out.push(...r.body.data.lists);
    if (out.length >= r.body.data.total) return out;
  }
}

const e = (v: unknown) => (v === null || v === undefined ? '' : (v as Cell));
const recordCells = (r: any): Cell[] =>
  [
    r.inspectionTime,
    r.miUserName,
    r.areaName,
    r.bikeId,
    r.bikeMac,
    r.brandName,
    r.siteId,
    r.siteName,
    r.resultName,
    r.note,
    r.lon,
    r.lat,
    r.photos.join(' '),
  ].map(e);
const dayCells = (r: any): Cell[] => [r.day, r.miUserName, r.total, r.normal, r.parking, r.fault, r.illegal];

async function patrol(
  user: string,
  at: string,
  r: { bike?: string; mac?: string; brand?: number | null; site?: string | null; result: number; note?: string; area?: string },
) {
  const [row] = await t.database.query<{ id: number }>(
    `insert into patrol_records (client_id, user_id, area_id, bike_id, bike_mac, brand_id, site_id, result, note, lon, lat, at)
     values (md5(random()::text), $1, $2, $3, $4, $5, $6, $7, $8, 116.31, 39.98, $9::timestamptz) returning id::int as id`,
    [inspector[user], r.area ?? HD, r.bike ?? null, r.mac ?? null, r.brand ?? null, r.site ?? null, r.result, r.note ?? null, `${at}+08:00`],
  );
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const admin = await adminClient(t.app);
  MT = await addBrand(t.database, { name: '美团', account: 'mt_ins', areaId: HD });
  HB = await addBrand(t.database, { name: '哈啰', account: 'hb_ins', areaId: HD });
  await addSite(t.database, { id: SITE, name: '巡检站', lon: 116.31, lat: 39.98, ceiling: 10 });
  hd = await userClient(t.app, admin, { username: 'hd_ins', areaId: HD });
  cy = await userClient(t.app, admin, { username: 'cy_ins', areaId: CY });
  const en = await userClient(t.app, admin, { username: 'mt_ent_ins', areaId: HD, userLevel: 1 });
  await t.database.query('update users set brand_id = $1 where id = $2', [MT, en.userId]);
  ent = en;
  for (const [u, area, name] of [
    ['ins_a', HD, '巡检甲'],
    ['ins_b', HD, '巡检乙'],
    ['ins_c', CY, '巡检丙'],
  ]) {
    const c = await userClient(t.app, admin, { username: u, areaId: area, roleIds: [33], userLevel: 2 });
    await t.database.query('update users set name = $1 where id = $2', [name, c.userId]);
    inspector[u] = c.userId;
  }
  const first = await patrol('ins_a', '2026-11-20 09:00:00', { bike: 'MT0001', brand: MT, site: SITE, result: 1 });
  await patrol('ins_a', '2026-11-20 09:10:00', { bike: 'MT0002', brand: MT, site: SITE, result: 2, note: '压盲道' });
  await patrol('ins_a', '2026-11-20 23:30:00', { mac: 'AA:BB:CC:DD:EE:01', result: 4, note: '未备案' });
  await patrol('ins_b', '2026-11-20 10:00:00', { bike: 'HB0001', brand: HB, result: 3 });
  await patrol('ins_b', '2026-11-21 00:10:00', { bike: 'HB0002', brand: HB, result: 1 });
  await patrol('ins_a', '2026-11-21 08:00:00', { bike: 'MT0003', brand: MT, result: 2 });
  await patrol('ins_c', '2026-11-20 11:00:00', { bike: 'MT0009', brand: MT, result: 1, area: CY, note: '朝阳的' });
  await t.database.query(
    `insert into uploads (file, purpose, owner_id, uploader_id, area_id, original_name, size, mime)
     values ('ins1.jpg', 'patrol', $1, $2, $3, 'a.jpg', 10, 'image/jpeg'), ('ins2.jpg', 'patrol', $1, $2, $3, 'b.jpg', 10, 'image/jpeg')`,
    [first, inspector.ins_a, HD],
  );
}, 120_000);
afterAll(async () => t?.close());

describe('GET /api/miApp/getMiInspectionRecordsList', () => {
  it('lists 海淀 records newest first with inspector, bike, enterprise, site, result, position and photos', async () => {
    const r = await hd.get('/api/miApp/getMiInspectionRecordsList');
    expect(r.body.code, r.body.message).toBe(200);
    expect(r.body.data.total).toBe(6);
    const rows = r.body.data.lists;
    expect(rows.map((x: any) => x.inspectionTime)).toEqual([
      '2026-11-21 08:00:00',
      '2026-11-21 00:10:00',
      '2026-11-20 23:30:00',
      '2026-11-20 10:00:00',
      '2026-11-20 09:10:00',
      '2026-11-20 09:00:00',
    ]);
    const first = rows[5];
    expect(first).toMatchObject({ miUserName: '巡检甲', bikeId: 'MT0001', brandName: '美团', siteId: SITE, siteName: '巡检站', result: 1, resultName: '正常' });
    expect(first.photos).toEqual(['/uploads/ins1.jpg', '/uploads/ins2.jpg']);
    expect(rows[2]).toMatchObject({
      bikeId: null,
      bikeMac: 'AA:BB:CC:DD:EE:01',
      brandName: null,
      resultName: '非法车辆',
      note: '未备案',
      lon: 116.31,
      lat: 39.98,
    });
  });

  it('filters by inspector, bike, result, enterprise and time', async () => {
    const ids = async (q: Record<string, unknown>) =>
      (await hd.get('/api/miApp/getMiInspectionRecordsList', q)).body.data.lists.map((x: any) => x.bikeId ?? x.bikeMac);
    expect(await ids({ miUserName: '乙' })).toEqual(['HB0002', 'HB0001']);
    expect(await ids({ miUserName: 'ins_b' })).toEqual(['HB0002', 'HB0001']);
    expect(await ids({ bikeId: 'mt000' })).toEqual(['MT0003', 'MT0002', 'MT0001']);
    expect(await ids({ bikeId: 'EE:01' })).toEqual(['AA:BB:CC:DD:EE:01']);
    expect(await ids({ result: 2 })).toEqual(['MT0003', 'MT0002']);
    expect(await ids({ brandId: HB })).toEqual(['HB0002', 'HB0001']);
    expect(await ids({ startTime: '2026-11-20', endTime: '2026-11-20' })).toHaveLength(4);
    expect(await ids({ startTime: '2026-11-20 09:05:00', endTime: '2026-11-20 10:00:00' })).toEqual(['HB0001', 'MT0002']);
  });

  it('refuses bad input with a message: a result out of range, a date that does not exist, an end before the start', async () => {
    const bad = async (q: Record<string, unknown>) => {
      const r = await hd.get('/api/miApp/getMiInspectionRecordsList', q);
      expect(r.body.code, JSON.stringify(q)).toBe(400);
      expect(r.body.message).toMatch(/[\u4e00-\u9fa5]/);
      return r.body.message as string;
    };
    await bad({ result: 5 });
    expect(await bad({ startTime: '2026-02-30 00:00:00' })).toContain('startTime');
    expect(await bad({ endTime: '2026-11-20 24:00:00' })).toContain('endTime');
    await bad({ startTime: '2026-13-01' });
    await bad({ startTime: '2026-11-21', endTime: '2026-11-20' });
    expect((await hd.get('/api/miApp/getSumMiInspectionRecordsData', { startTime: '2026-02-29' })).body.code).toBe(400);
  });

  it('answers 401 without a token and 5002 for another area; 朝阳 sees its own only', async () => {
    expect((await new Client(t.app).get('/api/miApp/getMiInspectionRecordsList')).body.code).toBe(401);
    expect((await new Client(t.app).get('/api/miApp/getSumMiInspectionRecordsData')).body.code).toBe(401);
    expect((await hd.get('/api/miApp/getMiInspectionRecordsList', { areaId: CY })).body.code).toBe(5002);
    expect((await hd.get('/api/miApp/getSumMiInspectionRecordsData', { selfAreaId: CY })).body.code).toBe(5002);
    expect((await download(hd, 'GET', '/api/miApp/exportInspectionLogStatistics', { areaId: CY })).json.code).toBe(5002);
    const c = await cy.get('/api/miApp/getMiInspectionRecordsList');
    expect(c.body.data.lists.map((x: any) => x.note)).toEqual(['朝阳的']);
  });

  it('shows an enterprise account its own enterprise’s bikes only; another enterprise is 5002', async () => {
    const r = await ent.get('/api/miApp/getMiInspectionRecordsList');
    expect(r.body.code, r.body.message).toBe(200);
    expect(r.body.data.lists.map((x: any) => x.bikeId)).toEqual(['MT0003', 'MT0002', 'MT0001']);
    expect((await ent.get('/api/miApp/getMiInspectionRecordsList', { brandId: HB })).body.code).toBe(5002);
    const s = await ent.get('/api/miApp/getSumMiInspectionRecordsData');
    expect(s.body.data.lists.map((x: any) => x.total).reduce((a: number, b: number) => a + b, 0)).toBe(3);
  });
});

describe('GET /api/miApp/getSumMiInspectionRecordsData', () => {
  it('counts per inspector and local day, each result apart, newest day first', async () => {
    const r = await hd.get('/api/miApp/getSumMiInspectionRecordsData');
    expect(r.body.code, r.body.message).toBe(200);
    expect(r.body.data.lists).toEqual([
      { day: '2026-11-21', userId: inspector.ins_a, miUserName: '巡检甲', total: 1, normal: 0, parking: 1, fault: 0, illegal: 0 },
      { day: '2026-11-21', userId: inspector.ins_b, miUserName: '巡检乙', total: 1, normal: 1, parking: 0, fault: 0, illegal: 0 },
      { day: '2026-11-20', userId: inspector.ins_a, miUserName: '巡检甲', total: 3, normal: 1, parking: 1, fault: 0, illegal: 1 },
      { day: '2026-11-20', userId: inspector.ins_b, miUserName: '巡检乙', total: 1, normal: 0, parking: 0, fault: 1, illegal: 0 },
    ]);
    expect(r.body.data.total).toBe(4);
    // the figures equal a count of the list under the same filters
    const records = await all(hd, '/api/miApp/getMiInspectionRecordsList', { result: 1 });
    const days = await all(hd, '/api/miApp/getSumMiInspectionRecordsData', { result: 1 });
    expect(days.reduce((a, d) => a + d.total, 0)).toBe(records.length);
    const page2 = await hd.get('/api/miApp/getSumMiInspectionRecordsData', { pageSize: 3, currentPage: 2 });
    expect(page2.body.data.lists).toHaveLength(1);
  });
});

describe('the exports equal their lists', () => {
  const cases = (): [string, 'GET' | 'POST', string, string, (r: any) => Cell[]][] => [
    ['/api/miApp/exportInspectionLogStatistics', 'GET', '/api/miApp/getMiInspectionRecordsList', '巡检记录.xlsx', recordCells],
    ['/api/miApp/exportCheckList', 'POST', '/api/miApp/getMiInspectionRecordsList', '巡检清单.xlsx', recordCells],
    ['/api/miApp/exportInspectionStatistics', 'GET', '/api/miApp/getSumMiInspectionRecordsData', '巡检统计.xlsx', dayCells],
  ];

  it('each export, filtered or not, holds the list’s rows in its order', async () => {
    for (const [url, method, list, name, cells] of cases()) {
      for (const q of [{}, { miUserName: '甲' }, { startTime: '2026-11-21', result: 2 }]) {
        const f = method === 'GET' ? await download(hd, method, url, q) : await download(hd, method, url, {}, q);
        expect(f.json, url).toBeNull();
        expect(f.disposition).toContain(encodeURIComponent(name));
        expect(f.rows.slice(1), `${url} ${JSON.stringify(q)}`).toEqual((await all(hd, list, q)).map(cells));
      }
    }
    const ent1 = await download(ent, 'POST', '/api/miApp/exportCheckList', {}, {});
    expect(ent1.rows.slice(1).map((r) => r[3])).toEqual(['MT0003', 'MT0002', 'MT0001']);
    expect((await download(null, 'POST', '/api/miApp/exportCheckList')).json.code).toBe(401);
    expect((await download(hd, 'GET', '/api/miApp/exportInspectionStatistics', { startTime: '2026-02-30' })).json.code).toBe(400);
  });

  it('past the keyset page (2,000 rows) too', async () => {
    await t.database.query(
      `insert into patrol_records (client_id, user_id, area_id, bike_id, brand_id, result, lon, lat, at)
       select 'bulk' || g, case when g % 2 = 0 then $1::int else $2::int end, $3, 'BULK' || g, $4, 1 + g % 4, 116.3, 39.9,
              timestamptz '2026-10-01 00:00:00+08' + (g % 1500) * interval '1 hour'
         from generate_series(1, 2600) g`,
      [inspector.ins_a, inspector.ins_b, HD, MT],
    );
    for (const [url, method, list, , cells] of cases()) {
      const f = await download(hd, method, url);
      const rows = await all(hd, list);
      expect(f.rows.length - 1, url).toBe(rows.length);
      expect(f.rows.slice(1)).toEqual(rows.map(cells));
    }
  }, 120_000);
});
