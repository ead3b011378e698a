import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, adminClient, createTestApp, userClient, type TestContext } from '../support/app.js';

let t: TestContext;
let admin: Client;
let haidian: Client & { userId: number };
let chaoyang: Client & { userId: number };
let supervisor: Client & { userId: number };
let ip = 0;

/** POST /api/register from its own address (the limit per address is tested on its own). */
async function register(body: Record<string, unknown>, remoteAddress = `10.1.0.${++ip}`) {
  const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: body, remoteAddress });
  return res.json() as { code: number; message: string; data: null };
}

/** The id of a stored application (the answer to /api/register names none). */
async function applicationId(username: string): Promise<number> {
  const [row] = await t.database.query<{ id: number }>('select id from users where username = $1', [username]);
  return row.id;
}

const maintainer = (username: string, phone: string, extra: Record<string, unknown> = {}) => ({
  username,
  password: 'Passw0rd1',
  name: `${username}姓名`,
  phone,
  areaId: '110108',
  applyType: 2,
  roleId: 31,
  company: '某运维公司',
  reason: '负责海淀站点运维',
  ...extra,
});

const login = (username: string, password = 'Passw0rd1') => new Client(t.app).post('/api/login', { username, password });
const names = (r: { body: { data: { lists: { username: string }[] } } }) => r.body.data.lists.map((u) => u.username);

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t.app);
  haidian = await userClient(t.app, admin, { username: 'hd_auditor', areaId: '110108' });
  chaoyang = await userClient(t.app, admin, { username: 'cy_auditor', areaId: '110105' });
  supervisor = await userClient(t.app, admin, { username: 'hd_super', areaId: '110108', roleIds: [32] });
});
afterAll(() => t.close());

