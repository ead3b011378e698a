import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, adminClient, createTestApp, userClient, type TestContext } from '../support/app.js';

let t: TestContext;
let admin: Client;
let haidian: Client & { userId: number };
let chaoyangUserId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t.app);
  haidian = await userClient(t.app, admin, { username: 'hd_admin', areaId: '110108' });
  const cy = await admin.post('/api/user/add', {
    username: 'cy_user',
    password: 'Passw0rd1',
    name: '朝阳用户',
    areaId: '110105',
    roleIds: [32],
    phone: '13800000001',
  });
  chaoyangUserId = cy.body.data.id;
});
afterAll(() => t.close());

describe('user management', () => {
  it('adds a user and lists it with the profile fields, paged', async () => {
    const r = await haidian.post('/api/user/add', {
      username: 'hd_worker',
      password: 'Passw0rd1',
      name: '海淀运维',
      phone: '13912345678',
      company: '某公司',
      areaId: '110108',
      roleIds: [31],
      unavailableTime: '2099-12-31 23:59:59',
    });
    expect(r.body).toMatchObject({ code: 200, message: '用户添加成功' });
    const list = await haidian.get('/api/user/list', { currentPage: 1, pageSize: 10 });
    expect(list.body.code).toBe(200);
    const names = list.body.data.lists.map((u: { username: string }) => u.username);
    expect(names).toEqual(expect.arrayContaining(['hd_worker', 'hd_admin']));
    expect(names).not.toContain('cy_user');
    expect(list.body.data.total).toBe(names.length);
    const w = list.body.data.lists.find((u: { username: string }) => u.username === 'hd_worker');
    expect(w).toMatchObject({
      name: '海淀运维',
      phone: '13912345678',
      areaName: '海淀区',
      roles: [{ id: 31, roleName: '运维人员' }],
      unavailableTime: '2099-12-31 23:59:59',
      creatorName: 'hd_admin',
    });
    const paged = await haidian.get('/api/user/list', { currentPage: 2, pageSize: 1 });
    expect(paged.body.data.lists).toHaveLength(1);
    const byName = await haidian.get('/api/user/list', { name: '运维' });
    expect(byName.body.data.lists.map((u: { username: string }) => u.username)).toEqual(['hd_worker']);
  });

  it('rejects bad input with the field named', async () => {
    const r = await haidian.post('/api/user/add', { username: 'x', password: 'Passw0rd1', areaId: '110108' });
    expect(r.body).toMatchObject({ code: 400, message: '参数 username 格式不正确' });
    const dup = await haidian.post('/api/user/add', { username: 'hd_admin', password: 'Passw0rd1', areaId: '110108' });
    expect(dup.body).toMatchObject({ code: 400, message: '用户名已存在，请换一个' });
    const phone = await haidian.post('/api/user/add', { username: 'hd_p', password: 'Passw0rd1', areaId: '110108', phone: '13800000001' });
    expect(phone.body.message).toBe('手机号已被其他账号使用');
    const weak = await haidian.post('/api/user/add', { username: 'hd_weak', password: 'abcdefg', areaId: '110108' });
    expect(weak.body.message).toBe('密码需同时包含字母和数字');
    const date = await haidian.post('/api/user/add', { username: 'hd_date', password: 'Passw0rd1', areaId: '110108', unavailableTime: 'soon' });
    expect(date.body.message).toContain('unavailableTime');
    // the year 9999 (whose next day is no date) was a 500 (issue 26): add and edit refuse it by name
    for (const far of ['9999-12-31 23:59:59', '9999-12-31', '2100-01-01']) {
      const add = await haidian.post('/api/user/add', { username: 'hd_far', password: 'Passw0rd1', areaId: '110108', unavailableTime: far });
      expect(add.body).toEqual({ code: 400, message: '参数 unavailableTime 最晚为 2099-12-31，长期有效请留空', data: null });
      const edit = await haidian.put('/api/user/edit', { id: haidian.userId, unavailableTime: far });
      expect(edit.body.message).toBe('参数 unavailableTime 最晚为 2099-12-31，长期有效请留空');
    }
  });

  it('takes 有效期 as a date (valid through that day), not before today; empty for 长期有效', async () => {
    const tz = 'Asia/Shanghai';
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toLocaleDateString('sv-SE', { timeZone: tz });
    const add = await haidian.post('/api/user/add', { username: 'hd_valid', password: 'Passw0rd1', areaId: '110108', unavailableTime: day(30) });
    expect(add.body.code).toBe(200);
    const listed = async () => (await haidian.get('/api/user/list', { username: 'hd_valid' })).body.data.lists[0].unavailableTime;
    expect(await listed()).toBe(`${day(30)} 23:59:59`);
    // today is allowed (through its end); yesterday, a malformed or impossible date is refused naming the field
    expect((await haidian.put('/api/user/edit', { id: add.body.data.id, unavailableTime: day(0) })).body.code).toBe(200);
    expect(await listed()).toBe(`${day(0)} 23:59:59`);
    const past = await haidian.put('/api/user/edit', { id: add.body.data.id, unavailableTime: day(-1) });
    expect(past.body).toMatchObject({ code: 400, message: '参数 unavailableTime 不能早于今天，请重新选择有效期' });
    for (const bad of ['2099-02-30', '2099-12-31 12:00:00', '31/12/2099']) {
      expect((await haidian.put('/api/user/edit', { id: add.body.data.id, unavailableTime: bad })).body).toMatchObject({
        code: 400,
        message: '参数 unavailableTime 应为日期 yyyy-MM-dd（有效期至当天），长期有效请留空',
      });
    }
    expect(await listed()).toBe(`${day(0)} 23:59:59`);
    // 长期有效
    expect((await haidian.put('/api/user/edit', { id: add.body.data.id, unavailableTime: '' })).body.code).toBe(200);
    expect(await listed()).toBeNull();
    // the account can log in until the end of its last day
    expect((await haidian.put('/api/user/edit', { id: add.body.data.id, unavailableTime: day(0) })).body.code).toBe(200);
    expect((await new Client(t.app).post('/api/login', { username: 'hd_valid', password: 'Passw0rd1' })).body.code).toBe(200);
  });

  it('keeps a district admin inside their district', async () => {
    expect((await haidian.post('/api/user/add', { username: 'hd_sneak', password: 'Passw0rd1', areaId: '110105' })).body.code).toBe(5002);
    expect((await haidian.put('/api/user/edit', { id: chaoyangUserId, name: 'x' })).body.code).toBe(5002);
    expect((await haidian.put('/api/user/reset', { id: chaoyangUserId })).body.code).toBe(5002);
    expect((await haidian.post('/api/user/ban', { id: chaoyangUserId, status: 1 })).body.code).toBe(5002);
    expect((await haidian.get('/api/user/list', { selfAreaId: '110105' })).body.code).toBe(5002);
    const [row] = await t.database.query<{ name: string; status: number }>('select name, status from users where id = $1', [chaoyangUserId]);
    expect(row).toEqual({ name: '朝阳用户', status: 0 });
  });

  it('refuses to hand out a role with more permissions than the actor holds', async () => {
    const limited = await userClient(t.app, admin, { username: 'hd_limited', areaId: '110108', roleIds: [] });
    await t.database.query(`insert into roles (id, role_name, area_id) values (900, '只管用户', '110108')`);
    await t.database.query(`insert into role_permissions select 900, unnest(array[9, 112])`);
    await t.database.query(`insert into user_roles values ($1, 900)`, [limited.userId]);
    const r = await limited.post('/api/user/add', { username: 'hd_esc', password: 'Passw0rd1', areaId: '110108', roleIds: [1] });
    expect(r.body).toMatchObject({ code: 5002, message: '不能分配超出自身权限的角色' });
    const ok = await limited.post('/api/user/add', { username: 'hd_ok', password: 'Passw0rd1', areaId: '110108', roleIds: [900] });
    expect(ok.body.code).toBe(200);
    const high = await limited.post('/api/user/add', { username: 'hd_high', password: 'Passw0rd1', areaId: '110108', userLevel: 3 });
    expect(high.body.code).toBe(5002);
  });

  it('edits, resets and bans within scope', async () => {
    const list = await haidian.get('/api/user/list', { username: 'hd_worker' });
    const id = list.body.data.lists[0].id;
    expect((await haidian.put('/api/user/edit', { id, name: '新名字', phone: '13700000000', roleIds: [31, 32] })).body.code).toBe(200);
    const after = (await haidian.get('/api/user/list', { username: 'hd_worker' })).body.data.lists[0];
    expect(after).toMatchObject({ name: '新名字', phone: '13700000000' });
    expect(after.roles.map((r: { id: number }) => r.id)).toEqual([31, 32]);
    const reset = await haidian.put('/api/user/reset', { id });
    expect(reset.body.data.password).toMatch(/^[A-Za-z0-9]{16}$/);
    const c = new Client(t.app);
    const login = await c.post('/api/login', { username: 'hd_worker', password: reset.body.data.password });
    expect(login.body.code).toBe(200);
    expect((await haidian.put('/api/user/reset', { id, password: 'Given1234' })).body.data.password).toBeNull();
    expect((await haidian.post('/api/user/ban', { id: haidian.userId, status: 1 })).body.message).toBe('不能禁用自己的账号');
  });

  it('audits applications and lists them separately', async () => {
    const applicant = await new Client(t.app).post('/api/register', {
      username: 'hd_apply',
      password: 'Passw0rd1',
      name: '申请人',
      phone: '13600000009',
      areaId: '110108',
      applyType: 2,
      roleId: 31,
    });
    const audits = await haidian.get('/api/user/audit_list');
    expect(audits.body.data.lists.map((u: { username: string }) => u.username)).toEqual(['hd_apply']);
    expect((await haidian.get('/api/user/list', { username: 'hd_apply' })).body.data.total).toBe(0);
    expect(applicant.body).toMatchObject({ code: 200, data: null });
    const [{ id: applicantId }] = await t.database.query<{ id: number }>(`select id from users where username = 'hd_apply'`);
    expect((await haidian.post('/api/user/audit', { id: applicantId, auditStatus: 1 })).body.message).toBe('审核已通过');
    expect((await haidian.get('/api/user/audit_list', { auditStatus: 0 })).body.data.total).toBe(0);
    expect((await haidian.post('/api/user/audit', { id: chaoyangUserId, auditStatus: 2 })).body.code).toBe(5002);
  });

  it('checks usernames and phones', async () => {
    expect((await haidian.get('/api/checkUsername', { username: 'hd_admin' })).body.data).toEqual({ exists: true });
    expect((await haidian.get('/api/checkUsername', { username: 'free_name' })).body.data).toEqual({ exists: false });
    expect((await haidian.get('/api/checkPhone', { phone: '13800000001' })).body.data).toEqual({ exists: true });
    expect((await haidian.get('/api/checkPhone', { phone: '12' })).body.code).toBe(400);
  });
});
