import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Client, adminClient, createTestApp, userClient, type TestContext } from '../support/app.js';
import { Operator, addBrand } from '../support/world.js';
import { GeoCache } from '../../src/shared/geoCache.js';

let t: TestContext;
let haidian: Client;
let chaoyang: Client;
let mt: Operator;

// wide enough that a report at (116.31, 39.98) lies inside in WGS-84 and in GCJ-02
const fence = [
  { lon: 116.2, lat: 39.9 },
  { lon: 116.4, lat: 39.9 },
  { lon: 116.4, lat: 40.05 },
  { lon: 116.2, lat: 40.05 },
];

beforeAll(async () => {
  t = await createTestApp();
  const admin = await adminClient(t.app);
  haidian = await userClient(t.app, admin, { username: 'hd_switch', areaId: '110108' });
  chaoyang = await userClient(t.app, admin, { username: 'cy_switch', areaId: '110105' });
  await addBrand(t.database, { name: '美团', account: 'mt' });
  mt = await new Operator(t.app, 'mt').login();
});
afterAll(() => t.close());

let n = 0;
/** Reports a fresh bike at (116.31, 39.98) through the open API; answers whether it was placed in a forbidden zone. */
async function reportInForbid() {
  const bikeId = `SW${++n}`;
  const r = await mt.post('/bikes/status', [{ bikeId, status: 1, lon: 116.31, lat: 39.98, reportedAt: new Date().toISOString() }]);
  expect(r.body.data.accepted).toBe(1);
  const [row] = await t.database.query<{ in_forbid: boolean }>('select in_forbid from bike_live where bike_id = $1', [bikeId]);
  return row.in_forbid;
}

describe('forbidden zones switched on and off', () => {
  it('a switched-off zone no longer places reports in a forbidden zone, switched on it does again', async () => {
    const a = await haidian.post('/api/forbid/', { type: 1, alias: '开关测试', fence });
    expect(a.body.code).toBe(200);
    const id = a.body.data.id;
    expect((await haidian.get('/api/forbid/')).body.data.lists[0]).toMatchObject({ id, enabled: true });
    expect(await reportInForbid()).toBe(true);

    const off = await haidian.put(`/api/forbid/${id}`, { enabled: false });
    expect(off.body).toMatchObject({ code: 200, message: '禁停区已保存' });
    expect((await haidian.get('/api/forbid/')).body.data.lists[0]).toMatchObject({ id, enabled: false, alias: '开关测试', type: 1 });
    expect(await reportInForbid()).toBe(false);

    expect((await haidian.put(`/api/forbid/${id}`, { enabled: true, alias: '开关测试2' })).body.code).toBe(200);
    expect((await haidian.get('/api/forbid/')).body.data.lists[0]).toMatchObject({ id, enabled: true, alias: '开关测试2' });
    expect(await reportInForbid()).toBe(true);
    await haidian.del(`/api/forbid/${id}`);
  });

  it('another process sees the switch at its next version check (no restart)', async () => {
    const id = (await haidian.post('/api/forbid/', { type: 0, alias: '别的进程', fence })).body.data.id;
    const other = new GeoCache(t.database);
    expect((await other.fresh()).place(116.31, 39.98, null).inForbid).toBe(true);
    await haidian.put(`/api/forbid/${id}`, { enabled: false });
    const later = Date.now() + 6_000;
    const clock = vi.spyOn(Date, 'now').mockReturnValue(later);
    try {
      expect((await other.fresh()).place(116.31, 39.98, null).inForbid).toBe(false);
      await haidian.put(`/api/forbid/${id}`, { enabled: true });
      clock.mockReturnValue(later + 6_000);
      expect((await other.fresh()).place(116.31, 39.98, null).inForbid).toBe(true);
    } finally {
      clock.mockRestore();
    }
    await haidian.del(`/api/forbid/${id}`);
  });

  it('filters the list by enabled, creates a zone switched off', async () => {
    const on = (await haidian.post('/api/forbid/', { type: 1, alias: '启用的', fence })).body.data.id;
    const off = (await haidian.post('/api/forbid/', { type: 1, alias: '停用的', fence, enabled: false })).body.data.id;
    expect((await haidian.get('/api/forbid/', { enabled: 1 })).body.data.lists.map((z: { id: number }) => z.id)).toEqual([on]);
    expect((await haidian.get('/api/forbid/', { enabled: 0 })).body.data.lists.map((z: { id: number }) => z.id)).toEqual([off]);
    expect((await haidian.get('/api/forbid/')).body.data.total).toBe(2);
    expect(await reportInForbid()).toBe(true);
    await haidian.del(`/api/forbid/${on}`);
    expect(await reportInForbid()).toBe(false);
    await haidian.del(`/api/forbid/${off}`);
  });

  it('refuses another area, a bad value and a missing token', async () => {
    const id = (await haidian.post('/api/forbid/', { type: 1, alias: '海淀的', fence })).body.data.id;
    expect((await chaoyang.put(`/api/forbid/${id}`, { enabled: false })).body.code).toBe(5002);
    expect((await haidian.get('/api/forbid/', { enabled: 1 })).body.data.total).toBe(1);
    const bad = await haidian.put(`/api/forbid/${id}`, { enabled: 'x' });
    expect(bad.body.code).toBe(400);
    expect(bad.body.message).toMatch(/enabled/);
    expect((await haidian.get('/api/forbid/', { enabled: 2 })).body.code).toBe(400);
    const anon = await new Client(t.app).put(`/api/forbid/${id}`, { enabled: false });
    expect(anon.body.code).toBe(401);
    expect((await haidian.get('/api/forbid/', { enabled: 1 })).body.data.total).toBe(1);
  });
});
