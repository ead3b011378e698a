import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, adminClient, createTestApp, userClient, type TestContext } from '../support/app.js';

let t: TestContext;
let haidian: Client;
let chaoyang: Client;

const fence = [
  { lon: 116.3, lat: 39.98 },
  { lon: 116.31, lat: 39.98 },
  { lon: 116.31, lat: 39.99 },
];

beforeAll(async () => {
  t = await createTestApp();
  const admin = await adminClient(t.app);
  haidian = await userClient(t.app, admin, { username: 'hd_forbid', areaId: '110108' });
  chaoyang = await userClient(t.app, admin, { username: 'cy_forbid', areaId: '110105' });
});
afterAll(() => t.close());

describe('forbidden zones', () => {
  it('adds, lists by type, edits and deletes within the area', async () => {
    const a = await haidian.post('/api/forbid/', { type: 1, alias: '地铁口禁停区', serial: 'F-001', fence });
    expect(a.body.code).toBe(200);
    await haidian.post('/api/forbid/', { type: 0, alias: '学校门口', fence });
    const all = (await haidian.get('/api/forbid/')).body.data;
    expect(all.total).toBe(2);
    const typed = (await haidian.get('/api/forbid/', { type: 1 })).body.data;
    expect(typed.lists).toEqual([expect.objectContaining({ alias: '地铁口禁停区', serial: 'F-001', type: 1, areaId: '110108', areaName: '海淀区' })]);
    expect(typed.lists[0].fence).toHaveLength(4);
    expect((await haidian.put(`/api/forbid/${a.body.data.id}`, { alias: '地铁A口' })).body.code).toBe(200);
    expect((await haidian.get('/api/forbid/', { alias: 'A口' })).body.data.total).toBe(1);
    // another district sees none of it and cannot change it
    expect((await chaoyang.get('/api/forbid/')).body.data.total).toBe(0);
    expect((await chaoyang.put(`/api/forbid/${a.body.data.id}`, { alias: 'x' })).body.code).toBe(5002);
    expect((await chaoyang.del(`/api/forbid/${a.body.data.id}`)).body.code).toBe(5002);
    expect((await chaoyang.post('/api/forbid/', { type: 1, alias: 'x', fence, areaId: '110108' })).body.code).toBe(5002);
    expect((await haidian.del(`/api/forbid/${a.body.data.id}`)).body.code).toBe(200);
    expect((await haidian.get('/api/forbid/')).body.data.total).toBe(1);
  });

  it('rejects a bad type or polygon', async () => {
    expect((await haidian.post('/api/forbid/', { type: 3, alias: 'x', fence })).body).toMatchObject({ code: 400, message: '参数 type 取值不正确' });
    expect((await haidian.post('/api/forbid/', { type: 1, alias: 'x', fence: [] })).body.message).toBe('fence 至少需要 3 个不同的点');
    expect((await haidian.put('/api/forbid/999999', { alias: 'x' })).body.message).toBe('禁停区不存在，请刷新后重试');
  });
});
