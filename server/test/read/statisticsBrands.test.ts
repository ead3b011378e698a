/** Brand shares, filing check, to-do counts, brand legends and request-log hours, worked out by hand. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, type TestContext } from '../support/app.js';
import { CY, HD, localHour, type StatsWorld, openStatsWorld, type StatsClients } from '../support/statsWorld.js';

let t: TestContext;
let w: StatsWorld;
let c: StatsClients;
let mt: number;
let hb: number;

/*
 * Now (statsWorld NOW_STATUS + the live ride), by hand:
 *   海淀 美团: MB1 MB2 (S1), MB3 MB7 (S2), MB5 riding, ME1 (S3), ME2 off-site; MB6 filed, never reported (美团 registered in 海淀)
 *        → filed 6 bikes / 2 e-bikes, online 5 / 2, in sites 4 / 1
 *   海淀 哈啰: HB1 (S1), HB3 (S2), HE1 (S4), HE2 riding, HX1 (S3, never filed)
 *        → filed 2 / 2, online 3 / 2 (1 illegal), in sites 3 / 1
 *   朝阳 美团: MB4 (C1) → 1 / 0 everywhere;  朝阳 哈啰: HB2 (C2) + HB4 never reported (哈啰 registered in 朝阳) → filed 2, online 1, in sites 1
 * Quotas set below: 美团@海淀 10 / 5, 哈啰@海淀 1 / 2, 哈啰@朝阳 6 / 0.
 */
beforeAll(async () => {
  ({ t, w, c } = await openStatsWorld());
  ({ mt, hb } = w.brands);
  for (const [brandId, areaId, bikeNum, ebikeNum] of [
    [mt, HD, 10, 5],
    [hb, HD, 1, 2],
    [hb, CY, 6, 0],
  ] as const) {
    const r = await c.admin.post('/api/bikeLimit/save', { brandId, areaId, bikeNum, ebikeNum });
    expect(r.body.code, r.body.message).toBe(200);
  }
});
afterAll(() => t.close());

async function get(client: Client, path: string, q: Record<string, unknown> = {}) {
  const r = await client.get(`/api/statistics/${path}`, q);
  expect(r.body.code, r.body.message).toBe(200);
  return r.body.data;
}

const MT = { brandName: '美团', bikeColor: '#f5c518', ebikeColor: '#1890ff' };
const HB = { brandName: '哈啰', bikeColor: '#00a0e9', ebikeColor: '#ff7f00' };

