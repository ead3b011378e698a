/** 站点参数 per area: read with defaults, set where aggregation is 0 (area and below), and new sites take them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, adminClient, createTestApp, userClient, type TestContext } from '../support/app.js';

let t: TestContext;
let admin: Client;
let haidian: Client;
let chaoyang: Client;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t.app);
  haidian = await userClient(t.app, admin, { username: 'hd_params', areaId: '110108' });
  chaoyang = await userClient(t.app, admin, { username: 'cy_params', areaId: '110105' });
});
afterAll(() => t.close());

describe('site parameters per area', () => {
  it('reads the defaults, sets them, and a new site without them takes the area’s values', async () => {
    expect((await haidian.get('/api/config/siteParams')).body.data).toEqual({
      areaId: '110108',
      areaName: '海淀区',
      aggregation: 0,
      editable: true,
      reason: null,
      fullPileNum: 1,
      fullPileName: '满桩值',
      length: 20,
      dispatchThresholdLess: 20,
      dispatchThresholdMore: 80,
      dispatchResponseMinute: 30,
    });
    const put = await haidian.put('/api/config/siteParams', {
      fullPileNum: 1.2,
      fullPileName: '满桩系数',
      length: 35,
      dispatchThresholdLess: 10,
      dispatchThresholdMore: 90,
      dispatchResponseMinute: 45,
    });
    expect(put.body).toMatchObject({ code: 200, message: '站点参数已保存', data: { fullPileNum: 1.2, fullPileName: '满桩系数', length: 35 } });
    expect((await haidian.get('/api/config/fullPileNum')).body.data).toEqual({ data: 1.2, alias: '满桩系数' });

    const made = await haidian.post('/api/site/', { siteName: '默认参数站', siteLon: 116.31, siteLat: 39.98, areaId: '110108' });
    expect(made.body.code, made.body.message).toBe(200);
    const site = (
      await t.database.query<Record<string, number>>(
        `select length, dispatch_threshold_less as less, dispatch_threshold_more as more, dispatch_response_minute as minute from sites where id = $1`,
        [made.body.data.siteId],
      )
    )[0];
    expect(site).toEqual({ length: 35, less: 10, more: 90, minute: 45 });
    // given values win over the area's
    const own = await haidian.post('/api/site/', {
      siteName: '自定站',
      siteLon: 116.312,
      siteLat: 39.98,
      areaId: '110108',
      length: 50,
      dispatchResponseMinute: 5,
    });
    const ownRow = (
      await t.database.query<Record<string, number>>(
        `select length, dispatch_response_minute as minute, dispatch_threshold_less as less from sites where id = $1`,
        [own.body.data.siteId],
      )
    )[0];
    expect(ownRow).toEqual({ length: 50, minute: 5, less: 10 });
    // another district keeps the defaults
    expect((await chaoyang.get('/api/config/siteParams')).body.data.length).toBe(20);
  });

  it('refuses bad input naming the field, an aggregation area (read-only with the reason), another area and no permission', async () => {
    expect((await haidian.put('/api/config/siteParams', { length: 3 })).body).toMatchObject({ code: 400, message: expect.stringContaining('length') });
    expect((await haidian.put('/api/config/siteParams', { dispatchThresholdLess: 90, dispatchThresholdMore: 80 })).body.message).toContain(
      'dispatchThresholdLess',
    );
    expect((await haidian.put('/api/config/siteParams', { fullPileNum: 0 })).body.message).toContain('fullPileNum');
    expect((await haidian.put('/api/config/siteParams', { length: 30 }, { selfAreaId: '110105' })).body.code).toBe(5002);
    expect((await chaoyang.get('/api/config/siteParams', { selfAreaId: '110108' })).body.code).toBe(5002);

    expect((await admin.put('/api/area/', { id: '110105', aggregation: 1, aggregationId: '110100' })).body.code).toBe(200);
    const agg = (await chaoyang.get('/api/config/siteParams')).body.data;
    expect(agg).toMatchObject({ aggregation: 1, editable: false, reason: expect.stringContaining('只读') });
    expect((await chaoyang.put('/api/config/siteParams', { length: 30 })).body).toMatchObject({
      code: 400,
      message: expect.stringContaining('聚合区域不能设置站点参数'),
    });

    const role = await admin.post('/api/role/add', { roleName: '参数只读', remark: '', permissionIds: [10, 116] });
    const viewer = await userClient(t.app, admin, { username: 'hd_params_view', areaId: '110108', roleIds: [role.body.data.id] });
    expect((await viewer.get('/api/config/siteParams')).body.code).toBe(200);
    expect((await viewer.put('/api/config/siteParams', { length: 30 })).body.code).toBe(5002);
  });
});
