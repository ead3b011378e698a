/**
 * The home screen's dialogs (messages, brands at sites, filing checks, rents and returns) against the
 * read world; numbers counted by hand from the table in test/support/readWorld.ts. The curves and
 * exports are in dashboardCurves.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../support/app.js';
import { CY, HD, SITES, buildReadWorld, localDate, localHour, type ReadWorld } from '../support/readWorld.js';

let t: TestContext;
let w: ReadWorld;

beforeAll(async () => {
  t = await createTestApp({ OFFSITE_MINUTES: '1' });
  w = await buildReadWorld(t);
});
afterAll(() => t.close());

describe('today’s messages and history', () => {
  it('pages today’s site messages of the district', async () => {
    const p1 = (await w.hd.get('/api/dashboard/todayHistory', { selfAreaId: HD, currentPage: 1, pageSize: 3 })).body.data;
    const p2 = (await w.hd.get('/api/dashboard/todayHistory', { selfAreaId: HD, currentPage: 2, pageSize: 3 })).body.data;
    expect([p1.total, p1.lists.length, p2.total, p2.lists.length]).toEqual([4, 3, 4, 1]);
    const all = [...p1.lists, ...p2.lists].map((m: { siteId: string; status: string }) => `${m.siteId}:${m.status}`).sort();
    expect(all).toEqual([`${SITES.H1.id}:空桩`, `${SITES.H2.id}:偏少`, `${SITES.H4.id}:偏多`, `${SITES.H5.id}:满桩`]);
    expect((await w.cy.get('/api/dashboard/todayHistory', { selfAreaId: CY })).body.data.total).toBe(1);
    expect((await w.hd.get('/api/dashboard/todayHistory', { selfAreaId: HD, pageSize: 0 })).body.message).toContain('pageSize');
  });

  it('answers a site’s history rows and refuses another district’s site', async () => {
    const h = (
      await w.hd.get('/api/dashboard/siteHistory', {
        selfAreaId: HD,
        siteId: SITES.H4.id,
        currentPage: 1,
        pageSize: 10,
      })
    ).body.data;
    expect(h.total).toBe(1);
    expect(h.lists[0]).toMatchObject({
      siteId: SITES.H4.id,
      siteName: '海淀偏多站',
      num: 9,
      bikeNum: 7,
      ebikeNum: 2,
      flag: 3,
      status: '偏多',
      capacity: 10,
    });
    expect(JSON.parse(h.lists[0].currentBike).nowEBike).toEqual([{ brand_id: w.brandIds.hb, brand_name: '哈啰', num: 2 }]);
    expect((await w.hd.get('/api/dashboard/siteHistory', { selfAreaId: HD, siteId: SITES.C1.id })).body.code).toBe(5002);
  });
});

describe('brands at sites and bikes of a site', () => {
  it('lists the sites holding a brand’s bikes, most first', async () => {
    const mt = (
      await w.hd.get('/api/dashboard/brandOnlineBike', {
        selfAreaId: HD,
        brandId: w.brandIds.mt,
        bikeType: 0,
        currentPage: 1,
        pageSize: 10,
      })
    ).body.data;
    expect(mt).toEqual({
      total: 3,
      lists: [
        expect.objectContaining({ siteId: SITES.H4.id, siteName: '海淀偏多站', num: 4 }),
        expect.objectContaining({ siteId: SITES.H3.id, num: 2 }),
        expect.objectContaining({ siteId: SITES.H2.id, num: 1 }),
      ],
    });
    const hb = (await w.hd.get('/api/dashboard/brandOnlineBike', { selfAreaId: HD, brandId: w.brandIds.hb, pageSize: 2 })).body.data;
    expect(hb.total).toBe(3);
    expect(hb.lists.map((x: { siteId: string; num: number }) => [x.siteId, x.num])).toEqual([
      [SITES.H4.id, 5],
      [SITES.H3.id, 3],
    ]);
    expect((await w.cy.get('/api/dashboard/brandOnlineBike', { selfAreaId: CY, brandId: w.brandIds.mt })).body.data.lists).toEqual([
      expect.objectContaining({ siteId: SITES.C1.id, num: 2 }),
    ]);
  });

  it('lists the bikes parked at a site, by brand and type', async () => {
    const all = (await w.hd.get('/api/dashboard/siteBike', { selfAreaId: HD, siteId: SITES.H4.id, pageSize: 100 })).body.data;
    expect(all.total).toBe(9);
    const e = (await w.hd.get('/api/dashboard/siteBike', { selfAreaId: HD, siteId: SITES.H4.id, bikeType: 1 })).body.data;
    expect(e.lists.map((b: { bikeId: string }) => b.bikeId)).toEqual(['HBE01', 'HBE02']);
    expect(e.lists[0]).toMatchObject({ brandName: '哈啰', bikeType: 1, legality: 0 });
    const mt = (
      await w.hd.get('/api/dashboard/brandSiteBike', {
        selfAreaId: HD,
        brandId: w.brandIds.mt,
        siteId: SITES.H4.id,
        currentPage: 1,
        pageSize: 3,
      })
    ).body.data;
    expect(mt.total).toBe(4);
    expect(mt.lists.map((b: { bikeId: string }) => b.bikeId)).toEqual(['MTB04', 'MTB05', 'MTB06']);
    const h3 = (await w.hd.get('/api/dashboard/siteBike', { selfAreaId: HD, siteId: SITES.H3.id, pageSize: 100 })).body.data;
    expect(h3.lists.find((b: { bikeId: string }) => b.bikeId === 'HBX01')).toMatchObject({
      legality: 1,
      licenseCode: null,
    });
    expect((await w.hd.get('/api/dashboard/siteBike', { selfAreaId: HD, siteId: SITES.C1.id })).body.code).toBe(5002);
    expect((await w.hd.get('/api/dashboard/brandSiteBike', { selfAreaId: HD, siteId: SITES.H4.id })).body.message).toContain('brandId');
  });
});

describe('filing check, silent bikes, enterprise, brand counts', () => {
  it('reports what the piles heard in 24 h per brand', async () => {
    const m = (await w.hd.get('/api/dashboard/bikeMonitor', { selfAreaId: HD })).body.data;
    expect(m[w.brandIds.mt]).toMatchObject({
      brandName: '美团',
      count: 2,
      warn: [],
      mac_count: 2,
      mac_list: ['AA:00:00:00:00:02', 'AA:00:00:00:00:04'],
    });
    expect(m[w.brandIds.mt].abnormal).toEqual([
      expect.objectContaining({
        bikeId: 'MTB04',
        siteId: SITES.H3.id,
        liveSiteId: SITES.H4.id,
        liveSiteName: '海淀偏多站',
      }),
    ]);
    expect(m[w.brandIds.hb]).toMatchObject({
      count: 1,
      abnormal: [],
      mac_count: 1,
      warn: [expect.objectContaining({ bikeId: 'HB77', mac: 'DD:00:00:00:00:77' })],
    });
    const cy = (await w.cy.get('/api/dashboard/bikeMonitor', { selfAreaId: CY })).body.data;
    expect(Object.values(cy).map((x) => (x as { count: number }).count)).toEqual([0, 0, 0]);
  });

  it('lists filed bikes silent for 24 h (or never heard of) per brand', async () => {
    const n = (await w.hd.get('/api/dashboard/bikeNotUpload', { selfAreaId: HD })).body.data;
    expect(n[w.brandIds.mt].count).toBe(2);
    expect(n[w.brandIds.mt].list.map((b: { bikeId: string; lastReportTime: string | null }) => [b.bikeId, b.lastReportTime])).toEqual([
      ['MTB12', null],
      ['MTE04', null],
    ]);
    expect(n[w.brandIds.hb]).toMatchObject({
      count: 1,
      list: [expect.objectContaining({ bikeId: 'HBB10', bikeLon: 116.305, bikeLat: 39.985 })],
    });
    expect(n[w.brandIds.hb].list[0].lastReportTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const cy = (await w.cy.get('/api/dashboard/bikeNotUpload', { selfAreaId: CY })).body.data;
    expect(Object.values(cy).map((x) => (x as { count: number }).count)).toEqual([0, 0, 0]);
  });

  it('answers an enterprise of the district without its password, refuses others', async () => {
    // every filed bike of the brand, wherever it is: MTB01-13 and MTE01-04
    const r = await w.hd.get('/api/dashboard/brandInfo', { selfAreaId: HD, brandId: w.brandIds.mt });
    expect(r.body.data).toMatchObject({
      brandId: w.brandIds.mt,
      brandName: '美团',
      brandAccount: 'mt',
      areaId: HD,
      areaIdText: '海淀区',
      operationAreaIdText: '海淀区、朝阳区',
      brandBikeNum: 13,
      brandEBikeNum: 4,
    });
    expect(JSON.stringify(r.body)).not.toMatch(/password/i);
    expect((await w.hd.get('/api/dashboard/brandInfo', { selfAreaId: HD, brandId: w.brandIds.qj })).body.code).toBe(5002);
    expect((await w.cy.get('/api/dashboard/brandInfo', { selfAreaId: CY, brandId: w.brandIds.qj })).body.data.brandName).toBe('青桔');
    expect((await w.hd.get('/api/dashboard/brandInfo', { selfAreaId: HD, brandId: 9999 })).body).toMatchObject({
      code: 400,
      message: '企业信息不存在！',
    });
  });

  it('counts online, in-site, filed and approved bikes per brand and type', async () => {
    const rows = (await w.hd.get('/api/dashboard/brandBike', { selfAreaId: HD })).body.data;
    expect(rows).toEqual([
      expect.objectContaining({
        brandName: '美团',
        onlineBikeNum: 9,
        onlineEBikeNum: 3,
        siteBikeNum: 7,
        siteEBikeNum: 3,
        filedBikeNum: 10,
        filedEBikeNum: 4,
        approvedBikeNum: 100,
        approvedEBikeNum: 20,
        illegalNum: 0,
        abnormalNum: 2,
      }),
      expect.objectContaining({
        brandName: '哈啰',
        // filed bikes only: the illegal HBX01 (at H3) is illegalNum
        onlineBikeNum: 9,
        onlineEBikeNum: 2,
        siteBikeNum: 8,
        siteEBikeNum: 2,
        filedBikeNum: 10,
        filedEBikeNum: 2,
        approvedBikeNum: 80,
        approvedEBikeNum: 10,
        illegalNum: 1,
        abnormalNum: 4,
      }),
    ]);
  });
});

describe('rents and returns today', () => {
  const byBrand = (lists: { brandName: string; total: number }[]) => Object.fromEntries(lists.map((l) => [l.brandName, l.total]));

  it('counts today’s rents and returns per brand and hour at the district’s sites', async () => {
    const rent = (await w.hd.get('/api/dashboard/siteRentStatistics', { selfAreaId: HD })).body.data;
    // rents at 110108 sites: O1 O2 O4 O5 (美团), O3 (哈啰)
    expect(byBrand(rent.lists)).toEqual({ 美团: 4, 哈啰: 1 });
    expect(rent.total).toBe(5);
    expect(rent.date).toBe(localDate(new Date()));
    expect(rent.hours[0]).toBe(0);
    expect(rent.hours.length).toBe(localHour(new Date()) + 1);
    expect(rent.lists[0].data[localHour(w.times.rent)]).toBe(4);
    // returns at 110108 sites: O1 O2 (美团), O3 (哈啰); O4 ended off-site
    const ret = (await w.hd.get('/api/dashboard/siteReturnStatistics', { selfAreaId: HD })).body.data;
    expect(byBrand(ret.lists)).toEqual({ 美团: 2, 哈啰: 1 });
    expect(ret.lists[1].data[localHour(w.times.ret)]).toBe(1);
    const h3 = (await w.hd.get('/api/dashboard/siteReturnStatistics', { selfAreaId: HD, siteId: SITES.H3.id })).body.data;
    expect(byBrand(h3.lists)).toEqual({ 美团: 1, 哈啰: 1 });
    const cy = (await w.cy.get('/api/dashboard/siteRentStatistics', { selfAreaId: CY })).body.data;
    expect(byBrand(cy.lists)).toEqual({ 美团: 1, 哈啰: 1, 青桔: 0 });
    expect((await w.hd.get('/api/dashboard/siteRentStatistics', { selfAreaId: HD, siteId: SITES.C1.id })).body.code).toBe(5002);
  });
});
