/**
 * 骑行订单 (issue 14): the list's filters (returned in or out of site, not returned, duration), the
 * detail, the track from the positions a rented bike reports during the ride, and the streamed export.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, adminClient, createTestApp, userClient, type TestContext } from '../support/app.js';
import { exportSheet } from '../support/sheets.js';
import { Operator, addBrand, addSite, fenceTestDistricts } from '../support/world.js';
import { RIDE_POINT_MAX } from '../../src/ingest/write/live.js';

const HD = '110108';
const CY = '110105';
const SITE = { lon: 116.31, lat: 39.98 };
const OUT_HD = { lon: 116.32, lat: 39.975 };
const CY_POS = { lon: 116.46, lat: 39.91 };
const at = (hm: string) => `2024-06-01T${hm}:00+08:00`;

let t: TestContext;
let admin: Client;
let hd: Client;
let cy: Client;
let noPerm: Client;
let mt: number;
let op: Operator;

const ids = (r: { body: { data: { lists: { orderId: string }[] } } }) => r.body.data.lists.map((o) => o.orderId);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database;
  mt = await addBrand(db, { name: '美团', account: 'mt', areaId: HD });
  await db.query(`update brands set operation_area_id = $2 where id = $1`, [mt, JSON.stringify([HD, CY])]);
  await addSite(db, { id: '1101080000001', areaId: HD, ...SITE, ceiling: 10 });
  await fenceTestDistricts(t.app, db);
  op = await new Operator(t.app, 'mt').login();
  expect(
    (
      await op.post(
        '/bikes',
        ['RB1', 'RB2', 'RB3', 'RB4'].map((bikeId) => ({ bikeId, bikeType: 0 })),
      )
    ).status,
  ).toBe(200);
  // r1: 20 minutes, returned outside every site with a fee, positions reported during the ride
  // r2: 5 minutes from the site back to it; r3: in 朝阳; r4: rented, not returned
  const rents = await op.post('/orders', [
    { orderId: 'r1', bikeId: 'RB1', event: 'rent', at: at('10:00'), ...SITE, siteId: '1101080000001' },
    { orderId: 'r2', bikeId: 'RB2', event: 'rent', at: at('11:00'), ...SITE, siteId: '1101080000001' },
    { orderId: 'r3', bikeId: 'RB3', event: 'rent', at: at('12:00'), ...CY_POS },
    { orderId: 'r4', bikeId: 'RB4', event: 'rent', at: at('13:00'), ...SITE, siteId: '1101080000001' },
  ]);
  expect(rents.body.data.accepted).toBe(4);
  const during = await op.post('/bikes/status', [
    { bikeId: 'RB1', status: 2, lon: 116.312, lat: 39.979, reportedAt: at('10:05') },
    { bikeId: 'RB4', status: 2, lon: 116.311, lat: 39.981, reportedAt: at('13:02') },
  ]);
  expect(during.body.data.accepted).toBe(2);
  expect((await op.post('/bikes/status', [{ bikeId: 'RB1', status: 2, lon: 116.316, lat: 39.977, reportedAt: at('10:12') }])).body.data.accepted).toBe(1);
  // an older position than the live state's is not a point of the track
  expect((await op.post('/bikes/status', [{ bikeId: 'RB1', status: 2, lon: 116.4, lat: 39.9, reportedAt: at('10:03') }])).body.data.accepted).toBe(1);
  const returns = await op.post('/orders', [
    { orderId: 'r1', bikeId: 'RB1', event: 'return', at: at('10:20'), ...OUT_HD, fee: 650, userPhone: '13800138000' },
    { orderId: 'r2', bikeId: 'RB2', event: 'return', at: at('11:05'), ...SITE, siteId: '1101080000001', fee: 150 },
    { orderId: 'r3', bikeId: 'RB3', event: 'return', at: at('12:30'), ...CY_POS, fee: 300 },
  ]);
  expect(returns.body.data.accepted).toBe(3);
  // after the ride, a parked report is not a point of it
  await op.post('/bikes/status', [{ bikeId: 'RB1', status: 1, lon: 116.32, lat: 39.975, reportedAt: at('10:30') }]);

  admin = await adminClient(t.app);
  hd = await userClient(t.app, admin, { username: 'hd_rides', areaId: HD, roleIds: [2] });
  cy = await userClient(t.app, admin, { username: 'cy_rides', areaId: CY, roleIds: [2] });
  noPerm = await userClient(t.app, admin, { username: 'hd_super_rides', areaId: HD, roleIds: [32] });
});
afterAll(() => t.close());

const day = { startTime: '2024-06-01 00:00:00', endTime: '2024-06-01 23:59:59' };

describe('ride orders', () => {
  it('filters by returned in or out of site, not returned, and duration', async () => {
    expect(ids(await hd.get('/api/company/getBikeRideOrderList', day))).toEqual(['r4', 'r2', 'r1']);
    expect(ids(await hd.get('/api/company/getBikeRideOrderList', { ...day, returnType: 'out' }))).toEqual(['r1']);
    expect(ids(await hd.get('/api/company/getBikeRideOrderList', { ...day, returnType: 'in' }))).toEqual(['r2']);
    expect(ids(await hd.get('/api/company/getBikeRideOrderList', { returnType: 'open' }))).toEqual(['r4']);
    expect(ids(await hd.get('/api/company/getBikeRideOrderList', { ...day, minMinutes: 10 }))).toEqual(['r1']);
    expect(ids(await hd.get('/api/company/getBikeRideOrderList', { ...day, maxMinutes: 10 }))).toEqual(['r2']);
    // minutes as the list rounds them: 20 is in 20..20, 5 is not
    const exact = await hd.get('/api/company/getBikeRideOrderList', { ...day, minMinutes: 20, maxMinutes: 20, brandId: mt, bikeId: 'RB' });
    expect(exact.body.data).toMatchObject({ total: 1, lists: [{ orderId: 'r1', durationMinutes: 20, feeYuan: '6.50', outSiteReturn: true }] });
    expect(ids(await cy.get('/api/company/getBikeRideOrderList', day))).toEqual(['r3']);
  });

  it('refuses bad filters with a message naming the field', async () => {
    const reversed = await hd.get('/api/company/getBikeRideOrderList', { minMinutes: 30, maxMinutes: 10 });
    expect(reversed.body).toMatchObject({ code: 400, message: '参数 maxMinutes（骑行时长上限）不能小于 minMinutes（下限）' });
    const kind = await hd.get('/api/company/getBikeRideOrderList', { returnType: 'maybe' });
    expect(kind.body.code).toBe(400);
    expect(kind.body.message).toContain('returnType');
    const neg = await hd.get('/api/company/getBikeRideOrderList', { minMinutes: -1 });
    expect(neg.body.code).toBe(400);
    expect(neg.body.message).toContain('minMinutes');
  });

  it('answers the detail and the track: rent, the positions reported during the ride, return', async () => {
    const d = await hd.get('/api/company/getBikeRideOrderDetail', { brandId: mt, orderId: 'r1' });
    expect(d.body.data).toMatchObject({ orderId: 'r1', rentSiteName: expect.any(String), returnSiteId: null, durationMinutes: 20 });
    const track = await hd.get('/api/company/getBikeRideOrderTrack', { brandId: mt, orderId: 'r1' });
    expect(track.body.data).toEqual([
      { ...SITE, time: '2024-06-01 10:00:00', kind: 'rent' },
      { lon: 116.312, lat: 39.979, time: '2024-06-01 10:05:00', kind: 'track' },
      { lon: 116.316, lat: 39.977, time: '2024-06-01 10:12:00', kind: 'track' },
      { ...OUT_HD, time: '2024-06-01 10:20:00', kind: 'return' },
    ]);
    // a ride not returned: its track so far
    const open = await hd.get('/api/company/getBikeRideOrderTrack', { brandId: mt, orderId: 'r4' });
    expect(open.body.data.map((p: { kind: string }) => p.kind)).toEqual(['rent', 'track']);
    // the short ride had no position reported
    expect((await hd.get('/api/company/getBikeRideOrderTrack', { brandId: mt, orderId: 'r2' })).body.data).toHaveLength(2);
    // parked again: the count of the ride's points starts over
    const [live] = await t.database.query<{ n: number }>(`select ride_points as n from bike_live where bike_id = 'RB1'`);
    expect(live.n).toBe(0);
  });

  it('keeps at most RIDE_POINT_MAX positions of one ride', async () => {
    await op.post('/orders', [{ orderId: 'r5', bikeId: 'RB2', event: 'rent', at: '2024-06-02T08:00:00+08:00', ...SITE }]);
    const base = Date.parse('2024-06-02T08:00:00+08:00');
    const reports = Array.from({ length: RIDE_POINT_MAX + 5 }, (_, i) => ({
      bikeId: 'RB2',
      status: 2,
      lon: 116.31 + i * 1e-6,
      lat: 39.98,
      reportedAt: new Date(base + (i + 1) * 1000).toISOString(),
    }));
    // one report per bike and batch wins: send them one after another in small batches
    for (const r of reports) await op.post('/bikes/status', [r]);
    const [{ n }] = await t.database.query<{ n: number }>(`select count(*)::int as n from ride_points where bike_id = 'RB2' and at > '2024-06-02T00:00:00Z'`);
    expect(n).toBe(RIDE_POINT_MAX);
  }, 120_000);

  it('exports the filtered orders as an .xlsx', async () => {
    const r = await exportSheet(t.app, {
      method: 'POST',
      url: '/api/company/exportBikeRideOrderList',
      token: hd.token,
      payload: { ...day, returnType: 'out' },
    });
    expect(r.status).toBe(200);
    expect(r.disposition).toContain(encodeURIComponent('骑行订单.xlsx'));
    const { rows } = r;
    expect(rows[0]).toEqual([
      '订单编号',
      '企业',
      '车辆编号',
      '车辆类型',
      '区域',
      '借车时间',
      '借车站点',
      '借车经度',
      '借车纬度',
      '还车时间',
      '还车站点',
      '还车经度',
      '还车纬度',
      '还车方式',
      '满桩还车',
      '骑行时长（分钟）',
      '费用（元）',
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[1].slice(0, 9)).toEqual(['r1', '美团', 'RB1', '自行车', '海淀区', '2024-06-01 10:00:00', '站点1101080000001', 116.31, 39.98]);
    expect(rows[1].slice(9)).toEqual(['2024-06-01 10:20:00', '站外', 116.32, 39.975, '站外还车', '否', 20, 6.5]);
    // every order of the district, newest rent first, across pages
    const all = await exportSheet(t.app, { method: 'POST', url: '/api/company/exportBikeRideOrderList', token: hd.token });
    const col = all.rows.slice(1).map((x) => x[0]);
    expect(col).toEqual(['r5', 'r4', 'r2', 'r1']);
  });

  it('refuses a bad filter, no token, another area and a missing permission', async () => {
    const bad = await hd.post('/api/company/exportBikeRideOrderList', { startTime: 'yesterday' });
    expect(bad.body.message).toBe('参数 startTime 格式应为 yyyy-MM-dd HH:mm:ss');
    const reversed = await hd.post('/api/company/exportBikeRideOrderList', { minMinutes: 9, maxMinutes: 1 });
    expect(reversed.body.code).toBe(400);
    for (const url of ['/api/company/getBikeRideOrderList', `/api/company/getBikeRideOrderTrack?brandId=${mt}&orderId=r1`]) {
      expect((await t.app.inject({ method: 'GET', url })).json().code).toBe(401);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/company/exportBikeRideOrderList', payload: {} })).json().code).toBe(401);
    expect((await cy.get('/api/company/getBikeRideOrderTrack', { brandId: mt, orderId: 'r1' })).body.code).toBe(5002);
    expect((await cy.get('/api/company/getBikeRideOrderDetail', { brandId: mt, orderId: 'r1' })).body.code).toBe(5002);
    expect((await hd.get('/api/company/getBikeRideOrderList', { selfAreaId: CY })).body.code).toBe(5002);
    expect((await hd.post('/api/company/exportBikeRideOrderList', { selfAreaId: CY })).body.code).toBe(5002);
    expect((await noPerm.get('/api/company/getBikeRideOrderTrack', { brandId: mt, orderId: 'r1' })).body.code).toBe(5002);
    expect((await noPerm.post('/api/company/exportBikeRideOrderList', {})).body.code).toBe(5002);
    expect((await hd.get('/api/company/getBikeRideOrderTrack', { brandId: mt, orderId: 'none' })).body.message).toBe('骑行订单不存在，请刷新后重试');
  });
});
