/**
 * 站外还车扣费 (issue 14): rides returned outside every site, with the fee and the rider's phone the
 * operator reports, summed per brand and day and per rider; the phone is kept only masked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, adminClient, createTestApp, userClient, type TestContext } from '../support/app.js';
import { exportSheet } from '../support/sheets.js';
import { Operator, addBrand, addSite, fenceTestDistricts } from '../support/world.js';
import { jobContextOf } from '../../src/jobs/index.js';
import { rollupStats } from '../../src/jobs/rollup.js';

const HD = '110108';
const CY = '110105';
const SITE = { lon: 116.31, lat: 39.98 };
const OUT_HD = { lon: 116.32, lat: 39.975 };
const OUT_CY = { lon: 116.46, lat: 39.91 };

let t: TestContext;
let admin: Client;
let hd: Client;
let cy: Client;
let ent: Client & { userId: number };
let noPerm: Client;
let mt: number;

/** Returns on 2024-03-10 and 2024-03-11 (local): [orderId, bike, day, time, place, fee, phone]. */
const RETURNS: [string, string, string, string, typeof SITE, number | null, string | null][] = [
  ['o1', 'MB1', '2024-03-10', '08:20', OUT_HD, 650, '13800138000'],
  ['o2', 'MB2', '2024-03-10', '09:20', OUT_HD, 500, '13800138000'],
  ['o3', 'MB3', '2024-03-10', '10:20', OUT_HD, 0, '13900139000'],
  ['o4', 'MB4', '2024-03-10', '11:20', SITE, 150, '13700137000'], // in a site: not counted
  ['o5', 'MB5', '2024-03-11', '07:20', OUT_HD, 1150, null], // no rider reported
  ['o6', 'MB6', '2024-03-10', '12:20', OUT_CY, 500, '13600136000'], // 朝阳
];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database;
  mt = await addBrand(db, { name: '美团', account: 'mt', areaId: HD });
  await db.query(`update brands set operation_area_id = $2 where id = $1`, [mt, JSON.stringify([HD, CY])]);
  await addSite(db, { id: '1101080000001', areaId: HD, ...SITE, ceiling: 10 });
  await fenceTestDistricts(t.app, db);
  const op = await new Operator(t.app, 'mt').login();
  const filed = await op.post(
    '/bikes',
    RETURNS.map(([, bikeId]) => ({ bikeId, bikeType: 0 })),
  );
  expect(filed.status).toBe(200);
  const sent = await op.post('/orders', [
    ...RETURNS.map(([orderId, bikeId, day, time, place, fee, phone]) => ({
      orderId,
      bikeId,
      event: 'return',
      at: `${day}T${time}:00+08:00`,
      ...place,
      ...(fee === null ? {} : { fee }),
      ...(phone ? { userPhone: phone } : {}),
    })),
    { orderId: 'bad', bikeId: 'MB1', event: 'return', at: '2024-03-10T13:00:00+08:00', ...OUT_HD, userPhone: '12345' },
  ]);
  expect(sent.body.data.accepted).toBe(RETURNS.length);
  expect(sent.body.data.rejected).toEqual([{ index: RETURNS.length, id: 'bad', reason: 'userPhone 应为 11 位手机号' }]);

  admin = await adminClient(t.app);
  hd = await userClient(t.app, admin, { username: 'hd_fee', areaId: HD, roleIds: [2] });
  cy = await userClient(t.app, admin, { username: 'cy_fee', areaId: CY, roleIds: [2] });
  ent = await userClient(t.app, admin, { username: 'other_ent', areaId: HD, roleIds: [3], userLevel: 1 });
  const other = await addBrand(db, { name: '哈啰', account: 'hb', areaId: HD });
  await db.query(`update users set brand_id = $2 where id = $1`, [ent.userId, other]);
  noPerm = await userClient(t.app, admin, { username: 'hd_super_fee', areaId: HD, roleIds: [32] });
});
afterAll(() => t.close());

const period = { startTime: '2024-03-01', endTime: '2024-03-31' };

