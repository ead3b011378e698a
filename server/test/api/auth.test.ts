import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, TEST_ADMIN_PASSWORD, adminClient, createTestApp, userClient, type TestContext } from '../support/app.js';

let t: TestContext;
let admin: Client;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t.app);
});
afterAll(() => t.close());

describe('login', () => {
  it('logs the admin in and answers the profile of spec §3 User', async () => {
    const c = new Client(t.app);
    const data = await c.login('admin', TEST_ADMIN_PASSWORD);
    expect(data.token).toMatch(/^[\w-]{43}$/);
    expect(data.user).toMatchObject({ username: 'admin', areaId: '000000', areaName: '全国', areaLevel: 0, userLevel: 3 });
    const me = await c.get('/api/user');
    expect(me.body.code).toBe(200);
    expect(Object.keys(me.body.data)).toEqual(
      expect.arrayContaining([
        'username',
        'name',
        'phone',
        'company',
        'roles',
        'areaId',
        'areaName',
        'createTime',
        'unavailableTime',
        'idcardUrl',
        'idcardBackUrl',
        'areaLevel',
        'userLevel',
        'siteId',
      ]),
    );
    expect(me.body.data.roles).toEqual([{ id: 1, roleName: '超级管理员' }]);
    expect(me.body.data.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('stores only the hash of a token', async () => {
    const c = new Client(t.app);
    await c.login('admin', TEST_ADMIN_PASSWORD);
    const rows = await t.database.query<{ token_hash: string }>('select token_hash from sessions');
    expect(rows.some((r) => r.token_hash === c.token)).toBe(false);
    const users = await t.database.query<{ password_hash: string }>(`select password_hash from users where username = 'admin'`);
    expect(users[0].password_hash).not.toContain(TEST_ADMIN_PASSWORD);
  });

  it('rejects a wrong password with code 400 and a Chinese message', async () => {
    const r = await new Client(t.app).post('/api/login', { username: 'admin', password: 'wrong' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: 400, message: expect.stringContaining('用户名或密码错误') });
    const none = await new Client(t.app).post('/api/login', { username: 'nobody', password: 'x' });
    expect(none.body).toMatchObject({ code: 400, message: '用户名或密码错误' });
    await admin.post('/api/login', { username: 'admin', password: TEST_ADMIN_PASSWORD }); // resets the counter
  });

  it('names the missing field', async () => {
    const r = await new Client(t.app).post('/api/login', { username: 'admin' });
    expect(r.body).toEqual({ code: 400, message: '缺少参数 password，请填写后重试', data: null });
  });

  it('backs off after 5 wrong passwords (issue 16: a wait of seconds, not a 15-minute lock; no count of tries left)', async () => {
    await userClient(t.app, admin, { username: 'locky', areaId: '110108' });
    const c = new Client(t.app);
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) messages.push((await c.post('/api/login', { username: 'locky', password: 'bad' })).body.message);
    expect(messages).toEqual(Array(5).fill('用户名或密码错误'));
    const right = await c.post('/api/login', { username: 'locky', password: 'Passw0rd1' });
    expect(right.body.code).toBe(400);
    expect(right.body.message).toMatch(/^登录失败次数过多，请 \d+ 秒后再试$/);
  });

  it('refuses a banned user (5002) and kills their tokens at the ban', async () => {
    const u = await userClient(t.app, admin, { username: 'banned1', areaId: '110108' });
    expect((await u.get('/api/user')).body.code).toBe(200);
    expect((await admin.post('/api/user/ban', { id: u.userId, status: 1 })).body.code).toBe(200);
    expect((await u.get('/api/user')).body.code).toBe(401);
    const r = await new Client(t.app).post('/api/login', { username: 'banned1', password: 'Passw0rd1' });
    expect(r.body).toMatchObject({ code: 5002, message: '账号已被禁用，请联系管理员' });
    await admin.post('/api/user/ban', { id: u.userId, status: 0 });
    expect((await new Client(t.app).post('/api/login', { username: 'banned1', password: 'Passw0rd1' })).body.code).toBe(200);
  });

  it('refuses an expired account and ends its live token at unavailableTime', async () => {
    const u = await userClient(t.app, admin, { username: 'expiring', areaId: '110108' });
    // the validity period passes while the token is alive
    await t.database.query(`update users set unavailable_time = now() - interval '1 second' where id = $1`, [u.userId]);
    const live = await u.get('/api/user');
    expect(live.body).toMatchObject({ code: 5002, message: '账号已过期，请联系管理员延长有效期' });
    expect((await u.get('/api/user')).body.code).toBe(401); // the session is gone
    const r = await new Client(t.app).post('/api/login', { username: 'expiring', password: 'Passw0rd1' });
    expect(r.body).toMatchObject({ code: 5002, message: '账号已过期，请联系管理员延长有效期' });
  });

  it('refuses an account waiting for audit', async () => {
    const u = await userClient(t.app, admin, { username: 'pending1', areaId: '110108' });
    await t.database.query('update users set audit_status = 0 where id = $1', [u.userId]);
    const r = await new Client(t.app).post('/api/login', { username: 'pending1', password: 'Passw0rd1' });
    expect(r.body).toMatchObject({ code: 5002, message: '账号正在审核中，请等待管理员审核' });
  });

  it('expires tokens after their lifetime', async () => {
    const c = new Client(t.app);
    await c.login('admin', TEST_ADMIN_PASSWORD);
    await t.database.query(
      `update sessions set expires_at = now() - interval '1 minute' where user_id = 1 and created_at = (select max(created_at) from sessions)`,
    );
    const r = await c.get('/api/user');
    expect(r.body).toMatchObject({ code: 401, message: '登录已过期，请重新登录' });
  });
});

describe('logout and password', () => {
  it('kills the token at logout', async () => {
    const c = new Client(t.app);
    await c.login('admin', TEST_ADMIN_PASSWORD);
    expect((await c.post('/api/logout')).body.code).toBe(200);
    expect((await c.get('/api/user')).body).toMatchObject({ code: 401, message: '登录已失效，请重新登录' });
  });

  it('changes the password, checks the old one and the policy, and kills every token', async () => {
    const u = await userClient(t.app, admin, { username: 'pwduser', areaId: '110108' });
    const other = new Client(t.app);
    await other.login('pwduser', 'Passw0rd1');
    expect((await u.post('/api/pwd', { oldPwd: 'nope', newPwd: 'Newpass123' })).body).toMatchObject({ code: 400, message: '原密码不正确' });
    expect((await u.post('/api/pwd', { oldPwd: 'Passw0rd1', newPwd: 'short' })).body).toMatchObject({ code: 400, message: '新密码长度应为 6-32 位' });
    expect((await u.post('/api/pwd', { oldPwd: 'Passw0rd1', newPwd: 'Passw0rd1' })).body.message).toBe('新密码不能与原密码相同');
    const ok = await u.post('/api/pwd', { oldPwd: 'Passw0rd1', newPwd: 'Newpass123' }, { selfAreaId: '110108' });
    expect(ok.body).toMatchObject({ code: 200, message: '密码修改成功！' });
    expect((await u.get('/api/user')).body.code).toBe(401);
    expect((await other.get('/api/user')).body.code).toBe(401);
    await new Client(t.app).login('pwduser', 'Newpass123');
  });
});

describe('permissions', () => {
  it('lists auth entries with children (spec §6: 64 with 59, 60, 134)', async () => {
    const r = await admin.get('/api/permission/list');
    const home = r.body.data.find((e: { id: number }) => e.id === 64);
    expect(home.children).toEqual(expect.arrayContaining([59, 60, 134]));
  });

  it('answers 5002 to a user without the permission', async () => {
    const u = await userClient(t.app, admin, { username: 'nouserperm', areaId: '110108', roleIds: [32] });
    expect((await u.get('/api/user/list')).body).toMatchObject({ code: 5002, message: '没有权限执行此操作，请联系管理员' });
    const perms = (await u.get('/api/permission/list')).body.data;
    expect(perms.map((p: { id: number }) => p.id).sort()).toEqual([1, 11, 64]);
    expect((await u.get('/api/getSlider')).body.data.map((m: { key: string }) => m.key)).toEqual(['home', 'warn', 'field']);
  });

  it('answers hello to a logged-in user', async () => {
    const r = await admin.get('/api/hello');
    expect(r.body.data).toMatchObject({ platformName: '站点单车监管平台', name: '超级管理员' });
  });
});
