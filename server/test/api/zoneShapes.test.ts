/** Issue 32 point 5 on the server: a forbidden zone keeps its holes; zones and fences outside China are refused (400 in Chinese). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZoneIndex } from '../../src/domain/siteIndex.js';
import { Client, adminClient, createTestApp, userClient, type TestContext } from '../support/app.js';

let t: TestContext;
let haidian: Client;

const square = (w: number, s: number, e: number, n: number) => [
  [w, s],
  [e, s],
  [e, n],
  [w, n],
  [w, s],
];
const outer = square(116.3, 39.98, 116.32, 40.0);
const hole = square(116.305, 39.985, 116.315, 39.995);
const closed = (r: number[][]) => r.map(([lon, lat]) => ({ lon, lat }));
// a zone drawn in Madrid, and one in Tokyo (both files a tester met)
const madrid = square(-3.71, 40.41, -3.69, 40.43);
const tokyo = square(139.7, 35.68, 139.72, 35.7);

beforeAll(async () => {
  t = await createTestApp();
  const admin = await adminClient(t.app);
  haidian = await userClient(t.app, admin, { username: 'hd_shapes', areaId: '110108' });
});
afterAll(() => t.close());

describe('forbidden zones with holes', () => {
  it('stores the holes, lists them, keeps them when the fence is redrawn and drops them when told', async () => {
    const a = await haidian.post('/api/forbid/', { type: 1, alias: '公园（中间可停）', fence: outer, holes: [hole] });
    expect(a.body.code).toBe(200);
    const [z] = (await haidian.get('/api/forbid/', { alias: '公园' })).body.data.lists;
    expect(z.fence).toEqual(closed(outer));
    expect(z.holes).toEqual([closed(hole)]);
    // a bigger fence keeps the hole
    expect((await haidian.put(`/api/forbid/${z.id}`, { fence: square(116.29, 39.97, 116.33, 40.01) })).body.code).toBe(200);
    expect((await haidian.get('/api/forbid/', { alias: '公园' })).body.data.lists[0].holes).toEqual([closed(hole)]);
    // a fence that leaves the hole out is refused, naming it
    const small = await haidian.put(`/api/forbid/${z.id}`, { fence: square(116.3, 39.98, 116.304, 39.984) });
    expect(small.body).toMatchObject({ code: 400, message: 'holes 第 1 个内洞的第 1 个点不在外环之内' });
    expect((await haidian.put(`/api/forbid/${z.id}`, { holes: [] })).body.code).toBe(200);
    expect((await haidian.get('/api/forbid/', { alias: '公园' })).body.data.lists[0].holes).toEqual([]);
    // zones without holes list an empty array
    await haidian.post('/api/forbid/', { type: 0, alias: '无洞', fence: outer });
    expect((await haidian.get('/api/forbid/', { alias: '无洞' })).body.data.lists[0].holes).toEqual([]);
  });

  it('refuses a hole outside the fence or a bad hole', async () => {
    const out = await haidian.post('/api/forbid/', { type: 1, alias: 'x', fence: outer, holes: [square(116.4, 39.9, 116.41, 39.91)] });
    expect(out.body).toMatchObject({ code: 400, message: 'holes 第 1 个内洞的第 1 个点不在外环之内' });
    const bad = await haidian.post('/api/forbid/', { type: 1, alias: 'x', fence: outer, holes: [[[116.305, 39.985]]] });
    expect(bad.body).toMatchObject({ code: 400, message: 'holes 第 1 个内洞 至少需要 3 个不同的点' });
  });

  it('places a point in a hole outside the zone', () => {
    const zones = new ZoneIndex([{ id: '1', ring: closed(outer), holes: [closed(hole)] }]);
    expect(zones.find(116.301, 39.981)?.id).toBe('1');
    expect(zones.find(116.31, 39.99)).toBeNull();
  });
});

describe('shapes outside China', () => {
  it('refuses a forbidden zone abroad, naming the point', async () => {
    const r = await haidian.post('/api/forbid/', { type: 1, alias: 'Madrid', fence: madrid });
    expect(r.body).toMatchObject({ code: 400, message: 'fence 第 1 个点（经度 -3.71，纬度 40.41）在中国境外：围栏和禁停区只能在中国境内' });
    const z = (await haidian.post('/api/forbid/', { type: 1, alias: '北京', fence: outer })).body.data.id;
    expect((await haidian.put(`/api/forbid/${z}`, { fence: tokyo })).body).toMatchObject({ code: 400, message: expect.stringContaining('在中国境外') });
  });

  it('refuses an operating or entry fence abroad', async () => {
    const rail = await haidian.post('/api/area/rail', { areaId: '110108', gpsRail: tokyo });
    expect(rail.body).toMatchObject({ code: 400, message: 'gpsRail 第 1 个点（经度 139.7，纬度 35.68）在中国境外：围栏和禁停区只能在中国境内' });
    const entry = await haidian.post('/api/area/entryRail', { areaId: '110108', name: '入口', gpsRail: madrid });
    expect(entry.body).toMatchObject({ code: 400, message: expect.stringContaining('在中国境外') });
    expect((await haidian.post('/api/area/rail', { areaId: '110108', gpsRail: outer })).body.code).toBe(200);
  });
});
