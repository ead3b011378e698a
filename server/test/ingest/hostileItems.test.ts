/**
 * Open-API items the probe of issue 16 found harmful (findings 6 and 8): each gets its own rejected
 * reason and the rest of the batch is stored; a slightly future report does not freeze its bike;
 * a position far outside China is not drawn or counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../support/app.js';
import { Operator, addBrand, addSite } from '../support/world.js';

let t: TestContext;
let op: Operator;
const LON = 116.31;
const LAT = 39.98;
const at = (minutesAgo = 0) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  await addBrand(t.database, { name: '青桔', account: 'qj' });
  await addSite(t.database, { id: '1101080000009', lon: LON, lat: LAT, ceiling: 10 });
  op = await new Operator(t.app, 'qj').login();
});
afterAll(() => t.close());

const live = (bikeId: string) =>
  t.database.query<{ bike_id: string; status: number; reported_at: Date }>('select bike_id, status, reported_at from bike_live where bike_id = $1', [bikeId]);

describe('text no database can store, per item (finding 6)', () => {
  it('rejects an item whose id holds NUL or a lone surrogate and stores the rest of the batch', async () => {
    const r = await op.post('/bikes', [
      { bikeId: 'QJ1', bikeType: 0 },
      { bikeId: 'QJ\u0000X', bikeType: 0 },
      { bikeId: 'QJ\ud800', bikeType: 1 },
      { bikeId: 'QJ2', bikeType: 1, frameCode: 'F\u0000' },
      { bikeId: 'QJ3', bikeType: 1 },
    ]);
    expect(r.status).toBe(400);
    expect(r.body.data.accepted).toBe(2);
    expect(r.body.data.rejected.map((x) => x.index)).toEqual([1, 2, 3]);
    for (const x of r.body.data.rejected) expect(x.reason).toMatch(/含有不允许的字符/);
    expect(r.body.data.rejected[0]).toMatchObject({ id: 'QJ\ufffdX', reason: expect.stringContaining('bikeId') });
    expect(r.body.data.rejected[2].reason).toContain('frameCode');
    const filed = await t.database.query<{ bike_id: string }>(`select bike_id from bikes where bike_id like 'QJ%' order by 1`);
    expect(filed.map((b) => b.bike_id)).toEqual(['QJ1', 'QJ3']);
    const [log] = await t.database.query<{ result: string; rejected: number }>(
      `select result, rejected from sync_logs where endpoint = 'POST /bikes' order by id desc limit 1`,
    );
    expect(log).toEqual({ result: 'partial', rejected: 3 });
  });

  it('records a failed order sync whose bike id holds NUL without failing the batch', async () => {
    const r = await op.post('/orders', [
      { orderId: 'O1', bikeId: 'QJ1', event: 'rent', at: at(2), lon: LON, lat: LAT },
      { orderId: 'O2\u0000', bikeId: 'QJ\u0000', event: 'rent', at: at(2), lon: LON, lat: LAT },
    ]);
    expect(r.status).toBe(400);
    expect(r.body.data.accepted).toBe(1);
    expect(r.body.data.rejected).toEqual([{ index: 1, id: 'O2\ufffd', reason: expect.stringMatching(/含有不允许的字符/) }]);
  });

  it('rejects a status report with NUL in its fault reason, not the batch', async () => {
    const r = await op.post('/bikes/status', [
      { bikeId: 'QJ1', status: 1, lon: LON, lat: LAT, reportedAt: at(1) },
      { bikeId: 'QJ3', status: 1, lon: LON, lat: LAT, reportedAt: at(1), fault: true, faultReason: '\udfff' },
    ]);
    expect(r.status).toBe(400);
    expect(r.body.data.accepted).toBe(1);
    expect(r.body.data.rejected[0]).toMatchObject({
      index: 1,
      id: 'QJ3',
      reason: expect.stringContaining('faultReason'),
    });
  });
});

describe('clock skew and far positions (finding 8)', () => {
  it('takes a report up to 5 minutes ahead as now, so the next real report is not refused as older', async () => {
    await op.post('/bikes', [{ bikeId: 'QJ5', bikeType: 0 }]);
    const ahead = await op.post('/bikes/status', [
      { bikeId: 'QJ5', status: 2, lon: LON, lat: LAT, reportedAt: new Date(Date.now() + 4 * 60_000).toISOString() },
    ]);
    expect(ahead.status).toBe(200);
    const [a] = await live('QJ5');
    expect(a.reported_at.getTime()).toBeLessThanOrEqual(Date.now());
    await new Promise((r) => setTimeout(r, 20));
    const next = await op.post('/bikes/status', [{ bikeId: 'QJ5', status: 1, lon: LON, lat: LAT, reportedAt: at(0) }]);
    expect(next.status).toBe(200);
    expect((await live('QJ5'))[0].status).toBe(1);
    const far = await op.post('/bikes/status', [{ bikeId: 'QJ5', status: 1, lon: LON, lat: LAT, reportedAt: new Date(Date.now() + 6 * 60_000).toISOString() }]);
    expect(far.body.data.rejected[0].reason).toContain('超前当前时间 5 分钟以上');
  });

  it('rejects a position outside China (New York) with its own reason: not drawn, not counted', async () => {
    await op.post('/bikes', [{ bikeId: 'QJ6', bikeType: 0 }]);
    const r = await op.post('/bikes/status', [
      { bikeId: 'QJ6', status: 1, lon: -74.006, lat: 40.7128, coord: 'wgs84', reportedAt: at(1) },
      { bikeId: 'QJ1', status: 1, lon: LON, lat: LAT, reportedAt: at(0) },
    ]);
    expect(r.status).toBe(400);
    expect(r.body.data.rejected).toEqual([{ index: 0, id: 'QJ6', reason: expect.stringContaining('不在服务范围内') }]);
    expect(await live('QJ6')).toEqual([]);
    const o = await op.post('/orders', [{ orderId: 'NY1', bikeId: 'QJ1', event: 'return', at: at(0), lon: 2.35, lat: 48.85 }]);
    expect(o.body.data.rejected[0].reason).toContain('lon/lat');
  });

  it("rejects a position in China but far from the operator's area (Shanghai for a 海淀 operator); one just outside the fence still counts as out of area", async () => {
    // 海淀's operating fence (a box around the test site), as regionalSettings would save it
    const ring = [
      { lon: 116.2, lat: 39.9 },
      { lon: 116.4, lat: 39.9 },
      { lon: 116.4, lat: 40.1 },
      { lon: 116.2, lat: 40.1 },
      { lon: 116.2, lat: 39.9 },
    ];
    await t.database.query(`update areas set gps_rail = $1::jsonb, updated_at = now() where id = '110108'`, [JSON.stringify(ring)]);
    t.app.ctx.geo.invalidate();
    await op.post('/bikes', [
      { bikeId: 'QJ7', bikeType: 0 },
      { bikeId: 'QJ8', bikeType: 0 },
    ]);
    const r = await op.post('/bikes/status', [
      { bikeId: 'QJ7', status: 1, lon: 121.4737, lat: 31.2304, reportedAt: at(1) },
      { bikeId: 'QJ8', status: 1, lon: 116.45, lat: 39.95, reportedAt: at(1) },
    ]);
    expect(r.body.data.rejected).toEqual([{ index: 0, id: 'QJ7', reason: expect.stringContaining('距运营区域超过 50 公里') }]);
    expect(await live('QJ7')).toEqual([]);
    const [near] = await t.database.query<{ in_area: boolean; area_id: string }>(`select in_area, area_id from bike_live where bike_id = 'QJ8'`);
    expect(near).toEqual({ in_area: false, area_id: '110108' });
  });
});