describe('out-of-site fees', () => {
  it('keeps the rider only as a digest and a masked phone', async () => {
    const rows = await t.database.query<{ riderKey: string; riderPhone: string }>(
      `select rider_key as "riderKey", rider_phone as "riderPhone" from ride_orders where order_id = 'o1'`,
    );
    expect(rows[0].riderPhone).toBe('138****8000');
    expect(rows[0].riderKey).toMatch(/^[0-9a-f]{64}$/);
    const clear = await t.database.query(`select 1 from ride_orders where rider_key like '%13800138000%' or rider_phone like '%13800138000%'`);
    expect(clear).toHaveLength(0);
  });

  it('sums out-of-site returns per brand and day of the return district, with the totals', async () => {
    const r = await hd.get('/api/bikeOutSiteFee/getFeeList', period);
    expect(r.body.code).toBe(200);
    expect(r.body.data).toEqual({
      lists: [
        { date: '2024-03-11', brandId: mt, brandName: '美团', outSiteNum: 1, feeNum: 1, feeAmount: '11.50' },
        { date: '2024-03-10', brandId: mt, brandName: '美团', outSiteNum: 3, feeNum: 2, feeAmount: '11.50' },
      ],
      total: 2,
      sum: { outSiteNum: 4, feeAmount: '23.00' },
      startTime: '2024-03-01',
      endTime: '2024-03-31',
    });
    // the city sees both districts; 朝阳 its own return only
    const city = await admin.get('/api/bikeOutSiteFee/getFeeList', period);
    expect(city.body.data.sum).toEqual({ outSiteNum: 5, feeAmount: '28.00' });
    const c = await cy.get('/api/bikeOutSiteFee/getFeeList', period);
    expect(c.body.data.lists).toEqual([{ date: '2024-03-10', brandId: mt, brandName: '美团', outSiteNum: 1, feeNum: 1, feeAmount: '5.00' }]);
    // a page past the end still carries the totals
    const past = await hd.get('/api/bikeOutSiteFee/getFeeList', { ...period, currentPage: 5 });
    expect(past.body.data).toMatchObject({ lists: [], total: 2, sum: { outSiteNum: 4 } });
    // one day, one brand
    const day = await hd.get('/api/bikeOutSiteFee/getFeeList', { brandId: mt, startTime: '2024-03-11', endTime: '2024-03-11' });
    expect(day.body.data.lists).toHaveLength(1);
  });

  it('lists the riders of a brand and day, masked, the most charged first', async () => {
    const r = await hd.get('/api/bikeOutSiteFee/getFeeUserDetails', { brandId: mt, startTime: '2024-03-10', endTime: '2024-03-10' });
    expect(r.body.data).toEqual({
      lists: [
        { riderPhone: '138****8000', outSiteNum: 2, feeNum: 2, feeAmount: '11.50', lastTime: '2024-03-10 09:20:00' },
        { riderPhone: '139****9000', outSiteNum: 1, feeNum: 0, feeAmount: '0.00', lastTime: '2024-03-10 10:20:00' },
      ],
      total: 2,
    });
    const unknown = await hd.get('/api/bikeOutSiteFee/getFeeUserDetails', { brandId: mt, startTime: '2024-03-11', endTime: '2024-03-11' });
    expect(unknown.body.data.lists[0]).toMatchObject({ riderPhone: '未上报', outSiteNum: 1, feeAmount: '11.50' });
  });

  it('exports the list as an .xlsx', async () => {
    const r = await exportSheet(t.app, { method: 'POST', url: '/api/bikeOutSiteFee/exportBikeOutSideFeeList', token: hd.token, payload: period });
    expect(r.status).toBe(200);
    expect(r.disposition).toContain(encodeURIComponent('站外还车扣费.xlsx'));
    expect(r.rows).toEqual([
      ['日期', '企业', '站外还车次数', '扣费次数', '扣费金额（元）'],
      ['2024-03-11', '美团', 1, 1, 11.5],
      ['2024-03-10', '美团', 3, 2, 11.5],
    ]);
  });

  it('shows an enterprise account only its own brand', async () => {
    const r = await ent.get('/api/bikeOutSiteFee/getFeeList', period);
    expect(r.body.data).toMatchObject({ lists: [], total: 0, sum: { outSiteNum: 0, feeAmount: '0.00' } });
    const d = await ent.get('/api/bikeOutSiteFee/getFeeUserDetails', { ...period, brandId: mt });
    expect(d.body.data.lists).toEqual([]);
  });

  it('refuses bad input, no token, another area and a missing permission', async () => {
    const bad = await hd.get('/api/bikeOutSiteFee/getFeeList', { startTime: '2024-02-30' });
    expect(bad.body).toMatchObject({ code: 400, message: '参数 startTime 应为日期 yyyy-MM-dd' });
    const reversed = await hd.get('/api/bikeOutSiteFee/getFeeList', { startTime: '2024-03-10', endTime: '2024-03-01' });
    expect(reversed.body).toMatchObject({ code: 400, message: '参数 endTime 不能早于 startTime' });
    const long = await hd.get('/api/bikeOutSiteFee/getFeeList', { startTime: '2023-01-01', endTime: '2024-03-01' });
    expect(long.body.code).toBe(400);
    expect(long.body.message).toContain('366');
    const none = await t.app.inject({ method: 'GET', url: '/api/bikeOutSiteFee/getFeeList' });
    expect(none.json().code).toBe(401);
    const sibling = await hd.get('/api/bikeOutSiteFee/getFeeList', { ...period, selfAreaId: CY });
    expect(sibling.body.code).toBe(5002);
    const denied = await noPerm.get('/api/bikeOutSiteFee/getFeeList', period);
    expect(denied.body.code).toBe(5002);
    const exportDenied = await noPerm.post('/api/bikeOutSiteFee/exportBikeOutSideFeeList', period);
    expect(exportDenied.body.code).toBe(5002);
  });
});

