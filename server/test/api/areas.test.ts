import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, adminClient, createTestApp, userClient, type TestContext } from '../support/app.js';

let t: TestContext;
let admin: Client;
let haidian: Client;
let beijing: Client;

const fence = [
  { lon: 116.28, lat: 39.95 },
  { lon: 116.35, lat: 39.95 },
  { lon: 116.35, lat: 40.0 },
  { lon: 116.28, lat: 40.0 },
];

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t.app);
  haidian = await userClient(t.app, admin, { username: 'hd_area', areaId: '110108' });
  beijing = await userClient(t.app, admin, { username: 'bj_area', areaId: '110000' });
});
afterAll(() => t.close());

describe('area reads', () => {
  it('gets an area with the fields of spec §3', async () => {
    const r = await haidian.get('/api/area/get', { areaId: '110108' });
    expect(r.body.data).toEqual({
      id: '110108',
      areaCode: '110108',
      areaName: '海淀区',
      parentId: '110100',
      level: 3,
      aggregation: 0,
      aggregationId: null,
      platformCode: null,
      monitorOpen: false,
      isOpen: false,
      gbfsPublic: false,
      gpsRail: null,
      fullPileNum: 1,
      fullPileName: '满桩值',
      siteCount: 0,
    });
    expect((await haidian.get('/api/area/get', { areaId: '110105' })).body.code).toBe(5002);
  });

  it('answers the parents chain, the user tree, children, the national list and the city', async () => {
    expect((await haidian.get('/api/area/parents', { areaId: '110108' })).body.data.map((a: { id: string }) => a.id)).toEqual([
      '000000',
      '110000',
      '110100',
      '110108',
    ]);
    const tree = (await beijing.get('/api/area/user')).body.data;
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ id: '110000', areaName: '北京市' });
    expect(tree[0].children[0]).toMatchObject({ id: '110100' });
    expect(tree[0].children[0].children.map((a: { id: string }) => a.id)).toContain('110108');
    const user2 = (await beijing.get('/api/area/user2', { areaId: '110100' })).body.data;
    expect(user2.length).toBe(16);
    const all = (await haidian.get('/api/area/all')).body.data;
    expect(all.length).toBeGreaterThan(3000);
    expect(all.find((a: { id: string }) => a.id === '000000')).toBeUndefined();
    // a sub-area 朝阳 made for itself: its own admin sees it in the national list, 海淀's does not (issue 26)
    const chaoyang = await userClient(t.app, admin, { username: 'cy_area_all', areaId: '110105' });
    expect((await chaoyang.post('/api/area/', { id: '110197', parentId: '110105', areaName: '望京自建街道' })).body.message).toBe('区域添加成功');
    const names = async (c: Client) => ((await c.get('/api/area/all')).body.data as { areaName: string }[]).map((a) => a.areaName);
    expect(await names(chaoyang)).toContain('望京自建街道');
    expect(await names(haidian)).not.toContain('望京自建街道');
    expect(await names(haidian)).toContain('朝阳区');
    expect((await haidian.get('/api/area/getCityAreaByChild', { areaId: '110108' })).body.data).toMatchObject({ id: '110100', level: 2 });
    const lists = (await beijing.get('/api/area/listsAll')).body.data;
    expect(lists.map((a: { id: string }) => a.id)).toEqual(expect.arrayContaining(['110000', '110100', '110108']));
    expect(lists.some((a: { id: string }) => a.id.startsWith('12'))).toBe(false);
    const page = (await beijing.get('/api/area/', { parentId: '110100', pageSize: 5, areaName: '区' })).body.data;
    expect(page.lists).toHaveLength(5);
    expect(page.total).toBe(16);
  });
});