describe('brandPercent / brandPercentNew', () => {
  it('gives 海淀 totals and each brand’s share of them', async () => {
    const d = await get(c.hd, 'brandPercent', { selfAreaId: HD });
    expect(d).toEqual({
      // online and in sites: filed bikes only (HX1, never filed, at S3 is counted apart as illegal)
      PutBikeNum: 8,
      PutEBikeNum: 4,
      BrandBikeNum: 7,
      BrandEBikeNum: 4,
      SiteBikeNum: 6,
      SiteEBikeNum: 2,
      lists: [
        {
          brandId: mt,
          ...MT,
          PutBikeNum: 6,
          PutEBikeNum: 2,
          BrandBikeNum: 5,
          BrandEBikeNum: 2,
          SiteBikeNum: 4,
          SiteEBikeNum: 1,
          putBikePercent: 75,
          putEBikePercent: 50,
          brandBikePercent: 71.43,
          brandEBikePercent: 50,
          siteBikePercent: 66.67,
          siteEBikePercent: 50,
        },
        {
          brandId: hb,
          ...HB,
          PutBikeNum: 2,
          PutEBikeNum: 2,
          BrandBikeNum: 2,
          BrandEBikeNum: 2,
          SiteBikeNum: 2,
          SiteEBikeNum: 1,
          putBikePercent: 25,
          putEBikePercent: 50,
          brandBikePercent: 28.57,
          brandEBikePercent: 50,
          siteBikePercent: 33.33,
          siteEBikePercent: 50,
        },
      ],
    });
  });

  it('gives each brand’s own rates: online ÷ filed, in sites ÷ online, filed ÷ approved', async () => {
    const d = await get(c.hd, 'brandPercentNew', { selfAreaId: HD });
    expect(d.total).toBe(2);
    expect(d.lists[0]).toMatchObject({
      brandId: mt,
      bikeQuota: 10,
      ebikeQuota: 5,
      bikeOnlineRate: 83.33,
      ebikeOnlineRate: 100,
      bikeInSiteRate: 80,
      ebikeInSiteRate: 50,
      bikeQuotaRate: 60,
      ebikeQuotaRate: 40,
    });
    expect(d.lists[1]).toMatchObject({
      brandId: hb,
      bikeQuota: 1,
      ebikeQuota: 2,
      // 2 filed bikes online of 2 filed: the illegal HX1 no longer lifts it past 100 % (was 150)
      bikeOnlineRate: 100,
      ebikeOnlineRate: 100,
      bikeInSiteRate: 100,
      ebikeInSiteRate: 50,
      bikeQuotaRate: 200,
      ebikeQuotaRate: 100,
    });
  });

  it('keeps 朝阳 apart and shows an enterprise user only their brand', async () => {
    const cy = await get(c.cy, 'brandPercent', { selfAreaId: CY });
    expect(cy).toMatchObject({ PutBikeNum: 3, PutEBikeNum: 0, BrandBikeNum: 2, BrandEBikeNum: 0, SiteBikeNum: 2, SiteEBikeNum: 0 });
    expect(cy.lists.map((b: { brandId: number; PutBikeNum: number; putBikePercent: number }) => [b.brandId, b.PutBikeNum, b.putBikePercent])).toEqual([
      [mt, 1, 33.33],
      [hb, 2, 66.67],
    ]);
    expect((await c.hd.get('/api/statistics/brandPercent', { selfAreaId: CY })).body.code).toBe(5002);
    const own = await get(c.ent, 'brandPercent', { selfAreaId: HD });
    expect(own).toMatchObject({ PutBikeNum: 6, PutEBikeNum: 2, BrandBikeNum: 5, SiteBikeNum: 4 });
    expect(own.lists).toHaveLength(1);
    expect(own.lists[0]).toMatchObject({ brandId: mt, putBikePercent: 100 });
  });
});

describe('areaVerify', () => {
  it('compares approved, filed and online per brand: 哈啰 files 4 of 3 approved and runs 1 illegal bike', async () => {
    const d = await get(c.hd, 'areaVerify', { selfAreaId: HD });
    expect(d).toEqual({
      total: 2,
      lists: [
        {
          brandId: mt,
          ...MT,
          quantity_approved: 15,
          recorded_number: 8,
          onlineNum: 7,
          bikeQuota: 10,
          ebikeQuota: 5,
          filedBikeNum: 6,
          filedEBikeNum: 2,
          onlineBikeNum: 5,
          onlineEBikeNum: 2,
          warn: 0,
          abnormal: 0,
        },
        {
          brandId: hb,
          ...HB,
          quantity_approved: 3,
          recorded_number: 4,
          onlineNum: 4,
          bikeQuota: 1,
          ebikeQuota: 2,
          filedBikeNum: 2,
          filedEBikeNum: 2,
          onlineBikeNum: 2,
          onlineEBikeNum: 2,
          warn: 1,
          abnormal: 1,
        },
      ],
    });
    const cy = await get(c.cy, 'areaVerify', { selfAreaId: CY });
    expect(
      cy.lists.map((b: { brandId: number; quantity_approved: number; recorded_number: number; onlineNum: number; warn: number }) => [
        b.brandId,
        b.quantity_approved,
        b.recorded_number,
        b.onlineNum,
        b.warn,
      ]),
    ).toEqual([
      [mt, 0, 1, 1, 1],
      [hb, 6, 2, 1, 0],
    ]);
  });
});