describe('registration', () => {
  it('offers the applicable roles and the areas level by level without a token', async () => {
    const roles = await new Client(t.app).get('/api/register/roles');
    expect(roles.body.data.map((r: { id: number }) => r.id)).toEqual([5, 27, 31, 32, 33, 34]);
    const top = await new Client(t.app).get('/api/register/areas');
    expect(top.body.data).toEqual(expect.arrayContaining([expect.objectContaining({ id: '110000', leaf: false })]));
    const districts = await new Client(t.app).get('/api/register/areas', { parentId: '110100' });
    expect(districts.body.data).toEqual(expect.arrayContaining([{ id: '110108', areaName: '海淀区', level: 3, leaf: true }]));
  });

  it('stores an application waiting for audit: login answers so, the auditor of the area lists it', async () => {
    const r = await register(maintainer('m_apply', '13500000001'));
    expect(r).toMatchObject({ code: 200, message: '申请已提交，请等待审核' });
    expect((await login('m_apply')).body).toMatchObject({ code: 5002, message: '账号正在审核中，请等待管理员审核' });
    const list = await haidian.get('/api/user/audit_list', { roleId: 31, auditStatus: 0 });
    expect(list.body.data.lists).toEqual([
      expect.objectContaining({
        username: 'm_apply',
        name: 'm_apply姓名',
        phone: '13500000001',
        company: '某运维公司',
        areaName: '海淀区',
        roles: [{ id: 31, roleName: '运维人员' }],
        auditStatus: 0,
        applyType: 2,
        applyReason: '负责海淀站点运维',
        auditTime: null,
      }),
    ]);
    expect(names(await chaoyang.get('/api/user/audit_list'))).toEqual([]);
    expect(names(await haidian.get('/api/user/audit_list', { roleId: 32 }))).toEqual([]);
    expect(names(await haidian.get('/api/user/audit_list', { applyType: 1 }))).toEqual([]);
    expect(names(await haidian.get('/api/user/audit_list', { phone: '0000001', name: '姓名' }))).toEqual(['m_apply']);
    expect(names(await haidian.get('/api/user/audit_list', { startTime: '2000-01-01', endTime: '2000-01-02' }))).toEqual([]);
    expect(names(await haidian.get('/api/user/list', { username: 'm_apply' }))).toEqual([]);
  });

  it('refuses bad input naming the field', async () => {
    expect((await register(maintainer('x', '13500000002'))).message).toContain('username');
    expect((await register(maintainer('m_bad1', '1350000'))).message).toContain('phone');
    expect((await register(maintainer('m_bad2', '13500000002', { name: '  ' }))).message).toBe('参数 name 不能为空');
    expect((await register(maintainer('m_bad3', '13500000002', { password: 'abcdefgh' }))).message).toMatch(/^参数 password/);
    expect((await register(maintainer('m_bad4', '13500000002', { roleId: 1 }))).message).toBe('参数 roleId 不是可申请的角色');
    expect((await register(maintainer('m_bad5', '13500000002', { roleId: undefined }))).message).toMatch(/^参数 roleId 不能为空/);
    expect((await register(maintainer('m_bad6', '13500000002', { areaId: '000000' }))).message).toMatch(/^参数 areaId/);
    expect((await register(maintainer('m_bad7', '13500000002', { areaId: '999999' }))).message).toMatch(/^参数 areaId/);
    const [{ n }] = await t.database.query<{ n: number }>(`select count(*)::int as n from users where username like 'm_bad%'`);
    expect(n).toBe(0);
  });

  it('answers the same whoever exists: a taken username stores nothing, a taken phone is refused at login (issue 26)', async () => {
    const accepted = { code: 200, message: '申请已提交，请等待审核', data: null };
    const fresh = await register(maintainer('m_fresh', '13500000030'));
    expect(fresh).toEqual(accepted);
    // m_apply exists (waiting for audit); hd_auditor is a working account
    for (const taken of ['m_apply', 'hd_auditor', 'admin']) {
      expect(await register(maintainer(taken, '13500000031', { password: 'Other1234' }))).toEqual(accepted);
    }
    const [{ n }] = await t.database.query<{ n: number }>(`select count(*)::int as n from users where phone = '13500000031'`);
    expect(n).toBe(0);
    // the existing accounts are untouched: still their own password
    expect((await login('hd_auditor', 'Other1234')).body.code).not.toBe(200);
    // the phone of m_apply: the answer is the same; the reason only at login with the password chosen
    expect(await register(maintainer('m_dup_phone', '13500000001'))).toEqual(accepted);
    expect((await login('m_dup_phone')).body).toMatchObject({ code: 5002, message: '账号审核未通过：手机号已被其他账号使用，请换一个手机号重新申请' });
    expect((await login('m_dup_phone', 'Wrong1234')).body.message).not.toMatch(/手机号/);
    // and it waits for no auditor
    const pending = await haidian.get('/api/user/audit_list', { auditStatus: 0 });
    expect(names(pending)).not.toContain('m_dup_phone');
    // the tests below count the applications of the area: these two leave
    await t.database.query(`delete from user_roles where user_id in (select id from users where username in ('m_fresh', 'm_dup_phone'))`);
    await t.database.query(`delete from users where username in ('m_fresh', 'm_dup_phone')`);
  });

  it('limits registrations per address', async () => {
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await register({ username: 'x' }, '10.9.9.9'));
    expect(answers[9].code).toBe(400);
    expect(answers[10]).toMatchObject({ code: 400, message: '注册申请过于频繁，请 10 分钟后再试' });
    expect((await register(maintainer('m_other_ip', '13500000003'))).code).toBe(200);
  });

  it('keeps the count in the database: a second process and a restart see it', async () => {
    const second = await t.secondApp();
    try {
      const at = (app: typeof t.app) => async () =>
        (await app.inject({ method: 'POST', url: '/api/register', payload: { username: 'x' }, remoteAddress: '10.8.8.8' })).json() as { message: string };
      for (let i = 0; i < 6; i++) await at(t.app)();
      for (let i = 0; i < 4; i++) expect((await at(second.app)()).message).not.toMatch(/过于频繁/);
      // the 11th attempt of the address, on the second process: refused
      expect((await at(second.app)()).message).toBe('注册申请过于频繁，请 10 分钟后再试');
      expect((await at(t.app)()).message).toBe('注册申请过于频繁，请 10 分钟后再试');
      const [row] = await t.database.query<{ count: number }>(`select count from register_attempts where address = '10.8.8.8'`);
      expect(row.count).toBe(12);
      // a window that ended: the address may try again (its old window is swept a day later)
      await t.database.query(`update register_attempts set window_start = window_start - interval '10 minutes' where address = '10.8.8.8'`);
      expect((await at(second.app)()).message).not.toMatch(/过于频繁/);
      await t.database.query(`update register_attempts set window_start = now() - interval '2 days' where address = '10.9.9.9'`);
      await at(t.app)();
      expect(await t.database.query(`select 1 from register_attempts where address = '10.9.9.9'`)).toEqual([]);
    } finally {
      await second.close();
    }
  });
});