describe('area writes', () => {
  it('creates, updates and deletes a sub-area within scope, and refuses outside it', async () => {
    const create = await haidian.post('/api/area/', { id: '110199', parentId: '110108', areaName: '中关村片区', aggregation: 1, aggregationId: '110108' });
    expect(create.body).toMatchObject({ code: 200, message: '区域添加成功' });
    expect((await haidian.get('/api/area/get', { areaId: '110199' })).body.data).toMatchObject({ level: 4, aggregation: 1, aggregationId: '110108' });
    expect((await haidian.post('/api/area/', { id: '110198', parentId: '110105', areaName: 'x' })).body.code).toBe(5002);
    expect((await haidian.post('/api/area/', { id: '110199', parentId: '110108', areaName: 'x' })).body.message).toBe('区域编码 110199 已存在');
    expect((await haidian.post('/api/area/', { id: '1101', parentId: '110108', areaName: 'x' })).body.code).toBe(400);
    expect((await haidian.put('/api/area/', { id: '110199', areaName: '中关村' })).body.code).toBe(200);
    expect((await haidian.get('/api/area/parents', { areaId: '110199' })).body.data.at(-1).areaName).toBe('中关村');
    expect((await haidian.put('/api/area/', { id: '110105', areaName: 'x' })).body.code).toBe(5002);
    expect((await haidian.del('/api/area/110108')).body.message).toBe('不能删除自己所属的区域');
    expect((await beijing.del('/api/area/110108')).body.message).toContain('下级区域');
    expect((await haidian.del('/api/area/110199')).body.code).toBe(200);
    expect((await haidian.get('/api/area/get', { areaId: '110199' })).body.code).toBe(5002);
  });

  it('sets, lists and clears the operating fence with polygon validation', async () => {
    expect((await haidian.post('/api/area/rail', { areaId: '110108', gpsRail: fence.slice(0, 2) })).body.message).toBe('gpsRail 至少需要 3 个不同的点');
    expect((await haidian.post('/api/area/rail', { areaId: '110108', gpsRail: [{ lon: 500, lat: 1 }, ...fence] })).body.code).toBe(400);
    expect((await haidian.post('/api/area/rail', { areaId: '110105', gpsRail: fence })).body.code).toBe(5002);
    expect((await haidian.post('/api/area/rail', { areaId: '110108', gpsRail: fence })).body.code).toBe(200);
    const rails = (await beijing.get('/api/area/rail', { selectAreaId: '110100' })).body.data;
    expect(rails).toHaveLength(1);
    expect(rails[0].gpsRail).toHaveLength(5);
    expect((await haidian.get('/api/area/get')).body.data.gpsRail).toHaveLength(5);
    expect((await haidian.put('/api/area/rail/110108', { gpsRail: fence.map((p) => [p.lon, p.lat]) })).body.code).toBe(200);
    expect((await haidian.del('/api/area/rail/110108')).body.code).toBe(200);
    expect((await beijing.get('/api/area/rail')).body.data).toEqual([]);
  });

  it('keeps several entry fences per area', async () => {
    const a = await haidian.post('/api/area/entryRail', { areaId: '110108', name: '西门', gpsRail: fence });
    const b = await haidian.post('/api/area/entryRail', { areaId: '110108', name: '东门', gpsRail: fence });
    expect(a.body.code).toBe(200);
    const list = (await haidian.get('/api/area/entryRail')).body.data;
    expect(list.map((r: { name: string }) => r.name)).toEqual(['西门', '东门']);
    expect((await haidian.put(`/api/area/entryRail/${a.body.data.id}`, { name: '西北门' })).body.code).toBe(200);
    const other = await userClient(t.app, admin, { username: 'cy_area', areaId: '110105' });
    expect((await other.del(`/api/area/entryRail/${b.body.data.id}`)).body.code).toBe(5002);
    expect((await other.get('/api/area/entryRail')).body.data).toEqual([]);
    expect((await haidian.del(`/api/area/entryRail/${b.body.data.id}`)).body.code).toBe(200);
    expect((await haidian.get('/api/area/entryRail')).body.data.map((r: { name: string }) => r.name)).toEqual(['西北门']);
  });
});
