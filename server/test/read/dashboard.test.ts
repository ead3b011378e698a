/**
 * The home screen's main calls against the read world (test/support/readWorld.ts). Every expected
 * number is counted by hand from the table at the top of that file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../support/app.js';
import { CY, HD, SITES, buildReadWorld, type ReadWorld } from '../support/readWorld.js';

let t: TestContext;
let w: ReadWorld;

beforeAll(async () => {
  t = await createTestApp({ OFFSITE_MINUTES: '1' });
  w = await buildReadWorld(t);
});
afterAll(() => t.close());

const ids = (rows: { siteId: string }[]) => rows.map((r) => r.siteId);

describe('GET /api/dashboard/get', () => {
  it('answers the district’s sites, brand statistics, counters and latest messages', async () => {
    const r = await w.hd.get('/api/dashboard/get', { selfAreaId: HD, v: 1, limit: 0 });
    expect(r.body.code).toBe(200);
    const { map, statistical, siteMessage } = r.body.data;
    expect(ids(map).sort()).toEqual([SITES.H1.id, SITES.H2.id, SITES.H3.id, SITES.H4.id, SITES.H5.id]);
    const byId = Object.fromEntries(map.map((s: { siteId: string }) => [s.siteId, s]));
    expect(byId[SITES.H1.id]).toMatchObject({ flag: 0, status: '空桩', num: 0, currentNum: 0, capacity: 10 });
    expect(byId[SITES.H2.id]).toMatchObject({ flag: 4, status: '偏少', num: 1, bikeNum: 1, ebikeNum: 0 });
    expect(byId[SITES.H3.id]).toMatchObject({ flag: 1, status: '正常', num: 6, bikeNum: 5, ebikeNum: 1 });
    expect(byId[SITES.H4.id]).toMatchObject({ flag: 3, status: '偏多', num: 9, bikeNum: 7, ebikeNum: 2 });
    expect(byId[SITES.H5.id]).toMatchObject({
      flag: 2,
      status: '满桩',
      num: 5,
      bikeNum: 3,
      ebikeNum: 2,
      siteBikeCeiling: 5,
      capacity: 5,
      siteName: '海淀满桩站',
      siteLon: 116.312,
      siteLat: 39.98,
      bleNum: 0,
      recycleSwitch: false,
      majorSwitch: false,
      gpsRail: null,
      length: 20,
    });

    expect(statistical).toMatchObject({ total: 5, full: 1, more: 1, normal: 1, less: 1, empty: 1 });
    // online = filed bikes reported within 24 h in 110108 (any status; the illegal HBX01 is counted apart);
    // in sites = those of them parked in a site
    expect(statistical.brands).toEqual([
      {
        brandId: w.brandIds.mt,
        brandName: '美团',
        onlineNum: 12,
        siteNum: 10,
        brandBikeNum: 9,
        brandEBikeNum: 3,
        bikeSiteNum: 7,
        ebikeSiteNum: 3,
        bikeColor: '#f5c518',
        ebikeColor: '#1890ff',
        quantity_approved: 120,
        recorded_number: 14,
        warn: 0,
        abnormal: 2,
      },
      {
        brandId: w.brandIds.hb,
        brandName: '哈啰',
        onlineNum: 11,
        siteNum: 10,
        brandBikeNum: 9,
        brandEBikeNum: 2,
        bikeSiteNum: 8,
        ebikeSiteNum: 2,
        bikeColor: '#f5c518',
        ebikeColor: '#1890ff',
        quantity_approved: 90,
        recorded_number: 12,
        warn: 1,
        abnormal: 4,
      },
    ]);
    expect(statistical).toMatchObject({ bikeNum: 18, ebikeNum: 5, bSiteNumTotal: 15, eSiteNumTotal: 5 });
    expect(statistical.bike.map((x: { brandName: string; num: number; siteNum: number }) => [x.brandName, x.num, x.siteNum])).toEqual([
      ['哈啰', 9, 8],
      ['美团', 9, 7],
    ]);
    expect(statistical.ebike.map((x: { brandName: string; num: number; siteNum: number }) => [x.brandName, x.num, x.siteNum])).toEqual([
      ['美团', 3, 3],
      ['哈啰', 2, 2],
    ]);

    // the first snapshot wrote a message for each site that came up empty, less, more or full (H3 is normal)
    expect(siteMessage.map((m: { siteId: string }) => m.siteId).sort()).toEqual([SITES.H1.id, SITES.H2.id, SITES.H4.id, SITES.H5.id]);
    const full = siteMessage.find((m: { siteId: string }) => m.siteId === SITES.H5.id);
    expect(full).toMatchObject({ siteName: '海淀满桩站', num: 5, bikeNum: 3, ebikeNum: 2, messageType: 'full', status: '满桩', capacity: 5 });
    expect(full.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(JSON.parse(full.currentBike)).toEqual({
      nowBike: [{ brand_id: w.brandIds.hb, brand_name: '哈啰', num: 3 }],
      nowEBike: [{ brand_id: w.brandIds.mt, brand_name: '美团', num: 2 }],
    });
  });

  it('filters by status and keeps the `limit` sites nearest the centre', async () => {
    const full = await w.hd.get('/api/dashboard/get', { selfAreaId: HD, limit: 0, f: 1 });
    expect(ids(full.body.data.map)).toEqual([SITES.H5.id]);
    // the counters stay those of every site
    expect(full.body.data.statistical.total).toBe(5);
    expect(ids((await w.hd.get('/api/dashboard/get', { selfAreaId: HD, limit: 0, f: 2 })).body.data.map)).toEqual([SITES.H4.id]);
    expect(ids((await w.hd.get('/api/dashboard/get', { selfAreaId: HD, limit: 0, f: 3 })).body.data.map)).toEqual([SITES.H2.id]);
    expect(ids((await w.hd.get('/api/dashboard/get', { selfAreaId: HD, limit: 0, f: 4 })).body.data.map)).toEqual([SITES.H1.id]);

    const near = await w.hd.get('/api/dashboard/get', { selfAreaId: HD, v: 2, limit: 2, lon: SITES.H5.lon, lat: SITES.H5.lat });
    expect(ids(near.body.data.map)).toEqual([SITES.H5.id, SITES.H4.id]);
    const west = await w.hd.get('/api/dashboard/get', { selfAreaId: HD, limit: 2, lon: 116.29, lat: 39.98 });
    expect(ids(west.body.data.map)).toEqual([SITES.H1.id, SITES.H2.id]);
    // no centre: the average of the district's sites (H3 is in the middle)
    const mid = await w.hd.get('/api/dashboard/get', { selfAreaId: HD, limit: 1 });
    expect(ids(mid.body.data.map)).toEqual([SITES.H3.id]);
  });

  it('shows 110105 only its own, the root everything, and refuses another district (5002)', async () => {
    const cy = (await w.cy.get('/api/dashboard/get', { selfAreaId: CY, limit: 0 })).body.data;
    expect(ids(cy.map).sort()).toEqual([SITES.C1.id, SITES.C2.id]);
    expect(cy.statistical).toMatchObject({ total: 2, normal: 1, empty: 1, full: 0, bikeNum: 3, ebikeNum: 1, bSiteNumTotal: 2, eSiteNumTotal: 1 });
    const brands = Object.fromEntries(cy.statistical.brands.map((b: { brandName: string }) => [b.brandName, b]));
    expect(Object.keys(brands).sort()).toEqual(['美团', '哈啰', '青桔'].sort());
    expect(brands['美团']).toMatchObject({ onlineNum: 3, siteNum: 2, quantity_approved: 50, recorded_number: 3, abnormal: 2, warn: 0 });
    expect(brands['哈啰']).toMatchObject({ onlineNum: 1, siteNum: 1, brandEBikeNum: 1, quantity_approved: 0, recorded_number: 1, abnormal: 0 });
    expect(brands['青桔']).toMatchObject({ onlineNum: 0, siteNum: 0, recorded_number: 0 });
    expect(cy.siteMessage.map((m: { siteId: string }) => m.siteId)).toEqual([SITES.C2.id]);

    const all = (await w.admin.get('/api/dashboard/get', { limit: 0 })).body.data;
    expect(all.map).toHaveLength(7);
    expect(all.statistical).toMatchObject({ total: 7, empty: 2, normal: 2, less: 1, more: 1, full: 1 });
    expect(all.siteMessage).toHaveLength(5);

    expect((await w.hd.get('/api/dashboard/get', { selfAreaId: CY })).body).toMatchObject({ code: 5002, data: null });
    expect((await w.cy.get('/api/dashboard/get', { selfAreaId: HD })).body.code).toBe(5002);
  });

  it('names the bad field (400)', async () => {
    expect((await w.hd.get('/api/dashboard/get', { selfAreaId: HD, f: 5 })).body).toMatchObject({ code: 400, message: expect.stringContaining('f') });
    expect((await w.hd.get('/api/dashboard/get', { selfAreaId: HD, limit: -1 })).body.message).toContain('limit');
    expect((await w.hd.get('/api/dashboard/get', { selfAreaId: HD, lon: 'east' })).body.message).toContain('lon');
    expect((await w.hd.get('/api/dashboard/get', { selfAreaId: '1101' })).body).toMatchObject({ code: 400, message: expect.stringContaining('selfAreaId') });
  });
});

describe('GET /api/dashboard/init', () => {
  it('answers the area, its centre, its brands and whether it is an aggregation', async () => {
    const r = await w.hd.get('/api/dashboard/init', { selfAreaId: HD });
    expect(r.body.data.area).toMatchObject({
      areaId: HD,
      areaName: '海淀区',
      level: 3,
      aggregation: 0,
      aggregationId: null,
      fullPileNum: 1,
      fullPileName: '满桩值',
      siteCount: 5,
    });
    // average of the five sites: lon (116.300 + … + 116.312) / 5
    expect(r.body.data.area.lon).toBeCloseTo(116.306, 6);
    expect(r.body.data.area.lat).toBeCloseTo(39.98, 6);
    expect(r.body.data.brands.map((b: { brandName: string }) => b.brandName)).toEqual(['美团', '哈啰']);
    expect(r.body.data.isAggregation).toBe(true);
    const cy = await w.cy.get('/api/dashboard/init', { selfAreaId: CY });
    expect(cy.body.data.brands.map((b: { brandName: string }) => b.brandName)).toEqual(['美团', '哈啰', '青桔']);
  });

  it('falls back to the fence centroid, then to the default centre', async () => {
    // 110101 has no sites: give it a fence, then take it away
    const ring = [
      { lon: 116.0, lat: 39.0 },
      { lon: 117.0, lat: 39.0 },
      { lon: 117.0, lat: 40.0 },
      { lon: 116.0, lat: 40.0 },
      { lon: 116.0, lat: 39.0 },
    ];
    await t.database.query(`update areas set gps_rail = $1::jsonb where id = '110101'`, [JSON.stringify(ring)]);
    const fenced = (await w.admin.get('/api/dashboard/init', { selfAreaId: '110101' })).body.data.area;
    expect(fenced.lon).toBeCloseTo(116.5, 9);
    expect(fenced.lat).toBeCloseTo(39.5, 9);
    await t.database.query(`update areas set gps_rail = null where id = '110101'`);
    const bare = (await w.admin.get('/api/dashboard/init', { selfAreaId: '110101' })).body.data.area;
    expect([bare.lon, bare.lat, bare.siteCount]).toEqual([116.397428, 39.90923, 0]);
  });

  it('answers the extent of the located sites (the map fits its view to it), null without sites', async () => {
    const hd = (await w.hd.get('/api/dashboard/init', { selfAreaId: HD })).body.data.area;
    expect(hd.extent).toEqual({ minLon: 116.3, minLat: 39.98, maxLon: 116.312, maxLat: 39.98 });
    // the admin sees both districts: 海淀 H1–H5 and 朝阳 C1, C2 (lat 39.92)
    const all = (await w.admin.get('/api/dashboard/init', { selfAreaId: '000000' })).body.data.area;
    expect(all.extent).toEqual({ minLon: 116.3, minLat: 39.92, maxLon: 116.453, maxLat: 39.98 });
    // an unlocated site (0, 0) is counted but stretches no extent
    await t.database.query(`update sites set lon = 0, lat = 0 where id = $1`, [SITES.H1.id]);
    try {
      const partly = (await w.hd.get('/api/dashboard/init', { selfAreaId: HD })).body.data.area;
      expect(partly.siteCount).toBe(5);
      expect(partly.extent).toEqual({ minLon: 116.303, minLat: 39.98, maxLon: 116.312, maxLat: 39.98 });
    } finally {
      await t.database.query(`update sites set lon = $2, lat = $3 where id = $1`, [SITES.H1.id, SITES.H1.lon, SITES.H1.lat]);
    }
    expect((await w.admin.get('/api/dashboard/init', { selfAreaId: '110101' })).body.data.area.extent).toBeNull();
  });
});

describe('GET /api/dashboard/search', () => {
  it('finds sites by name and number, bikes by number and plate', async () => {
    const byName = await w.hd.get('/api/dashboard/search', { selfAreaId: HD, searchType: 1, search: ' 海淀 ' });
    expect(ids(byName.body.data.lists).sort()).toEqual([SITES.H1.id, SITES.H2.id, SITES.H3.id, SITES.H4.id, SITES.H5.id]);
    expect(byName.body.data.bike).toBeNull();
    const one = await w.hd.get('/api/dashboard/search', { selfAreaId: HD, searchType: 1, search: '偏多' });
    expect(one.body.data.lists).toEqual([expect.objectContaining({ siteId: SITES.H4.id, siteLon: 116.309, siteLat: 39.98, flag: 3, status: '偏多', num: 9 })]);
    const byNumber = await w.hd.get('/api/dashboard/search', { selfAreaId: HD, searchType: 2, search: SITES.H3.id });
    expect(ids(byNumber.body.data.lists)).toEqual([SITES.H3.id]);

    const bike = await w.hd.get('/api/dashboard/search', { selfAreaId: HD, searchType: 3, search: 'MTB01' });
    expect(ids(bike.body.data.lists)).toEqual([SITES.H2.id]);
    expect(bike.body.data.bike).toMatchObject({ bikeId: 'MTB01', brandName: '美团', siteId: SITES.H2.id, bikeLon: SITES.H2.lon });
    const plate = await w.hd.get('/api/dashboard/search', { selfAreaId: HD, searchType: 6, search: ' 京A00001 ' });
    expect(plate.body.data.bike.bikeId).toBe('MTB01');
  });

  it('warns when nothing is found, the bike is rented or not in a site, and hides other districts', async () => {
    const msg = async (searchType: number, search: string, c = w.hd, selfAreaId = HD) =>
      (await c.get('/api/dashboard/search', { selfAreaId, searchType, search })).body;
    expect(await msg(1, '不存在的站')).toMatchObject({ code: 400, message: '搜索不到您要的信息，请重新搜索' });
    expect(await msg(3, 'MTB11')).toMatchObject({ code: 400, message: '车辆出租中无法定位' });
    expect(await msg(6, '京A00011')).toMatchObject({ code: 400, message: '车辆出租中无法定位' });
    expect(await msg(3, 'MTB10')).toMatchObject({ code: 400, message: '该车辆不在站点' });
    expect(await msg(6, '京B00009')).toMatchObject({ code: 400, message: '该车辆不在站点' });
    expect(await msg(3, 'MTB12')).toMatchObject({ code: 400, message: '搜索不到您要的信息，请重新搜索' });
    // 110105 sees neither 海淀's sites nor its bikes
    expect(await msg(1, '海淀', w.cy, CY)).toMatchObject({ code: 400, message: '搜索不到您要的信息，请重新搜索' });
    expect(await msg(3, 'MTB01', w.cy, CY)).toMatchObject({ code: 400, message: '搜索不到您要的信息，请重新搜索' });
    expect((await w.hd.get('/api/dashboard/search', { selfAreaId: HD, searchType: 4, search: 'x' })).body.message).toContain('searchType');
    expect((await w.hd.get('/api/dashboard/search', { selfAreaId: HD, searchType: 1 })).body.message).toContain('search');
  });
});

describe('GET /api/dashboard/getSite', () => {
  it('answers the site with its brands and today’s flows (the other end of each ride)', async () => {
    const r = (await w.hd.get('/api/dashboard/getSite', { selfAreaId: HD, siteId: SITES.H3.id })).body.data;
    expect(r).toMatchObject({ siteId: SITES.H3.id, siteName: '海淀正常站', num: 6, bikeNum: 5, ebikeNum: 1, flag: 1, status: '正常', capacity: 10 });
    expect(r.brandBike).toEqual([
      { brandId: w.brandIds.mt, brandName: '美团', siteNum: 2 },
      { brandId: w.brandIds.hb, brandName: '哈啰', siteNum: 3 },
    ]);
    expect(r.brandEBike).toEqual([{ brandId: w.brandIds.mt, brandName: '美团', siteNum: 1 }]);
    // rents at H3: O1 (to H2) and O4 (to the off-site spot); returns at H3: O2 (from H4) and O3 (from H2)
    const ends = (list: { orderId: string; request: string }[]) => list.map((x) => [x.orderId, JSON.parse(x.request)]).sort();
    expect(ends(r.rentBike)).toEqual([
      ['O1', { bikeLon: 116.303, bikeLat: 39.98 }],
      ['O4', { bikeLon: 116.32, bikeLat: 39.99 }],
    ]);
    expect(ends(r.returnBike)).toEqual([
      ['O2', { bikeLon: 116.309, bikeLat: 39.98 }],
      ['O3', { bikeLon: 116.303, bikeLat: 39.98 }],
    ]);
    const rentOnly = (await w.hd.get('/api/dashboard/getSite', { selfAreaId: HD, siteId: SITES.H3.id, flowMapType: 1 })).body.data;
    expect([rentOnly.rentBike.length, rentOnly.returnBike.length]).toEqual([2, 0]);
    // H4: O2 left for H3; O5 is still riding, so it has no other end yet
    const h4 = (await w.hd.get('/api/dashboard/getSite', { selfAreaId: HD, siteId: SITES.H4.id, flowMapType: 1 })).body.data;
    expect(h4.rentBike.map((x: { orderId: string }) => x.orderId)).toEqual(['O2']);
  });

  it('refuses another district’s site (5002) and an unknown one (400)', async () => {
    expect((await w.hd.get('/api/dashboard/getSite', { selfAreaId: HD, siteId: SITES.C1.id })).body).toMatchObject({ code: 5002, data: null });
    expect((await w.hd.get('/api/dashboard/getSite', { selfAreaId: HD, siteId: 'nope' })).body.code).toBe(400);
    expect((await w.hd.get('/api/dashboard/getSite', { selfAreaId: HD })).body.message).toContain('siteId');
    expect(
      (await w.cy.get('/api/dashboard/getSite', { selfAreaId: CY, siteId: SITES.C1.id, flowMapType: 2 })).body.data.returnBike.map(
        (x: { orderId: string }) => x.orderId,
      ),
    ).toEqual(['O6']);
  });
});

describe('GET /api/dashboard/bike', () => {
  const bikes = async (q: Record<string, unknown>, c = w.hd) => {
    const r = await c.get('/api/dashboard/bike', { selfAreaId: c === w.cy ? CY : HD, ...q });
    expect(r.body.code).toBe(200);
    return (r.body.data as { bikeId: string }[]).map((b) => b.bikeId).sort();
  };

  it('draws illegal and legal parked bikes, off-site returns, off-site and out-of-area parking', async () => {
    expect(await bikes({ legality: 1 })).toEqual(['HBX01']);
    // parked legal bikes of 110108: 20 legal in sites + MTB10 and HBB09 outside them
    expect(await bikes({ legality: 0 })).toHaveLength(22);
    expect(await bikes({ legality: 0, brandId: w.brandIds.hb })).toHaveLength(11);
    expect(await bikes({ legality: 0, mold: 1 })).toEqual(['MTB10']);
    expect(await bikes({ legality: 0, mold: 13 })).toEqual(['HBB09', 'MTB10']);
    expect(await bikes({ legality: 0, mold: 13, brandId: w.brandIds.hb })).toEqual(['HBB09']);
    expect(await bikes({ legality: 0, mold: 14 })).toEqual(['HBB09']);
    expect(await bikes({ legality: 1, mold: 13 })).toEqual([]);
    expect(await bikes({ legality: 0, mold: 1 }, w.cy)).toEqual(['MTB13']);
    const r = await w.hd.get('/api/dashboard/bike', { selfAreaId: HD, legality: 0, mold: 1 });
    expect(r.body.data[0]).toMatchObject({ bikeId: 'MTB10', brandName: '美团', bikeLon: 116.32, bikeLat: 39.99 });
  });

  it('answers an empty list with 操作成功！ and names a bad mold', async () => {
    const r = await w.hd.get('/api/dashboard/bike', { selfAreaId: HD, legality: 1, mold: 14 });
    expect(r.body).toEqual({ code: 200, message: '操作成功！', data: [] });
    expect((await w.hd.get('/api/dashboard/bike', { selfAreaId: HD, legality: 0, mold: 2 })).body.message).toContain('mold');
    expect((await w.hd.get('/api/dashboard/bike', { selfAreaId: HD })).body.message).toContain('legality');
  });
});

describe('the contract', () => {
  it('publishes every read-side route in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const paths = Object.keys(doc.paths);
    for (const p of [
      'get',
      'init',
      'search',
      'getSite',
      'bike',
      'todayHistory',
      'brandOnlineBike',
      'brandSiteBike',
      'bikeMonitor',
      'bikeNotUpload',
      'brandInfo',
      'brandBike',
      'siteReturnStatistics',
      'siteRentStatistics',
      'siteHistory',
      'siteBike',
      'brandBikeOnlineCollect',
      'brandBikeOnline',
      'siteStatistics',
      'siteStatisticsOutput',
      'brandBikeOnlineCollectOutput',
    ]) {
      expect(paths).toContain(`/api/dashboard/${p}`);
    }
    for (const p of ['/api/abnormal/getMsgCounts', '/api/abnormal/getMsg', '/api/abnormal/updateMsg', '/api/abnormal/exportMsg', '/api/config/fullPileNum'])
      expect(paths).toContain(p);
    expect(Object.keys(doc.paths['/api/abnormal/updateMsg']).sort()).toEqual(['get', 'put']);
    expect(doc.paths['/api/dashboard/get'].get.parameters.find((x: { name: string }) => x.name === 'f').description).toContain('满桩');
  });
});

describe('permissions', () => {
  it('lets an enterprise user read the home screen but not the alerts or exports', async () => {
    expect((await w.ent.get('/api/dashboard/get', { selfAreaId: HD })).body.code).toBe(200);
    expect((await w.ent.get('/api/abnormal/getMsg', { selfAreaId: HD })).body.code).toBe(5002);
    expect((await w.ent.get('/api/dashboard/brandBikeOnlineCollectOutput', { selfAreaId: HD })).body.code).toBe(5002);
  });
});
