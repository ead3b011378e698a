/** Statistics downloads: real .xlsx files (opened with exceljs) holding the rows of the JSON calls and of the hand-made world. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, type TestContext } from '../support/app.js';
import { exportSheet } from '../support/sheets.js';
import { CY, HD, SITES, type StatsWorld, openStatsWorld, type StatsClients } from '../support/statsWorld.js';
import { bikePages, logPages } from '../../src/modules/statistics/repo.js';
import { minuteCachedFormat } from '../../src/domain/time.js';
import { formatTime } from '../../src/domain/time.js';

let t: TestContext;
let w: StatsWorld;
let c: StatsClients;

beforeAll(async () => {
  ({ t, w, c } = await openStatsWorld());
});
afterAll(() => t.close());

type Cell = string | number;

/** Downloads a file: the Content-Disposition, and the first sheet as rows of cells (header first). */
const download = (client: Client, path: string, query: Record<string, unknown>) =>
  exportSheet<Cell>(t.app, { method: 'GET', url: `/api/statistics/${path}`, query, token: client.token }, { pad: '' });

const encoded = (name: string) => `filename*=UTF-8''${encodeURIComponent(name)}`;

describe('siteRankAllOut', () => {
  it('holds the rows of siteRankAll under Chinese headers, named 站点排名分析.xlsx', async () => {
    const q = { selfAreaId: HD, year: 2024, month: 3 };
    const json = (await c.hd.get('/api/statistics/siteRankAll', q)).body.data.lists;
    const f = await download(c.hd, 'siteRankAllOut', q);
    expect(f.disposition).toContain(encoded('站点排名分析.xlsx'));
    expect(f.rows[0]).toEqual(['排名', '站点编号', '站点名称', '租车数', '还车数', '上架数', '下架数']);
    expect(f.rows.slice(1)).toEqual(json.map((r: Record<string, Cell>) => [r.rank, r.siteId, r.siteName, r.rentNum, r.returnNum, r.upNum, r.downNum]));
    // by hand (March 2024 in 海淀): S2 5 rents, S1 3, S3 2
    expect(f.rows.slice(1, 4).map((r) => [r[1], r[3]])).toEqual([
      [SITES.S2.id, 5],
      [SITES.S1.id, 3],
      [SITES.S3.id, 2],
    ]);
  });

  it('orders by actionOrder over orderBy, and checks scope and input before sending a file', async () => {
    const q = { selfAreaId: HD, year: 2024, orderBy: 'rent', actionOrder: 'return' };
    const f = await download(c.hd, 'siteRankAllOut', q);
    // 2024 by returns: S1 4, S2 3 (5 rents), S3 3 (2 rents), S4 0 (1 rent), S5
    expect(f.rows.slice(1).map((r) => [r[1], r[4]])).toEqual([
      [SITES.S1.id, 4],
      [SITES.S2.id, 3],
      [SITES.S3.id, 3],
      [SITES.S4.id, 0],
      [SITES.S5.id, 0],
    ]);
    expect((await download(c.hd, 'siteRankAllOut', { selfAreaId: CY, year: 2024 })).json).toMatchObject({ code: 5002 });
    const bad = await download(c.hd, 'siteRankAllOut', { selfAreaId: HD, year: 2024, actionOrder: 'x' });
    expect(bad.json.code).toBe(400);
    expect(bad.json.message).toContain('actionOrder');
    // the enterprise role has no export permission
    expect((await download(c.ent, 'siteRankAllOut', { selfAreaId: HD, year: 2024 })).json).toMatchObject({ code: 5002 });
  });
});

