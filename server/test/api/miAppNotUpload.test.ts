/**
 * 米单车管理 · 桩测未上传车辆 (issue 29 point 4) via app.inject(): an enterprise's MAC and BLE-name
 * rules are created, refused (an extract range past the length, a rule matching what another of the
 * enterprise's matches, another enterprise, another area), previewed, edited and deleted; the match
 * keeps the heard bikes whose operator sent no report from 24 h before they were heard, counts them
 * per enterprise and clears them; no token is 401, another area 5002, and an enterprise account sees
 * and runs only its own enterprise's rules and bikes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, adminClient, createTestApp, userClient, type TestContext } from '../support/app.js';
import { addBrand, addSite } from '../support/world.js';
import { runMatch, notUploadedByBrand } from '../../src/shared/notUploaded.js';

const HD = '110108';
const CY = '110105';
const SITE = '1101089800201';
const SITE_CY = '1101059800201';
const HOUR = 3_600_000;

let t: TestContext;
let hd: Client;
let cy: Client;
let entQj: Client;
let QJ = 0;
let MT = 0;
let YC = 0; // registered in 朝阳 only
const macRule = () => ({
  brandId: QJ,
  namePrefix: 'E0:B6:F5:0',
  nameLength: 12,
  bikeIdPrefix: 'QJ000',
  bikeIdLength: 10,
  bikeIdExtractStart: 7,
  bikeIdExtractLength: 5,
});
const nameRule = () => ({
  brandId: MT,
  namePrefix: 'MTBLE_',
  nameLength: 14,
  bikeIdPrefix: 'MT',
  bikeIdLength: 10,
  bikeIdExtractStart: 6,
  bikeIdExtractLength: 8,
});

async function heard(siteId: string, mac: string, name: string | null, hoursAgo: number, areaId = HD) {
  await t.database.query(
    `insert into pile_sightings (site_id, mac, name, area_id, at, equipment_mac) values ($1, $2, $3, $4, $5, 'A4:C1:38:00:00:01')
     on conflict (site_id, mac) do update set at = excluded.at`,
    [siteId, mac, name, areaId, new Date(Date.now() - hoursAgo * HOUR).toISOString()],
  );
}
async function reportedAt(bikeId: string, brandId: number, hoursAgo: number) {
  await t.database.query(
    `insert into bike_live (bike_id, brand_id, bike_type, area_id, lon, lat, status, reported_at) values ($1, $2, 0, $3, 116.31, 39.98, 1, $4)`,
    [bikeId, brandId, HD, new Date(Date.now() - hoursAgo * HOUR).toISOString()],
  );
}

beforeAll(async () => {
  t = await createTestApp();
  const admin = await adminClient(t.app);
  QJ = await addBrand(t.database, { name: '青桔', account: 'qj_nu', areaId: HD });
  MT = await addBrand(t.database, { name: '美团', account: 'mt_nu', areaId: HD });
  YC = await addBrand(t.database, { name: '朝阳单车', account: 'yc_nu', areaId: CY });
  await addSite(t.database, { id: SITE, name: '海淀桩站', lon: 116.31, lat: 39.98, ceiling: 10 });
  await addSite(t.database, { id: SITE_CY, name: '朝阳桩站', lon: 116.45, lat: 39.92, ceiling: 10, areaId: CY });
  hd = await userClient(t.app, admin, { username: 'hd_nu', areaId: HD });
  cy = await userClient(t.app, admin, { username: 'cy_nu', areaId: CY });
  const e = await userClient(t.app, admin, { username: 'qj_ent_nu', areaId: HD, roleIds: [3], userLevel: 1 });
  await t.database.query('update users set brand_id = $1 where id = $2', [QJ, e.userId]);
  // the enterprise role may read and run 米单车管理 here (the test grants it)
  await t.database.query(`insert into role_permissions (role_id, permission_id) values (3, 5), (3, 107) on conflict do nothing`);
  entQj = e;
  // heard in 海淀: QJ 00123 never reported, QJ 00124 reported an hour ago, QJ 00125 last reported 30 h before it was heard,
  // an unfiled QJ MAC (9…) outside the rule, MT by BLE name (never reported), and in 朝阳 a QJ bike
  await heard(SITE, 'E0:B6:F5:00:01:23', 'QJBLE_00000123', 1);
  await heard(SITE, 'E0:B6:F5:00:01:24', 'QJBLE_00000124', 1);
  await heard(SITE, 'E0:B6:F5:00:01:25', 'QJBLE_00000125', 2);
  await heard(SITE, 'E0:B6:F5:90:00:01', 'QJBLE_90000001', 1);
  await heard(SITE, 'C8:47:8C:00:00:07', 'MTBLE_00000007', 1);
  await heard(SITE_CY, 'E0:B6:F5:00:02:00', 'QJBLE_00000200', 1, CY);
  await reportedAt('QJ00000124', QJ, 1);
  await reportedAt('QJ00000125', QJ, 32);
});
afterAll(() => t.close());

describe('the rules', () => {
  let macId = 0;
  let nameId = 0;

  it('previews a MAC rule before it is saved: what it would match among what was heard', async () => {
    const r = await hd.post('/api/miApp/brandBikeNotUploadMacRule/preview', macRule());
    expect(r.body.code, r.body.message).toBe(200);
    const p = r.body.data;
    expect(p.heard).toBe(5); // 海淀's sightings only
    expect(p.matched).toBe(3);
    expect(p.notUploaded).toBe(2);
    expect(p.lists.map((x: any) => [x.bikeId, x.reported]).sort()).toEqual([
      ['QJ00000123', false],
      ['QJ00000124', true],
      ['QJ00000125', false],
    ]);
    expect(p.lists[0]).toMatchObject({ siteId: SITE, siteName: '海淀桩站' });
    expect((await t.database.query('select 1 from mac_rules where kind = 2')).length).toBe(0); // nothing saved
  });

  it('creates a MAC rule and a name rule, stored normalised', async () => {
    const r = await hd.post('/api/miApp/brandBikeNotUploadMacRule', macRule());
    expect(r.body.code, r.body.message).toBe(200);
    macId = r.body.data.id;
    const n = await hd.post('/api/miApp/brandBikeNotUploadRule', nameRule());
    expect(n.body.code, n.body.message).toBe(200);
    nameId = n.body.data.id;
    const list = (await hd.get('/api/miApp/brandBikeNotUploadMacRule')).body.data;
    expect(list.total).toBe(1);
    expect(list.lists[0]).toMatchObject({ id: macId, kind: 2, brandId: QJ, brandName: '青桔', namePrefix: 'E0B6F50', bikeIdExtractStart: 7 });
    expect((await hd.get('/api/miApp/brandBikeNotUploadRule')).body.data.lists.map((x: any) => x.id)).toEqual([nameId]);
  });

  it('refuses bad input with a message that says what to change', async () => {
    const past = await hd.post('/api/miApp/brandBikeNotUploadRule', { ...nameRule(), namePrefix: 'MTX_', bikeIdExtractStart: 8, bikeIdExtractLength: 8 });
    expect(past.body.code).toBe(400);
    expect(past.body.message).toMatch(/提取范围超出.*bikeIdExtractStart.*bikeIdExtractLength.*nameLength/);
    const macPast = await hd.post('/api/miApp/brandBikeNotUploadMacRule/preview', { ...macRule(), bikeIdExtractStart: 9 });
    expect(macPast.body.code).toBe(400);
    const same = await hd.post('/api/miApp/brandBikeNotUploadMacRule', { ...macRule(), bikeIdPrefix: 'QX000' });
    expect(same.body.code).toBe(400);
    expect(same.body.message).toContain(`编号 ${macId}`);
    // another enterprise's MAC rule, on its own prefix
    expect(
      (await hd.post('/api/miApp/brandBikeNotUploadMacRule', { ...macRule(), brandId: MT, namePrefix: 'c8-47-8c-0', bikeIdPrefix: 'MT000' })).body.code,
    ).toBe(200);
    expect((await hd.post('/api/miApp/brandBikeNotUploadMacRule', { ...macRule(), bikeIdExtractStart: -1 })).body.code).toBe(400);
    expect((await hd.post('/api/miApp/brandBikeNotUploadMacRule', { ...macRule(), brandId: 99999 })).body.code).toBe(400);
    expect((await hd.put(`/api/miApp/brandBikeNotUploadMacRule/999999`, macRule())).body.code).toBe(400);
  });

  it('edits and deletes a rule; the MAC and name paths do not mix', async () => {
    const e = await hd.put(`/api/miApp/brandBikeNotUploadRule/${nameId}`, { ...nameRule(), bikeIdExtractStart: 5, bikeIdExtractLength: 9, bikeIdLength: 11 });
    expect(e.body.code, e.body.message).toBe(200);
    expect((await hd.get('/api/miApp/brandBikeNotUploadRule')).body.data.lists[0]).toMatchObject({ bikeIdExtractStart: 5, bikeIdLength: 11 });
    // editing it to itself does not overlap itself; back to the first form
    expect((await hd.put(`/api/miApp/brandBikeNotUploadRule/${nameId}`, nameRule())).body.code).toBe(200);
    expect((await hd.put(`/api/miApp/brandBikeNotUploadMacRule/${nameId}`, macRule())).body.code).toBe(400); // a name rule's id on the MAC path
    const extra = await hd.post('/api/miApp/brandBikeNotUploadRule', { ...nameRule(), brandId: QJ, namePrefix: 'QJBLE_' });
    expect(extra.body.code, extra.body.message).toBe(200);
    expect((await hd.del(`/api/miApp/brandBikeNotUploadRule/${extra.body.data.id}`)).body.code).toBe(200);
    expect((await hd.get('/api/miApp/brandBikeNotUploadRule')).body.data.total).toBe(1);
  });

  it('keeps other areas and enterprises out: no token 401, another area 5002, an enterprise account its own only', async () => {
    const anon = new Client(t.app);
    expect((await anon.get('/api/miApp/brandBikeNotUploadMacRule')).body.code).toBe(401);
    expect((await anon.post('/api/miApp/brandBikeNotUploadMacRule', macRule())).body.code).toBe(401);
    expect((await anon.put('/api/miApp/bikeNotUploadMacMatch')).body.code).toBe(401);
    expect((await anon.get('/api/miApp/bikeNotUploadMac')).body.code).toBe(401);
    expect((await anon.del('/api/miApp/bikeNotUploadMac')).body.code).toBe(401);
    // 朝阳 sees no 海淀 enterprise's rule, and may not write one
    expect((await cy.get('/api/miApp/brandBikeNotUploadMacRule')).body.data.total).toBe(0);
    expect((await cy.get('/api/miApp/brandBikeNotUploadMacRule', { selfAreaId: HD })).body.code).toBe(5002);
    expect((await cy.get('/api/miApp/bikeNotUploadMac', { areaId: HD })).body.code).toBe(5002);
    expect((await cy.post('/api/miApp/brandBikeNotUploadMacRule', { ...macRule(), namePrefix: 'E0B6F51' })).body.code).toBe(5002);
    expect((await cy.put(`/api/miApp/brandBikeNotUploadMacRule/${macId}`, macRule())).body.code).toBe(5002);
    expect((await cy.del(`/api/miApp/brandBikeNotUploadMacRule/${macId}`)).body.code).toBe(5002);
    expect((await hd.post('/api/miApp/brandBikeNotUploadMacRule', { ...macRule(), brandId: YC })).body.code).toBe(5002);
    // 青桔's account: its own rules only; another enterprise's is 5002
    const own = (await entQj.get('/api/miApp/brandBikeNotUploadMacRule')).body.data;
    expect(own.lists.map((x: any) => x.brandId)).toEqual([QJ]);
    expect((await entQj.get('/api/miApp/brandBikeNotUploadRule')).body.data.total).toBe(0);
    expect((await entQj.get('/api/miApp/brandBikeNotUploadRule', { brandId: MT })).body.code).toBe(5002);
    expect((await entQj.post('/api/miApp/brandBikeNotUploadRule', { ...nameRule(), namePrefix: 'MTZ' })).body.code).toBe(5002);
    expect((await entQj.post('/api/miApp/brandBikeNotUploadRule/preview', nameRule())).body.code).toBe(5002);
    expect((await entQj.put(`/api/miApp/brandBikeNotUploadRule/${nameId}`, nameRule())).body.code).toBe(5002);
    expect((await entQj.del(`/api/miApp/brandBikeNotUploadRule/${nameId}`)).body.code).toBe(5002);
  });
});

describe('the match', () => {
  it('an enterprise account runs its own rules only and sees only its own bikes', async () => {
    const r = await entQj.put('/api/miApp/bikeNotUploadMacMatch');
    expect(r.body.code, r.body.message).toBe(200);
    expect(r.body.data).toMatchObject({ matched: 3, notUploaded: 2 }); // 美团's MAC rule did not run
    const list = (await entQj.get('/api/miApp/bikeNotUploadMac')).body.data;
    expect(list.lists.map((x: any) => x.bikeId).sort()).toEqual(['QJ00000123', 'QJ00000125']);
    expect(list.brands).toEqual([{ brandId: QJ, brandName: '青桔', count: 2 }]);
    expect((await entQj.get('/api/miApp/bikeNotUploadMac', { brandId: MT })).body.code).toBe(5002);
  });

  it('a regulator runs every rule of the area; the list is paged, filtered and totalled per enterprise', async () => {
    const m = await hd.put('/api/miApp/bikeNotUploadMacMatch');
    expect(m.body.code, m.body.message).toBe(200);
    expect(m.body.data).toMatchObject({ heard: 5, matched: 4, notUploaded: 3 });
    const n = await hd.put('/api/miApp/bikeNotUploadMatch');
    expect(n.body.data).toMatchObject({ matched: 1, notUploaded: 1 });
    const names = (await hd.get('/api/miApp/bikeNotUpload')).body.data;
    expect(names.lists).toHaveLength(1);
    expect(names.lists[0]).toMatchObject({ bikeId: 'MT00000007', brandName: '美团', siteName: '海淀桩站', equipmentMac: 'A4:C1:38:00:00:01', count: 1 });
    const macs = (await hd.get('/api/miApp/bikeNotUploadMac', { pageSize: 2 })).body.data;
    expect(macs.total).toBe(3);
    expect(macs.lists).toHaveLength(2);
    expect(macs.brands).toEqual([
      { brandId: QJ, brandName: '青桔', count: 2 },
      { brandId: MT, brandName: '美团', count: 1 },
    ]);
    expect((await hd.get('/api/miApp/bikeNotUploadMac', { brandId: QJ, siteId: SITE })).body.data.total).toBe(2);
    expect((await hd.get('/api/miApp/bikeNotUploadMac', { bikeId: 'QJ' })).body.data.total).toBe(2);
    expect((await hd.get('/api/miApp/bikeNotUploadMac', { startTime: '2000-01-01', endTime: '2000-01-02' })).body.data.total).toBe(0);
    expect((await hd.get('/api/miApp/bikeNotUploadMac', { startTime: 'x' })).body.code).toBe(400);
    expect((await cy.get('/api/miApp/bikeNotUploadMac')).body.data.total).toBe(0);
  });

  it('a newer sighting counts again; a report within 24 h before the sighting is not a miss', async () => {
    await heard(SITE, 'E0:B6:F5:00:01:23', 'QJBLE_00000123', 0.5);
    await runMatch(t.database, 2, null, QJ);
    const row = (await hd.get('/api/miApp/bikeNotUploadMac', { bikeId: 'QJ00000123' })).body.data.lists[0];
    expect(row.count).toBe(2);
    // the hourly job's form covers every area
    const r = await runMatch(t.database, 2, null, null);
    expect(r.heard).toBe(6);
    expect((await cy.get('/api/miApp/bikeNotUploadMac')).body.data.brands).toEqual([{ brandId: QJ, brandName: '青桔', count: 1 }]);
    const by = await notUploadedByBrand(t.database, { areaIds: [HD, CY], from: new Date(Date.now() - 24 * HOUR), to: new Date(Date.now() + HOUR) });
    expect(by).toEqual([
      { brandId: QJ, areaId: CY, count: 1 },
      { brandId: QJ, areaId: HD, count: 2 },
      { brandId: MT, areaId: HD, count: 1 }, // heard by name and by MAC: one bike
    ]);
  });

  it('clears: an enterprise account its own, 朝阳 its own area, then everything', async () => {
    const anon = new Client(t.app);
    expect((await anon.del('/api/miApp/bikeNotUpload')).body.code).toBe(401);
    expect((await cy.del('/api/miApp/bikeNotUploadMac', { areaId: HD })).body.code).toBe(5002);
    const c = await cy.del('/api/miApp/bikeNotUploadMac');
    expect(c.body.data.deleted).toBe(1);
    const e = await entQj.del('/api/miApp/bikeNotUploadMac');
    expect(e.body.data.deleted).toBe(2);
    expect((await hd.get('/api/miApp/bikeNotUploadMac')).body.data.brands).toEqual([{ brandId: MT, brandName: '美团', count: 1 }]);
    expect((await hd.del('/api/miApp/bikeNotUploadMac')).body.data.deleted).toBe(1);
    expect((await hd.del('/api/miApp/bikeNotUpload')).body.data.deleted).toBe(1);
    expect((await hd.get('/api/miApp/bikeNotUpload')).body.data).toMatchObject({ total: 0, lists: [], brands: [] });
  });
});
