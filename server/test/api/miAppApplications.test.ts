/**
 * 米单车管理 · 站点申请 (issue 29 point 1) via app.inject(): maintainers of 美团 and an applicant of
 * 哈啰 propose sites in the field app; a 海淀 regulator lists them (photos, position, filters),
 * approves one (the site is built with the sites page's rules, its fields edited first; the
 * application approved in the same transaction), rejects another with a reason the applicant reads
 * in the field app's history; siteApplyPend drops with each decision. Refused: no token (401),
 * blank reasons and bad sites (400, nothing changes), a decision twice (400), 朝阳's regulator and
 * another enterprise (5002), approving without 站点编辑 (5002). The rejected ones' export, read back,
 * equals the list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, adminClient, createTestApp, userClient, type TestContext } from '../support/app.js';
import { addBrand } from '../support/world.js';
import { JPG, upload } from '../support/uploads.js';
import { exportSheet } from '../support/sheets.js';

const HD = '110108';
const CY = '110105';
const NEAR = { lon: 116.31, lat: 39.98, coord: 'gcj02' };

let t: TestContext;
let hd: Client;
let cy: Client;
let mt1: Client & { userId: number };
let hbApplicant: Client & { userId: number };
let entMt: Client;
let noSiteEdit: Client;
let MT = 0;
let HB = 0;
let n = 0;
const cid = () => `apply-${Date.now().toString(36)}-${(n++).toString(36)}`;

async function apply(c: Client, name: string, extra: Record<string, unknown> = {}): Promise<number> {
  const up = await upload(t.app, c.token, 'siteApply', 'p.jpg', JPG);
  expect(up.body.code, up.body.message).toBe(200);
  const r = await c.post('/api/field/siteApply', {
    clientId: cid(),
    name,
    capacity: 30,
    piles: 2,
    reason: '早高峰乱停严重',
    photos: [up.body.data.file],
    ...NEAR,
    ...extra,
  });
  expect(r.body.code, r.body.message).toBe(200);
  return r.body.data.id as number;
}

const pend = async () => (await hd.get('/api/statistics/pend')).body.data.siteApplyPend as number;
const list = async (c: Client, q: Record<string, unknown> = {}) => (await c.get('/api/miApp/siteApply/list', { pageSize: 100, ...q })).body;
const itemOf = async (id: number) => (await list(hd)).data.lists.find((x: { id: number }) => x.id === id);
const historyOf = async (c: Client, id: number) =>
  ((await c.get('/api/field/history')).body.data.items as any[]).find((h) => h.kind === 'siteApply' && h.id === id);

/** Posts the export: the sheet's rows (header first), or the JSON answer when no file came. */
const download = (c: Client | null, query: Record<string, unknown> = {}) =>
  exportSheet(t.app, { method: 'POST', url: '/api/miApp/exportRejectList', query, token: c?.token }, { pad: null });

beforeAll(async () => {
  t = await createTestApp();
  const admin = await adminClient(t.app);
  MT = await addBrand(t.database, { name: '美团', account: 'mt_apply', areaId: HD });
  HB = await addBrand(t.database, { name: '哈啰', account: 'hb_apply', areaId: HD });
  hd = await userClient(t.app, admin, { username: 'hd_apply', areaId: HD });
  cy = await userClient(t.app, admin, { username: 'cy_apply', areaId: CY });
  mt1 = await userClient(t.app, admin, { username: 'mt_apply_m1', areaId: HD, roleIds: [31], userLevel: 1 });
  hbApplicant = await userClient(t.app, admin, { username: 'hb_apply_27', areaId: HD, roleIds: [27], userLevel: 1 });
  const e = await userClient(t.app, admin, { username: 'mt_apply_ent', areaId: HD, roleIds: [3], userLevel: 1 });
  await t.database.query('update users set brand_id = $1 where id = any($2::int[])', [MT, [mt1.userId, e.userId]]);
  await t.database.query('update users set brand_id = $1 where id = $2', [HB, hbApplicant.userId]);
  // the enterprise account reads and decides 米单车管理 (5, 107) and edits sites (103)
  await t.database.query(`insert into role_permissions (role_id, permission_id) values (3, 5), (3, 107), (3, 103) on conflict do nothing`);
  entMt = e;
  const role = await hd.post('/api/role/add', { roleName: '米单车审核（无站点编辑）', permissionIds: [5, 107] });
  expect(role.body.code, role.body.message).toBe(200);
  noSiteEdit = await userClient(t.app, admin, { username: 'hd_apply_nosite', areaId: HD, roleIds: [role.body.data.id] });
});
afterAll(() => t.close());

