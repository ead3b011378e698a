/**
 * 评级考核's assessment (issue 30) on a month built by hand for two enterprises in 海淀 (2026-09):
 * every figure, every rule's points and the final scores, grades, ranks and quota suggestions are
 * checked to the point; 数据接入率 equals 运营统计's month row and the alert counts equal 异常列表's
 * totals behind their evidence links; a changed threshold re-assessed changes the score; another
 * area, an enterprise account and no token are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, adminClient, createTestApp, userClient, type TestContext } from '../support/app.js';
import { addBrand } from '../support/world.js';
import { HD, PERIOD, seedRatingMonth } from '../support/ratingMonth.js';
import { exportSheet } from '../support/sheets.js';

const CY = '110105';

let t: TestContext;
let hd: Client;
let cy: Client;
let ent: Client;
let MT = 0;
let HB = 0;
const cat: Record<string, number> = {};
const rule: Record<string, number> = {};
async function buildScheme() {
  for (const [name, fullScore] of [
    ['数据接入', 15],
    ['秩序管理', 30],
    ['运维能力', 55],
  ] as const) {
    cat[name] = (await hd.post('/api/examine/category/upsert', { name, fullScore })).body.data.id;
  }
  const trend = async (measure: string, category: string, bands: { min: number | null; max: number | null; points: number }[]) => {
    const r = await hd.post('/api/examine/trendsRule/upsert', { categoryId: cat[category], measure, name: measure, bands, enabled: true });
    expect(r.body.code, r.body.message).toBe(200);
    rule[measure] = r.body.data.id;
  };
  await trend('dataAccess', '数据接入', [
    { min: null, max: 90, points: 5 },
    { min: 90, max: 95, points: 2 },
  ]);
  await trend('overQuota', '秩序管理', [
    { min: 5, max: null, points: 10 },
    { min: 0.1, max: 5, points: 3 },
  ]);
  await trend('offSiteReturn', '秩序管理', [
    { min: 20, max: null, points: 8 },
    { min: 10, max: 20, points: 4 },
  ]);
  await trend('orderInTime', '运维能力', [
    { min: null, max: 60, points: 6 },
    { min: 60, max: 90, points: 3 },
  ]);
  await trend('illegalBikes', '秩序管理', [{ min: 1, max: null, points: 5 }]);
  await trend('notAllowedParking', '秩序管理', [
    { min: 1, max: 3, points: 2 },
    { min: 3, max: null, points: 6 },
  ]);
  await trend('faultyOpen', '运维能力', [{ min: 1, max: null, points: 3 }]);
  await trend('notUploaded', '运维能力', [{ min: 1, max: null, points: 3 }]);
  const f = await hd.post('/api/examine/fixedRule/upsert', {
    categoryId: cat['运维能力'],
    name: '运维人员配备不足',
    points: 2,
    maxPoints: 10,
    description: null,
    enabled: true,
  });
  rule.fixed = f.body.data.id;
  // an inspector found two shortfalls at 哈啰 in September
  await t.database.query(
    `insert into examine_fixed_scores (area_id, period, brand_id, rule_id, findings, note) values ($1, $2, $3, $4, 2, '两个片区无运维人员')`,
    [HD, PERIOD, HB, rule.fixed],
  );
}

beforeAll(async () => {
  t = await createTestApp();
  const admin = await adminClient(t.app);
  hd = await userClient(t.app, admin, { username: 'hd_assess', areaId: HD });
  cy = await userClient(t.app, admin, { username: 'cy_assess', areaId: CY });
  MT = await addBrand(t.database, { name: '美团', account: 'mt_assess', areaId: HD });
  HB = await addBrand(t.database, { name: '哈啰', account: 'hb_assess', areaId: HD });
  ent = await userClient(t.app, admin, { username: 'ent_assess', areaId: HD, roleIds: [3], userLevel: 1 });
  await seedRatingMonth(t.database.query.bind(t.database), { MT, HB });
  await buildScheme();
});
afterAll(() => t.close());

describe('a month assessed', () => {
  it('measures every figure of both enterprises to the point', async () => {
    expect((await hd.post('/api/examine/trendsRule/assess', { period: PERIOD })).body).toMatchObject({ code: 200, data: { brands: 2 } });
    const r = (await hd.get('/api/examine/brand/sort', { period: PERIOD })).body.data;
    const of = (id: number) => r.lists.find((x: { brandId: number }) => x.brandId === id);
    expect(of(MT).measures).toEqual({
      dataAccess: 95,
      overQuota: 0,
      offSiteReturn: 10,
      orderInTime: 50,
      orderMedian: 50,
      notAllowedParking: 2,
      faultyOpen: 1,
      illegalBikes: 0,
      notUploaded: 1,
    });
    expect(of(HB).measures).toEqual({
      dataAccess: 88,
      overQuota: 10,
      offSiteReturn: 30,
      orderInTime: null,
      orderMedian: null,
      notAllowedParking: 0,
      faultyOpen: 0,
      illegalBikes: 3,
      notUploaded: null,
    });
  });

  it('scores, grades, ranks and suggests quotas to the point', async () => {
    const r = (await hd.get('/api/examine/brand/sort', { period: PERIOD })).body.data;
    expect(r).toMatchObject({ areaId: HD, period: PERIOD, closed: false });
    // 美团 100 − (off-site 4 + orders 6 + non-allowed 2 + faulty 3 + not uploaded 3) = 82 (B); 哈啰 100 − (access 5 + quota 10 + off-site 8 + illegal 5 + 2 findings × 2) = 68 (C)
    expect(r.lists.map((x: any) => [x.brandName, x.score, x.grade, x.rank, x.deducted, x.quota, x.suggestedQuota, x.previousScore, x.change])).toEqual([
      ['美团', 82, 'B', 1, 18, 1000, 1000, null, null],
      ['哈啰', 68, 'C', 2, 32, 800, 720, null, null],
    ]);
  });

  it('puts the grade’s quota suggestion beside each quota on 区域核准数量', async () => {
    const rows = (await hd.get('/api/indexPage/getAreaBrandList')).body.data.lists;
    const of = (id: number) => rows.find((x: { brandId: number }) => x.brandId === id);
    expect(of(MT).rating).toEqual({ period: PERIOD, grade: 'B', score: 82, quota: 1000, suggestedQuota: 1000 });
    expect(of(HB).rating).toEqual({ period: PERIOD, grade: 'C', score: 68, quota: 800, suggestedQuota: 720 });
    // the quota it was assessed against is the one this screen shows for the area and below
    expect(of(HB).bikeNum + of(HB).ebikeNum).toBe(800);
  });

  it('keeps every rule’s outcome with its evidence link; an unmeasured figure says why', async () => {
    const d = (await hd.get('/api/examine/brand/detail', { period: PERIOD, brandId: HB })).body.data;
    expect(d).toMatchObject({ brandName: '哈啰', score: 68, grade: 'C' });
    const byRule = Object.fromEntries(d.deductions.map((x: any) => [x.measure ?? 'fixed', x]));
    expect(byRule.dataAccess).toMatchObject({
      categoryName: '数据接入',
      value: 88,
      unit: '%',
      points: 5,
      evidence: `/operation/trend?selfAreaId=${HD}&year=2026&dataType=1`,
    });
    expect(byRule.illegalBikes).toMatchObject({
      value: 3,
      points: 5,
      evidence: `/warn?abnormalType=7&brandId=${HB}&selfAreaId=${HD}&startTime=2026-09-01&endTime=2026-09-30`,
    });
    expect(byRule.offSiteReturn.evidence).toBe(
      `/companyManagement/bikeRideOrder?brandId=${HB}&selfAreaId=${HD}&startTime=2026-09-01&endTime=2026-09-30&returnType=out`,
    );
    expect(byRule.fixed).toMatchObject({ kind: 2, ruleName: '运维人员配备不足', value: 2, unit: '处', points: 4 });
    expect(byRule.orderInTime).toMatchObject({ value: null, points: 0, unmeasured: '本月无数据，不扣分' });
    expect(byRule.notUploaded).toMatchObject({ value: null, points: 0, unmeasured: '该企业未设置桩测匹配规则，本项不计分' });
    expect(d.deductions.reduce((s: number, x: any) => s + x.points, 0)).toBe(32);
  });

  it('counts as the screens behind the evidence links do', async () => {
    // 数据接入率: 运营统计's month row of the same brand
    const trend = (await hd.get('/api/dashboard/brandBikeOnline', { year: 2026, dataType: 1 })).body.data;
    expect(trend[MT].rows[8].access_percent).toBe(95);
    expect(trend[HB].rows[8].access_percent).toBe(88);
    // 非法车辆: 异常列表's total with the link's filters
    const warn = (await hd.get('/api/abnormal/getMsg', { abnormalType: 7, brandId: HB, startTime: '2026-09-01', endTime: '2026-09-30', pageSize: 50 })).body
      .data;
    expect(warn.total).toBe(3);
    // 桩测未上传车辆: 米单车管理's list with the link's filters
    const heard = (await hd.get('/api/miApp/bikeNotUploadMac', { brandId: MT, startTime: '2026-09-01', endTime: '2026-09-30' })).body.data;
    expect(heard.total).toBe(1);
    const mt = (await hd.get('/api/examine/brand/detail', { period: PERIOD, brandId: MT })).body.data;
    expect(mt.deductions.find((x: any) => x.measure === 'notUploaded')).toMatchObject({
      value: 1,
      points: 3,
      evidence: `/miBicycle/notUpload?brandId=${MT}&selfAreaId=${HD}&startTime=2026-09-01&endTime=2026-09-30`,
    });
    const nonAllowed = (await hd.get('/api/abnormal/getMsg', { abnormalType: 8, brandId: MT, startTime: '2026-09-01', endTime: '2026-09-30' })).body.data;
    expect(nonAllowed.total).toBe(2);
  });

  it('exports the ranking and every outcome, each equal to its list', async () => {
    const sheet = async (method: 'GET' | 'POST', url: string, q: Record<string, string>) => {
      const f = await exportSheet(t.app, { method, url, query: q, payload: method === 'POST' ? q : undefined, token: hd.token }, { pad: null });
      expect(f.type).toContain('spreadsheetml');
      return { rows: f.rows, name: decodeURIComponent(f.disposition.split("''")[1]) };
    };
    const ranking = (await hd.get('/api/examine/brand/sort', { period: PERIOD })).body.data.lists;
    const out = await sheet('GET', '/api/examine/brand/out', { period: PERIOD });
    expect(out.name).toBe(`企业考核_${PERIOD}.xlsx`);
    expect(out.rows[0].slice(0, 4)).toEqual(['名次', '企业', '得分', '等级']);
    expect(out.rows.slice(1).map((r) => r.slice(0, 8))).toEqual(
      ranking.map((x: any) => [x.rank, x.brandName, x.score, x.grade, x.change, x.deducted, x.quota, x.suggestedQuota]),
    );
    expect(out.rows[1][8]).toBe(ranking[0].measures.dataAccess);
    const detail = await sheet('POST', '/api/examine/exportSysExamineList', { period: PERIOD });
    const hb = (await hd.get('/api/examine/brand/detail', { period: PERIOD, brandId: HB })).body.data.deductions;
    const mt = (await hd.get('/api/examine/brand/detail', { period: PERIOD, brandId: MT })).body.data.deductions;
    // by rank: 美团 first
    expect(detail.rows.slice(1).map((r) => [r[0], r[2], r[6], r[7]])).toEqual([
      ...mt.map((d: any) => ['美团', d.ruleName, d.points, d.evidence]),
      ...hb.map((d: any) => ['哈啰', d.ruleName, d.points, d.evidence]),
    ]);
    // the list behind the export
    const list = (await hd.get('/api/examine/brand/detail/list', { period: PERIOD })).body.data;
    expect(list.map((d: any) => [d.brandName, d.ruleName, d.points, d.evidence])).toEqual(detail.rows.slice(1).map((r) => [r[0], r[2], r[6], r[7]]));
    expect(list.find((d: any) => d.brandName === '哈啰' && d.measure === 'notUploaded').unmeasured).toBe('该企业未设置桩测匹配规则，本项不计分');
    expect((await hd.post('/api/examine/exportSysExamineList', {})).body).toMatchObject({ code: 400, message: '考核周期须为 YYYY-MM（月）' });
    expect((await cy.get('/api/examine/brand/out', { period: PERIOD, areaId: HD })).body.code).toBe(5002);
  });

  it('re-assesses the month with a changed threshold: the score and grade change, the old result is replaced', async () => {
    // 站外还车率 of 10 % and more now costs 8 (美团 4 more) and under 60 % of orders in time 15 (9 more): 美团 69, C
    const bands = [{ min: 10, max: null, points: 8 }];
    expect(
      (
        await hd.post('/api/examine/trendsRule/upsert', {
          id: rule.offSiteReturn,
          categoryId: cat['秩序管理'],
          measure: 'offSiteReturn',
          name: '站外还车率',
          bands,
          enabled: true,
        })
      ).body.code,
    ).toBe(200);
    await hd.post('/api/examine/trendsRule/upsert', {
      id: rule.orderInTime,
      categoryId: cat['运维能力'],
      measure: 'orderInTime',
      name: '工单',
      bands: [{ min: null, max: 60, points: 15 }],
      enabled: true,
    });
    await hd.post('/api/examine/trendsRule/assess', { period: PERIOD });
    const r = (await hd.get('/api/examine/brand/sort', { period: PERIOD })).body.data.lists;
    expect(r.map((x: any) => [x.brandName, x.score, x.grade, x.rank])).toEqual([
      ['美团', 69, 'C', 1],
      ['哈啰', 68, 'C', 2],
    ]);
    expect((await t.database.query(`select count(*)::int as n from examine_results where period = $1`, [PERIOD]))[0]).toEqual({ n: 2 });
  });

  it('refuses a period that is no month or has not begun, another area, an enterprise account and no token', async () => {
    expect((await hd.post('/api/examine/trendsRule/assess', { period: '2026-13' })).body).toMatchObject({ code: 400, message: '考核周期须为 YYYY-MM（月）' });
    expect((await hd.post('/api/examine/trendsRule/assess', { period: '2099-01' })).body).toMatchObject({ code: 400, message: '考核周期 2099-01 尚未开始' });
    expect((await cy.post('/api/examine/trendsRule/assess', { period: PERIOD })).body).toMatchObject({
      code: 400,
      message: '该区域尚未设置考核类别，请先在考核设置中添加类别和规则',
    });
    expect((await cy.get('/api/examine/brand/sort', { period: PERIOD, areaId: HD })).body.code).toBe(5002);
    expect((await cy.get('/api/examine/brand/sort', { period: PERIOD })).body.data.lists).toEqual([]);
    expect((await cy.get('/api/examine/brand/detail', { period: PERIOD, brandId: MT })).body.code).toBe(400);
    expect((await ent.get('/api/examine/brand/sort', { period: PERIOD })).body.code).toBe(5002);
    expect((await new Client(t.app).post('/api/examine/trendsRule/assess', { period: PERIOD })).body.code).toBe(401);
    expect((await hd.get('/api/examine/brand/detail', { period: '2026-08', brandId: MT })).body).toMatchObject({
      code: 400,
      message: '该企业在 2026-08 没有考核结果，请先执行考核',
    });
  });
});
