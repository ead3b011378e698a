import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Client, adminClient, createTestApp, userClient, type TestContext } from '../support/app.js';

let t: TestContext;
let admin: Client;
let haidian: Client;
let chaoyang: Client;

const fence = [
  { lon: 116.3, lat: 39.98 },
  { lon: 116.302, lat: 39.98 },
  { lon: 116.302, lat: 39.982 },
  { lon: 116.3, lat: 39.982 },
];

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t.app);
  haidian = await userClient(t.app, admin, { username: 'hd_sites', areaId: '110108' });
  chaoyang = await userClient(t.app, admin, { username: 'cy_sites', areaId: '110105' });
});
afterAll(() => t.close());

async function siteRow(id: string) {
  const [row] = await t.database.query<Record<string, unknown>>(
    `select site_name as "siteName", lon, lat, length, gps_rail as "gpsRail", recycle_switch as "recycleSwitch",
            deleted_at as "deletedAt" from sites where id = $1`,
    [id],
  );
  return row;
}

describe('sites', () => {
  it('creates sites with generated 13-character ids and lists them with every field', async () => {
    const spy = vi.spyOn(t.app.ctx.geo, 'invalidate');
    const max0 = await haidian.get('/api/site/getMaxSiteId', { selfAreaId: '110108' });
    expect(max0.body.data).toEqual({ areaId: '110108', maxSiteId: null, nextSiteId: '1101080000001' });
    const a = await haidian.post('/api/site/', { siteName: '中关村地铁站A口', siteLon: 116.301, siteLat: 39.981, siteBikeCeiling: 20, bleNum: 2 });
    expect(a.body).toMatchObject({ code: 200, data: { siteId: '1101080000001' } });
    expect(spy).toHaveBeenCalled();
    const b = await haidian.post('/api/site/', { siteName: '海淀黄庄', siteLon: 116.31, siteLat: 39.975, recycleSwitch: 1, majorSwitch: true });
    expect(b.body.data.siteId).toBe('1101080000002');
    const max = await haidian.put('/api/site/getMaxSiteId', {}, { selfAreaId: '110108' });
    expect(max.body.data).toEqual({ areaId: '110108', maxSiteId: '1101080000002', nextSiteId: '1101080000003' });

    const list = await haidian.get('/api/site/', { currentPage: 1, pageSize: 10 });
    expect(list.body.data.total).toBe(2);
    expect(list.body.data.lists[0]).toEqual({
      siteId: '1101080000001',
      siteName: '中关村地铁站A口',
      siteLon: 116.301,
      siteLat: 39.981,
      areaId: '110108',
      areaName: '海淀区',
      bleNum: 2,
      pileNum: 0,
      siteBikeCeiling: 20,
      siteCeiling: 0,
      length: 20,
      gpsRail: null,
      recycleSwitch: false,
      majorSwitch: false,
      brandPutSwitch: true,
      dispatchResponseMinute: 30,
      dispatchThresholdLess: 20,
      dispatchThresholdMore: 80,
      fullPileNum: null,
      num: 0,
      currentNum: 0,
      bikeNum: 0,
      ebikeNum: 0,
      capacity: 20,
      flag: 0,
      status: '空桩',
      stateTime: null,
      createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      updateTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    expect((await haidian.get('/api/site/', { recycleSwitch: 1 })).body.data.lists.map((s: { siteId: string }) => s.siteId)).toEqual(['1101080000002']);
    expect((await haidian.get('/api/site/', { majorSwitch: 'false' })).body.data.total).toBe(1);
    expect((await haidian.get('/api/site/', { siteName: '黄庄' })).body.data.total).toBe(1);
    expect((await haidian.get('/api/site/', { siteId: '11010800000' })).body.data.total).toBe(2);
    expect((await haidian.get('/api/site/', { currentPage: 2, pageSize: 1 })).body.data.lists).toHaveLength(1);
  });

  it('reads counts and status from site_state', async () => {
    await t.database.query(
      `insert into site_state (site_id, area_id, num, bike_num, ebike_num, capacity, flag, message_type, current_bike, updated_at)
       values ('1101080000001', '110108', 20, 15, 5, 20, 2, 'full', '{"nowBike":[],"nowEBike":[]}', now())`,
    );
    const full = await haidian.get('/api/site/', { flag: 2 });
    expect(full.body.data.lists).toEqual([
      expect.objectContaining({ siteId: '1101080000001', num: 20, currentNum: 20, bikeNum: 15, ebikeNum: 5, flag: 2, status: '满桩' }),
    ]);
    expect(full.body.data.lists[0].stateTime).toMatch(/^\d{4}-/);
    // status filter of spec §4: 满桩 1, 空桩 4
    expect((await haidian.get('/api/site/', { status: 1 })).body.data.total).toBe(1);
    expect((await haidian.get('/api/site/', { status: 4 })).body.data.lists.map((s: { siteId: string }) => s.siteId)).toEqual(['1101080000002']);
    const rail = await haidian.get('/api/site/rail', { recycleSwitch: 0 });
    expect(rail.body.data).toEqual([
      {
        siteId: '1101080000001',
        siteName: '中关村地铁站A口',
        siteLon: 116.301,
        siteLat: 39.981,
        areaId: '110108',
        gpsRail: null,
        length: 20,
        flag: 2,
        num: 20,
        recycleSwitch: false,
      },
    ]);
  });

  it('accepts an explicit id once, converts WGS-84 input and creates a site from a drawn fence', async () => {
    const x = await haidian.post('/api/site/', { siteId: 'HD-001', siteName: '自定义编号', siteLon: 116.32, siteLat: 39.99, coord: 'wgs84', areaId: '110108' });
    expect(x.body.data.siteId).toBe('HD-001');
    const row = await siteRow('HD-001');
    expect(Math.abs((row.lon as number) - 116.32)).toBeGreaterThan(0.001); // shifted into GCJ-02
    expect(Math.abs((row.lon as number) - 116.32)).toBeLessThan(0.01);
    const dup = await haidian.post('/api/site/', { siteId: 'HD-001', siteName: '重复', siteLon: 116.32, siteLat: 39.99 });
    expect(dup.body).toMatchObject({ code: 400, message: '站点编号 HD-001 已被使用（含已删除的站点），请换一个' });

    const r = await haidian.post('/api/site/rail', { siteName: '画出的站点', gpsRail: fence, selfAreaId: '110108' });
    expect(r.body.data.siteId).toBe('1101080000003');
    const drawn = await siteRow('1101080000003');
    expect(drawn.lon).toBeCloseTo(116.301, 9);
    expect(drawn.lat).toBeCloseTo(39.981, 9);
    expect(drawn.gpsRail).toHaveLength(5);
  });

  it('edits a site, moves it, sets and clears its fence, all in GCJ-02', async () => {
    const id = '1101080000002';
    expect((await haidian.put(`/api/site/${id}`, { siteName: '海淀黄庄（南）', length: 30, dispatchThresholdLess: 10, fullPileNum: 0.8 })).body.code).toBe(200);
    expect((await haidian.put(`/api/site/gps/${id}`, { siteLon: 116.311, siteLat: 39.976 })).body.code).toBe(200);
    expect((await haidian.put(`/api/site/areaCenter/${id}`, { gpsRail: fence })).body).toMatchObject({ code: 200, message: '站点围栏已保存' });
    let row = await siteRow(id);
    expect(row).toMatchObject({ siteName: '海淀黄庄（南）', lon: 116.311, lat: 39.976, length: 30 });
    expect(row.gpsRail).toHaveLength(5);
    expect((await haidian.put(`/api/site/areaCenter/${id}`, { gpsRail: null })).body).toMatchObject({ code: 200, message: '站点围栏已清除' });
    row = await siteRow(id);
    expect(row.gpsRail).toBeNull();
    const listed = (await haidian.get('/api/site/', { siteId: id })).body.data.lists[0];
    expect(listed).toMatchObject({ fullPileNum: 0.8, capacity: 0, dispatchThresholdLess: 10 });
  });

  it('changes many sites at once, and sets the default radius and full-pile coefficients', async () => {
    const ids = ['1101080000001', '1101080000002'];
    const r = await haidian.put('/api/site/batch', { siteIds: ids, fields: { recycleSwitch: true, siteBikeCeiling: 40, dispatchThresholdMore: 90 } });
    expect(r.body).toMatchObject({ code: 200, data: { updated: 2 } });
    expect((await haidian.get('/api/site/', { recycleSwitch: true })).body.data.total).toBe(2);
    // site 3 has a fence: the radius leaves it alone
    const lf = await haidian.put('/api/site/length_factor', { selfAreaId: '110108', length: 25 });
    expect(lf.body.data).toEqual({ lengthUpdated: 3, fullPileUpdated: 0 });
    expect((await siteRow('1101080000003')).length).toBe(20);
    expect((await siteRow('HD-001')).length).toBe(25);
    const fp = await haidian.put('/api/site/length_factor', { siteIds: ['1101080000001'], fullPileNum: 1.5 });
    expect(fp.body.data).toEqual({ lengthUpdated: 0, fullPileUpdated: 1 });
    expect((await haidian.get('/api/site/', { siteId: '1101080000001' })).body.data.lists[0].fullPileNum).toBe(1.5);
  });

  it('rejects bad input with the field named', async () => {
    const base = { siteName: '站', siteLon: 116.3, siteLat: 39.98 };
    expect((await haidian.post('/api/site/', { siteLon: 116.3, siteLat: 39.98 })).body).toMatchObject({
      code: 400,
      message: '缺少参数 siteName，请填写站点名称',
    });
    expect((await haidian.post('/api/site/', { ...base, siteName: 'x'.repeat(65) })).body.message).toBe('参数 siteName 最多 64 个字符');
    expect((await haidian.post('/api/site/', { ...base, siteName: '   ' })).body.message).toBe('参数 siteName 不能为空，请填写站点名称');
    expect((await haidian.post('/api/site/', { ...base, siteLon: 200 })).body.message).toBe('参数 siteLon 不能大于 180');
    expect((await haidian.post('/api/site/', { ...base, length: 3 })).body.message).toBe('参数 length 不能小于 5');
    expect((await haidian.post('/api/site/', { ...base, bleNum: -1 })).body.message).toBe('参数 bleNum 不能小于 0');
    expect((await haidian.post('/api/site/', { ...base, coord: 'mars' })).body.message).toBe('参数 coord 取值不正确');
    expect((await haidian.post('/api/site/', { ...base, dispatchThresholdLess: 90 })).body.message).toContain('dispatchThresholdLess');
    expect((await haidian.post('/api/site/', { ...base, gpsRail: [{ lon: 1, lat: 1 }] })).body.message).toBe('gpsRail 至少需要 3 个不同的点');
    expect((await haidian.post('/api/site/', { ...base, siteId: 'a b' })).body.message).toBe('参数 siteId 格式不正确');
    expect((await admin.post('/api/site/', { ...base, areaId: '110100' })).body.message).toContain('参数 areaId 应为区县');
    expect((await admin.post('/api/site/', base)).body.message).toBe('缺少参数 areaId，请选择站点所属的区县');
    expect((await haidian.get('/api/site/getMaxSiteId', { selfAreaId: '110108' })).body.code).toBe(200);
    expect((await admin.get('/api/site/getMaxSiteId', { selfAreaId: '110000' })).body.message).toBe('参数 selfAreaId 应为区县编码，请先选择区县');
    expect((await haidian.put('/api/site/batch', { siteIds: [], fields: { length: 30 } })).body.message).toBe('参数 siteIds 至少需要 1 项');
    expect((await haidian.put('/api/site/batch', { siteIds: ['1101080000001'], fields: {} })).body.message).toBe('参数 fields 至少需要一个要修改的字段');
    expect((await haidian.put('/api/site/batch', { siteIds: ['nope'], fields: { length: 30 } })).body.message).toBe('站点不存在：nope，请刷新后重试');
    expect((await haidian.put('/api/site/length_factor', {})).body.message).toContain('length');
    expect((await haidian.put('/api/site/nope', { siteName: 'x' })).body.message).toBe('站点不存在，请刷新后重试');
    expect((await haidian.post('/api/site/rail', { siteName: 'x' })).body.message).toBe('缺少参数 gpsRail，请填写后重试');
  });

  it("keeps another district's sites out of sight and unchanged", async () => {
    const id = '1101080000001';
    const before = await siteRow(id);
    expect((await chaoyang.get('/api/site/')).body.data.total).toBe(0);
    expect((await chaoyang.get('/api/site/rail')).body.data).toEqual([]);
    expect((await chaoyang.get('/api/site/', { selfAreaId: '110108' })).body.code).toBe(5002);
    expect((await chaoyang.put(`/api/site/${id}`, { siteName: '被改了' })).body.code).toBe(5002);
    expect((await chaoyang.put(`/api/site/gps/${id}`, { siteLon: 116.4, siteLat: 39.9 })).body.code).toBe(5002);
    expect((await chaoyang.put(`/api/site/areaCenter/${id}`, { gpsRail: null })).body.code).toBe(5002);
    expect((await chaoyang.put('/api/site/length_factor', { siteIds: [id], fullPileNum: 3 })).body.code).toBe(5002);
    expect((await chaoyang.post('/api/site/', { siteName: '越界', siteLon: 116.3, siteLat: 39.98, areaId: '110108' })).body.code).toBe(5002);
    expect((await chaoyang.get('/api/site/getMaxSiteId', { selfAreaId: '110108' })).body.code).toBe(5002);
    // a batch with one foreign site changes nothing at all
    const own = await chaoyang.post('/api/site/', { siteName: '朝阳站', siteLon: 116.45, siteLat: 39.92 });
    expect(own.body.data.siteId).toBe('1101050000001');
    const batch = await chaoyang.put('/api/site/batch', { siteIds: ['1101050000001', id], fields: { siteBikeCeiling: 999 } });
    expect(batch.body.code).toBe(5002);
    expect((await chaoyang.get('/api/site/')).body.data.lists[0].siteBikeCeiling).toBe(0);
    expect(await siteRow(id)).toEqual(before);
  });

  it('runs magnify groups: add, list, open, clash, sites, edit, delete', async () => {
    const g1 = await haidian.post('/api/site/magnify', { alias: '中关村片区', siteList: ['1101080000001', '1101080000002'], factor: 1.5 });
    expect(g1.body.code).toBe(200);
    const g2 = await haidian.post('/api/site/magnify', { alias: '黄庄片区', siteList: ['1101080000002', 'HD-001'], openSwitch: 1 });
    const list = await haidian.get('/api/site/magnify');
    expect(list.body.data.total).toBe(2);
    expect(list.body.data.lists[0]).toMatchObject({
      id: g1.body.data.id,
      alias: '中关村片区',
      areaId: '110108',
      areaName: '海淀区',
      siteCount: 2,
      factor: 1.5,
      openSwitch: false,
    });
    expect((await haidian.get('/api/site/magnify/site/clash')).body.data).toEqual([]);
    expect((await haidian.put(`/api/site/magnify/open/${g1.body.data.id}`, { openSwitch: true })).body.message).toBe('放大分组已开启');
    expect((await haidian.get('/api/site/magnify/site/clash')).body.data).toEqual([
      {
        siteId: '1101080000002',
        siteName: '海淀黄庄（南）',
        groups: [
          { id: g1.body.data.id, alias: '中关村片区' },
          { id: g2.body.data.id, alias: '黄庄片区' },
        ],
      },
    ]);
    // a draft list is checked against the open groups
    const draft = await haidian.get('/api/site/magnify/site/clash', { siteList: 'HD-001,1101080000003' });
    expect(draft.body.data.map((c: { siteId: string }) => c.siteId)).toEqual(['HD-001']);
    const sites = await haidian.get('/api/site/magnify/site', { id: g2.body.data.id });
    expect(sites.body.data.map((s: { siteId: string }) => s.siteId)).toEqual(['1101080000002', 'HD-001']);
    expect((await haidian.put(`/api/site/magnify/${g2.body.data.id}`, { siteList: ['HD-001'], alias: '黄庄' })).body.code).toBe(200);
    expect((await haidian.get('/api/site/magnify/site/clash')).body.data).toEqual([]);
    expect((await haidian.post('/api/site/magnify', { alias: 'x', siteList: ['nope'] })).body.message).toBe('参数 siteList 中的站点不存在：nope，请刷新后重试');
    expect((await haidian.post('/api/site/magnify', { alias: 'x', siteList: [] })).body.message).toBe('参数 siteList 至少需要 1 项');
    expect((await haidian.post('/api/site/magnify', { alias: 'x', siteList: ['1101080000001'], factor: 0 })).body.code).toBe(400);
    // another district: cannot see, change or borrow the group's sites
    expect((await chaoyang.get('/api/site/magnify')).body.data.total).toBe(0);
    expect((await chaoyang.get('/api/site/magnify/site', { id: g1.body.data.id })).body.code).toBe(5002);
    expect((await chaoyang.put(`/api/site/magnify/${g1.body.data.id}`, { alias: 'x' })).body.code).toBe(5002);
    expect((await chaoyang.put(`/api/site/magnify/open/${g1.body.data.id}`, { openSwitch: 0 })).body.code).toBe(5002);
    expect((await chaoyang.del(`/api/site/magnify/${g1.body.data.id}`)).body.code).toBe(5002);
    expect((await chaoyang.post('/api/site/magnify', { alias: 'x', siteList: ['1101080000001'] })).body.message).toBe(
      '参数 siteList 中的站点不在分组所属区域内：1101080000001',
    );
    const [g] = await t.database.query<{ alias: string; openSwitch: boolean }>('select alias, open_switch as "openSwitch" from magnify_groups where id = $1', [
      g1.body.data.id,
    ]);
    expect(g).toEqual({ alias: '中关村片区', openSwitch: true });
    expect((await haidian.del(`/api/site/magnify/${g1.body.data.id}`)).body.code).toBe(200);
    expect((await haidian.get('/api/site/magnify')).body.data.total).toBe(1);
  });

  it('needs the site permissions', async () => {
    const viewer = await userClient(t.app, admin, { username: 'hd_site_viewer', areaId: '110108', roleIds: [32] });
    expect((await viewer.get('/api/site/')).body.code).toBe(5002);
    expect((await viewer.post('/api/site/', { siteName: 'x', siteLon: 116.3, siteLat: 39.98 })).body.code).toBe(5002);
  });
});
