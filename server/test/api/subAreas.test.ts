/** Sub-areas: codes that fit under the parent, siteCount summed up the tree, deletion refused while sites, users or enterprises remain. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, adminClient, createTestApp, userClient, type TestContext } from '../support/app.js';

let t: TestContext;
let admin: Client;
let haidian: Client;
let beijing: Client;
let chaoyang: Client;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t.app);
  haidian = await userClient(t.app, admin, { username: 'hd_sub', areaId: '110108' });
  beijing = await userClient(t.app, admin, { username: 'bj_sub', areaId: '110000' });
  chaoyang = await userClient(t.app, admin, { username: 'cy_sub', areaId: '110105' });
});
afterAll(() => t.close());

const add = (c: Client, id: string, parentId: string, areaName = '片区') => c.post('/api/area/', { id, parentId, areaName });

describe('sub-areas', () => {
  it('takes only codes that fit under the parent', async () => {
    expect((await add(haidian, '120101', '110108')).body).toMatchObject({
      code: 400,
      message: expect.stringContaining('参数 id：110108 下的片区编码应为同城市的 1101xx'),
    });
    expect((await add(haidian, '110100', '110108')).body.message).toContain('末两位不为 00');
    expect((await add(beijing, '120100', '110000')).body.message).toContain('110000 下的区域编码应为 11xx00');
    expect((await add(beijing, '110190', '110100')).body.code).toBe(200);
    expect((await add(beijing, '110290', '110100')).body.message).toContain('110100 下的区域编码应为 1101xx');
    expect((await add(admin, '110000', '000000')).body.message).toBe('区域编码 110000 已存在');
    expect((await add(admin, '990001', '000000')).body.message).toContain('省级编码');
    expect((await add(haidian, '110197', '110108', '中关村片区')).body).toMatchObject({ code: 200, message: '区域添加成功' });
    expect((await add(haidian, '110196', '110197')).body.message).toContain('最多支持到第 4 级区域');
    // another district's area, and bad input in the body
    expect((await add(chaoyang, '110195', '110108')).body.code).toBe(5002);
    expect((await haidian.post('/api/area/', { id: '110194', parentId: '110108', areaName: '' })).body.code).toBe(400);
  });

  it('counts sites up the tree and refuses to delete an area that still holds sites, users or enterprises, saying how many', async () => {
    // sites are built in districts: 110190, the district made above under the city 110100
    for (let i = 0; i < 3; i++) {
      const r = await beijing.post('/api/site/', { siteName: `新区站${i}`, siteLon: 116.3 + i * 0.001, siteLat: 39.98, areaId: '110190' });
      expect(r.body.code, r.body.message).toBe(200);
    }
    await userClient(t.app, admin, { username: 'xq_1', areaId: '110190' });
    await userClient(t.app, admin, { username: 'xq_2', areaId: '110190' });
    expect((await beijing.get('/api/area/get', { areaId: '110190' })).body.data).toMatchObject({ id: '110190', level: 3, siteCount: 3 });
    const flat = (await beijing.get('/api/area/listsAll')).body.data;
    const count = (id: string) => flat.find((a: { id: string }) => a.id === id).siteCount;
    expect(count('110190')).toBe(3);
    expect(count('110100')).toBeGreaterThanOrEqual(3);
    expect(count('110000')).toBe(count('110100'));
    expect((await haidian.get('/api/area/get', { areaId: '110197' })).body.data.siteCount).toBe(0);

    expect((await beijing.del('/api/area/110190')).body).toMatchObject({ code: 400, message: '该区域下还有 3 个站点、2 个用户，不能删除' });
    await t.database.query(`insert into brands (brand_name, brand_account, brand_password_hash, area_id) values ('新区单车', 'xq_brand', 'x', '110190')`);
    expect((await beijing.del('/api/area/110190')).body.message).toBe('该区域下还有 3 个站点、2 个用户、1 个企业，不能删除');
    expect((await beijing.del('/api/area/110108')).body.message).toContain('下级区域');
    expect((await chaoyang.del('/api/area/110190')).body.code).toBe(5002);
  });

  it('deletes an empty sub-area; without area.manage it is refused', async () => {
    const role = await admin.post('/api/role/add', { roleName: '区域只读', remark: '', permissionIds: [10, 116] });
    const viewer = await userClient(t.app, admin, { username: 'hd_sub_view', areaId: '110108', roleIds: [role.body.data.id] });
    expect((await add(haidian, '110193', '110108')).body.code).toBe(200);
    expect((await add(viewer, '110192', '110108')).body.code).toBe(5002);
    expect((await viewer.del('/api/area/110193')).body.code).toBe(5002);
    expect((await haidian.del('/api/area/110193')).body).toMatchObject({ code: 200, message: '区域已删除' });
    expect((await haidian.get('/api/area/get', { areaId: '110193' })).body.code).toBe(5002);
  });
});