describe('pend', () => {
  // work orders (issue 27): dispatchPend counts the overdue unanswered ones and the answered ones
  // waiting for the regulator; in time, closed and other areas' ones are not counted
  beforeAll(async () => {
    const orders: [string, number, string][] = [
      [HD, 3, '1 hour'], // answered, waiting for the regulator
      [HD, 3, '-1 hour'], // answered late, waiting too
      [HD, 1, '-5 minutes'], // overdue, not accepted
      [HD, 2, '-1 minute'], // overdue, accepted
      [HD, 1, '1 hour'], // in time
      [HD, 4, '-1 hour'], // closed
      [CY, 2, '-10 minutes'], // overdue
    ];
    for (const [areaId, state, deadline] of orders)
      await t.database.query(
        `insert into work_orders (order_type, area_id, brand_id, place, title, state, opened_by, created_at, deadline_at, updated_at)
         values (8, $1, $2, 'area', '测试', $3, 'regulator', now() - interval '2 hours', now() + $4::interval, now())`,
        [areaId, mt, state, deadline],
      );
    // the field app's records (issue 28): a pending report, site application and warning count, decided ones do not
    const [{ id: u }] = await t.database.query<{ id: number }>(`select id from users order by id limit 1`);
    await t.database.query(
      `insert into violation_reports (client_id, user_id, area_id, lon, lat, text, state, at)
       values ('r-pending', $1, $2, 116.3, 39.9, '举报', 0, now()), ('r-handled', $1, $2, 116.3, 39.9, '举报', 1, now())`,
      [u, HD],
    );
    await t.database.query(
      `insert into site_applications (client_id, user_id, area_id, name, lon, lat, capacity, reason, state, at)
       values ('a-pending', $1, $2, '申请站', 116.3, 39.9, 20, '理由', 0, now()), ('a-rejected', $1, $2, '申请站', 116.3, 39.9, 20, '理由', 2, now())`,
      [u, HD],
    );
    await t.database.query(
      `insert into clock_warnings (user_id, area_id, role_id, day, window_start, window_end, kind, handled_at)
       values ($1, $2, 31, current_date, '07:00', '09:00', 1, null), ($1, $2, 31, current_date, '17:00', '19:00', 1, now())`,
      [u, HD],
    );
  });
  const HD_PEND = {
    siteApplyPend: 1,
    siteRolePend: 1,
    maintainPend: 2,
    siteLowPowerPend: 2,
    accusePend: 1,
    userPend: 1,
    dispatchPend: 4,
    supervisePend: 1,
    dispatchWarnPend: 1,
  };
  const CY_PEND = {
    siteApplyPend: 0,
    siteRolePend: 0,
    maintainPend: 1,
    siteLowPowerPend: 1,
    accusePend: 0,
    userPend: 0,
    dispatchPend: 1,
    supervisePend: 0,
    dispatchWarnPend: 0,
  };

  it('counts 海淀: pending applications by role (userPend: platform accounts only), sites with a pile under 10 %, work orders overdue or answered (4 of 6), the pending report, site application and warning', async () => {
    expect(await get(c.hd, 'pend', { selfAreaId: HD })).toEqual(HD_PEND);
    expect(await get(c.hd, 'pend', { selfAreaId: HD, areaId: HD })).toEqual(HD_PEND);
  });

  it('counts 朝阳 for its administrator, for the root by areaId, and both districts for the root', async () => {
    expect(await get(c.cy, 'pend', { selfAreaId: CY })).toEqual(CY_PEND);
    expect(await get(c.admin, 'pend', { areaId: CY })).toEqual(CY_PEND);
    expect(await get(c.admin, 'pend')).toEqual({
      siteApplyPend: 1,
      siteRolePend: 1,
      maintainPend: 3,
      siteLowPowerPend: 3,
      accusePend: 1,
      userPend: 1,
      dispatchPend: 5,
      supervisePend: 1,
      dispatchWarnPend: 1,
    });
  });

  it('refuses another district (5002) by selfAreaId or areaId, and a malformed areaId (400)', async () => {
    expect((await c.hd.get('/api/statistics/pend', { selfAreaId: CY })).body.code).toBe(5002);
    expect((await c.hd.get('/api/statistics/pend', { selfAreaId: HD, areaId: CY })).body).toMatchObject({ code: 5002, data: null });
    const bad = await c.hd.get('/api/statistics/pend', { selfAreaId: HD, areaId: '1101' });
    expect(bad.body.code).toBe(400);
    expect(bad.body.message).toContain('areaId');
  });
});

