import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, adminClient, createTestApp, userClient, type TestContext } from '../support/app.js';
import { exportSheet } from '../support/sheets.js';
import { PDF, upload } from '../support/uploads.js';

let t: TestContext;
let admin: Client;
let haidian: Client;
let chaoyang: Client;
let beijing: Client;
let hdBrand: number;
let cityBrand: number;
let cyBrand: number;
let approvalUrl: string;
let bikesUrl: string;
const XLSX = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('....[Content_Types].xml....xl/workbook.xml....')]);

const enterprise = (over: Record<string, unknown> = {}) => ({
  brandName: '青桔单车',
  brandOperation: '北京青桔科技有限公司',
  brandAccount: 'qingju_hd',
  brandPassword: 'Qingju2024',
  brandContactPerson: '张三',
  brandContactMobile: '13800138000',
  brandAddress: '北京市海淀区',
  brandOperationNum: 12,
  launchArea: ['110108'],
  operationAreaId: '110108',
  bikeColor: '#00c853',
  ebikeColor: '#2962ff',
  ...over,
});

async function brandRow(id: number) {
  const [row] = await t.database.query<Record<string, unknown>>(
    `select brand_name as "brandName", brand_account as "brandAccount", brand_password_hash as "hash",
            operation_area_id as "operationAreaId", deleted_at as "deletedAt" from brands where id = $1`,
    [id],
  );
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t.app);
  haidian = await userClient(t.app, admin, { username: 'hd_company', areaId: '110108' });
  chaoyang = await userClient(t.app, admin, { username: 'cy_company', areaId: '110105' });
  beijing = await userClient(t.app, admin, { username: 'bj_company', areaId: '110100' });
});
afterAll(() => t.close());

