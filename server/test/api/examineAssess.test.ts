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
import { dayStart } from '../../src/domain/time.js';

const HD = '110108';
const CY = '110105';
const TZ = 'Asia/Shanghai';
const PERIOD = '2026-09';

let t: TestContext;
let hd: Client;
let cy: Client;
let ent: Client;
let MT = 0;
let HB = 0;
const cat: Record<string, number> = {};
const rule: Record<string, number> = {};
/** a local time of the month: day d, hour h */
const at = (d: number, h = 10, m = 0) => new Date(dayStart(`2026-09-${String(d).padStart(2, '0')}`, TZ).getTime() + (h * 60 + m) * 60_000);

async function buildMonth() {
  const q = t.database.query.bind(t.database);
  await q(`insert into brand_quotas (brand_id, area_id, bike_quota, ebike_quota) values ($1, $3, 1000, 0), ($2, $3, 600, 200)`, [MT, HB, HD]);
  // every day of September: 美团 950 placed of 1000 filed (95.0 %), 哈啰 880 of 1000 (88.0 %, 10 % over its 800)
  for (let d = 1; d <= 30; d++) {
    const day = `2026-09-${String(d).padStart(2, '0')}`;
    await q(
      `insert into stats_daily (day, area_id, brand_id, bike_type, online_num, site_num, filed_num) values ($1, $2, $3, 0, 950, 700, 1000), ($1, $2, $4, 0, 880, 600, 1000)`,
      [day, HD, MT, HB],
    );
  }
  // rides rented in September: 美团 100 (10 returned outside a site), 哈啰 50 (15 outside); one in August and one not returned do not count
  const ride = (brand: number, n: number, out: boolean, rent: Date, returned = true) =>
    q(
      `insert into ride_orders (brand_id, order_id, bike_id, bike_type, area_id, rent_at, return_at, out_site_return)
       select $1, $2 || g, 'B' || g, 0, $3, $4, case when $6 then $4::timestamptz + interval '10 minutes' end, $5 from generate_series(1, $7) g`,
      [brand, `${brand}-${out}-${rent.getTime()}-`, HD, rent, out, returned, n],
    );
  await ride(MT, 90, false, at(3));
  await ride(MT, 10, true, at(4));
  await ride(HB, 35, false, at(5));
  await ride(HB, 15, true, at(6));
  await ride(MT, 5, true, new Date(at(1).getTime() - 86_400_000));
  await ride(HB, 3, true, at(7), false);
  // work orders of 美团 created in September, 60 minutes each: answered after 30, 50 and 90 minutes, one never
  const order = (created: Date, answeredMin: number | null) =>
    q(
      `insert into work_orders (order_type, area_id, brand_id, place, title, state, opened_by, created_at, deadline_at, answered_at, updated_at)
       values (8, $1, $2, 'area', '测试', $3, 'regulator', $4, $4::timestamptz + interval '60 minutes', $5, $4)`,
      [HD, MT, answeredMin === null ? 1 : 3, created, answeredMin === null ? null : new Date(created.getTime() + answeredMin * 60_000)],
    );
  await order(at(2), 30);
  await order(at(8), 50);
  await order(at(9), 90);
  await order(at(10), null);
  // alerts: 美团 two at non-allowed sites and one faulty bike left open from the 5th, one fixed after 10 hours; 哈啰 three illegal bikes
  const alert = (type: number, brand: number, created: Date, closed: Date | null, bike: string) =>
    q(
      `insert into abnormal_messages (abnormal_type, brand_id, bike_id, area_id, subject, created_at, updated_at, closed_at)
       values ($1, $2, $3, $4, '测试', $5, coalesce($6, now()), $6)`,
      [type, brand, bike, HD, created, closed],
    );
  await alert(8, MT, at(11), at(11, 12), 'MT8A');
  await alert(8, MT, at(12), at(12, 12), 'MT8B');
  await alert(5, MT, at(5), null, 'MT5A');
  await alert(5, MT, at(6), at(6, 20), 'MT5B');
  for (const b of ['HB7A', 'HB7B', 'HB7C']) await alert(7, HB, at(14), at(15), b);
  // an illegal bike in 朝阳 is not 海淀's
  await alert(7, HB, at(14), at(15), 'HB7CY');
  await q(`update abnormal_messages set area_id = $1 where bike_id = 'HB7CY'`, [CY]);
}

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
  await buildMonth();
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
      notUploaded: null,
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
    // 美团 100 − (off-site 4 + orders 6 + non-allowed 2 + faulty 3) = 85 (B); 哈啰 100 − (access 5 + quota 10 + off-site 8 + illegal 5 + 2 findings × 2) = 68 (C)
    expect(r.lists.map((x: any) => [x.brandName, x.score, x.grade, x.rank, x.deducted, x.quota, x.suggestedQuota, x.previousScore, x.change])).toEqual([
      ['美团', 85, 'B', 1, 15, 1000, 1000, null, null],
      ['哈啰', 68, 'C', 2, 32, 800, 720, null, null],
    ]);
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
    expect(byRule.notUploaded).toMatchObject({ value: null, points: 0, unmeasured: '桩测匹配尚未接入，本项暂不计分' });
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
    const nonAllowed = (await hd.get('/api/abnormal/getMsg', { abnormalType: 8, brandId: MT, startTime: '2026-09-01', endTime: '2026-09-30' })).body.data;
    expect(nonAllowed.total).toBe(2);
  });

  it('re-assesses the month with a changed threshold: the score and grade change, the old result is replaced', async () => {
    // 站外还车率 of 10 % and more now costs 8 (美团 4 more) and under 60 % of orders in time 15 (9 more): 美团 72, C
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
      ['美团', 72, 'C', 1],
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