describe('areaBrandDetails', () => {
  it('lists the brands of the area with their colours', async () => {
    expect(await get(c.hd, 'areaBrandDetails', { selfAreaId: HD })).toEqual({
      total: 2,
      lists: [
        { brandId: mt, ...MT },
        { brandId: hb, ...HB },
      ],
    });
    // 美团 is registered in 海淀 only, but has a bike in 朝阳
    expect(await get(c.cy, 'areaBrandDetails', { selfAreaId: CY })).toEqual({
      total: 2,
      lists: [
        { brandId: mt, ...MT },
        { brandId: hb, ...HB },
      ],
    });
    expect(await get(c.ent, 'areaBrandDetails', { selfAreaId: HD })).toEqual({ total: 1, lists: [{ brandId: mt, ...MT }] });
    expect((await c.cy.get('/api/statistics/areaBrandDetails', { selfAreaId: HD })).body.code).toBe(5002);
  });
});

describe('tidalRequestLog', () => {
  /** 18 order calls: 美团 6 + 2 + 2 rounds and 1 partial (11), 哈啰 4 + 2 rounds and 1 failed (7); 37 items, 2 rejected. */
  it('counts today’s rent/return sync calls per hour, with the failed and partly failed ones', async () => {
    const d = await get(c.hd, 'tidalRequestLog', { selfAreaId: HD });
    expect(d.date).toBe(w.today);
    expect(d.lists).toHaveLength(24);
    const sum = (k: string) => d.lists.reduce((s: number, r: Record<string, number>) => s + r[k], 0);
    expect([sum('requestNum'), sum('failNum'), sum('partialNum'), sum('itemNum'), sum('rejectedNum')]).toEqual([18, 1, 1, 37, 2]);
    const busy = d.lists.filter((r: { requestNum: number }) => r.requestNum > 0).map((r: { hour: number }) => r.hour);
    expect(busy.every((h: number) => h === localHour(w.buildStartedAt) || h === localHour(w.buildEndedAt))).toBe(true);
  });

  it('shows 朝阳 only 哈啰’s calls, nothing on another day, and refuses bad dates', async () => {
    const d = await get(c.cy, 'tidalRequestLog', { selfAreaId: CY, date: w.today });
    const sum = (k: string) => d.lists.reduce((s: number, r: Record<string, number>) => s + r[k], 0);
    expect([sum('requestNum'), sum('failNum'), sum('partialNum'), sum('itemNum'), sum('rejectedNum')]).toEqual([7, 1, 0, 11, 1]);
    const [y, m, dd] = w.yesterday.split('-').map(Number);
    const other = await get(c.hd, 'tidalRequestLog', { selfAreaId: HD, year: y, month: m, day: dd });
    expect(other.date).toBe(w.yesterday);
    expect(other.lists.every((r: { requestNum: number }) => r.requestNum === 0)).toBe(true);
    for (const q of [{ date: '2024-13-01' }, { date: 'today' }, { year: 2024, month: 3 }]) {
      const r = await c.hd.get('/api/statistics/tidalRequestLog', { selfAreaId: HD, ...q });
      expect(r.body.code, JSON.stringify(q)).toBe(400);
    }
    expect((await c.hd.get('/api/statistics/tidalRequestLog', { selfAreaId: CY })).body.code).toBe(5002);
  });
});
