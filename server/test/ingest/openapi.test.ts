import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../support/app.js';
import { Operator, addBrand, addGateway, addSite, north } from '../support/world.js';
import { convert } from '../../src/domain/coords.js';

let t: TestContext;
let mt: Operator;
let hb: Operator;
const LON = 116.31;
const LAT = 39.98;
const at = (minutesAgo = 0) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  await addBrand(t.database, { name: '美团', account: 'mt' });
  await addBrand(t.database, { name: '哈啰', account: 'hb' });
  await addSite(t.database, { id: '1101080000001', lon: LON, lat: LAT, ceiling: 10 });
  mt = await new Operator(t.app, 'mt').login();
  hb = await new Operator(t.app, 'hb').login();
});
afterAll(() => t.close());

describe('token and guard', () => {
  it('issues a token for an enterprise account, refuses a wrong password and a missing token', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/open/v1/token', payload: { account: 'mt', password: 'nope' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ code: 401, message: '账号或密码错误' });
    const none = await t.app.inject({ method: 'POST', url: '/api/open/v1/bikes/status', payload: { items: [] } });
    expect(none.statusCode).toBe(401);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/open/v1/bikes/status',
      payload: { items: [] },
      headers: { authorization: 'Bearer forged' },
    });
    expect(forged.statusCode).toBe(401);
    const rows = await t.database.query<{ token_hash: string }>('select token_hash from api_sessions');
    expect(rows.some((r) => r.token_hash === mt.token)).toBe(false);
  });

  it('refuses a pile scan from an enterprise token (403)', async () => {
    const r = await mt.post('/piles/scan', []);
    expect(r.status).toBe(403);
  });
});