describe('site applications on 米单车管理', () => {
  it('lists the field app’s proposals with photos and position, filtered, as siteApplyPend counts them', async () => {
    const before = await pend();
    const id = await apply(mt1, '清华东门站');
    expect(await pend()).toBe(before + 1);
    const item = await itemOf(id);
    expect(item).toMatchObject({
      applicantName: 'mt_apply_m1',
      brandId: MT,
      brandName: '美团',
      areaId: HD,
      areaName: '海淀区',
      name: '清华东门站',
      lon: NEAR.lon,
      lat: NEAR.lat,
      capacity: 30,
      piles: 2,
      reason: '早高峰乱停严重',
      state: 0,
      stateName: '待审核',
      rejectReason: null,
      siteId: null,
      deciderName: null,
      decidedAt: null,
    });
    expect(item.photos).toHaveLength(1);
    expect(item.photos[0]).toMatch(/^\/uploads\//);
    expect(item.at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // the photo is readable by the regulator who decides
    const photo = await t.app.inject({ method: 'GET', url: item.photos[0], headers: { authorization: `Bearer ${hd.token}` } });
    expect(photo.statusCode).toBe(200);
    // the pending ones are what the to-do counts
    expect((await list(hd, { state: 0 })).data.total).toBe(await pend());
    expect((await list(hd, { keyword: '东门' })).data.lists.map((x: { id: number }) => x.id)).toContain(id);
    expect((await list(hd, { keyword: '不存在的名字' })).data.total).toBe(0);
    expect((await list(hd, { keyword: '%' })).data.total).toBe(0);
    expect((await list(hd, { brandId: HB })).data.lists.map((x: { id: number }) => x.id)).not.toContain(id);
    expect((await list(hd, { startTime: '2000-01-01', endTime: '2000-01-02' })).data.total).toBe(0);
  });

  it('refuses without a token (401), bad input (400), another area (5002)', async () => {
    const id = await apply(mt1, '五道口站');
    const anon = new Client(t.app);
    expect((await anon.get('/api/miApp/siteApply/list')).body.code).toBe(401);
    expect((await anon.post('/api/miApp/siteApply/approve', { id })).body.code).toBe(401);
    expect((await anon.post('/api/miApp/siteApply/reject', { id, reason: '不行' })).body.code).toBe(401);
    expect((await download(null)).json.code).toBe(401);
    expect((await list(hd, { state: 5 })).code).toBe(400);
    expect((await list(hd, { startTime: 'yesterday' })).code).toBe(400);
    expect((await hd.post('/api/miApp/siteApply/reject', { id, reason: '' })).body.code).toBe(400);
    const blank = await hd.post('/api/miApp/siteApply/reject', { id, reason: '   ' });
    expect(blank.body).toMatchObject({ code: 400, message: '请填写驳回理由（会告知申请人）' });
    expect((await hd.post('/api/miApp/siteApply/approve', { id: 'x' })).body.code).toBe(400);
    expect((await hd.post('/api/miApp/siteApply/approve', { id: 99_999_999 })).body).toMatchObject({ code: 400, message: '站点申请不存在，请刷新列表' });
    // a site the sites page would refuse: nothing is built, the application stays pending
    const sites = (await t.database.query<{ n: number }>('select count(*)::int as n from sites'))[0].n;
    const bad = await hd.post('/api/miApp/siteApply/approve', { id, dispatchThresholdLess: 90, dispatchThresholdMore: 10 });
    expect(bad.body.code).toBe(400);
    expect(bad.body.message).toContain('偏少阈值');
    expect((await hd.post('/api/miApp/siteApply/approve', { id, siteName: '   ' })).body.code).toBe(400);
    expect((await t.database.query<{ n: number }>('select count(*)::int as n from sites'))[0].n).toBe(sites);
    expect((await itemOf(id)).state).toBe(0);
    // 朝阳's regulator neither sees nor decides 海淀's
    expect((await list(cy)).data.lists.map((x: { id: number }) => x.id)).not.toContain(id);
    expect((await list(cy, { areaId: HD })).code).toBe(5002);
    expect((await cy.post('/api/miApp/siteApply/approve', { id })).body.code).toBe(5002);
    expect((await cy.post('/api/miApp/siteApply/reject', { id, reason: '越权' })).body.code).toBe(5002);
    expect((await download(cy, { areaId: HD })).json.code).toBe(5002);
    // approving builds a site: 站点编辑 is needed too
    const denied = await noSiteEdit.post('/api/miApp/siteApply/approve', { id });
    expect(denied.body.code).toBe(5002);
    expect(denied.body.message).toContain('站点编辑');
    expect((await itemOf(id)).state).toBe(0);
  });

  it('approves: builds the site (edited first) and marks the application, once; the applicant sees the site', async () => {
    const id = await apply(mt1, '西二旗站');
    const before = await pend();
    const r = await hd.post('/api/miApp/siteApply/approve', { id, siteName: '西二旗地铁站', siteBikeCeiling: 40, length: 30 });
    expect(r.body).toMatchObject({ code: 200, message: '申请已通过，站点已新建' });
    const siteId = r.body.data.siteId as string;
    expect(siteId).toMatch(/^110108\d{7}$/);
    const [site] = await t.database.query<any>('select area_id, site_name, lon, lat, site_bike_ceiling, ble_num, length from sites where id = $1', [siteId]);
    expect(site).toMatchObject({ area_id: HD, site_name: '西二旗地铁站', lon: NEAR.lon, lat: NEAR.lat, site_bike_ceiling: 40, ble_num: 2, length: 30 });
    expect(await pend()).toBe(before - 1);
    expect(await itemOf(id)).toMatchObject({ state: 1, stateName: '已通过', siteId, deciderName: 'hd_apply', rejectReason: null });
    expect((await itemOf(id)).decidedAt).toMatch(/^\d{4}-/);
    // the sites page lists it
    expect((await hd.get('/api/site/', { siteId, pageSize: 10 })).body.data.lists.map((s: { siteId: string }) => s.siteId)).toContain(siteId);
    // decided twice
    for (const again of [await hd.post('/api/miApp/siteApply/approve', { id }), await hd.post('/api/miApp/siteApply/reject', { id, reason: '改主意了' })])
      expect(again.body).toMatchObject({ code: 400, message: '该申请已处理过，请刷新列表' });
    expect(await historyOf(mt1, id)).toMatchObject({ state: '已通过', siteId, note: null });
  });

  it('approves two at once exactly once', async () => {
    const id = await apply(mt1, '上地站');
    const sites = (await t.database.query<{ n: number }>('select count(*)::int as n from sites'))[0].n;
    const both = await Promise.all([hd.post('/api/miApp/siteApply/approve', { id }), hd.post('/api/miApp/siteApply/approve', { id })]);
    expect(both.map((b) => b.body.code).sort()).toEqual([200, 400]);
    expect((await t.database.query<{ n: number }>('select count(*)::int as n from sites'))[0].n).toBe(sites + 1);
  });

  it('rejects with a reason the applicant reads in the field app', async () => {
    const id = await apply(mt1, '知春路站');
    const before = await pend();
    const r = await hd.post('/api/miApp/siteApply/reject', { id, reason: '  距离知春里站不足 50 米  ' });
    expect(r.body).toMatchObject({ code: 200, message: '申请已驳回' });
    expect(await pend()).toBe(before - 1);
    expect(await itemOf(id)).toMatchObject({ state: 2, stateName: '已驳回', rejectReason: '距离知春里站不足 50 米', siteId: null, deciderName: 'hd_apply' });
    expect(await historyOf(mt1, id)).toMatchObject({ title: '知春路站', state: '已驳回', note: '距离知春里站不足 50 米', siteId: null });
  });

  it('keeps an enterprise account to its own applicants', async () => {
    const hbId = await apply(hbApplicant, '哈啰申请站');
    const mtId = await apply(mt1, '美团申请站');
    const own = (await list(entMt)).data.lists as { id: number; brandId: number }[];
    expect(own.map((x) => x.id)).toContain(mtId);
    expect(own.map((x) => x.id)).not.toContain(hbId);
    expect(new Set(own.map((x) => x.brandId))).toEqual(new Set([MT]));
    expect((await list(entMt, { brandId: HB })).code).toBe(5002);
    expect((await entMt.post('/api/miApp/siteApply/reject', { id: hbId, reason: '不是本企业的' })).body.code).toBe(5002);
    expect((await entMt.post('/api/miApp/siteApply/approve', { id: hbId })).body.code).toBe(5002);
    expect((await itemOf(hbId)).state).toBe(0);
    // its own it decides; the regulator sees 哈啰's applicant too
    expect((await entMt.post('/api/miApp/siteApply/reject', { id: mtId, reason: '企业自行撤回' })).body.code).toBe(200);
    expect((await list(hd, { brandId: HB })).data.lists.map((x: { id: number }) => x.id)).toContain(hbId);
    expect((await list(hd, { brandId: HB })).data.lists[0]).toMatchObject({ applicantName: 'hb_apply_27', brandName: '哈啰' });
  });

  it('exports the rejected ones as the list shows them', async () => {
    await hd.post('/api/miApp/siteApply/reject', { id: await apply(hbApplicant, '导出站一'), reason: '容量过大' });
    await hd.post('/api/miApp/siteApply/reject', { id: await apply(mt1, '导出站二'), reason: '位置在绿地内' });
    const expectRows = (items: any[]) =>
      items.map((r) => [
        r.id,
        r.name,
        r.applicantName,
        r.brandName,
        r.areaName,
        r.lon,
        r.lat,
        r.capacity,
        r.piles,
        r.reason,
        r.at,
        r.rejectReason,
        r.deciderName,
        r.decidedAt,
      ]);
    for (const q of [{}, { keyword: '导出' }, { brandId: HB }]) {
      const items = (await list(hd, { ...q, state: 2 })).data.lists;
      expect(items.length).toBeGreaterThan(0);
      const { rows, disposition } = await download(hd, q);
      expect(disposition).toContain("filename*=UTF-8''");
      expect(rows[0]).toEqual([
        '申请ID',
        '站点名称',
        '申请人',
        '企业',
        '区域',
        '经度',
        '纬度',
        '建议容量',
        '建议桩数',
        '申请理由',
        '申请时间',
        '驳回理由',
        '审核人',
        '审核时间',
      ]);
      expect(rows.slice(1)).toEqual(expectRows(items));
    }
    // an enterprise account's export holds its own only
    const ent = await download(entMt);
    expect(ent.rows.slice(1)).toEqual(expectRows((await list(entMt, { state: 2 })).data.lists));
    expect(ent.rows.slice(1).every((r) => r[3] === '美团')).toBe(true);
  });
});
