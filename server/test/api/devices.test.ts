import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Client, adminClient, createTestApp, userClient, type TestContext } from '../support/app.js';

let t: TestContext;
let admin: Client;
let haidian: Client;
let chaoyang: Client;
let siteA: string;
let siteB: string;
let cySite: string;

const MAC1 = 'AA:BB:CC:00:00:01';
const MAC2 = 'AA:BB:CC:00:00:02';
const MAC3 = 'AA:BB:CC:00:00:03';

/** Power as a pile scan would leave it (the open API is built elsewhere). */
async function report(mac: string, power: number, at: string) {
  await t.database.query('insert into pile_power (equipment_mac, at, power) values ($1, $2, $3)', [mac, at, power]);
  await t.database.query('update piles set power = $2, last_seen_at = $3 where equipment_mac = $1', [mac, power, at]);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t.app);
  haidian = await userClient(t.app, admin, { username: 'hd_dev', areaId: '110108' });
  chaoyang = await userClient(t.app, admin, { username: 'cy_dev', areaId: '110105' });
  siteA = (await haidian.post('/api/site/', { siteName: '五道口', siteLon: 116.337, siteLat: 39.992, bleNum: 2 })).body.data.siteId;
  siteB = (await haidian.post('/api/site/', { siteName: '知春路', siteLon: 116.339, siteLat: 39.976 })).body.data.siteId;
  cySite = (await chaoyang.post('/api/site/', { siteName: '国贸', siteLon: 116.46, siteLat: 39.909 })).body.data.siteId;
});
afterAll(() => t.close());