describe('filing and status', () => {
  it('files bikes and places a status report in its site', async () => {
    const f = await mt.post('/bikes', [
      { bikeId: 'MT1', bikeType: 0, bikeMac: 'aa:bb:cc:00:00:01' },
      { bikeId: 'MT2', bikeType: 1 },
    ]);
    expect(f.status).toBe(200);
    expect(f.body).toMatchObject({ code: 200, data: { accepted: 2, rejected: [] } });
    const s = await mt.post('/bikes/status', [{ bikeId: 'MT1', status: 1, lon: LON, lat: north(LAT, 5), reportedAt: at(1) }]);
    expect(s.status).toBe(200);
    const [live] = await t.database.query<{ site_id: string; legality: number; bike_type: number; area_id: string }>(
      `select * from bike_live where bike_id = 'MT1'`,
    );
    expect(live).toMatchObject({ site_id: '1101080000001', legality: 0, bike_type: 0, area_id: '110108' });
  });

  it('never lets an older report overwrite a newer one', async () => {
    await mt.post('/bikes/status', [{ bikeId: 'MT2', status: 1, lon: LON, lat: LAT, reportedAt: at(1) }]);
    const old = await mt.post('/bikes/status', [{ bikeId: 'MT2', status: 2, lon: LON + 0.01, lat: LAT, reportedAt: at(10) }]);
    expect(old.status).toBe(200); // accepted, but superseded
    const [live] = await t.database.query<{ status: number; lon: number }>(`select status, lon from bike_live where bike_id = 'MT2'`);
    expect(live).toEqual({ status: 1, lon: LON });
    // within one batch the newest wins too
    await mt.post('/bikes/status', [
      { bikeId: 'MT2', status: 2, lon: LON, lat: LAT, reportedAt: at(0.2) },
      { bikeId: 'MT2', status: 1, lon: LON, lat: LAT, reportedAt: at(0.5) },
    ]);
    expect((await t.database.query<{ status: number }>(`select status from bike_live where bike_id = 'MT2'`))[0].status).toBe(2);
  });

  it('stores a report as sent: coordinates to 1e-7°, the time to the millisecond, status, and the bike type of an unfiled bike', async () => {
    const when = new Date(Date.now() - 90_123);
    const r = await mt.post('/bikes/status', [
      // up to 7 decimals come back bit for bit
      { bikeId: 'RT1', status: 2, lon: 116.3112345, lat: 39.9812345, reportedAt: when.toISOString(), bikeType: 1 },
      // more decimals are kept to 1e-7° (about 1 cm)
      { bikeId: 'RT2', status: 1, lon: 116.312345678912, lat: 39.982345678912, reportedAt: when.toISOString() },
    ]);
    expect(r.status).toBe(200);
    const rows = await t.database.query<{
      bike_id: string;
      lon: number;
      lat: number;
      status: number;
      bike_type: number;
      reported_at: Date;
      in_area: boolean;
      in_forbid: boolean;
    }>(`select bike_id, lon, lat, status, bike_type, reported_at, in_area, in_forbid from bike_live where bike_id in ('RT1', 'RT2') order by bike_id`);
    expect(rows[0]).toMatchObject({ lon: 116.3112345, lat: 39.9812345, status: 2, bike_type: 1, in_area: true, in_forbid: false });
    expect(new Date(rows[0].reported_at).getTime()).toBe(when.getTime());
    expect(rows[1]).toMatchObject({ status: 1, bike_type: 0 });
    expect(Math.abs(rows[1].lon - 116.312345678912)).toBeLessThanOrEqual(0.5e-7);
    expect(Math.abs(rows[1].lat - 39.982345678912)).toBeLessThanOrEqual(0.5e-7);
    expect(new Date(rows[1].reported_at).getTime()).toBe(when.getTime());
  });

  it('stores the valid items of a mixed batch and names the field of each rejected one (400)', async () => {
    const r = await mt.post('/bikes/status', [
      { bikeId: 'MT10', status: 1, lon: LON, lat: LAT, reportedAt: at() },
      { bikeId: 'MT11', status: 3, lon: LON, lat: LAT, reportedAt: at() },
      { bikeId: 'MT12', status: 1, lon: 500, lat: LAT, reportedAt: at() },
      { bikeId: 'MT13', status: 1, lon: LON, lat: LAT, reportedAt: new Date(Date.now() + 10 * 60_000).toISOString() },
      { status: 1, lon: LON, lat: LAT, reportedAt: at() },
      'junk',
      { bikeId: 'MT14', status: 1, lon: LON, lat: LAT, reportedAt: '2026-01-01 10:00:00' },
    ]);
    expect(r.status).toBe(400);
    expect(r.body.data.accepted).toBe(1);
    expect(r.body.data.rejected).toEqual([
      { index: 1, id: 'MT11', reason: 'status 只能是 1、2' },
      { index: 2, id: 'MT12', reason: 'lon 应为 -180~180 的数字' },
      { index: 3, id: 'MT13', reason: 'reportedAt 超前当前时间 5 分钟以上' },
      { index: 4, id: null, reason: '缺少 bikeId' },
      { index: 5, id: null, reason: '条目应为对象' },
      { index: 6, id: 'MT14', reason: 'reportedAt 应为带时区的 ISO 8601 时间或毫秒时间戳' },
    ]);
    const ids = (await t.database.query<{ bike_id: string }>(`select bike_id from bike_live where bike_id like 'MT1_'`)).map((x) => x.bike_id);
    expect(ids).toEqual(['MT10']);
    const [log] = await t.database.query<{ kind: string; result: string; accepted: number; rejected: number }>(
      `select kind, result, accepted, rejected from sync_logs where endpoint = 'POST /bikes/status' order by id desc limit 1`,
    );
    expect(log).toEqual({ kind: 'bike', result: 'partial', accepted: 1, rejected: 6 });
  });

  it('refuses another brand’s bike with 403 and keeps its own valid items', async () => {
    const r = await hb.post('/bikes/status', [
      { bikeId: 'MT1', status: 2, lon: LON, lat: LAT, reportedAt: at() },
      { bikeId: 'HB1', status: 1, lon: LON, lat: LAT, reportedAt: at(), bikeType: 1 },
    ]);
    expect(r.status).toBe(403);
    expect(r.body.data).toEqual({ accepted: 1, rejected: [{ index: 0, id: 'MT1', reason: '车辆 MT1 属于其他企业，无权写入' }] });
    expect((await t.database.query<{ status: number }>(`select status from bike_live where bike_id = 'MT1'`))[0].status).toBe(1);
    const filing = await hb.post('/bikes', [{ bikeId: 'MT1', bikeType: 0 }]);
    expect(filing.status).toBe(403);
    const [illegal] = await t.database.query<{ legality: number; bike_type: number }>(`select legality, bike_type from bike_live where bike_id = 'HB1'`);
    expect(illegal).toEqual({ legality: 1, bike_type: 1 }); // reported, never filed
  });

  it('converts WGS-84 and BD-09 positions to GCJ-02', async () => {
    const w = convert(LON, LAT, 'gcj02', 'wgs84');
    await mt.post('/bikes/status', [{ bikeId: 'MT20', status: 1, lon: w.lon, lat: w.lat, coord: 'wgs84', reportedAt: at() }]);
    const [live] = await t.database.query<{ lon: number; lat: number; site_id: string }>(`select lon, lat, site_id from bike_live where bike_id = 'MT20'`);
    expect(live.lon).toBeCloseTo(LON, 5);
    expect(live.lat).toBeCloseTo(LAT, 5);
    expect(live.site_id).toBe('1101080000001');
    const bad = await mt.post('/bikes/status', [{ bikeId: 'MT21', status: 1, lon: LON, lat: LAT, coord: 'utm', reportedAt: at() }]);
    expect(bad.body.data.rejected[0].reason).toBe('coord 只能是 gcj02、wgs84 或 bd09');
  });

  it('answers 413 to more than 5,000 items and to a body over 8 MiB', async () => {
    const many = Array.from({ length: 5001 }, (_, i) => ({ bikeId: `X${i}`, bikeType: 0 }));
    const r = await mt.post('/bikes', many);
    expect(r.status).toBe(413);
    expect(r.body.message).toContain('5000');
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/open/v1/bikes',
      headers: { authorization: `Bearer ${mt.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ items: [{ bikeId: 'Y', bikeType: 0, frameCode: 'x'.repeat(9 * 1024 * 1024) }] }),
    });
    expect(big.statusCode).toBe(413);
  });

  it('withdraws a filing: the bike reports as illegal afterwards', async () => {
    await mt.post('/bikes', [{ bikeId: 'MT30', bikeType: 0 }]);
    await mt.post('/bikes/status', [{ bikeId: 'MT30', status: 1, lon: LON, lat: LAT, reportedAt: at(2) }]);
    expect((await mt.send('DELETE', '/bikes', [{ bikeId: 'MT30' }])).status).toBe(200);
    expect((await t.database.query<{ legality: number }>(`select legality from bike_live where bike_id = 'MT30'`))[0].legality).toBe(1);
    // 车辆同步 tells the withdrawal from a filing: the log names the method with the path
    const [log] = await t.database.query<{ endpoint: string; kind: string }>(`select endpoint, kind from sync_logs order by id desc limit 1`);
    expect(log).toEqual({ endpoint: 'DELETE /bikes', kind: 'bike' });
    await mt.post('/bikes', [{ bikeId: 'MT30', bikeType: 0 }]);
    expect((await t.database.query<{ legality: number }>(`select legality from bike_live where bike_id = 'MT30'`))[0].legality).toBe(0);
  });
});

describe('orders, dispatch and pile scans', () => {
  it('stores a ride once however often it is sent', async () => {
    const items = [
      { orderId: 'O1', bikeId: 'MT1', event: 'rent', at: at(30), lon: LON, lat: LAT },
      { orderId: 'O1', bikeId: 'MT1', event: 'return', at: at(10), lon: LON, lat: north(LAT, 3), fee: 150 },
    ];
    expect((await mt.post('/orders', items)).status).toBe(200);
    expect((await mt.post('/orders', items)).body.data.accepted).toBe(2);
    const rows = await t.database.query<{ fee: number; rent_site_id: string; return_site_id: string; out_site_return: boolean }>(
      `select fee, rent_site_id, return_site_id, out_site_return from ride_orders where order_id = 'O1'`,
    );
    expect(rows).toEqual([{ fee: 150, rent_site_id: '1101080000001', return_site_id: '1101080000001', out_site_return: false }]);
    const logs = await t.database.query<{ kind: string }>(`select kind from sync_logs where endpoint = 'POST /orders'`);
    expect(logs.map((l) => l.kind)).toEqual(['request', 'request']);
  });

  it('takes the rent and the return of a bike with no live state in one batch; the live state is the return', async () => {
    await mt.post('/bikes', [{ bikeId: 'MT40', bikeType: 0 }]);
    const r = await mt.post('/orders', [
      { orderId: 'O40', bikeId: 'MT40', event: 'rent', at: at(9), lon: LON + 0.01, lat: LAT },
      { orderId: 'O40', bikeId: 'MT40', event: 'return', at: at(3), lon: LON, lat: LAT },
    ]);
    expect(r.status).toBe(200);
    const [live] = await t.database.query<{ status: number; site_id: string }>(`select status, site_id from bike_live where bike_id = 'MT40'`);
    expect(live).toEqual({ status: 1, site_id: '1101080000001' });
    const [o] = await t.database.query<{ area_id: string; return_area_id: string }>(`select area_id, return_area_id from ride_orders where order_id = 'O40'`);
    expect(o).toEqual({ area_id: '110108', return_area_id: '110108' });
  });

  it('records dispatches once and refuses an unknown site', async () => {
    const r = await mt.post('/dispatch', [
      { dispatchId: 'D1', bikeId: 'MT1', action: 'down', siteId: '1101080000001', at: at(5) },
      { dispatchId: 'D2', bikeId: 'MT1', action: 'up', siteId: '9999', at: at(5) },
    ]);
    expect(r.status).toBe(400);
    expect(r.body.data.rejected).toEqual([{ index: 1, id: 'D2', reason: '站点 9999 不存在' }]);
    await mt.post('/dispatch', [{ dispatchId: 'D1', bikeId: 'MT1', action: 'down', siteId: '1101080000001', at: at(5) }]);
    expect((await t.database.query(`select 1 from dispatches where dispatch_id = 'D1'`)).length).toBe(1);
  });

  it('takes pile scans from a gateway: power history, and bikes matched by MAC and by MAC rule', async () => {
    await addGateway(t.database, { account: 'gw1' });
    const [{ id: brandId }] = await t.database.query<{ id: number }>(`select id from brands where brand_account = 'mt'`);
    await t.database.query(`insert into mac_rules (brand_id, name_prefix, bike_id_prefix, bike_id_extract_start) values ($1, 'MTBLE', 'MT', 5)`, [brandId]);
    const gw = await new Operator(t.app, 'gw1').login();
    const r = await gw.post('/piles/scan', [
      {
        equipmentMac: 'AA:00:00:00:00:01',
        siteId: '1101080000001',
        power: 55,
        at: at(3),
        seen: [{ mac: 'AA:BB:CC:00:00:01' }, { mac: 'AA:BB:CC:00:00:99', name: 'MTBLE2' }, { mac: 'AA:BB:CC:00:00:98', name: 'other' }],
      },
      { equipmentMac: 'AA:00:00:00:00:01', siteId: '1101080000001', power: 54, at: at(1), seen: [] },
    ]);
    expect(r.status).toBe(200);
    const [pile] = await t.database.query<{ power: number; site_id: string }>(`select power, site_id from piles`);
    expect(pile).toEqual({ power: 54, site_id: '1101080000001' });
    expect((await t.database.query(`select 1 from pile_power`)).length).toBe(2);
    const seen = await t.database.query<{ mac: string; bike_id: string | null }>(`select mac, bike_id from pile_sightings order by mac`);
    expect(seen).toEqual([
      { mac: 'AA:BB:CC:00:00:01', bike_id: 'MT1' },
      { mac: 'AA:BB:CC:00:00:98', bike_id: null },
      { mac: 'AA:BB:CC:00:00:99', bike_id: 'MT2' },
    ]);
  });

  it('hands the operator the sites of its areas', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/open/v1/sites', headers: { authorization: `Bearer ${mt.token}` } });
    expect(r.statusCode).toBe(200);
    expect(r.json().data.sites).toEqual([expect.objectContaining({ siteId: '1101080000001', capacity: 10, coord: 'gcj02', deleted: false })]);
    const later = await t.app.inject({ method: 'GET', url: `/api/open/v1/sites?updatedSince=${Date.now()}`, headers: { authorization: `Bearer ${mt.token}` } });
    expect(later.json().data.sites).toEqual([]);
    expect((await t.database.query(`select 1 from sync_logs where kind = 'site'`)).length).toBe(2);
  });
});
