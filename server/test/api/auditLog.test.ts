/**
 * 操作日志 (issue 11): the list and export of the audit log, and the promises of its recording:
 * one row per console write in the write's own transaction, no secret in it, nothing for a refused
 * or failed write, and no write without its row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, adminClient, createTestApp, userClient, type TestContext } from '../support/app.js';
import { redact } from '../../src/domain/redact.js';

let t: TestContext;
let admin: Client;
let haidian: Client;
let chaoyang: Client;
let noPerm: Client;

const count = async () => Number((await t.database.query<{ n: number }>('select count(*)::int as n from audit_log'))[0].n);
const rowsOf = (route: string) => t.database.query<Record<string, any>>('select * from audit_log where route = $1 order by id', [route]);

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t.app);
  haidian = await userClient(t.app, admin, { username: 'hd_audit', areaId: '110108' });
  chaoyang = await userClient(t.app, admin, { username: 'cy_audit', areaId: '110105' });
  const role = await admin.post('/api/role/add', { roleName: '只看用户', permissionIds: [9, 112] }, { selfAreaId: '110108' });
  noPerm = await userClient(t.app, admin, { username: 'np_audit', areaId: '110108', roleIds: [role.body.data.id] });
});
afterAll(() => t.close());

describe('recording', () => {
  it('a write leaves one row naming who, what, which object and from where; secrets never', async () => {
    const before = await count();
    const r = await haidian.post('/api/user/add', { username: 'hd_new1', password: 'S3cretPass!', name: '新用户', areaId: '110108', roleIds: [2] });
    expect(r.body.code).toBe(200);
    expect(await count()).toBe(before + 1);
    const [row] = (await rowsOf('/api/user/add')).filter((x) => x.username === 'hd_audit');
    expect(row).toMatchObject({
      method: 'POST',
      summary: '新增用户',
      area_id: '110108',
      object_id: String(r.body.data.id),
      ip: '127.0.0.1',
      outcome: '200 用户添加成功',
    });
    expect(row.after.body).toMatchObject({ username: 'hd_new1', password: '***', name: '新用户' });
    expect(JSON.stringify(row)).not.toContain('S3cretPass!');

    // a reset password answers the new password once; the row keeps none of it
    const reset = await haidian.put('/api/user/reset', { id: r.body.data.id });
    const [resetRow] = await rowsOf('/api/user/reset');
    expect(resetRow.after.answer).toEqual({ password: '***' });
    expect(JSON.stringify(resetRow)).not.toContain(reset.body.data.password);
  });

  it('an edit keeps the object as it was (before) beside the request (after), secrets redacted in both', async () => {
    const add = await admin.post('/api/user/add', {
      username: 'hd_before',
      password: 'S3cretPass!',
      name: '改名前',
      phone: '13800001111',
      areaId: '110108',
      roleIds: [2],
    });
    expect(add.body.code).toBe(200);
    expect((await admin.put('/api/user/edit', { id: add.body.data.id, name: '改名后' })).body.code).toBe(200);
    const list = await admin.get('/api/auditLog/list', { route: '/api/user/edit', objectId: String(add.body.data.id) });
    expect(list.body.data.lists).toHaveLength(1);
    const [e] = list.body.data.lists;
    expect(e.before).toMatchObject({ id: add.body.data.id, username: 'hd_before', name: '改名前', areaId: '110108', passwordHash: '***' });
    expect(e.before).not.toHaveProperty('area_id');
    expect(e.after.body).toMatchObject({ id: add.body.data.id, name: '改名后' });
    expect(e.before.name).not.toBe(e.after.body.name);
    // a create has nothing before it
    const [created] = (await rowsOf('/api/user/add')).filter((x) => x.object_id === String(add.body.data.id));
    expect(created.before).toBeNull();
    // the phone is kept masked, as the lists show it, before and after
    expect(e.before.phone).toBe('138****1111');
    expect(created.after.body.phone).toBe('138****1111');
    expect(JSON.stringify([e, created])).not.toContain('13800001111');
  });

  it('a refused or failed write leaves no row and changes nothing', async () => {
    const before = await count();
    expect((await haidian.post('/api/user/add', { username: 'x', password: 'short' })).body.code).toBe(400); // invalid input
    expect((await noPerm.post('/api/role/add', { roleName: 'r', permissionIds: [] })).body.code).toBe(5002); // permission
    expect((await new Client(t.app).post('/api/role/add', { roleName: 'r', permissionIds: [] })).body.code).toBe(401); // no token
    // refused by the service after a first statement: edit a 朝阳 user from 海淀
    expect((await haidian.put('/api/user/edit', { id: (chaoyang as any).userId, name: '改名' })).body.code).toBe(5002);
    // taken username: the insert itself fails inside the transaction
    expect((await haidian.post('/api/user/add', { username: 'hd_new1', password: 'Passw0rd1', areaId: '110108', roleIds: [2] })).body.code).toBe(400);
    expect(await count()).toBe(before);
  });

  it('a write fails when its row cannot be written, and nothing of it commits', async () => {
    await t.database.query('alter table audit_log rename to audit_log_away');
    try {
      const r = await haidian.post('/api/role/add', { roleName: '不该存在的角色', permissionIds: [] });
      expect(r.body.code).toBe(500);
    } finally {
      await t.database.query('alter table audit_log_away rename to audit_log');
    }
    expect(await t.database.query(`select id from roles where role_name = '不该存在的角色'`)).toEqual([]);
  });

  it('reads sent by POST, logout and the open API leave no row', async () => {
    const before = await count();
    const exp = await t.app.inject({ method: 'POST', url: '/api/auditLog/export', payload: {}, headers: { authorization: `Bearer ${admin.token}` } });
    expect(exp.statusCode).toBe(200);
    const c = new Client(t.app);
    await c.login('hd_audit', 'Passw0rd1');
    expect((await c.post('/api/logout')).body.code).toBe(200);
    expect(await count()).toBe(before);
  });
});

describe('redact', () => {
  it('replaces secret fields at any depth, whatever their case', () => {
    const out = redact({
      password: 'a',
      nested: { oldPwd: 'b', newPwd: 'c', list: [{ brandPassword: 'd', api_key: 'e', token: 'f', clientSecret: 'g', key: 'h' }] },
      name: 'ok',
      keyword: 'kept',
    });
    expect(JSON.stringify(out)).not.toMatch(/"[a-h]"/);
    expect(out).toMatchObject({ name: 'ok', keyword: 'kept', password: '***', nested: { oldPwd: '***', list: [{ token: '***', key: '***' }] } });
  });

  it('masks phones by their field name at any depth, leaves other numbers and non-phones alone', () => {
    const out = redact({
      phone: '13812345678',
      brand_contact_mobile: '13912345678',
      items: [{ maintainPhone: '13712345678', riderPhone: '13612345678' }],
      phoneBook: '13512345678',
      mobile: '010-1234',
      bikeId: '13412345678',
    });
    expect(out).toEqual({
      phone: '138****5678',
      brand_contact_mobile: '139****5678',
      items: [{ maintainPhone: '137****5678', riderPhone: '136****5678' }],
      phoneBook: '13512345678',
      mobile: '010-1234',
      bikeId: '13412345678',
    });
  });

  it('bounds long strings, long arrays and the whole summary', () => {
    const out = redact({ s: 'x'.repeat(1000), a: Array.from({ length: 100 }, (_, i) => i) }) as any;
    expect(out.s.length).toBeLessThanOrEqual(201);
    expect(out.a).toHaveLength(21);
    const big = redact({ rings: Array.from({ length: 20 }, () => Array.from({ length: 20 }, () => [116.123456, 39.123456])) }) as any;
    expect(big.truncated).toBe(true);
    expect(big.preview.length).toBeLessThanOrEqual(4000);
  });
});

describe('GET /api/auditLog/list', () => {
  it('lists newest first, filtered by user, route, object and time', async () => {
    const all = await admin.get('/api/auditLog/list');
    expect(all.body.code).toBe(200);
    expect(all.body.data.total).toBeGreaterThan(3);
    const times = all.body.data.lists.map((e: any) => e.time);
    expect([...times].sort().reverse()).toEqual(times);
    const mine = await admin.get('/api/auditLog/list', { username: 'hd_audit', route: '/api/user/add' });
    expect(mine.body.data.lists).toEqual([expect.objectContaining({ username: 'hd_audit', summary: '新增用户', method: 'POST', userName: 'hd_audit' })]);
    const obj = await admin.get('/api/auditLog/list', { objectId: mine.body.data.lists[0].objectId });
    expect(obj.body.data.total).toBeGreaterThanOrEqual(2); // the add and the reset
    const none = await admin.get('/api/auditLog/list', { startTime: '2000-01-01 00:00:00', endTime: '2000-01-02 00:00:00' });
    expect(none.body.data).toMatchObject({ total: 0, lists: [], more: false });
  });

  it('a regulator sees the entries of users in their area and below only', async () => {
    await chaoyang.post('/api/role/add', { roleName: '朝阳角色', permissionIds: [] });
    const hd = await haidian.get('/api/auditLog/list', { pageSize: 100 });
    expect(hd.body.data.lists.length).toBeGreaterThan(0);
    expect(hd.body.data.lists.every((e: any) => e.areaId === '110108')).toBe(true);
    expect((await haidian.get('/api/auditLog/list', { selfAreaId: '110105' })).body.code).toBe(5002);
    const national = await admin.get('/api/auditLog/list', { username: 'cy_audit' });
    expect(national.body.data.total).toBe(1);
  });

  it('refuses bad input, no token and a missing permission', async () => {
    expect((await admin.get('/api/auditLog/list', { startTime: '昨天' })).body).toMatchObject({
      code: 400,
      message: '参数 startTime 格式应为 yyyy-MM-dd HH:mm:ss',
    });
    expect((await admin.get('/api/auditLog/list', { method: 'GET' })).body).toMatchObject({ code: 400, message: expect.stringContaining('method') });
    expect((await new Client(t.app).get('/api/auditLog/list')).body.code).toBe(401);
    expect((await noPerm.get('/api/auditLog/list')).body.code).toBe(5002);
    expect((await noPerm.get('/api/auditLog/routes')).body.code).toBe(5002);
  });

  it('offers the audited routes with their summaries', async () => {
    const r = await admin.get('/api/auditLog/routes');
    expect(r.body.data).toContainEqual({ method: 'POST', url: '/api/user/add', summary: '新增用户' });
    expect(r.body.data.some((x: any) => x.url.startsWith('/api/open/') || /export/i.test(x.url) || x.url === '/api/login')).toBe(false);
  });
});

describe('POST /api/auditLog/export', () => {
  it('streams the filtered entries as .xlsx, refuses without the permission', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auditLog/export',
      payload: { username: 'hd_audit' },
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await noPerm.post('/api/auditLog/export', {})).body.code).toBe(5002);
    expect((await admin.post('/api/auditLog/export', { endTime: 'x' })).body.code).toBe(400);
  });
});