describe('piles', () => {
  it('registers piles at sites and lists sites with their piles and lowest power', async () => {
    expect((await haidian.post('/api/equipment', { equipmentMac: MAC1.toLowerCase(), siteId: siteA })).body).toMatchObject({
      code: 200,
      message: '设备已登记',
    });
    expect((await haidian.post('/api/equipment', { equipmentMac: MAC2, siteId: siteA })).body.code).toBe(200);
    expect((await haidian.post('/api/equipment', { equipmentMac: MAC3, siteId: siteA })).body.code).toBe(200);
    // moving a registered pile to another site of the district
    expect((await haidian.post('/api/equipment', { equipmentMac: MAC3, siteId: siteB })).body.message).toBe('设备已移至该站点');
    expect((await haidian.post('/api/equipment', { equipmentMac: MAC3, siteId: siteB })).body.message).toBe(
      '设备 AA:BB:CC:00:00:03 已登记在该站点，无需重复登记',
    );
    await report(MAC1, 80, '2024-05-01T01:00:00Z');
    await report(MAC1, 8, '2024-05-01T02:00:00Z');
    await report(MAC2, 55, '2024-05-01T02:00:00Z');
    await report(MAC3, 40, '2024-05-02T02:00:00Z');

    const list = await haidian.get('/api/device/list/get', { currentPage: 1, pageSize: 10 });
    expect(list.body.data.total).toBe(2);
    expect(list.body.data.lists[0]).toEqual({
      siteId: siteA,
      siteName: '五道口',
      areaId: '110108',
      areaName: '海淀区',
      bleNum: 2,
      pileNum: 2,
      minPower: 8,
      lowPower: true,
      piles: [
        { equipmentMac: MAC1, power: 8, lastSeenTime: '2024-05-01 10:00:00' },
        { equipmentMac: MAC2, power: 55, lastSeenTime: '2024-05-01 10:00:00' },
      ],
    });
    const low = await haidian.get('/api/device/list/get', { equipmentPower: '0-10' });
    expect(low.body.data.lists.map((s: { siteId: string }) => s.siteId)).toEqual([siteA]);
    expect((await haidian.get('/api/device/list/get', { equipmentPower: '30-50' })).body.data.lists.map((s: { siteId: string }) => s.siteId)).toEqual([siteB]);
    expect((await haidian.get('/api/device/list/get', { siteName: '知春' })).body.data.total).toBe(1);
  });

  it('lists pile power and answers readings of a range and of a day', async () => {
    const all = await haidian.get('/api/equipment/power/list');
    expect(all.body.data.total).toBe(3);
    expect(all.body.data.lists[0]).toEqual({
      equipmentMac: MAC1,
      siteId: siteA,
      siteName: '五道口',
      areaId: '110108',
      areaName: '海淀区',
      power: 8,
      lowPower: true,
      lastSeenTime: '2024-05-01 10:00:00',
      createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    expect(
      (await haidian.get('/api/equipment/power/list', { powerMin: 30, powerMax: 60 })).body.data.lists.map((p: { equipmentMac: string }) => p.equipmentMac),
    ).toEqual([MAC3, MAC2]);
    expect((await haidian.get('/api/equipment/power/list', { siteId: siteB })).body.data.total).toBe(1);
    expect((await haidian.get('/api/equipment/power/list', { equipmentMac: '00:02' })).body.data.total).toBe(1);

    const between = await haidian.get('/api/equipment/power/between', { equipmentMac: MAC1, startTime: '2024-05-01 09:00:00', endTime: '2024-05-01 10:00:00' });
    expect(between.body.data).toEqual({
      equipmentMac: MAC1,
      siteId: siteA,
      siteName: '五道口',
      lists: [
        { time: '2024-05-01 09:00:00', power: 80 },
        { time: '2024-05-01 10:00:00', power: 8 },
      ],
      total: 2,
    });
    const day = await haidian.get('/api/equipment/power/day', { equipmentMac: MAC1.toLowerCase(), day: '2024-05-01' });
    expect(day.body.data.total).toBe(2);
    expect((await haidian.get('/api/equipment/power/day', { equipmentMac: MAC1, day: '2024-04-30' })).body.data.lists).toEqual([]);
  });

  it('rejects bad input with the field named', async () => {
    expect((await haidian.get('/api/device/list/get', { equipmentPower: '10-0' })).body).toMatchObject({
      code: 400,
      message: '参数 equipmentPower 应为“最小值-最大值”（0-100），如 0-10',
    });
    expect((await haidian.get('/api/device/list/get', { equipmentPower: 'low' })).body.code).toBe(400);
    expect((await haidian.get('/api/equipment/power/list', { powerMin: 50, powerMax: 10 })).body.message).toBe('参数 powerMin 不能大于 powerMax');
    expect((await haidian.get('/api/equipment/power/list', { powerMin: 101 })).body.message).toBe('参数 powerMin 不能大于 100');
    expect((await haidian.post('/api/equipment', { equipmentMac: 'nope', siteId: siteA })).body.message).toBe(
      '参数 equipmentMac 应为 MAC 地址，如 AA:BB:CC:DD:EE:FF',
    );
    expect((await haidian.post('/api/equipment', { equipmentMac: MAC1 })).body.message).toBe('缺少参数 siteId，请填写后重试');
    expect((await haidian.post('/api/equipment', { equipmentMac: 'AA:BB:CC:00:00:09', siteId: 'missing' })).body.message).toBe('站点不存在，请刷新后重试');
    const q = { equipmentMac: MAC1, startTime: '2024-05-01 09:00:00' };
    expect((await haidian.get('/api/equipment/power/between', { ...q, endTime: 'tomorrow' })).body.message).toBe('参数 endTime 格式应为 yyyy-MM-dd HH:mm:ss');
    expect((await haidian.get('/api/equipment/power/between', { ...q, endTime: '2024-04-01 00:00:00' })).body.message).toBe('参数 endTime 不能早于 startTime');
    expect((await haidian.get('/api/equipment/power/between', { ...q, endTime: '2024-07-01 00:00:00' })).body.message).toContain('31 天');
    expect((await haidian.get('/api/equipment/power/day', { equipmentMac: MAC1, day: '2024-02-30' })).body.message).toBe(
      '参数 day 格式应为 yyyy-MM-dd，如 2024-05-01',
    );
    expect((await haidian.get('/api/equipment/power/day', { equipmentMac: 'AA:BB:CC:00:00:09', day: '2024-05-01' })).body.message).toBe(
      '设备不存在，请刷新后重试',
    );
    expect((await haidian.call('DELETE', '/api/equipment/delete')).body.message).toBe('缺少参数 equipmentMac，请填写设备 MAC');
    expect((await haidian.call('DELETE', '/api/device/site/delete', {})).body.message).toBe('缺少参数 siteId，请选择要删除的站点');
  });

  it("keeps another district's piles and sites out of reach and unchanged", async () => {
    expect((await chaoyang.get('/api/device/list/get')).body.data.lists.map((s: { siteId: string }) => s.siteId)).toEqual([cySite]);
    expect((await chaoyang.get('/api/equipment/power/list')).body.data.total).toBe(0);
    expect((await chaoyang.get('/api/equipment/power/day', { equipmentMac: MAC1, day: '2024-05-01' })).body.code).toBe(5002);
    expect(
      (await chaoyang.get('/api/equipment/power/between', { equipmentMac: MAC1, startTime: '2024-05-01 00:00:00', endTime: '2024-05-02 00:00:00' })).body.code,
    ).toBe(5002);
    expect((await chaoyang.del('/api/equipment/delete', { equipmentMac: MAC1 })).body.code).toBe(5002);
    expect((await chaoyang.post('/api/equipment', { equipmentMac: 'AA:BB:CC:00:00:09', siteId: siteA })).body.code).toBe(5002);
    // taking a foreign pile to one's own site is not allowed either
    expect((await chaoyang.post('/api/equipment', { equipmentMac: MAC1, siteId: cySite })).body.code).toBe(5002);
    expect((await chaoyang.call('DELETE', '/api/device/site/delete', { siteId: siteA, areaId: '110108' })).body.code).toBe(5002);
    const [pile] = await t.database.query('select site_id as "siteId", area_id as "areaId", power from piles where equipment_mac = $1', [MAC1]);
    expect(pile).toEqual({ siteId: siteA, areaId: '110108', power: 8 });
    const [{ n }] = await t.database.query<{ n: number }>('select count(*)::int as n from pile_power where equipment_mac = $1', [MAC1]);
    expect(n).toBe(2);
    const [site] = await t.database.query('select deleted_at as "deletedAt" from sites where id = $1', [siteA]);
    expect(site).toEqual({ deletedAt: null });
  });

  it('deletes a pile with its power history', async () => {
    expect((await haidian.del('/api/equipment/delete', { equipmentMac: MAC1 })).body).toMatchObject({ code: 200, message: '设备已删除' });
    expect(await t.database.query('select 1 from piles where equipment_mac = $1', [MAC1])).toEqual([]);
    expect(await t.database.query('select 1 from pile_power where equipment_mac = $1', [MAC1])).toEqual([]);
    // body form too
    expect((await haidian.call('DELETE', '/api/equipment/delete', { equipmentMac: MAC2 })).body.code).toBe(200);
    expect((await haidian.get('/api/equipment/power/list')).body.data.total).toBe(1);
  });

  it('soft-deletes a site: 站点删除成功！, gone from lists and groups, position lookups rebuilt', async () => {
    const g = await haidian.post('/api/site/magnify', { alias: '组', siteList: [siteA, siteB] });
    const spy = vi.spyOn(t.app.ctx.geo, 'invalidate');
    expect((await haidian.call('DELETE', '/api/device/site/delete', { siteId: siteA, areaId: '110105' })).body.message).toBe(
      `站点 ${siteA} 不属于区域 110105，请刷新后重试`,
    );
    const r = await haidian.call('DELETE', '/api/device/site/delete', { siteId: siteA, areaId: '110108' }, { selfAreaId: '110108' });
    expect(r.body).toEqual({ code: 200, message: '站点删除成功！', data: null });
    expect(spy).toHaveBeenCalled();
    const [row] = await t.database.query<{ deleted: boolean; fresh: boolean }>(
      `select deleted_at is not null as deleted, updated_at > now() - interval '1 minute' as fresh from sites where id = $1`,
      [siteA],
    );
    expect(row).toEqual({ deleted: true, fresh: true });
    expect((await haidian.get('/api/site/', {})).body.data.lists.map((s: { siteId: string }) => s.siteId)).toEqual([siteB]);
    expect((await haidian.get('/api/device/list/get')).body.data.total).toBe(1);
    const [group] = await t.database.query<{ siteList: string[] }>('select site_list as "siteList" from magnify_groups where id = $1', [g.body.data.id]);
    expect(group.siteList).toEqual([siteB]);
    expect((await haidian.call('DELETE', '/api/device/site/delete', { siteId: siteA })).body.message).toBe('站点不存在，请刷新后重试');
    // its id is never handed out again
    expect((await haidian.post('/api/site/', { siteId: siteA, siteName: '复用', siteLon: 116.3, siteLat: 39.9 })).body.code).toBe(400);
  });

  it('moves the piles along when a site moves to another district', async () => {
    expect((await haidian.put(`/api/site/${siteB}`, { areaId: '110105' })).body.code).toBe(5002);
    expect((await admin.put(`/api/site/${siteB}`, { areaId: '110105' })).body.code).toBe(200);
    expect((await chaoyang.get('/api/equipment/power/list')).body.data.lists.map((p: { equipmentMac: string }) => p.equipmentMac)).toEqual([MAC3]);
    expect((await haidian.get('/api/equipment/power/list')).body.data.total).toBe(0);
  });
});
