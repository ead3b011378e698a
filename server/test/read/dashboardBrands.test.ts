/**
 * What an enterprise (brand-bound) user sees of other brands on the home screen (issue 16, finding 5):
 * counts of every brand, yes; another brand's record (account, contacts, documents), no.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, type TestContext } from '../support/app.js';
import { HD, SITES, buildReadWorld, type ReadWorld } from '../support/readWorld.js';

let t: TestContext;
let w: ReadWorld;
/** 企业用户 of 110108 bound to 美团. */
let mtStaff: Client;

beforeAll(async () => {
  t = await createTestApp({ OFFSITE_MINUTES: '1' });
  w = await buildReadWorld(t);
  const r = await w.admin.post('/api/user/add', {
    username: 'mt_staff',
    password: 'Passw0rd1',
    name: '美团员工',
    areaId: HD,
    roleIds: [3],
    userLevel: 1,
    brandId: w.brandIds.mt,
  });
  expect(r.body.code).toBe(200);
  mtStaff = new Client(t.app);
  await mtStaff.login('mt_staff', 'Passw0rd1');
});
afterAll(() => t.close());

describe('a brand-bound user on the home screen', () => {
  it('reads its own enterprise record', async () => {
    const r = await mtStaff.get('/api/dashboard/brandInfo', { selfAreaId: HD, brandId: w.brandIds.mt });
    expect(r.body.code).toBe(200);
    expect(r.body.data).toMatchObject({ brandId: w.brandIds.mt, brandName: '美团', brandAccount: 'mt' });
  });

  it('is refused another brand’s record: no account, no contacts', async () => {
    const r = await mtStaff.get('/api/dashboard/brandInfo', { selfAreaId: HD, brandId: w.brandIds.hb });
    expect(r.body).toMatchObject({ code: 5002, message: '无权查看该企业的信息' });
    expect(r.body.data ?? null).toBeNull();
    expect(JSON.stringify(r.body)).not.toContain('哈啰');
    // the same answer as the enterprise pages give
    expect((await mtStaff.get('/api/company/getEnterpriseInfoById', { brandId: w.brandIds.hb })).body.code).toBe(5002);
    // a brand that does not exist is still "missing", not "refused"
    expect((await mtStaff.get('/api/dashboard/brandInfo', { selfAreaId: HD, brandId: 9999 })).body).toMatchObject({
      code: 400,
      message: '企业信息不存在！',
    });
  });

  it('an unbound district user still reads every brand of the district', async () => {
    const r = await w.hd.get('/api/dashboard/brandInfo', { selfAreaId: HD, brandId: w.brandIds.hb });
    expect(r.body.code).toBe(200);
    expect(r.body.data).toMatchObject({ brandId: w.brandIds.hb, brandAccount: 'hb' });
  });

  it('sees only its own enterprise’s counts on the big screen, the sites’ totals whole (issue 26)', async () => {
    const counts = (await mtStaff.get('/api/dashboard/brandBike', { selfAreaId: HD })).body.data as {
      brandId: number;
    }[];
    expect(counts.map((c) => c.brandId)).toEqual([w.brandIds.mt]);
    // another enterprise's distribution: refused; its own: answered
    const other = await mtStaff.get('/api/dashboard/brandOnlineBike', { selfAreaId: HD, brandId: w.brandIds.hb, pageSize: 10 });
    expect(other.body.code).toBe(5002);
    expect((await mtStaff.get('/api/dashboard/brandOnlineBike', { selfAreaId: HD, brandId: w.brandIds.mt, pageSize: 10 })).body.code).toBe(200);
    // a site of 哈啰's e-bikes: the total stays, the per-enterprise list is the account's own (none)
    const site = await mtStaff.get('/api/dashboard/getSite', { selfAreaId: HD, siteId: SITES.H4.id, flowMapType: 1 });
    expect(site.body.data.brandEBike).toEqual([]);
    const regulator = await w.hd.get('/api/dashboard/getSite', { selfAreaId: HD, siteId: SITES.H4.id, flowMapType: 1 });
    expect(regulator.body.data.brandEBike).toEqual([expect.objectContaining({ brandId: w.brandIds.hb, siteNum: 2 })]);
    expect(site.body.data.currentNum).toBe(regulator.body.data.currentNum);
  });

  it('answers code 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/dashboard/brandInfo?brandId=${w.brandIds.hb}` });
    expect(res.json()).toMatchObject({ code: 401 });
  });
});