describe('enterprises', () => {
  it('creates enterprises and lists those registered or operating in the area, never the password', async () => {
    // documents are uploads of the editor (purpose document), attached to the enterprise on save
    approvalUrl = (await upload(t.app, haidian.token, 'document', '批准文件.pdf', PDF)).body.data.url;
    bikesUrl = (await upload(t.app, haidian.token, 'document', 'bikes.xlsx', XLSX)).body.data.url;
    const a = await haidian.post(
      '/api/company/createEnterprise',
      enterprise({ brandApprovalUrl: approvalUrl, brandApprovalName: '批准文件.pdf', bicycleUrl: bikesUrl }),
    );
    expect(a.body).toMatchObject({ code: 200, message: '企业已新增' });
    hdBrand = a.body.data.brandId;
    cityBrand = (
      await beijing.post(
        '/api/company/createEnterprise',
        enterprise({ brandName: '美团单车', brandAccount: 'meituan', launchArea: [], operationAreaId: ['110105', '110108'] }),
      )
    ).body.data.brandId;
    cyBrand = (
      await chaoyang.post(
        '/api/company/createEnterprise',
        enterprise({ brandName: '哈啰单车', brandAccount: 'hellobike', launchArea: '110105', operationAreaId: [] }),
      )
    ).body.data.brandId;
    // filed bikes by type; a withdrawn filing does not count
    await t.database.query(
      `insert into bikes (bike_id, brand_id, bike_type, withdrawn_at) values
         ('B1', $1, 0, null), ('B2', $1, 0, null), ('B3', $1, 1, null), ('B4', $1, 0, now()), ('B5', $2, 0, null)`,
      [hdBrand, cyBrand],
    );
    const list = await haidian.get('/api/company/getEnterpriseList', { currentPage: 1, pageSize: 10 });
    expect(list.body.data.total).toBe(2);
    const mine = list.body.data.lists.find((b: { brandId: number }) => b.brandId === hdBrand);
    expect(mine).toEqual({
      brandId: hdBrand,
      brandName: '青桔单车',
      brandOperation: '北京青桔科技有限公司',
      brandAccount: 'qingju_hd',
      brandContactPerson: '张三',
      brandContactMobile: '13800138000',
      brandAddress: '北京市海淀区',
      brandOperationNum: 12,
      brandBikeNum: 2,
      brandEBikeNum: 1,
      areaId: '110108',
      areaIdText: '海淀区',
      launchArea: ['110108'],
      launchAreaText: '海淀区',
      operationAreaId: ['110108'],
      operationAreaIdText: '海淀区',
      brandApprovalUrl: approvalUrl,
      brandApprovalName: '批准文件.pdf',
      otherUrl: null,
      otherName: null,
      bikeColor: '#00c853',
      ebikeColor: '#2962ff',
      createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    expect(list.body.data.lists.find((b: { brandId: number }) => b.brandId === cityBrand).operationAreaIdText).toBe('朝阳区、海淀区');
    expect(JSON.stringify(list.body)).not.toMatch(/password|scrypt/i);
    expect((await chaoyang.get('/api/company/getEnterpriseList')).body.data.lists.map((b: { brandId: number }) => b.brandId).sort()).toEqual(
      [cityBrand, cyBrand].sort(),
    );
    expect((await haidian.get('/api/company/getEnterpriseList', { brandName: '青桔' })).body.data.total).toBe(1);
    expect((await haidian.get('/api/company/getEnterpriseList', { currentPage: 2, pageSize: 1 })).body.data.lists).toHaveLength(1);
    expect((await brandRow(hdBrand)).hash).toMatch(/^scrypt\$/);
  });

  it('answers the detail with documents and quotas; missing → 企业信息不存在！', async () => {
    const d = await haidian.get('/api/company/getEnterpriseInfoById', { brandId: hdBrand });
    expect(d.body.data).toMatchObject({
      brandId: hdBrand,
      areaId: '110108',
      operationAreaId: ['110108'],
      launchArea: ['110108'],
      maintainPersonUrl: null,
      bicycleUrl: bikesUrl,
      electricVehicleUrl: null,
      quotas: [],
    });
    expect(JSON.stringify(d.body)).not.toMatch(/password|scrypt/i);
    expect((await haidian.get('/api/company/getBrandInfoById', { brandId: cityBrand })).body.data.brandName).toBe('美团单车');
    expect((await haidian.get('/api/company/getEnterpriseInfoById', { brandId: hdBrand, type: 2 })).body.code).toBe(200);
    expect((await haidian.get('/api/company/getEnterpriseInfoById', { brandId: hdBrand, type: 1 })).body).toMatchObject({
      code: 400,
      message: '运维人员信息不存在！',
    });
    expect((await haidian.get('/api/company/getEnterpriseInfoById', { brandId: hdBrand, type: 3 })).body.message).toBe('电动车信息不存在！');
    expect((await haidian.get('/api/company/getEnterpriseInfoById', { brandId: 99999 })).body).toEqual({ code: 400, message: '企业信息不存在！', data: null });
    expect((await haidian.get('/api/company/getEnterpriseInfoById', {})).body.message).toBe('缺少参数 brandId，请填写后重试');
  });

  it('updates an enterprise: blank password keeps it, a new one replaces it and ends API sessions', async () => {
    const before = await brandRow(hdBrand);
    await t.database.query(`insert into api_sessions (token_hash, brand_id, expires_at) values ('tok1', $1, now() + interval '1 hour')`, [hdBrand]);
    const r = await haidian.post('/api/company/createEnterprise', { brandId: hdBrand, brandName: '青桔', brandPassword: '', brandContactPerson: '' });
    expect(r.body).toMatchObject({ code: 200, message: '企业信息已保存', data: { brandId: hdBrand } });
    const kept = await brandRow(hdBrand);
    expect(kept).toMatchObject({ brandName: '青桔', hash: before.hash });
    expect(await t.database.query('select 1 from api_sessions where brand_id = $1', [hdBrand])).toHaveLength(1);
    expect((await haidian.post('/api/company/createEnterprise', { brandId: hdBrand, brandPassword: 'NewPass2025' })).body.code).toBe(200);
    expect((await brandRow(hdBrand)).hash).not.toBe(before.hash);
    expect(await t.database.query('select 1 from api_sessions where brand_id = $1', [hdBrand])).toEqual([]);
    expect((await haidian.get('/api/company/getEnterpriseInfoById', { brandId: hdBrand })).body.data.brandContactPerson).toBeNull();
  });

  it('rejects bad input with the field named', async () => {
    const post = (over: Record<string, unknown>) => haidian.post('/api/company/createEnterprise', enterprise({ brandAccount: 'new_acct', ...over }));
    expect((await post({ brandAccount: 'qingju_hd' })).body).toMatchObject({ code: 400, message: '企业账号已被其他企业使用，请换一个' });
    expect((await post({ brandPassword: undefined })).body.message).toBe('缺少参数 brandPassword，请填写后重试');
    expect((await post({ brandPassword: 'short1' })).body.message).toBe('参数 brandPassword 至少 8 位，请重新填写');
    expect((await post({ brandPassword: 'onlyletters' })).body.message).toBe('参数 brandPassword 需同时包含字母和数字');
    expect((await post({ bikeColor: 'green' })).body.message).toBe('参数 bikeColor 格式不正确');
    expect((await post({ brandContactMobile: '123' })).body.message).toBe('参数 brandContactMobile 格式不正确');
    expect((await post({ brandName: '' })).body.message).toBe('参数 brandName 不能为空');
    expect((await post({ brandAccount: 'a b' })).body.message).toBe('参数 brandAccount 格式不正确');
    expect((await post({ launchArea: ['999999'] })).body.message).toBe('参数 launchArea 中的区域 999999 不存在，请重新选择');
    expect((await post({ operationAreaId: '110108,abc' })).body.code).toBe(400);
    expect((await haidian.post('/api/company/createEnterprise', { brandId: hdBrand, brandAccount: 'meituan' })).body.message).toBe(
      '企业账号已被其他企业使用，请换一个',
    );
    expect((await haidian.post('/api/company/createEnterprise', { brandId: 99999, brandName: 'x' })).body.message).toBe('企业信息不存在！');
  });

  it("keeps another district's enterprises out of reach and unchanged", async () => {
    const before = await brandRow(hdBrand);
    expect((await chaoyang.get('/api/company/getEnterpriseInfoById', { brandId: hdBrand })).body.code).toBe(5002);
    expect((await chaoyang.get('/api/company/getBrandInfoById', { brandId: hdBrand })).body.code).toBe(5002);
    expect((await chaoyang.post('/api/company/createEnterprise', { brandId: hdBrand, brandName: '改名' })).body.code).toBe(5002);
    expect((await chaoyang.del('/api/company/deleteEnterprise', { brandId: hdBrand })).body.code).toBe(5002);
    // readable (it operates in 朝阳) but registered by the city: not theirs to change
    expect((await chaoyang.get('/api/company/getEnterpriseInfoById', { brandId: cityBrand })).body.code).toBe(200);
    expect((await chaoyang.post('/api/company/createEnterprise', { brandId: cityBrand, brandName: '改名' })).body.code).toBe(5002);
    // nor may a district add another district to its own enterprise
    expect((await chaoyang.post('/api/company/createEnterprise', { brandId: cyBrand, operationAreaId: ['110105', '110108'] })).body.code).toBe(5002);
    expect((await chaoyang.post('/api/company/createEnterprise', enterprise({ brandAccount: 'cy_sneak', areaId: '110108' }))).body.code).toBe(5002);
    expect((await chaoyang.get('/api/company/getEnterpriseList', { selfAreaId: '110108' })).body.code).toBe(5002);
    expect(await brandRow(hdBrand)).toEqual(before);
    expect((await brandRow(cityBrand)).brandName).toBe('美团单车');
    expect((await brandRow(cyBrand)).operationAreaId).toEqual([]);
  });

  it('limits an enterprise user to their own brand', async () => {
    const r = await admin.post('/api/user/add', {
      username: 'qj_staff',
      password: 'Passw0rd1',
      name: '青桔员工',
      areaId: '110108',
      roleIds: [3],
      userLevel: 1,
      brandId: cityBrand,
    });
    expect(r.body.code).toBe(200);
    const staff = new Client(t.app);
    await staff.login('qj_staff', 'Passw0rd1');
    expect((await staff.get('/api/company/getEnterpriseList')).body.data.lists.map((b: { brandId: number }) => b.brandId)).toEqual([cityBrand]);
    expect((await staff.get('/api/company/getEnterpriseInfoById', { brandId: hdBrand })).body.code).toBe(5002);
    expect((await staff.post('/api/company/createEnterprise', { brandId: cityBrand, brandName: 'x' })).body.code).toBe(5002);
  });
});

describe('quotas', () => {
  it('sets and reads approved quantities per brand and area', async () => {
    const set = await haidian.post('/api/company/setAreaQuota', { brandId: hdBrand, areaId: '110108', bikeQuota: 5000, ebikeQuota: 800 });
    expect(set.body).toMatchObject({ code: 200, message: '核准数量已保存' });
    await haidian.post('/api/company/setAreaQuota', { brandId: cityBrand, areaId: '110108', bikeQuota: 3000, ebikeQuota: 0 });
    await haidian.post('/api/company/setAreaQuota', { brandId: hdBrand, areaId: '110108', bikeQuota: 5200, ebikeQuota: 800 });
    const q = await haidian.get('/api/company/getAreaQuota', { brandId: hdBrand });
    expect(q.body.data).toEqual({
      lists: [{ brandId: hdBrand, brandName: '青桔', areaId: '110108', areaName: '海淀区', bikeQuota: 5200, ebikeQuota: 800, updateTime: expect.any(String) }],
      total: 1,
    });
    expect((await haidian.get('/api/company/getAreaQuota')).body.data.total).toBe(2);
    expect((await haidian.get('/api/company/getEnterpriseInfoById', { brandId: hdBrand })).body.data.quotas).toHaveLength(1);
    expect((await haidian.post('/api/company/setAreaQuota', { brandId: hdBrand, areaId: '110108', bikeQuota: -1, ebikeQuota: 0 })).body.message).toBe(
      '参数 bikeQuota 不能小于 0',
    );
    expect((await haidian.post('/api/company/setAreaQuota', { brandId: hdBrand, areaId: '110108', bikeQuota: 1 })).body.message).toBe(
      '缺少参数 ebikeQuota，请填写后重试',
    );
    // another district: not its area, and not an enterprise it can read
    expect((await chaoyang.post('/api/company/setAreaQuota', { brandId: hdBrand, areaId: '110108', bikeQuota: 1, ebikeQuota: 1 })).body.code).toBe(5002);
    expect((await chaoyang.post('/api/company/setAreaQuota', { brandId: hdBrand, areaId: '110105', bikeQuota: 1, ebikeQuota: 1 })).body.code).toBe(5002);
    expect((await chaoyang.get('/api/company/getAreaQuota')).body.data.total).toBe(0);
    const [row] = await t.database.query('select bike_quota as "bikeQuota" from brand_quotas where brand_id = $1', [hdBrand]);
    expect(row).toEqual({ bikeQuota: 5200 });
  });
});

describe('sync logs and ride orders', () => {
  beforeAll(async () => {
    await t.database.query(
      `insert into sync_logs (kind, brand_id, endpoint, at, item_count, accepted, rejected, result, detail, duration_ms) values
         ('request', $1, 'POST /orders', '2024-05-01T02:00:00Z', 10, 10, 0, 'ok', null, 12),
         ('request', $1, 'POST /orders', '2024-05-01T03:00:00Z', 10, 8, 2, 'partial', '{"rejected":[{"index":1,"reason":"缺少 bikeId"}]}', 20),
         ('request', $2, 'POST /orders', '2024-05-01T03:00:00Z', 5, 0, 5, 'failed', null, 7),
         ('bike', $1, 'POST /bikes', '2024-05-01T04:00:00Z', 3, 3, 0, 'ok', null, 5),
         ('site', $1, 'GET /sites', '2024-05-01T05:00:00Z', 0, 0, 0, 'ok', null, 3),
         ('dispatch', $1, 'POST /dispatch', '2024-05-01T06:00:00Z', 1, 1, 0, 'ok', null, 4)`,
      [hdBrand, cyBrand],
    );
    await t.database.query(
      `insert into ride_orders (brand_id, order_id, bike_id, bike_type, area_id, rent_at, rent_lon, rent_lat, rent_site_id,
                                return_at, return_lon, return_lat, return_site_id, fee, out_site_return, full_return) values
         ($1, 'O-1', 'B1', 0, '110108', '2024-05-01T02:00:00Z', 116.30, 39.98, null, '2024-05-01T02:17:40Z', 116.31, 39.99, null, 150, true, false),
         ($1, 'O-2', 'B2', 0, '110108', '2024-05-02T02:00:00Z', 116.30, 39.98, null, null, null, null, null, null, false, false),
         ($2, 'O-3', 'B5', 0, '110105', '2024-05-01T02:00:00Z', 116.45, 39.92, null, null, null, null, null, null, false, false)`,
      [hdBrand, cyBrand],
    );
  });

  it('lists sync logs of visible enterprises by kind, result and time', async () => {
    const r = await haidian.get('/api/company/getRequestSyncList', { currentPage: 1, pageSize: 10 });
    expect(r.body.data.total).toBe(2);
    expect(r.body.data.lists[0]).toEqual({
      id: expect.any(Number),
      brandId: hdBrand,
      brandName: '青桔',
      endpoint: 'POST /orders',
      time: '2024-05-01 11:00:00',
      itemCount: 10,
      accepted: 8,
      rejected: 2,
      result: 'partial',
      resultText: '部分成功',
      detail: { rejected: [{ index: 1, reason: '缺少 bikeId' }] },
      durationMs: 20,
    });
    expect((await haidian.get('/api/company/getRequestSyncList', { result: 'ok' })).body.data.lists[0].resultText).toBe('成功');
    expect((await haidian.get('/api/company/getRequestSyncList', { startTime: '2024-05-01 10:30:00', endTime: '2024-05-01 11:00:00' })).body.data.total).toBe(
      1,
    );
    expect((await haidian.get('/api/company/getBikeSyncList')).body.data.total).toBe(1);
    expect((await haidian.get('/api/company/getSyncSiteLogList')).body.data.total).toBe(1);
    expect((await haidian.get('/api/company/getDispatchSyncList')).body.data.lists[0].endpoint).toBe('POST /dispatch');
    expect((await chaoyang.get('/api/company/getRequestSyncList')).body.data.lists.map((l: { resultText: string }) => l.resultText)).toEqual(['失败']);
    expect((await haidian.get('/api/company/getRequestSyncList', { startTime: 'yesterday' })).body.message).toBe('参数 startTime 格式应为 yyyy-MM-dd HH:mm:ss');
    expect((await haidian.get('/api/company/getRequestSyncList', { startTime: '2024-05-02 00:00:00', endTime: '2024-05-01 00:00:00' })).body.message).toBe(
      '参数 endTime 不能早于 startTime',
    );
    expect((await haidian.get('/api/company/getRequestSyncList', { result: 'maybe' })).body.message).toBe('参数 result 取值不正确');
  });

  it('exports the sync logs of a kind with the list filters, rejected items one per line', async () => {
    const r = await exportSheet(t.app, {
      method: 'POST',
      url: '/api/company/exportRequestSyncList',
      token: haidian.token,
      payload: { startTime: '2024-05-01 00:00:00' },
    });
    expect(r.status).toBe(200);
    expect(r.disposition).toContain(encodeURIComponent('借还车同步记录.xlsx'));
    expect(r.rows).toEqual([
      ['调用时间', '企业', '接口', '提交条数', '接收条数', '拒绝条数', '结果', '耗时（毫秒）', '拒绝明细'],
      ['2024-05-01 11:00:00', '青桔', 'POST /orders', 10, 8, 2, '部分成功', 20, '第 2 条：缺少 bikeId'],
      ['2024-05-01 10:00:00', '青桔', 'POST /orders', 10, 10, 0, '成功', 12],
    ]);
    const bad = await haidian.post('/api/company/exportBikeSyncList', { startTime: 'yesterday' });
    expect(bad.body.message).toBe('参数 startTime 格式应为 yyyy-MM-dd HH:mm:ss');
    // 朝阳 sees its own enterprise's failed call only
    const cy = await exportSheet(t.app, { method: 'POST', url: '/api/company/exportRequestSyncList', token: chaoyang.token, payload: {} });
    expect(cy.rows).toHaveLength(2);
    expect((await t.app.inject({ method: 'POST', url: '/api/company/exportSyncSiteLogList', payload: {} })).json().code).toBe(401);
  });

  it('lists ride orders in the area with fee in yuan and duration; detail and track', async () => {
    const r = await haidian.get('/api/company/getBikeRideOrderList', { startTime: '2024-05-01 00:00:00', endTime: '2024-05-01 23:59:59' });
    expect(r.body.data).toEqual({
      lists: [
        {
          brandId: hdBrand,
          brandName: '青桔',
          orderId: 'O-1',
          bikeId: 'B1',
          bikeType: 0,
          areaId: '110108',
          areaName: '海淀区',
          rentTime: '2024-05-01 10:00:00',
          rentLon: 116.3,
          rentLat: 39.98,
          rentSiteId: null,
          rentSiteName: null,
          returnTime: '2024-05-01 10:17:40',
          returnLon: 116.31,
          returnLat: 39.99,
          returnSiteId: null,
          returnSiteName: null,
          fee: 150,
          feeYuan: '1.50',
          durationMinutes: 18,
          outSiteReturn: true,
          fullReturn: false,
        },
      ],
      total: 1,
    });
    expect((await haidian.get('/api/company/getBikeRideOrderList')).body.data.total).toBe(2);
    expect((await haidian.get('/api/company/getBikeRideOrderList', { bikeId: 'B2' })).body.data.lists[0].durationMinutes).toBeNull();
    const d = await haidian.get('/api/company/getBikeRideOrderDetail', { brandId: hdBrand, orderId: 'O-1' });
    expect(d.body.data).toMatchObject({ orderId: 'O-1', feeYuan: '1.50' });
    const track = await haidian.get('/api/company/getBikeRideOrderTrack', { brandId: hdBrand, orderId: 'O-1' });
    expect(track.body.data).toEqual([
      { lon: 116.3, lat: 39.98, time: '2024-05-01 10:00:00', kind: 'rent' },
      { lon: 116.31, lat: 39.99, time: '2024-05-01 10:17:40', kind: 'return' },
    ]);
    expect((await haidian.get('/api/company/getBikeRideOrderTrack', { brandId: hdBrand, orderId: 'O-2' })).body.data).toHaveLength(1);
    expect((await haidian.get('/api/company/getBikeRideOrderDetail', { brandId: hdBrand, orderId: 'nope' })).body.message).toBe('骑行订单不存在，请刷新后重试');
    expect((await haidian.get('/api/company/getBikeRideOrderDetail', { brandId: hdBrand })).body.message).toBe('缺少参数 orderId，请填写后重试');
    // another district
    expect((await chaoyang.get('/api/company/getBikeRideOrderList')).body.data.lists.map((o: { orderId: string }) => o.orderId)).toEqual(['O-3']);
    expect((await chaoyang.get('/api/company/getBikeRideOrderDetail', { brandId: hdBrand, orderId: 'O-1' })).body.code).toBe(5002);
    expect((await chaoyang.get('/api/company/getBikeRideOrderTrack', { brandId: hdBrand, orderId: 'O-1' })).body.code).toBe(5002);
  });
});

describe('deleting an enterprise', () => {
  it('soft-deletes it and ends its API sessions', async () => {
    const login = () => t.app.inject({ method: 'POST', url: '/api/open/v1/token', payload: { account: 'qingju_hd', password: 'NewPass2025' } });
    expect((await login()).statusCode).toBe(200);
    await t.database.query(`insert into api_sessions (token_hash, brand_id, expires_at) values ('tok2', $1, now() + interval '1 hour')`, [hdBrand]);
    expect((await haidian.del('/api/company/deleteEnterprise', {})).body.message).toBe('缺少参数 brandId，请选择要删除的企业');
    // refused while it has filed bikes, saying how many; withdrawn filings do not count
    expect((await haidian.del('/api/company/deleteEnterprise', { brandId: hdBrand })).body).toMatchObject({
      code: 400,
      message: '该企业还有 3 辆车，不能删除：请先撤销这些车辆的备案',
    });
    await t.database.query('update bikes set withdrawn_at = now() where brand_id = $1 and withdrawn_at is null', [hdBrand]);
    const r = await haidian.del('/api/company/deleteEnterprise', { brandId: hdBrand });
    expect(r.body).toMatchObject({ code: 200, message: '企业已删除' });
    expect((await brandRow(hdBrand)).deletedAt).not.toBeNull();
    expect(await t.database.query('select 1 from api_sessions where brand_id = $1', [hdBrand])).toEqual([]);
    expect((await login()).statusCode).toBe(401);
    expect((await haidian.get('/api/company/getEnterpriseList')).body.data.lists.map((b: { brandId: number }) => b.brandId)).toEqual([cityBrand]);
    expect((await haidian.get('/api/company/getEnterpriseInfoById', { brandId: hdBrand })).body.message).toBe('企业信息不存在！');
    expect((await haidian.del('/api/company/deleteEnterprise', { brandId: hdBrand })).body.message).toBe('企业信息不存在！');
    // its history stays readable
    expect((await haidian.get('/api/company/getRequestSyncList')).body.data.total).toBe(2);
  });

  it('gives a deleted enterprise’s account to a new one: the old credentials no longer open the API, the new ones do', async () => {
    const token = (account: string, password: string) => t.app.inject({ method: 'POST', url: '/api/open/v1/token', payload: { account, password } });
    // the deleted enterprise's own credentials (they opened the API before the deletion) are refused
    expect((await token('qingju_hd', 'NewPass2025')).statusCode).toBe(401);
    const r = await haidian.post('/api/company/createEnterprise', enterprise({ brandName: '青桔新公司', brandPassword: 'NewQingju2025' }));
    expect(r.body).toMatchObject({ code: 200, message: '企业已新增' });
    const newBrand = r.body.data.brandId as number;
    expect(newBrand).not.toBe(hdBrand);
    expect(await brandRow(newBrand)).toMatchObject({ brandName: '青桔新公司', brandAccount: 'qingju_hd', deletedAt: null });
    expect(await brandRow(hdBrand)).toMatchObject({ brandName: '青桔', brandAccount: 'qingju_hd' });
    // the deleted one's password fails, the new one's works and acts for the new enterprise
    const old = await token('qingju_hd', 'NewPass2025');
    expect(old.statusCode).toBe(401);
    expect(old.json()).toMatchObject({ code: 401, message: '账号或密码错误' });
    const fresh = await token('qingju_hd', 'NewQingju2025');
    expect(fresh.statusCode).toBe(200);
    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/open/v1/bikes',
      payload: { items: [{ bikeId: 'QJNEW1', bikeType: 0 }] },
      headers: { authorization: `Bearer ${fresh.json().data.token}` },
    });
    expect(filed.statusCode).toBe(200);
    expect(await t.database.query('select brand_id from bikes where bike_id = $1', ['QJNEW1'])).toEqual([{ brand_id: newBrand }]);
    // a live enterprise's account stays taken, for a new enterprise and for an edit
    const clash = await haidian.post('/api/company/createEnterprise', enterprise({ brandName: '重复账号' }));
    expect(clash.body).toMatchObject({ code: 400, message: '企业账号已被其他企业使用，请换一个' });
    const edit = await beijing.post('/api/company/createEnterprise', { brandId: cityBrand, brandAccount: 'qingju_hd' });
    expect(edit.body).toMatchObject({ code: 400, message: '企业账号已被其他企业使用，请换一个' });
    expect(await t.database.query(`select count(*)::int as n from brands where brand_account = 'qingju_hd' and deleted_at is null`)).toEqual([{ n: 1 }]);
  });

  it('needs the company permissions', async () => {
    const viewer = await userClient(t.app, admin, { username: 'hd_co_viewer', areaId: '110108', roleIds: [32] });
    expect((await viewer.get('/api/company/getEnterpriseList')).body.code).toBe(5002);
    const staff = new Client(t.app);
    await staff.login('qj_staff', 'Passw0rd1');
    expect((await staff.post('/api/company/setAreaQuota', { brandId: cityBrand, areaId: '110108', bikeQuota: 1, ebikeQuota: 1 })).body.code).toBe(5002);
    expect((await staff.del('/api/company/deleteEnterprise', { brandId: cityBrand })).body.code).toBe(5002);
  });
});