describe('the daily fee rollup (fee_daily)', () => {
  const rollup = () => rollupStats(jobContextOf(t.app.ctx), new Date());
  const rolled = (day: string) =>
    t.database.query<{ areaId: string; num: number; feeNum: number; fen: number }>(
      `select area_id as "areaId", out_site_num as num, fee_num as "feeNum", fee_fen::float8 as fen from fee_daily where day = $1::date order by area_id`,
      [day],
    );
  const hdMarch = async () => (await hd.get('/api/bikeOutSiteFee/getFeeList', period)).body.data;

  it('rolls whole days up to yesterday and the list reads them', async () => {
    const run = await rollup();
    expect(run.feeDays?.first).toBe('2024-03-10');
    expect(await rolled('2024-03-10')).toEqual([
      { areaId: CY, num: 1, feeNum: 1, fen: 500 },
      { areaId: HD, num: 3, feeNum: 2, fen: 1150 },
    ]);
    expect(await t.database.query(`select 1 from stats_dirty`)).toHaveLength(0);
    // the list now answers from the rollup: a row changed behind its back shows
    await t.database.query(`update fee_daily set fee_fen = fee_fen + 1 where day = '2024-03-10' and area_id = $1`, [HD]);
    expect((await hdMarch()).lists[1].feeAmount).toBe('11.51');
    await t.database.query(`update fee_daily set fee_fen = fee_fen - 1 where day = '2024-03-10' and area_id = $1`, [HD]);
    expect((await hdMarch()).sum).toEqual({ outSiteNum: 4, feeAmount: '23.00' });
  });

  it('counts a late or corrected return at once and rolls it on the next run', async () => {
    const op = await new Operator(t.app, 'mt').login();
    const sent = await op.post('/orders', [
      // o1 corrected: a higher fee; o2 corrected: returned at the site after all; o7 late: a new day
      { orderId: 'o1', bikeId: 'MB1', event: 'return', at: '2024-03-10T08:20:00+08:00', ...OUT_HD, fee: 800, userPhone: '13800138000' },
      { orderId: 'o2', bikeId: 'MB2', event: 'return', at: '2024-03-10T09:20:00+08:00', ...SITE, fee: 150 },
      { orderId: 'o7', bikeId: 'MB3', event: 'return', at: '2024-03-09T18:00:00+08:00', ...OUT_HD, fee: 300 },
    ]);
    expect(sent.body.data.accepted).toBe(3);
    const expected = {
      lists: [
        { date: '2024-03-11', brandId: mt, brandName: '美团', outSiteNum: 1, feeNum: 1, feeAmount: '11.50' },
        { date: '2024-03-10', brandId: mt, brandName: '美团', outSiteNum: 2, feeNum: 1, feeAmount: '8.00' },
        { date: '2024-03-09', brandId: mt, brandName: '美团', outSiteNum: 1, feeNum: 1, feeAmount: '3.00' },
      ],
      total: 3,
      sum: { outSiteNum: 4, feeAmount: '22.50' },
    };
    // before the job runs: the marked days are counted from the orders
    expect(await hdMarch()).toMatchObject(expected);
    expect(await rolled('2024-03-10')).toContainEqual({ areaId: HD, num: 3, feeNum: 2, fen: 1150 });
    await rollup();
    expect(await rolled('2024-03-10')).toEqual([
      { areaId: CY, num: 1, feeNum: 1, fen: 500 },
      { areaId: HD, num: 2, feeNum: 1, fen: 800 },
    ]);
    expect(await rolled('2024-03-09')).toEqual([{ areaId: HD, num: 1, feeNum: 1, fen: 300 }]);
    expect(await hdMarch()).toMatchObject(expected);
  });
});