describe('bikeOut', () => {
  const HEADER = ['车辆编号', '品牌', '车辆类型', '车辆状态', '是否合法', '站点编号', '站点名称', '经度', '纬度', '车牌号', '最后上报时间'];

  it('exports the area’s bikes of the asked brands with status, site, position and last report (车辆统计.xlsx)', async () => {
    const f = await download(c.hd, 'bikeOut', { selfAreaId: HD, brandIds: String(w.brands.mt) });
    expect(f.disposition).toContain(encoded('车辆统计.xlsx'));
    expect(f.rows[0]).toEqual(HEADER);
    // 美团 in 海淀 now: MB1 MB2 (S1), MB3 MB7 (S2), MB5 riding, ME1 (S3), ME2 off-site; MB4 stands in 朝阳, MB6 never reported
    expect(f.rows.slice(1).map((r) => [r[0], r[1], r[2], r[3], r[4], r[5], r[6]])).toEqual([
      ['MB1', '美团', '自行车', '站内停放', '合法', SITES.S1.id, SITES.S1.name],
      ['MB2', '美团', '自行车', '站内停放', '合法', SITES.S1.id, SITES.S1.name],
      ['MB3', '美团', '自行车', '站内停放', '合法', SITES.S2.id, SITES.S2.name],
      ['MB5', '美团', '自行车', '骑行中', '合法', '', ''],
      ['MB7', '美团', '自行车', '站内停放', '合法', SITES.S2.id, SITES.S2.name],
      ['ME1', '美团', '电动车', '站内停放', '合法', SITES.S3.id, SITES.S3.name],
      ['ME2', '美团', '电动车', '站外停放', '合法', '', ''],
    ]);
    const mb1 = f.rows[1];
    expect([mb1[7], mb1[8], mb1[9]]).toEqual([SITES.S1.lon, SITES.S1.lat, '京AMB1']);
    expect(String(mb1[10])).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('filters by legality, covers all brands without brandIds, and keeps districts apart', async () => {
    const illegal = await download(c.hd, 'bikeOut', { selfAreaId: HD, legality: 1 });
    expect(illegal.rows.slice(1).map((r) => [r[0], r[1], r[4]])).toEqual([['HX1', '哈啰', '非法（未备案）']]);
    const all = await download(c.hd, 'bikeOut', { selfAreaId: HD });
    expect(all.rows.slice(1).map((r) => r[0])).toEqual(['HB1', 'HB3', 'HE1', 'HE2', 'HX1', 'MB1', 'MB2', 'MB3', 'MB5', 'MB7', 'ME1', 'ME2']);
    const cy = await download(c.cy, 'bikeOut', { selfAreaId: CY, brandIds: `${w.brands.mt},${w.brands.hb}` });
    expect(cy.rows.slice(1).map((r) => r[0])).toEqual(['HB2', 'MB4']);
    expect((await download(c.cy, 'bikeOut', { selfAreaId: HD })).json).toMatchObject({ code: 5002 });
    const bad = await download(c.hd, 'bikeOut', { selfAreaId: HD, brandIds: '1,x' });
    expect(bad.json.code).toBe(400);
    expect(bad.json.message).toContain('brandIds');
  });

  it('pages in bike_id order: small pages give the same rows, in order, once each', async () => {
    const f = { areaIds: [HD], brandIds: null, ownBrand: null };
    const pages: string[][] = [];
    for await (const p of bikePages(t.database, f, 5)) pages.push(p.map((r) => r.bikeId));
    expect(pages.map((p) => p.length)).toEqual([5, 5, 2]);
    expect(pages.flat()).toEqual(['HB1', 'HB3', 'HE1', 'HE2', 'HX1', 'MB1', 'MB2', 'MB3', 'MB5', 'MB7', 'ME1', 'ME2']);
    // the same rows as one big page, with names and times filled in
    const [whole] = await (async () => {
      const all = [];
      for await (const p of bikePages(t.database, f, 100)) all.push(p);
      return all;
    })();
    expect(pages.flat()).toEqual(whole.map((r) => r.bikeId));
    expect(whole.find((r) => r.bikeId === 'MB1')).toMatchObject({ brandName: '美团', siteId: SITES.S1.id, siteName: SITES.S1.name });
    expect(whole.every((r) => r.reportedAt instanceof Date && !Number.isNaN(r.reportedAt.getTime()))).toBe(true);
  });

  it('formats report times as formatTime does, minute-cached (DST changes and odd historical offsets included)', () => {
    const times = [
      Date.UTC(2024, 2, 10, 6, 59, 59),
      Date.UTC(2024, 2, 10, 7, 0, 0),
      Date.UTC(2024, 2, 10, 7, 0, 1), // New York springs forward
      Date.UTC(2024, 10, 3, 5, 59, 30),
      Date.UTC(2024, 10, 3, 6, 0, 30), // and falls back
      Date.UTC(1899, 5, 1, 12, 0, 7), // Shanghai's local mean time, +08:05:43
      Date.UTC(2024, 2, 1, 0, 0, 0, 999),
      Date.UTC(1969, 11, 31, 23, 59, 59, 500),
    ];
    for (let i = 0; i < 500; i++) times.push(Date.UTC(2024, 0, 1) + Math.floor(Math.random() * 366 * 86_400_000));
    for (const tz of ['Asia/Shanghai', 'America/New_York', 'Asia/Kathmandu', 'UTC']) {
      const format = minuteCachedFormat(tz);
      for (const ms of times) expect(format(new Date(ms)), `${tz} ${ms}`).toBe(formatTime(new Date(ms), tz));
      expect(format(new Date(NaN))).toBe('');
    }
  });

  it('applies the filters again on every page: a bike that leaves the area meanwhile is not exported', async () => {
    const f = { areaIds: [HD], brandIds: null, ownBrand: null };
    const [{ area_id: was }] = await t.database.query<{ area_id: string }>(`select area_id from bike_live where bike_id = 'ME2'`);
    const seen: string[] = [];
    try {
      for await (const p of bikePages(t.database, f, 5)) {
        // after the first page (the second is already on its way), ME2 of the third page moves to 朝阳
        if (!seen.length) await t.database.query(`update bike_live set area_id = $1 where bike_id = 'ME2'`, [CY]);
        seen.push(...p.map((r) => r.bikeId));
      }
    } finally {
      await t.database.query(`update bike_live set area_id = $1 where bike_id = 'ME2'`, [was]);
    }
    expect(seen).toEqual(['HB1', 'HB3', 'HE1', 'HE2', 'HX1', 'MB1', 'MB2', 'MB3', 'MB5', 'MB7', 'ME1']);
  });
});

describe('reqLogOut / dispatchRequestLogOut', () => {
  const HEADER = ['时间', '企业', '接口', '提交条数', '接收条数', '拒绝条数', '结果', '耗时(毫秒)', '说明'];

  it('exports the rent/return sync calls of the area’s enterprises (租还请求日志.xlsx): 18 calls, newest first', async () => {
    const f = await download(c.hd, 'reqLogOut', { selfAreaId: HD });
    expect(f.disposition).toContain(encoded('租还请求日志.xlsx'));
    expect(f.rows[0]).toEqual(HEADER);
    const rows = f.rows.slice(1);
    expect(rows).toHaveLength(18);
    const times = rows.map((r) => String(r[0]));
    expect([...times].sort().reverse()).toEqual(times);
    const by = (k: number) => rows.reduce<Record<string, number>>((m, r) => ({ ...m, [String(r[k])]: (m[String(r[k])] ?? 0) + 1 }), {});
    expect(by(6)).toEqual({ 成功: 16, 部分成功: 1, 失败: 1 });
    expect(by(1)).toEqual({ 美团: 11, 哈啰: 7 });
    expect(rows.reduce((s, r) => s + Number(r[3]), 0)).toBe(37);
    const failed = rows.find((r) => r[6] === '失败')!;
    expect(failed.slice(1, 7)).toEqual(['哈啰', 'POST /orders', 1, 0, 1, '失败']);
    expect(failed[8]).toBe('#0 bad1：event 只能是 rent、return');
  });

  it('filters by brand and result, keeps 朝阳 to 哈啰, and exports dispatch calls (调度请求日志.xlsx)', async () => {
    expect((await download(c.hd, 'reqLogOut', { selfAreaId: HD, brandId: w.brands.hb })).rows).toHaveLength(1 + 7);
    expect((await download(c.hd, 'reqLogOut', { selfAreaId: HD, result: 'partial' })).rows.slice(1).map((r) => [r[1], r[6]])).toEqual([['美团', '部分成功']]);
    expect((await download(c.cy, 'reqLogOut', { selfAreaId: CY })).rows.slice(1).every((r) => r[1] === '哈啰')).toBe(true);
    expect((await download(c.cy, 'reqLogOut', { selfAreaId: CY })).rows).toHaveLength(1 + 7);
    const d = await download(c.hd, 'dispatchRequestLogOut', { selfAreaId: HD });
    expect(d.disposition).toContain(encoded('调度请求日志.xlsx'));
    expect(
      d.rows
        .slice(1)
        .map((r) => [r[1], r[2], r[3], r[6]])
        .sort(),
    ).toEqual([
      ['哈啰', 'POST /dispatch', 2, '成功'],
      ['美团', 'POST /dispatch', 2, '成功'],
    ]);
    const future = await download(c.hd, 'reqLogOut', { selfAreaId: HD, startTime: '2099-01-01 00:00:00' });
    expect(future.rows).toEqual([HEADER]);
    const bad = await download(c.hd, 'reqLogOut', { selfAreaId: HD, startTime: 'soon' });
    expect(bad.json.code).toBe(400);
    expect(bad.json.message).toContain('startTime');
  });

  it('pages the logs by keyset on (time, id) without losing or repeating a row', async () => {
    const scope = { areaIds: [HD], brandId: null };
    const ids: number[] = [];
    for await (const p of logPages(t.database, 'request', scope, 4)) ids.push(...p.map((r) => r.id));
    expect(ids).toHaveLength(18);
    expect(new Set(ids).size).toBe(18);
  });
});
