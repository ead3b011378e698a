/** Limits and totals: approved quantities per enterprise and area (brand_quotas) and an area's totals. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type TestContext } from '../support/app.js';
import { CY, HD, type StatsWorld, openStatsWorld, type StatsClients } from '../support/statsWorld.js';

let t: TestContext;
let w: StatsWorld;
let c: StatsClients;
let mt: number;
let hb: number;

beforeAll(async () => {
  ({ t, w, c } = await openStatsWorld());
  ({ mt, hb } = w.brands);
});
afterAll(() => t.close());

const quotaRows = () =>
  t.database.query<{ brand_id: number; area_id: string; bike_quota: number; ebike_quota: number }>(
    `select brand_id, area_id, bike_quota, ebike_quota from brand_quotas order by brand_id, area_id`,
  );

describe('bikeLimit', () => {
  it('saves a quota, reports it as existing, and overwrites it on a second save', async () => {
    expect((await c.hd.get('/api/bikeLimit/isExit', { selfAreaId: HD, brandId: mt, areaId: HD })).body.data).toEqual({
      exists: false,
      bikeNum: 0,
      ebikeNum: 0,
    });
    const r = await c.hd.post('/api/bikeLimit/save', { selfAreaId: HD, brandId: mt, areaId: HD, bikeNum: 8, ebikeNum: 3 });
    expect(r.body).toEqual({ code: 200, message: '核准数量已保存', data: { brandId: mt, areaId: HD, bikeNum: 8, ebikeNum: 3 } });
    expect((await c.hd.get('/api/bikeLimit/isExit', { selfAreaId: HD, brandId: mt, areaId: HD })).body.data).toEqual({ exists: true, bikeNum: 8, ebikeNum: 3 });
    // areaId defaults to selfAreaId
    await c.hd.post('/api/bikeLimit/save', { selfAreaId: HD, brandId: mt, bikeNum: 10, ebikeNum: 5 });
    expect((await c.hd.get('/api/bikeLimit/isExit', { selfAreaId: HD, brandId: mt })).body.data).toEqual({ exists: true, bikeNum: 10, ebikeNum: 5 });
    expect(await quotaRows()).toEqual([{ brand_id: mt, area_id: HD, bike_quota: 10, ebike_quota: 5 }]);
  });

  it('refuses another district (5002), a bad field (400 naming it) and an unknown enterprise', async () => {
    expect((await c.hd.post('/api/bikeLimit/save', { selfAreaId: HD, brandId: hb, areaId: CY, bikeNum: 1, ebikeNum: 1 })).body.code).toBe(5002);
    expect((await c.hd.post('/api/bikeLimit/save', { selfAreaId: CY, brandId: hb, bikeNum: 1, ebikeNum: 1 })).body.code).toBe(5002);
    expect((await c.hd.get('/api/bikeLimit/isExit', { selfAreaId: HD, brandId: hb, areaId: CY })).body.code).toBe(5002);
    const cases: [Record<string, unknown>, string][] = [
      [{ brandId: mt, bikeNum: -1, ebikeNum: 0 }, 'bikeNum'],
      [{ brandId: mt, bikeNum: 1 }, 'ebikeNum'],
      [{ bikeNum: 1, ebikeNum: 1 }, 'brandId'],
      [{ brandId: mt, areaId: '1101', bikeNum: 1, ebikeNum: 1 }, 'areaId'],
      [{ brandId: mt, bikeNum: 'many', ebikeNum: 1 }, 'bikeNum'],
    ];
    for (const [body, field] of cases) {
      const r = await c.hd.post('/api/bikeLimit/save', { selfAreaId: HD, ...body });
      expect(r.body.code, JSON.stringify(body)).toBe(400);
      expect(r.body.message).toContain(field);
    }
    expect((await c.hd.post('/api/bikeLimit/save', { selfAreaId: HD, brandId: 9999, bikeNum: 1, ebikeNum: 1 })).body).toMatchObject({
      code: 400,
      message: '企业信息不存在！',
    });
    expect((await c.hd.get('/api/bikeLimit/isExit', { selfAreaId: HD })).body.code).toBe(400);
    expect(await quotaRows()).toEqual([{ brand_id: mt, area_id: HD, bike_quota: 10, ebike_quota: 5 }]);
  });

  it('needs company.quota to write; an enterprise user reads only their own brand', async () => {
    expect((await c.sup.post('/api/bikeLimit/save', { selfAreaId: HD, brandId: mt, bikeNum: 1, ebikeNum: 1 })).body.code).toBe(5002);
    expect((await c.ent.post('/api/indexPage/setAreaBikeNumber', { selfAreaId: HD, brandId: mt, bikeNum: 1, ebikeNum: 1 })).body.code).toBe(5002);
    expect((await c.ent.get('/api/bikeLimit/isExit', { selfAreaId: HD, brandId: mt })).body.data).toEqual({ exists: true, bikeNum: 10, ebikeNum: 5 });
    expect((await c.ent.get('/api/bikeLimit/isExit', { selfAreaId: HD, brandId: hb })).body.code).toBe(5002);
  });
});

describe('indexPage', () => {
  it('sets a brand’s numbers through setAreaBikeNumber (朝阳 by its administrator)', async () => {
    const r = await c.hd.post('/api/indexPage/setAreaBikeNumber', { selfAreaId: HD, brandId: hb, areaId: HD, bikeNum: 1, ebikeNum: 2 });
    expect(r.body.data).toEqual({ brandId: hb, areaId: HD, bikeNum: 1, ebikeNum: 2 });
    expect((await c.cy.post('/api/indexPage/setAreaBikeNumber', { selfAreaId: CY, brandId: hb, bikeNum: 6, ebikeNum: 0 })).body.code).toBe(200);
    expect((await c.cy.post('/api/indexPage/setAreaBikeNumber', { selfAreaId: CY, brandId: mt, areaId: HD, bikeNum: 6, ebikeNum: 0 })).body.code).toBe(5002);
    expect(await quotaRows()).toEqual(
      [
        { brand_id: mt, area_id: HD, bike_quota: 10, ebike_quota: 5 },
        { brand_id: hb, area_id: CY, bike_quota: 6, ebike_quota: 0 },
        { brand_id: hb, area_id: HD, bike_quota: 1, ebike_quota: 2 },
      ].sort((a, b) => a.brand_id - b.brand_id || (a.area_id < b.area_id ? -1 : 1)),
    );
  });

  it('totals 海淀: approved = sum of quotas (11 / 7), filed 8 / 4, online 7 / 4, in sites 6 / 2 (the illegal HX1 in neither)', async () => {
    expect((await c.hd.get('/api/indexPage/getAreaTotalNumber', { selfAreaId: HD })).body.data).toEqual({
      areaId: HD,
      areaName: '海淀区',
      bikeNum: 11,
      ebikeNum: 7,
      totalNum: 18,
      filedBikeNum: 8,
      filedEBikeNum: 4,
      onlineBikeNum: 7,
      onlineEBikeNum: 4,
      siteBikeNum: 6,
      siteEBikeNum: 2,
      brandNum: 2,
      // no area cap set yet
      capBikeNum: 0,
      capEBikeNum: 0,
    });
    expect((await c.cy.get('/api/indexPage/getAreaTotalNumber', { selfAreaId: CY })).body.data).toMatchObject({
      areaId: CY,
      bikeNum: 6,
      ebikeNum: 0,
      filedBikeNum: 3,
      onlineBikeNum: 2,
      siteBikeNum: 2,
      brandNum: 2,
    });
    // the root: both districts
    expect((await c.admin.get('/api/indexPage/getAreaTotalNumber')).body.data).toMatchObject({
      areaId: '000000',
      bikeNum: 17,
      ebikeNum: 7,
      filedBikeNum: 11,
      filedEBikeNum: 4,
      onlineBikeNum: 9,
      onlineEBikeNum: 4,
    });
    expect((await c.hd.get('/api/indexPage/getAreaTotalNumber', { selfAreaId: CY })).body.code).toBe(5002);
  });

  it('lists 海淀’s brands with quotas, filed, online and in-site numbers', async () => {
    const d = (await c.hd.get('/api/indexPage/getAreaBrandList', { selfAreaId: HD })).body.data;
    expect(d).toEqual({
      total: 2,
      lists: [
        {
          areaId: HD,
          ownBikeNum: 10,
          ownEBikeNum: 5,
          brandId: mt,
          brandName: '美团',
          bikeColor: '#f5c518',
          ebikeColor: '#1890ff',
          bikeNum: 10,
          ebikeNum: 5,
          filedBikeNum: 6,
          filedEBikeNum: 2,
          onlineBikeNum: 5,
          onlineEBikeNum: 2,
          siteBikeNum: 4,
          siteEBikeNum: 1,
          // not graded yet (评级考核)
          rating: null,
        },
        {
          areaId: HD,
          ownBikeNum: 1,
          ownEBikeNum: 2,
          brandId: hb,
          brandName: '哈啰',
          bikeColor: '#00a0e9',
          ebikeColor: '#ff7f00',
          bikeNum: 1,
          ebikeNum: 2,
          filedBikeNum: 2,
          filedEBikeNum: 2,
          // online and in sites: filed bikes only (HX1, never filed, parks at S3 and is counted apart)
          onlineBikeNum: 2,
          onlineEBikeNum: 2,
          siteBikeNum: 2,
          siteEBikeNum: 1,
          rating: null,
        },
      ],
    });
    expect((await c.ent.get('/api/indexPage/getAreaBrandList', { selfAreaId: HD })).body.data.lists.map((b: { brandId: number }) => b.brandId)).toEqual([mt]);
  });

  it('saves an area’s own caps and reads them back with the totals (a second save replaces them)', async () => {
    const r = await c.hd.post('/api/indexPage/setAreaTotalNumber', { selfAreaId: HD, bikeNum: 100, ebikeNum: 50 });
    expect(r.body).toEqual({ code: 200, message: '区域总量上限已保存', data: { areaId: HD, bikeNum: 100, ebikeNum: 50 } });
    expect((await c.hd.get('/api/indexPage/getAreaTotalNumber', { selfAreaId: HD })).body.data).toMatchObject({
      areaId: HD,
      bikeNum: 11,
      ebikeNum: 7,
      totalNum: 18,
      capBikeNum: 100,
      capEBikeNum: 50,
    });
    // areaId given explicitly, and a second save replaces the first
    expect((await c.hd.post('/api/indexPage/setAreaTotalNumber', { selfAreaId: HD, areaId: HD, bikeNum: 120, ebikeNum: 0 })).body.code).toBe(200);
    expect((await c.hd.get('/api/indexPage/getAreaTotalNumber', { selfAreaId: HD })).body.data).toMatchObject({ capBikeNum: 120, capEBikeNum: 0 });
    // 朝阳's administrator sets 朝阳's; the caps stay per area
    expect((await c.cy.post('/api/indexPage/setAreaTotalNumber', { selfAreaId: CY, bikeNum: 30, ebikeNum: 9 })).body.data).toEqual({
      areaId: CY,
      bikeNum: 30,
      ebikeNum: 9,
    });
    expect((await c.cy.get('/api/indexPage/getAreaTotalNumber', { selfAreaId: CY })).body.data).toMatchObject({ areaId: CY, capBikeNum: 30, capEBikeNum: 9 });
    // the root has none of its own
    expect((await c.admin.get('/api/indexPage/getAreaTotalNumber')).body.data).toMatchObject({ areaId: '000000', capBikeNum: 0, capEBikeNum: 0 });
    const rows = await t.database.query<{ area_id: string; bike_cap: number; ebike_cap: number; updated_by: number | null }>(
      `select area_id, bike_cap, ebike_cap, updated_by from area_caps order by area_id`,
    );
    expect(rows.map(({ area_id, bike_cap, ebike_cap }) => [area_id, bike_cap, ebike_cap])).toEqual(
      [
        [CY, 30, 9],
        [HD, 120, 0],
      ].sort((a, b) => (a[0] < b[0] ? -1 : 1)),
    );
    expect(rows.every((x) => typeof x.updated_by === 'number')).toBe(true);
  });

  it('refuses bad numbers (400 naming the field), no token (401), another area (5002) and a user without company.quota', async () => {
    const capRows = () =>
      t.database.query<{ area_id: string; bike_cap: number; ebike_cap: number }>(`select area_id, bike_cap, ebike_cap from area_caps order by area_id`);
    const before = await capRows();
    const cases: [Record<string, unknown>, string][] = [
      [{ bikeNum: -5, ebikeNum: 50 }, 'bikeNum'],
      [{ bikeNum: 5, ebikeNum: -1 }, 'ebikeNum'],
      [{ bikeNum: 5 }, 'ebikeNum'],
      [{ bikeNum: 1.5, ebikeNum: 1 }, 'bikeNum'],
      [{ bikeNum: 'many', ebikeNum: 1 }, 'bikeNum'],
      [{ areaId: '1101', bikeNum: 1, ebikeNum: 1 }, 'areaId'],
    ];
    for (const [body, field] of cases) {
      const r = await c.hd.post('/api/indexPage/setAreaTotalNumber', { selfAreaId: HD, ...body });
      expect(r.body.code, JSON.stringify(body)).toBe(400);
      expect(r.body.message).toContain(field);
      expect(r.body.message).toMatch(/[\u4e00-\u9fff]/); // said in Chinese
    }
    const anonymous = new Client(t.app);
    expect((await anonymous.post('/api/indexPage/setAreaTotalNumber', { selfAreaId: HD, bikeNum: 1, ebikeNum: 1 })).body.code).toBe(401);
    expect((await anonymous.get('/api/indexPage/getAreaTotalNumber', { selfAreaId: HD })).body.code).toBe(401);
    // 海淀's administrator cannot write 朝阳's cap, by areaId or by selfAreaId
    expect((await c.hd.post('/api/indexPage/setAreaTotalNumber', { selfAreaId: HD, areaId: CY, bikeNum: 1, ebikeNum: 1 })).body.code).toBe(5002);
    expect((await c.hd.post('/api/indexPage/setAreaTotalNumber', { selfAreaId: CY, bikeNum: 1, ebikeNum: 1 })).body.code).toBe(5002);
    expect((await c.hd.get('/api/indexPage/getAreaTotalNumber', { selfAreaId: CY })).body.code).toBe(5002);
    // without company.quota (supervisor, enterprise user)
    expect((await c.sup.post('/api/indexPage/setAreaTotalNumber', { selfAreaId: HD, bikeNum: 1, ebikeNum: 1 })).body.code).toBe(5002);
    expect((await c.ent.post('/api/indexPage/setAreaTotalNumber', { selfAreaId: HD, bikeNum: 1, ebikeNum: 1 })).body.code).toBe(5002);
    // nothing was written: neither caps nor quotas
    expect(await capRows()).toEqual(before);
    expect((await quotaRows()).length).toBe(3);
  });
});
