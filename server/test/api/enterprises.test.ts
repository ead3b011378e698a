/**
 * 企业信息 (issue 14 point 1): enterprise documents as uploads (attached on save, served only to
 * those who may see the enterprise, let go when replaced), the open-API password generated once,
 * the open API opened with the account set here, maintainers, and delete refused while bikes remain.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, adminClient, createTestApp, userClient, type TestContext } from '../support/app.js';
import { DOCX, PDF, PNG, fetchFile, upload } from '../support/uploads.js';

let t: TestContext;
let admin: Client;
let haidian: Client;
let haidian2: Client;
let chaoyang: Client;
let brandId: number;
let generated: string;
let approval: { url: string; file: string };

const base = (over: Record<string, unknown> = {}) => ({
  brandName: '小蓝单车',
  brandOperation: '北京小蓝科技有限公司',
  brandAccount: 'xiaolan_hd',
  brandContactPerson: '李四',
  brandContactMobile: '13912345678',
  brandAddress: '北京市海淀区中关村',
  brandOperationNum: 5,
  launchArea: ['110108'],
  operationAreaId: ['110108'],
  ...over,
});

const doc = async (c: Client, name: string, bytes = PDF) => {
  const r = await upload(t.app, c.token, 'document', name, bytes);
  expect(r.body.code).toBe(200);
  return r.body.data as { url: string; file: string; name: string; type: string };
};
const openApiToken = (account: string, password: string) => t.app.inject({ method: 'POST', url: '/api/open/v1/token', payload: { account, password } });
const owner = async (file: string) =>
  (await t.database.query<{ ownerId: number | null }>('select owner_id as "ownerId" from uploads where file = $1', [file]))[0]?.ownerId;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t.app);
  haidian = await userClient(t.app, admin, { username: 'hd_ent', areaId: '110108' });
  haidian2 = await userClient(t.app, admin, { username: 'hd_ent2', areaId: '110108' });
  chaoyang = await userClient(t.app, admin, { username: 'cy_ent', areaId: '110105' });
});
afterAll(() => t.close());

describe('an enterprise with documents and a generated open-API password', () => {
  it('creates it with its five documents attached and answers the generated password once', async () => {
    approval = await doc(haidian, '政府批文.pdf');
    const other = await doc(haidian, '营业执照.png', PNG);
    const staff = await doc(haidian, '运维人员名单.docx', DOCX);
    const bikes = await doc(haidian, '自行车信息.pdf');
    const r = await haidian.post(
      '/api/company/createEnterprise',
      base({
        generatePassword: true,
        brandApprovalUrl: approval.url,
        otherUrl: other.url,
        maintainPersonUrl: staff.url,
        bicycleUrl: bikes.url,
      }),
    );
    expect(r.body).toMatchObject({ code: 200, message: '企业已新增' });
    brandId = r.body.data.brandId;
    generated = r.body.data.brandPassword;
    expect(generated).toMatch(/^[A-Za-z0-9]{16}$/);
    for (const f of [approval, other, staff, bikes]) expect(await owner(f.file)).toBe(brandId);

    const d = (await haidian.get('/api/company/getEnterpriseInfoById', { brandId })).body.data;
    expect(JSON.stringify(d)).not.toContain(generated);
    expect(d).toMatchObject({ brandApprovalName: '政府批文.pdf', otherName: '营业执照.png', electricVehicleUrl: null });
    expect(d.documents).toEqual([
      { field: 'brandApprovalUrl', label: '政府批准文件', url: approval.url, name: '政府批文.pdf', type: 'application/pdf', size: PDF.length },
      { field: 'otherUrl', label: '其他证明文件', url: other.url, name: '营业执照.png', type: 'image/png', size: PNG.length },
      {
        field: 'maintainPersonUrl',
        label: '运维人员信息',
        url: staff.url,
        name: '运维人员名单.docx',
        type: expect.stringContaining('wordprocessingml'),
        size: DOCX.length,
      },
      { field: 'bicycleUrl', label: '自行车信息', url: bikes.url, name: '自行车信息.pdf', type: 'application/pdf', size: PDF.length },
    ]);
    // the spec's warning for the missing one
    expect((await haidian.get('/api/company/getEnterpriseInfoById', { brandId, type: 3 })).body).toMatchObject({ code: 400, message: '电动车信息不存在！' });
    expect((await haidian.get('/api/company/getEnterpriseInfoById', { brandId, type: 1 })).body.code).toBe(200);
    // the password is stored hashed only
    const [row] = await t.database.query<{ hash: string }>('select brand_password_hash as hash from brands where id = $1', [brandId]);
    expect(row.hash).toMatch(/^scrypt\$/);
    expect(row.hash).not.toContain(generated);
    const audit = await t.database.query<{ after: unknown }>(`select after from audit_log where route = '/api/company/createEnterprise'`);
    expect(JSON.stringify(audit)).not.toContain(generated);
  });

  it('opens the open API with the account and the generated password set on this screen', async () => {
    const res = await openApiToken('xiaolan_hd', generated);
    expect(res.statusCode).toBe(200);
    const token = res.json().data.token as string;
    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/open/v1/bikes',
      payload: { items: [{ bikeId: 'XL0001', bikeType: 0 }] },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(filed.statusCode).toBe(200);
    expect(await t.database.query('select brand_id from bikes where bike_id = $1', ['XL0001'])).toEqual([{ brand_id: brandId }]);
    expect((await openApiToken('xiaolan_hd', 'wrong-pass-1')).statusCode).toBe(401);
    // a password typed on the edit form replaces it: the old one no longer opens the API
    expect((await haidian.post('/api/company/createEnterprise', { brandId, brandPassword: 'Xiaolan2025' })).body).toMatchObject({
      code: 200,
      data: { brandId },
    });
    expect((await openApiToken('xiaolan_hd', generated)).statusCode).toBe(401);
    expect((await openApiToken('xiaolan_hd', 'Xiaolan2025')).statusCode).toBe(200);
  });

  it('serves the documents to those who may see the enterprise only', async () => {
    const got = await fetchFile(t.app, haidian2.token, approval.url);
    expect(got.status).toBe(200);
    expect(got.type).toContain('application/pdf');
    expect(got.bytes.equals(PDF)).toBe(true);
    expect((await fetchFile(t.app, admin.token, approval.url)).status).toBe(200);
    expect((await fetchFile(t.app, chaoyang.token, approval.url)).status).toBe(403);
    expect((await fetchFile(t.app, null, approval.url)).status).toBe(401);
    const noPerm = await userClient(t.app, admin, { username: 'hd_ent_sup', areaId: '110108', roleIds: [32] });
    // a supervisor (big screen only) still reads it through the enterprise dialog's documents
    expect((await fetchFile(t.app, noPerm.token, approval.url)).status).toBe(200);
    const role = await admin.post('/api/role/add', { roleName: '只看预警', permissionIds: [] }, { selfAreaId: '110108' });
    const bare = await userClient(t.app, admin, { username: 'hd_ent_bare', areaId: '110108', roleIds: [role.body.data.id] });
    expect((await fetchFile(t.app, bare.token, approval.url)).status).toBe(403);
  });

  it('replaces a document: the new one is attached, the old one let go (its uploader alone reads it)', async () => {
    const fresh = await doc(haidian2, '新批文.pdf');
    const r = await haidian2.post('/api/company/createEnterprise', { brandId, brandApprovalUrl: fresh.url });
    expect(r.body.code).toBe(200);
    expect(await owner(fresh.file)).toBe(brandId);
    expect(await owner(approval.file)).toBeNull();
    expect((await fetchFile(t.app, haidian2.token, approval.url)).status).toBe(403);
    expect((await fetchFile(t.app, haidian.token, approval.url)).status).toBe(200);
    const d = (await haidian.get('/api/company/getEnterpriseInfoById', { brandId })).body.data;
    expect(d).toMatchObject({ brandApprovalUrl: fresh.url, brandApprovalName: '新批文.pdf' });
    // clearing one lets it go too
    const [{ otherUrl }] = await t.database.query<{ otherUrl: string }>('select other_url as "otherUrl" from brands where id = $1', [brandId]);
    expect((await haidian.post('/api/company/createEnterprise', { brandId, otherUrl: '' })).body.code).toBe(200);
    expect(await owner(otherUrl.slice('/uploads/'.length))).toBeNull();
    expect((await haidian.get('/api/company/getEnterpriseInfoById', { brandId })).body.data).toMatchObject({ otherUrl: null, otherName: null });
  });

  it('refuses a document that is not an upload of the editor, naming the field', async () => {
    expect((await haidian.post('/api/company/createEnterprise', { brandId, bicycleUrl: '/uploads/../../etc/passwd' })).body).toMatchObject({
      code: 400,
      message: '参数 bicycleUrl 不是可用的上传文件，请重新上传',
    });
    const theirs = await doc(chaoyang, '朝阳文件.pdf');
    expect((await haidian.post('/api/company/createEnterprise', { brandId, electricVehicleUrl: theirs.url })).body).toMatchObject({
      code: 400,
      message: '参数 electricVehicleUrl 不是可用的上传文件，请重新上传',
    });
    const notice = (await upload(t.app, haidian.token, 'notice', '通知.pdf', PDF)).body.data;
    expect((await haidian.post('/api/company/createEnterprise', { brandId, electricVehicleUrl: notice.url })).body.message).toBe(
      '参数 electricVehicleUrl 不是可用的上传文件，请重新上传',
    );
    expect(await owner(theirs.file)).toBeNull();
    // nothing of a refused create is written
    const before = (await t.database.query<{ n: number }>('select count(*)::int as n from brands')).at(0)!.n;
    const bad = await haidian.post('/api/company/createEnterprise', base({ brandAccount: 'xl_bad', brandPassword: 'Abc12345', otherUrl: 'x.pdf' }));
    expect(bad.body).toMatchObject({ code: 400, message: '参数 otherUrl 不是可用的上传文件，请重新上传' });
    expect((await t.database.query<{ n: number }>('select count(*)::int as n from brands')).at(0)!.n).toBe(before);
  });

  it('keeps another district out: its documents, its edits', async () => {
    expect((await chaoyang.post('/api/company/createEnterprise', { brandId, brandName: '改名' })).body.code).toBe(5002);
    expect((await chaoyang.get('/api/company/getEnterpriseInfoById', { brandId })).body.code).toBe(5002);
    expect((await new Client(t.app).post('/api/company/createEnterprise', base({ brandAccount: 'anon' }))).body.code).toBe(401);
  });
});

describe('maintainers', () => {
  let id: number;
  it('adds, lists (phone masked), edits (blank phone unchanged) and deletes a maintainer', async () => {
    const add = await haidian.post('/api/company/saveMaintainer', { brandId, maintainName: '王五', maintainPhone: '13700001111', manageArea: '110108' });
    expect(add.body).toMatchObject({ code: 200, message: '运维人员已新增' });
    id = add.body.data.id;
    await haidian.post('/api/company/saveMaintainer', { brandId, maintainName: '赵六', maintainPhone: '13700002222', manageArea: '110108' });
    const list = await haidian.get('/api/company/getMaintainerList', { brandId, currentPage: 1, pageSize: 10 });
    expect(list.body.data.total).toBe(2);
    expect(list.body.data.lists[0]).toEqual({
      id,
      brandId,
      brandName: '小蓝单车',
      maintainName: '王五',
      maintainPhone: '137****1111',
      manageArea: '110108',
      manageAreaText: '海淀区',
    });
    expect(JSON.stringify(list.body)).not.toContain('13700001111');
    expect((await haidian.get('/api/company/getMaintainerList', { brandId, maintainName: '赵' })).body.data.total).toBe(1);
    const edit = await haidian.post('/api/company/saveMaintainer', { id, brandId, maintainName: '王五一', maintainPhone: '', manageArea: '110108' });
    expect(edit.body).toMatchObject({ code: 200, message: '运维人员已保存' });
    const [row] = await t.database.query<{ name: string; phone: string }>(
      'select maintain_name as name, maintain_phone as phone from maintainers where id = $1',
      [id],
    );
    expect(row).toEqual({ name: '王五一', phone: '13700001111' });
    expect((await haidian.del('/api/company/deleteMaintainer', { brandId, id })).body).toMatchObject({ code: 200, message: '运维人员已删除' });
    expect((await haidian.get('/api/company/getMaintainerList', { brandId })).body.data.total).toBe(1);
  });

  it('rejects bad input with the field named', async () => {
    const save = (over: Record<string, unknown>) =>
      haidian.post('/api/company/saveMaintainer', { brandId, maintainName: '钱七', maintainPhone: '13700003333', manageArea: '110108', ...over });
    expect((await save({ maintainPhone: '12345' })).body.message).toBe('参数 maintainPhone 格式不正确，请填写 11 位手机号');
    expect((await save({ maintainPhone: undefined })).body.message).toBe('缺少参数 maintainPhone，请填写运维人员手机号');
    expect((await save({ maintainName: '  ' })).body.message).toBe('参数 maintainName 不能为空，请填写运维人员姓名');
    expect((await save({ maintainPhone: '13700002222' })).body.message).toBe('该企业已有手机号为 137****2222 的运维人员');
    expect((await save({ manageArea: '999999' })).body.message).toBe('参数 manageArea 对应的区域 999999 不存在，请重新选择');
    // a district the enterprise is not in
    const parent = await userClient(t.app, admin, { username: 'bj_ent', areaId: '110100' });
    expect(
      (await parent.post('/api/company/saveMaintainer', { brandId, maintainName: '钱七', maintainPhone: '13700003333', manageArea: '110105' })).body.message,
    ).toBe('参数 manageArea 不在该企业的登记、投放或运营区域内，请重新选择');
    expect((await save({ id: 99999 })).body.message).toBe('运维人员不存在，请刷新后重试');
    expect((await haidian.del('/api/company/deleteMaintainer', { brandId, id: 99999 })).body.message).toBe('运维人员不存在，请刷新后重试');
  });

  it('keeps another district, a caller without token and one without the permission out', async () => {
    const [{ id: mid }] = await t.database.query<{ id: number }>('select id from maintainers where brand_id = $1', [brandId]);
    expect((await chaoyang.get('/api/company/getMaintainerList', { brandId })).body.code).toBe(5002);
    expect((await chaoyang.post('/api/company/saveMaintainer', { id: mid, brandId, maintainName: 'x', manageArea: '110108' })).body.code).toBe(5002);
    expect((await chaoyang.del('/api/company/deleteMaintainer', { brandId, id: mid })).body.code).toBe(5002);
    // chaoyang's own enterprise cannot be used to reach haidian's maintainer
    const cy = await chaoyang.post(
      '/api/company/createEnterprise',
      base({ brandName: '朝阳单车', brandAccount: 'cy_ent', brandPassword: 'Chaoyang1', launchArea: [], operationAreaId: [] }),
    );
    expect((await chaoyang.del('/api/company/deleteMaintainer', { brandId: cy.body.data.brandId, id: mid })).body.message).toBe('运维人员不存在，请刷新后重试');
    const anon = new Client(t.app);
    expect((await anon.get('/api/company/getMaintainerList', { brandId })).body.code).toBe(401);
    expect((await anon.post('/api/company/saveMaintainer', { brandId, maintainName: 'x', maintainPhone: '13700004444', manageArea: '110108' })).body.code).toBe(
      401,
    );
    const viewer = await userClient(t.app, admin, { username: 'hd_ent_view', areaId: '110108', roleIds: [32] });
    expect((await viewer.get('/api/company/getMaintainerList', { brandId })).body.code).toBe(5002);
    expect(
      (await viewer.post('/api/company/saveMaintainer', { brandId, maintainName: 'x', maintainPhone: '13700004444', manageArea: '110108' })).body.code,
    ).toBe(5002);
    expect((await viewer.del('/api/company/deleteMaintainer', { brandId, id: mid })).body.code).toBe(5002);
    expect(await t.database.query('select maintain_name from maintainers where id = $1', [mid])).toEqual([{ maintain_name: '赵六' }]);
  });
});

describe('deleting an enterprise with bikes', () => {
  it('is refused saying how many, until its filings are withdrawn', async () => {
    await t.database.query(
      `insert into bikes (bike_id, brand_id, bike_type) select 'XLB' || lpad(g::text, 5, '0'), $1, (g % 2) from generate_series(1, 1233) g`,
      [brandId],
    );
    const refused = await haidian.del('/api/company/deleteEnterprise', { brandId });
    expect(refused.body).toMatchObject({ code: 400, message: '该企业还有 1,234 辆车，不能删除：请先撤销这些车辆的备案' });
    expect(await t.database.query('select deleted_at from brands where id = $1', [brandId])).toEqual([{ deleted_at: null }]);
    await t.database.query('update bikes set withdrawn_at = now() where brand_id = $1', [brandId]);
    expect((await haidian.del('/api/company/deleteEnterprise', { brandId })).body).toMatchObject({ code: 200, message: '企业已删除' });
    // its documents are no longer served, its maintainers not listed
    const [{ url }] = await t.database.query<{ url: string }>('select brand_approval_url as url from brands where id = $1', [brandId]);
    expect((await fetchFile(t.app, haidian.token, url)).status).toBe(403);
    expect((await haidian.get('/api/company/getMaintainerList', { brandId })).body.message).toBe('企业信息不存在！');
  });
});