describe('audit', () => {
  it('counts pending applications in the to-do counts of the area (userPend: platform accounts)', async () => {
    await register({ ...maintainer('p_platform', '13500000010'), applyType: 1, roleId: undefined });
    await register(maintainer('s_apply', '13500000011', { roleId: 32 }));
    await register(maintainer('r_apply', '13500000012', { roleId: 27 }));
    await register(maintainer('cy_apply', '13500000013', { areaId: '110105' }));
    const hd = (await haidian.get('/api/statistics/pend')).body.data;
    expect(hd).toMatchObject({ userPend: 1, maintainPend: 2, supervisePend: 1, siteRolePend: 1 });
    const cy = (await chaoyang.get('/api/statistics/pend')).body.data;
    expect(cy).toMatchObject({ userPend: 0, maintainPend: 1, supervisePend: 0, siteRolePend: 0 });
  });

  it('rejects with a reason the applicant sees at login', async () => {
    await register(maintainer('m_reject', '13500000020'));
    const id = await applicationId('m_reject');
    expect((await haidian.post('/api/user/audit', { id, auditStatus: 2 })).body).toMatchObject({
      code: 400,
      message: '参数 remark 不能为空：驳回时请填写原因',
    });
    expect((await haidian.post('/api/user/audit', { id, auditStatus: 2, remark: '  ' })).body.code).toBe(400);
    expect((await haidian.post('/api/user/audit', { id, auditStatus: 2, remark: '资料不全' })).body).toMatchObject({ code: 200, message: '已驳回' });
    expect((await login('m_reject')).body).toMatchObject({ code: 5002, message: '账号审核未通过：资料不全' });
    const rejected = await haidian.get('/api/user/audit_list', { auditStatus: 2 });
    expect(rejected.body.data.lists).toEqual([
      expect.objectContaining({ username: 'm_reject', auditRemark: '资料不全', auditorName: 'hd_auditor', auditTime: expect.stringMatching(/^\d{4}-/) }),
    ]);
    expect((await haidian.post('/api/user/audit', { id, auditStatus: 1 })).body).toMatchObject({ code: 400, message: '该申请已审核，请刷新后重试' });
  });

  it('approves a role application: the applicant logs in with the role applied for', async () => {
    const [{ id }] = await t.database.query<{ id: number }>(`select id from users where username = 'm_apply'`);
    expect((await haidian.post('/api/user/audit', { id, auditStatus: 1 })).body).toMatchObject({ code: 200, message: '审核已通过' });
    const r = await login('m_apply');
    expect(r.body.code).toBe(200);
    expect(r.body.data.user.roles).toEqual([{ id: 31, roleName: '运维人员' }]);
    expect(names(await haidian.get('/api/user/list', { username: 'm_apply' }))).toEqual(['m_apply']);
    expect(names(await haidian.get('/api/user/audit_list', { auditStatus: 1 }))).toEqual(['m_apply']);
    expect((await haidian.get('/api/statistics/pend')).body.data.maintainPend).toBe(1);
  });

  it('approves a platform account only with roles the auditor may give', async () => {
    const [{ id }] = await t.database.query<{ id: number }>(`select id from users where username = 'p_platform'`);
    expect((await haidian.post('/api/user/audit', { id, auditStatus: 1 })).body).toMatchObject({ code: 400, message: expect.stringMatching(/^参数 roleIds/) });
    expect((await haidian.post('/api/user/audit', { id, auditStatus: 1, roleIds: [999] })).body.code).toBe(400);
    expect((await haidian.post('/api/user/audit', { id, auditStatus: 1, roleIds: [2] })).body.code).toBe(200);
    expect((await login('p_platform')).body.data.user.roles).toEqual([{ id: 2, roleName: '区域管理员' }]);
    expect((await haidian.get('/api/statistics/pend')).body.data.userPend).toBe(0);
  });

  it('refuses without a token, for another area, without 账号审核 (114), and for an account that never applied', async () => {
    const [{ id }] = await t.database.query<{ id: number }>(`select id from users where username = 's_apply'`);
    const anon = new Client(t.app);
    expect((await anon.get('/api/user/audit_list')).body.code).toBe(401);
    expect((await anon.post('/api/user/audit', { id, auditStatus: 1 })).body.code).toBe(401);
    expect((await chaoyang.post('/api/user/audit', { id, auditStatus: 1 })).body).toMatchObject({ code: 5002 });
    expect((await supervisor.get('/api/user/audit_list')).body.code).toBe(5002);
    expect((await supervisor.post('/api/user/audit', { id, auditStatus: 1 })).body.code).toBe(5002);
    expect((await haidian.post('/api/user/audit', { id: supervisor.userId, auditStatus: 1 })).body).toMatchObject({
      code: 400,
      message: '申请不存在，请刷新后重试',
    });
    expect((await haidian.post('/api/user/audit', { id, auditStatus: 3 })).body.code).toBe(400);
    expect((await haidian.get('/api/user/audit_list', { startTime: 'yesterday' })).body).toMatchObject({
      code: 400,
      message: expect.stringContaining('startTime'),
    });
  });
});
