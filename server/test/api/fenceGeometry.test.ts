/** Bad geometry on every fence route (operating fence, entry fence, forbidden zone): refused in Chinese naming the field, never a 5xx. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, adminClient, createTestApp, userClient, type TestContext } from '../support/app.js';

let t: TestContext;
let haidian: Client;
let chaoyang: Client;
let viewer: Client;

const square = [
  { lon: 116.3, lat: 39.98 },
  { lon: 116.31, lat: 39.98 },
  { lon: 116.31, lat: 39.99 },
  { lon: 116.3, lat: 39.99 },
];
const bowTie = [square[0], square[1], square[3], square[2]];
const circle = (n: number) =>
  Array.from({ length: n }, (_, i) => [116.3 + 0.01 * Math.cos((2 * Math.PI * i) / n), 39.98 + 0.01 * Math.sin((2 * Math.PI * i) / n)]);

/** The three ways to save a polygon, each with the field it is sent in. */
const routes = [
  { name: 'rail', field: 'gpsRail', post: (c: Client, g: unknown, areaId = '110108') => c.post('/api/area/rail', { areaId, gpsRail: g }) },
  {
    name: 'entryRail',
    field: 'gpsRail',
    post: (c: Client, g: unknown, areaId = '110108') => c.post('/api/area/entryRail', { areaId, name: '东门', gpsRail: g }),
  },
  {
    name: 'forbid',
    field: 'fence',
    post: (c: Client, g: unknown, areaId = '110108') => c.post('/api/forbid/', { areaId, type: 1, alias: '地铁口', fence: g }),
  },
];

beforeAll(async () => {
  t = await createTestApp();
  const admin = await adminClient(t.app);
  haidian = await userClient(t.app, admin, { username: 'hd_geo', areaId: '110108' });
  chaoyang = await userClient(t.app, admin, { username: 'cy_geo', areaId: '110105' });
  // a role that sees 区域设置 but holds neither rail.manage (116) nor forbid.manage (117)
  const role = await admin.post('/api/role/add', { roleName: '区域查看', remark: '只读', permissionIds: [10, 115] });
  expect(role.body.code, JSON.stringify(role.body)).toBe(200);
  viewer = await userClient(t.app, admin, { username: 'hd_geo_view', areaId: '110108', roleIds: [role.body.data.id] });
});
afterAll(() => t.close());

describe.each(routes)('$name geometry', ({ field, post }) => {
  const refused = async (g: unknown, text: string) => {
    const r = await post(haidian, g);
    expect(r.status).toBe(200);
    expect(r.body.code, JSON.stringify(r.body).slice(0, 300)).toBe(400);
    expect(r.body.message).toContain(field);
    expect(r.body.message).toContain(text);
  };

  it('closes an open ring of 3+ points and refuses an unclosable one', async () => {
    const r = await post(haidian, square);
    expect(r.body.code, r.body.message).toBe(200);
    await refused(square.slice(0, 2), '至少需要 3 个不同的点');
    await refused([square[0], square[1], square[0]], '至少需要 3 个不同的点');
  });

  it('refuses fewer than 3 points, out-of-range coordinates, NaN and null', async () => {
    await refused([], '至少需要 3 个不同的点');
    await refused([{ lon: 116.3, lat: 95 }, ...square], '第 1 个点坐标超出范围');
    await refused([...square, [190, 39.98]], '第 5 个点坐标超出范围');
    await refused([{ lon: 'NaN', lat: 39.98 }, ...square], '第 1 个点缺少经度或纬度');
    await refused([...square, { lon: null, lat: null }], '第 5 个点缺少经度或纬度');
    await refused('[[116.3, NaN]]', '不是有效的坐标 JSON');
  });

  it('refuses crossing edges and holes', async () => {
    await refused(bowTie, '围栏边线不能相交');
    const ring = [...square.map((p) => [p.lon, p.lat]), [square[0].lon, square[0].lat]];
    const hole = [
      [116.303, 39.983],
      [116.305, 39.983],
      [116.305, 39.985],
      [116.303, 39.983],
    ];
    await refused({ type: 'Polygon', coordinates: [ring, hole] }, '不支持带洞的多边形');
  });

  it('refuses 100,000 vertices quickly', async () => {
    const t0 = Date.now();
    await refused(circle(100_000), '最多 2000 个点，本次 100000 个');
    // counted before any other work: about 1.5 s here (mostly JSON), where checking 100,000 edges pairwise would take minutes
    expect(Date.now() - t0).toBeLessThan(15_000);
  });

  it("refuses another area's fence and a user without the permission", async () => {
    expect((await post(chaoyang, square, '110108')).body.code).toBe(5002);
    expect((await post(viewer, square, '110108')).body.code).toBe(5002);
  });
});

describe('updates are checked too', () => {
  it('PUT rail, entryRail and forbid refuse bad geometry, another area and no permission', async () => {
    const entry = (await haidian.post('/api/area/entryRail', { areaId: '110108', name: '西门', gpsRail: square })).body.data.id;
    const zone = (await haidian.post('/api/forbid/', { type: 0, alias: '校门', fence: square })).body.data.id;
    const puts = [
      { url: '/api/area/rail/110108', field: 'gpsRail' },
      { url: `/api/area/entryRail/${entry}`, field: 'gpsRail' },
      { url: `/api/forbid/${zone}`, field: 'fence' },
    ];
    for (const { url, field } of puts) {
      const bad = await haidian.put(url, { [field]: bowTie });
      expect(bad.body, url).toMatchObject({ code: 400, message: expect.stringContaining(`${field} 围栏边线不能相交`) });
      expect((await haidian.put(url, { [field]: circle(100_000) })).body.message).toContain('最多 2000 个点');
      expect((await chaoyang.put(url, { [field]: square })).body.code, url).toBe(5002);
      expect((await viewer.put(url, { [field]: square })).body.code, url).toBe(5002);
      expect((await haidian.put(url, { [field]: square })).body.code, url).toBe(200);
    }
    // the stored polygons are closed and unchanged by the refusals
    const zones = (await haidian.get('/api/forbid/', { alias: '校门' })).body.data.lists;
    expect(zones[0].fence).toEqual([...square, square[0]]);
  });
});
