/**
 * 电量低于10%站点: the to-do count and the site list its link opens (equipmentPower=0-10) count the
 * same sites (the bands of domain/power.ts); a pile at exactly 10 % is in neither (it was in the list).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bandBounds, inBand, isLowPower } from '../../src/domain/power.js';
import { adminClient, createTestApp, userClient, type Client, type TestContext } from '../support/app.js';

let t: TestContext;
let haidian: Client;
const sites: Record<number, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const admin = await adminClient(t.app);
  haidian = await userClient(t.app, admin, { username: 'hd_power', areaId: '110108' });
  // one site per power, each with one pile
  for (const [i, power] of [0, 9, 10, 11, 55, 100].entries()) {
    sites[power] = (await haidian.post('/api/site/', { siteName: `电量${power}`, siteLon: 116.33 + i / 1000, siteLat: 39.99 })).body.data.siteId;
    const mac = `AA:BB:CC:00:10:${String(i).padStart(2, '0')}`;
    expect((await haidian.post('/api/equipment', { equipmentMac: mac, siteId: sites[power] })).body.code).toBe(200);
    await t.database.query('update piles set power = $2, last_seen_at = now() where equipment_mac = $1', [mac, power]);
  }
}, 120_000);
afterAll(() => t?.close());

const listed = async (band: string): Promise<Array<{ siteId: string; lowPower: boolean }>> =>
  (await haidian.get('/api/device/list/get', { equipmentPower: band, pageSize: 50 })).body.data.lists;

describe('power bands', () => {
  it('the to-do count equals the sites of the list it opens, and their 低电量 flags', async () => {
    const pend = (await haidian.get('/api/statistics/pend', { selfAreaId: '110108' })).body.data.siteLowPowerPend;
    const low = await listed('0-10');
    expect(low.map((s) => s.siteId).sort()).toEqual([sites[0], sites[9]].sort());
    expect(pend).toBe(low.length);
    expect(low.every((s) => s.lowPower)).toBe(true);
    const all = (await haidian.get('/api/device/list/get', { pageSize: 50 })).body.data.lists as Array<{ siteId: string; lowPower: boolean }>;
    expect(all.filter((s) => s.lowPower).length).toBe(pend);
  });

  it('bands meet without overlap; the top one holds 100', async () => {
    expect((await listed('10-20')).map((s) => s.siteId).sort()).toEqual([sites[10], sites[11]].sort());
    expect((await listed('90-100')).map((s) => s.siteId)).toEqual([sites[100]]);
    expect(bandBounds({ min: 0, max: 10 })).toEqual({ min: 0, below: 10 });
    expect([9, 10].map((p) => inBand(p, { min: 0, max: 10 }))).toEqual([true, false]);
    expect([9, 10, null].map(isLowPower)).toEqual([true, false, false]);
  });
});
