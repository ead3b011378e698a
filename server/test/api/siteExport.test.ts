/** POST /api/device/export/site: the filtered site list as 站点列表.xlsx (opened with exceljs), and the brandPutSwitch filter. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestContext } from '../support/app.js';
import { exportSheet } from '../support/sheets.js';
import { CY, HD, SITES, buildReadWorld, type ReadWorld } from '../support/readWorld.js';
import { sitePages } from '../../src/shared/siteList.js';

let t: TestContext;
let w: ReadWorld;

beforeAll(async () => {
  t = await createTestApp({ OFFSITE_MINUTES: '1' });
  w = await buildReadWorld(t);
});
afterAll(() => t.close());

type Cell = string | number;
const HEADER = [
  '站点编号',
  '站点名称',
  '区域',
  '车辆数',
  '自行车',
  '电动车',
  '容量',
  '状态',
  '统计时间',
  '设备数',
  '蓝牙桩',
  '回收',
  '重点',
  '允许投放',
  '偏少阈值',
  '偏多阈值',
  '调度响应分钟',
  '中心经度',
  '中心纬度',
  '创建时间',
];

/** Posts the export: the sheet's rows (header first), or the JSON answer when no file came. */
const download = (client: Client | null, body?: Record<string, unknown>, query: Record<string, unknown> = {}) =>
  exportSheet<Cell>(t.app, { method: 'POST', url: '/api/device/export/site', query, payload: body, token: client?.token }, { pad: '' });

const ids = (rows: Cell[][]) => rows.slice(1).map((r) => r[0]);

describe('site export', () => {
  it('holds every site of the list under the console’s columns, named 站点列表.xlsx', async () => {
    const f = await download(w.hd, {}, { selfAreaId: HD });
    expect(f.disposition).toContain(`filename*=UTF-8''${encodeURIComponent('站点列表.xlsx')}`);
    expect(f.rows[0]).toEqual(HEADER);
    const json = (await w.hd.get('/api/site/', { selfAreaId: HD, pageSize: 100 })).body.data.lists;
    expect(ids(f.rows)).toEqual(json.map((s: { siteId: string }) => s.siteId));
    expect(ids(f.rows)).toEqual([SITES.H1.id, SITES.H2.id, SITES.H3.id, SITES.H4.id, SITES.H5.id]);
    const s = json[4];
    expect(f.rows[5]).toEqual([
      s.siteId,
      SITES.H5.name,
      '海淀区',
      5,
      s.bikeNum,
      s.ebikeNum,
      5,
      '满桩',
      s.stateTime,
      s.pileNum,
      s.bleNum,
      '否',
      '否',
      '否',
      s.dispatchThresholdLess,
      s.dispatchThresholdMore,
      s.dispatchResponseMinute,
      SITES.H5.lon,
      SITES.H5.lat,
      s.createTime,
    ]);
    expect(f.rows[3][9]).toBe(1); // H3 has its pile
  });

  it('respects the filters, in the body or the query (the body wins), like the list', async () => {
    expect(ids((await download(w.hd, { status: 1 }, { selfAreaId: HD })).rows)).toEqual([SITES.H5.id]);
    expect(ids((await download(w.hd, undefined, { selfAreaId: HD, status: 4 })).rows)).toEqual([SITES.H1.id]);
    expect(ids((await download(w.hd, { status: 2 }, { selfAreaId: HD, status: 4 })).rows)).toEqual([SITES.H4.id]);
    expect(ids((await download(w.hd, { brandPutSwitch: 0 }, { selfAreaId: HD })).rows)).toEqual([SITES.H5.id]);
    expect(ids((await download(w.hd, { siteName: '偏少' }, { selfAreaId: HD })).rows)).toEqual([SITES.H2.id]);
    expect(ids((await download(w.hd, { siteId: '1101080000003' }, { selfAreaId: HD })).rows)).toEqual([SITES.H3.id]);
    expect(ids((await download(w.hd, { selfAreaId: HD, flag: 1 })).rows)).toEqual([SITES.H3.id]);
    // nothing matches: a file with the header alone
    expect((await download(w.hd, { siteName: '不存在' }, { selfAreaId: HD })).rows).toEqual([HEADER]);
    // the list takes brandPutSwitch too
    const list = await w.hd.get('/api/site/', { selfAreaId: HD, brandPutSwitch: 0 });
    expect(list.body.data.lists.map((s: { siteId: string }) => s.siteId)).toEqual([SITES.H5.id]);
    expect((await w.hd.get('/api/site/', { selfAreaId: HD, brandPutSwitch: 'true' })).body.data.total).toBe(4);
  });

  it('pages the list with its total, also past the end', async () => {
    const page = (currentPage: number, q: Record<string, unknown> = {}) => w.hd.get('/api/site/', { selfAreaId: HD, pageSize: 2, currentPage, ...q });
    expect((await page(1)).body.data).toMatchObject({ total: 5, lists: [{ siteId: SITES.H1.id }, { siteId: SITES.H2.id }] });
    expect((await page(3)).body.data).toMatchObject({ total: 5, lists: [{ siteId: SITES.H5.id }] });
    expect((await page(9)).body.data).toEqual({ total: 5, lists: [] });
    expect((await page(9, { status: 1 })).body.data).toEqual({ total: 1, lists: [] });
    expect((await page(1, { siteName: '海淀' })).body.data.total).toBe(5);
    expect((await page(1, { siteName: 'x' })).body.data.total).toBe(0);
  });

  it('pages by keyset in id order, whatever the page size', async () => {
    const got: string[] = [];
    for await (const page of sitePages(t.database, { areaIds: [HD, CY] }, 2)) {
      expect(page.length).toBeLessThanOrEqual(2);
      got.push(...page.map((r) => r.siteId));
    }
    expect(got).toEqual(
      Object.values(SITES)
        .map((s) => s.id)
        .sort(),
    );
  });

  it('answers 401 without a token, keeps another area’s sites out and refuses its selfAreaId', async () => {
    expect((await download(null, {}, { selfAreaId: HD })).json).toMatchObject({ code: 401 });
    expect(ids((await download(w.cy, {}, { selfAreaId: CY })).rows)).toEqual([SITES.C1.id, SITES.C2.id]);
    expect((await download(w.cy, {}, { selfAreaId: HD })).json).toMatchObject({ code: 5002 });
    expect((await download(w.cy, { selfAreaId: HD })).json).toMatchObject({ code: 5002 });
    expect(ids((await download(w.cy, { siteId: SITES.H1.id })).rows)).toEqual([]);
    // the enterprise user has no site management
    expect((await download(w.ent, {}, { selfAreaId: HD })).json).toMatchObject({ code: 5002 });
  });

  it('refuses bad filters with 400 in Chinese before sending a file', async () => {
    for (const body of [{ status: 9 }, { status: 'x' }, { recycleSwitch: 2 }, { brandPutSwitch: 'maybe' }, { flag: -1 }, { siteName: 'x'.repeat(65) }]) {
      const r = await download(w.hd, body, { selfAreaId: HD });
      expect(r.json, JSON.stringify(body)).toMatchObject({ code: 400, message: expect.stringMatching(/[\u4e00-\u9fa5]/) });
    }
    expect((await download(w.hd, undefined, { selfAreaId: HD, status: 0 })).json).toMatchObject({ code: 400 });
    expect((await w.hd.get('/api/site/', { selfAreaId: HD, brandPutSwitch: 3 })).body.code).toBe(400);
  });
});
