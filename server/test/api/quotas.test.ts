/**
 * 总量设置 and 区域核准数量 (issue 14, point 3): the areas' caps and the enterprises' quotas, the rule
 * that binds them (an area's approved total — its enterprises' quotas there and below — within the
 * area's cap), the lists the two tabs read, and that their numbers are the big screen's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, userClient, type TestContext } from '../support/app.js';
import { CY, HD, type StatsWorld, openStatsWorld, type StatsClients } from '../support/statsWorld.js';

const BJ = '110100'; // 北京市辖区: 海淀 and 朝阳 lie below it

let t: TestContext;
let w: StatsWorld;
let c: StatsClients;
let mt: number;
let hb: number;
let companyOnly: Client;
let warnOnly: Client;

beforeAll(async () => {
  ({ t, w, c } = await openStatsWorld());
  ({ mt, hb } = w.brands);
  // a role with 企业管理 and 区域核准数量 but not the big screen, and one with neither
  for (const [name, ids] of [
    ['企业管理员', [7, 118]],
    ['异常值守', [1]],
  ] as const) {
    const r = await c.admin.post('/api/role/add', { roleName: name, permissionIds: ids }, { selfAreaId: HD });
    expect(r.body.code, r.body.message).toBe(200);
  }
  const roles = await t.database.query<{ id: number; role_name: string }>(`select id, role_name from roles where role_name in ('企业管理员', '异常值守')`);
  const roleId = (n: string) => roles.find((r) => r.role_name === n)!.id;
  companyOnly = await userClient(t.app, c.admin, { username: 'hd_company', areaId: HD, roleIds: [roleId('企业管理员')] });
  warnOnly = await userClient(t.app, c.admin, { username: 'hd_warn', areaId: HD, roleIds: [roleId('异常值守')] });
  // 美团 10 / 5 and 哈啰 1 / 2 in 海淀, 哈啰 6 / 0 in 朝阳
  for (const [as, body] of [
    [c.hd, { selfAreaId: HD, brandId: mt, areaId: HD, bikeNum: 10, ebikeNum: 5 }],
    [c.hd, { selfAreaId: HD, brandId: hb, areaId: HD, bikeNum: 1, ebikeNum: 2 }],
    [c.cy, { selfAreaId: CY, brandId: hb, areaId: CY, bikeNum: 6, ebikeNum: 0 }],
  ] as const) {
    expect((await as.post('/api/indexPage/setAreaBikeNumber', body)).body.code).toBe(200);
  }
});
afterAll(() => t.close());

const quotaRows = () =>
  t.database.query<{ brand_id: number; area_id: string; bike_quota: number; ebike_quota: number }>(
    `select brand_id, area_id, bike_quota, ebike_quota from brand_quotas order by brand_id, area_id`,
  );
const capRows = () =>
  t.database.query<{ area_id: string; bike_cap: number; ebike_cap: number }>(`select area_id, bike_cap, ebike_cap from area_caps order by area_id`);

describe('区域核准数量: the brands of an area beside the big screen’s numbers', () => {
  it('lists each brand’s own quota in the area with the approved, filed, online and in-site counts of the big screen', async () => {
    for (const area of [HD, CY, BJ]) {
      const as = area === CY ? c.cy : area === HD ? c.hd : c.admin;
      const list = (await as.get('/api/indexPage/getAreaBrandList', { selfAreaId: area })).body.data;
      const verify = (await as.get('/api/statistics/areaVerify', { selfAreaId: area })).body.data;
      const percent = (await as.get('/api/statistics/brandPercent', { selfAreaId: area })).body.data;
      expect(list.total).toBe(verify.total);
      expect(list.total).toBeGreaterThan(0);
      for (const b of list.lists) {
        const v = verify.lists.find((x: { brandId: number }) => x.brandId === b.brandId);
        const p = percent.lists.find((x: { brandId: number }) => x.brandId === b.brandId);
        expect(b.areaId).toBe(area);
        expect([b.bikeNum, b.ebikeNum, b.filedBikeNum, b.filedEBikeNum, b.onlineBikeNum, b.onlineEBikeNum]).toEqual([
          v.bikeQuota,
          v.ebikeQuota,
          v.filedBikeNum,
          v.filedEBikeNum,
          v.onlineBikeNum,
          v.onlineEBikeNum,
        ]);
        expect([b.filedBikeNum, b.filedEBikeNum, b.onlineBikeNum, b.onlineEBikeNum, b.siteBikeNum, b.siteEBikeNum]).toEqual([
          p.PutBikeNum,
          p.PutEBikeNum,
          p.BrandBikeNum,
          p.BrandEBikeNum,
          p.SiteBikeNum,
          p.SiteEBikeNum,
        ]);
      }
    }
    const hd = (await c.hd.get('/api/indexPage/getAreaBrandList', { selfAreaId: HD })).body.data.lists;
    expect(hd.map((b: Record<string, number>) => [b.brandId, b.ownBikeNum, b.ownEBikeNum, b.bikeNum, b.ebikeNum])).toEqual([
      [mt, 10, 5, 10, 5],
      [hb, 1, 2, 1, 2],
    ]);
    // above the districts nothing is set on the city itself: own 0, approved = the districts' sum
    const bj = (await c.admin.get('/api/indexPage/getAreaBrandList', { selfAreaId: BJ })).body.data.lists;
    expect(bj.find((b: { brandId: number }) => b.brandId === hb)).toMatchObject({ ownBikeNum: 0, ownEBikeNum: 0, bikeNum: 7, ebikeNum: 2 });
  });

  it('is readable with 企业管理 alone, not without it; an enterprise user sees only their brand', async () => {
    expect((await companyOnly.get('/api/indexPage/getAreaBrandList', { selfAreaId: HD })).body.data.total).toBe(2);
    expect((await warnOnly.get('/api/indexPage/getAreaBrandList', { selfAreaId: HD })).body.code).toBe(5002);
    expect((await warnOnly.get('/api/indexPage/getAreaTotalList', { selfAreaId: HD })).body.code).toBe(5002);
    expect((await new Client(t.app).get('/api/indexPage/getAreaBrandList', { selfAreaId: HD })).body.code).toBe(401);
    expect((await c.hd.get('/api/indexPage/getAreaBrandList', { selfAreaId: CY })).body.code).toBe(5002);
    expect((await c.ent.get('/api/indexPage/getAreaBrandList', { selfAreaId: HD })).body.data.lists.map((b: { brandId: number }) => b.brandId)).toEqual([mt]);
  });
});

describe('总量设置: the area and the areas right below it', () => {
  it('answers each row with the numbers getAreaTotalNumber gives for that area, paged, the asked area first', async () => {
    const d = (await c.admin.get('/api/indexPage/getAreaTotalList', { selfAreaId: BJ, currentPage: 1, pageSize: 50 })).body.data;
    expect(d.lists[0]).toMatchObject({ areaId: BJ, parentId: '110000' });
    expect(d.total).toBe(d.lists.length);
    const ids = d.lists.map((r: { areaId: string }) => r.areaId);
    expect(ids).toEqual(expect.arrayContaining([HD, CY]));
    for (const row of d.lists.filter((r: { areaId: string }) => [BJ, HD, CY].includes(r.areaId))) {
      const one = (await c.admin.get('/api/indexPage/getAreaTotalNumber', { selfAreaId: row.areaId })).body.data;
      const { parentId, childNum, ...rest } = row;
      expect(rest).toEqual(one);
      expect(parentId).toBe(row.areaId === BJ ? '110000' : BJ);
      expect(childNum).toBe(0 + (row.areaId === BJ ? d.total - 1 : 0));
    }
    expect(d.lists.find((r: { areaId: string }) => r.areaId === HD)).toMatchObject({
      bikeNum: 11,
      ebikeNum: 7,
      filedBikeNum: 8,
      onlineBikeNum: 7,
      siteBikeNum: 6,
    });
    // paging: the second row alone
    const p2 = (await c.admin.get('/api/indexPage/getAreaTotalList', { selfAreaId: BJ, currentPage: 2, pageSize: 1 })).body.data;
    expect(p2).toEqual({ total: d.total, lists: [d.lists[1]] });
    // a district: itself only
    expect((await c.hd.get('/api/indexPage/getAreaTotalList', { selfAreaId: HD })).body.data).toMatchObject({ total: 1, lists: [{ areaId: HD, childNum: 0 }] });
  });

  it('refuses no token, another area, a bad page; counts an enterprise user’s brand only', async () => {
    expect((await new Client(t.app).get('/api/indexPage/getAreaTotalList', { selfAreaId: HD })).body.code).toBe(401);
    expect((await c.hd.get('/api/indexPage/getAreaTotalList', { selfAreaId: CY })).body.code).toBe(5002);
    expect((await c.hd.get('/api/indexPage/getAreaTotalList', { selfAreaId: BJ })).body.code).toBe(5002);
    const bad = (await c.hd.get('/api/indexPage/getAreaTotalList', { selfAreaId: HD, pageSize: 0 })).body;
    expect(bad.code).toBe(400);
    expect(bad.message).toContain('pageSize');
    expect((await companyOnly.get('/api/indexPage/getAreaTotalList', { selfAreaId: HD })).body.code).toBe(200);
    const ent = (await c.ent.get('/api/indexPage/getAreaTotalList', { selfAreaId: HD })).body.data.lists[0];
    expect(ent).toMatchObject({ bikeNum: 10, ebikeNum: 5, brandNum: 1 });
  });
});

describe('the cap binds the quotas', () => {
  it('refuses a quota that takes the area’s approved total past its cap, naming the field and the room left', async () => {
    expect((await c.hd.post('/api/indexPage/setAreaTotalNumber', { selfAreaId: HD, bikeNum: 12, ebikeNum: 0 })).body.code).toBe(200);
    // 美团 10 + 哈啰 1 = 11 ≤ 12: 哈啰 may go to 2, not 3
    expect((await c.hd.post('/api/indexPage/setAreaBikeNumber', { selfAreaId: HD, brandId: hb, bikeNum: 2, ebikeNum: 2 })).body.code).toBe(200);
    const r = await c.hd.post('/api/indexPage/setAreaBikeNumber', { selfAreaId: HD, brandId: hb, bikeNum: 3, ebikeNum: 2 });
    expect(r.body.code).toBe(400);
    expect(r.body.message).toContain('bikeNum');
    expect(r.body.message).toContain('海淀区的自行车总量上限 12');
    expect(r.body.message).toContain('最多可填 2');
    // ebike cap 0: not set, anything goes
    expect((await c.hd.post('/api/bikeLimit/save', { selfAreaId: HD, brandId: hb, bikeNum: 2, ebikeNum: 900 })).body.code).toBe(200);
    expect((await c.hd.post('/api/bikeLimit/save', { selfAreaId: HD, brandId: hb, bikeNum: 2, ebikeNum: 2 })).body.code).toBe(200);
    // the company tab's call keeps the same rule, naming its own field
    const co = await c.hd.post('/api/company/setAreaQuota', { selfAreaId: HD, brandId: mt, areaId: HD, bikeQuota: 11, ebikeQuota: 5 });
    expect(co.body.code).toBe(400);
    expect(co.body.message).toContain('bikeQuota');
    expect(await quotaRows()).toEqual(
      [
        { brand_id: mt, area_id: HD, bike_quota: 10, ebike_quota: 5 },
        { brand_id: hb, area_id: CY, bike_quota: 6, ebike_quota: 0 },
        { brand_id: hb, area_id: HD, bike_quota: 2, ebike_quota: 2 },
      ].sort((a, b) => a.brand_id - b.brand_id || (a.area_id < b.area_id ? -1 : 1)),
    );
  });

  it('checks a district’s quota against the caps above it too', async () => {
    // 北京: 12 (海淀) + 6 (朝阳) = 18 bikes approved; cap 20 leaves 2 for all of it
    expect((await c.admin.post('/api/indexPage/setAreaTotalNumber', { selfAreaId: BJ, bikeNum: 20, ebikeNum: 10 })).body.code).toBe(200);
    const r = await c.cy.post('/api/indexPage/setAreaBikeNumber', { selfAreaId: CY, brandId: hb, bikeNum: 9, ebikeNum: 0 });
    expect(r.body.code).toBe(400);
    expect(r.body.message).toContain('市辖区的自行车总量上限 20');
    const e = await c.cy.post('/api/indexPage/setAreaBikeNumber', { selfAreaId: CY, brandId: hb, bikeNum: 8, ebikeNum: 4 });
    expect(e.body.code).toBe(400);
    expect(e.body.message).toContain('ebikeNum');
    expect((await c.cy.post('/api/indexPage/setAreaBikeNumber', { selfAreaId: CY, brandId: hb, bikeNum: 8, ebikeNum: 3 })).body.code).toBe(200);
  });

  it('refuses a cap below the approved total already there, naming the field; 0 lifts it', async () => {
    const before = await capRows();
    const r = await c.hd.post('/api/indexPage/setAreaTotalNumber', { selfAreaId: HD, bikeNum: 11, ebikeNum: 0 });
    expect(r.body.code).toBe(400);
    expect(r.body.message).toContain('bikeNum');
    expect(r.body.message).toContain('已核准的自行车合计 12');
    const e = await c.admin.post('/api/indexPage/setAreaTotalNumber', { selfAreaId: BJ, bikeNum: 20, ebikeNum: 6 });
    expect(e.body.code).toBe(400);
    expect(e.body.message).toContain('ebikeNum');
    expect(await capRows()).toEqual(before);
    expect((await c.hd.post('/api/indexPage/setAreaTotalNumber', { selfAreaId: HD, bikeNum: 0, ebikeNum: 0 })).body.code).toBe(200);
  });

  it('refuses bad input naming the field in Chinese, no token, another area and a caller without 区域核准数量', async () => {
    const before = [await capRows(), await quotaRows()];
    const cases: [string, Record<string, unknown>, string][] = [
      ['/api/indexPage/setAreaTotalNumber', { bikeNum: -1, ebikeNum: 0 }, 'bikeNum'],
      ['/api/indexPage/setAreaTotalNumber', { bikeNum: 1, ebikeNum: 2.5 }, 'ebikeNum'],
      ['/api/indexPage/setAreaBikeNumber', { brandId: mt, bikeNum: 1, ebikeNum: -3 }, 'ebikeNum'],
      ['/api/indexPage/setAreaBikeNumber', { brandId: mt, bikeNum: '十', ebikeNum: 1 }, 'bikeNum'],
      ['/api/indexPage/setAreaBikeNumber', { bikeNum: 1, ebikeNum: 1 }, 'brandId'],
    ];
    for (const [path, body, field] of cases) {
      const r = await c.hd.post(path, { selfAreaId: HD, ...body });
      expect(r.body.code, JSON.stringify(body)).toBe(400);
      expect(r.body.message).toContain(field);
      expect(r.body.message).toMatch(/[\u4e00-\u9fff]/);
    }
    const anonymous = new Client(t.app);
    expect((await anonymous.post('/api/indexPage/setAreaBikeNumber', { selfAreaId: HD, brandId: mt, bikeNum: 1, ebikeNum: 1 })).body.code).toBe(401);
    expect((await c.hd.post('/api/indexPage/setAreaBikeNumber', { selfAreaId: HD, areaId: CY, brandId: hb, bikeNum: 1, ebikeNum: 0 })).body.code).toBe(5002);
    expect((await c.hd.post('/api/indexPage/setAreaTotalNumber', { selfAreaId: HD, areaId: BJ, bikeNum: 100, ebikeNum: 100 })).body.code).toBe(5002);
    expect((await c.sup.post('/api/indexPage/setAreaBikeNumber', { selfAreaId: HD, brandId: mt, bikeNum: 1, ebikeNum: 1 })).body.code).toBe(5002);
    expect((await warnOnly.post('/api/indexPage/setAreaTotalNumber', { selfAreaId: HD, bikeNum: 100, ebikeNum: 100 })).body.code).toBe(5002);
    expect([await capRows(), await quotaRows()]).toEqual(before);
    // 企业管理 with 区域核准数量 may write
    expect((await companyOnly.post('/api/indexPage/setAreaTotalNumber', { selfAreaId: HD, bikeNum: 30, ebikeNum: 30 })).body.code).toBe(200);
  });

  it('lets only one of two quota saves that together pass the cap through, when they arrive at the same moment', async () => {
    // 海淀: cap 30, approved 美团 10 + 哈啰 2 = 12; each save alone fits (22), both together do not (32)
    expect((await c.admin.post('/api/indexPage/setAreaTotalNumber', { selfAreaId: BJ, bikeNum: 0, ebikeNum: 0 })).body.code).toBe(200);
    const saves = await Promise.all([
      c.hd.post('/api/indexPage/setAreaBikeNumber', { selfAreaId: HD, brandId: mt, bikeNum: 20, ebikeNum: 5 }),
      c.hd.post('/api/indexPage/setAreaBikeNumber', { selfAreaId: HD, brandId: hb, bikeNum: 12, ebikeNum: 2 }),
    ]);
    expect(saves.map((r) => r.body.code).sort(), saves.map((r) => r.body.message).join(' / ')).toEqual([200, 400]);
    expect(saves.find((r) => r.body.code === 400)!.body.message).toContain('海淀区的自行车总量上限 30');
    const hd = (await quotaRows()).filter((q) => q.area_id === HD);
    expect(hd.reduce((n, q) => n + q.bike_quota, 0)).toBeLessThanOrEqual(30);
  });
});
