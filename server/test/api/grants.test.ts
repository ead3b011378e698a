/**
 * Issue 16 findings 3 and 4: roles belong to an area, nobody grants a role outside their area or a
 * permission they lack; a refused write changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, adminClient, createTestApp, userClient, type TestContext } from '../support/app.js';

let t: TestContext;
let admin: Client;
let haidian: Client & { userId: number };
let chaoyang: Client & { userId: number };
let cyRole: number;
let hdRole: number;
let hdWorker: number;
let cyWorker: number;

const rolesOf = async (userId: number) =>
  (await t.database.query<{ id: number }>('select role_id as id from user_roles where user_id = $1 order by role_id', [userId])).map((r) => r.id);
const userRow = async (id: number) =>
  (
    await t.database.query<{ name: string; phone: string | null; areaId: string; userLevel: number }>(
      'select name, phone, area_id as "areaId", user_level as "userLevel" from users where id = $1',
      [id],
    )
  )[0];
const roleRow = async (id: number) =>
  (
    await t.database.query<{ roleName: string; remark: string | null; applicable: boolean }>(
      'select role_name as "roleName", remark, applicable from roles where id = $1',
      [id],
    )
  )[0];
const rolePerms = async (id: number) =>
  (await t.database.query<{ p: number }>('select permission_id as p from role_permissions where role_id = $1 order by 1', [id])).map((r) => r.p);

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t.app);
  haidian = await userClient(t.app, admin, { username: 'g_hd_admin', areaId: '110108' });
  chaoyang = await userClient(t.app, admin, { username: 'g_cy_admin', areaId: '110105' });
  cyRole = (await chaoyang.post('/api/role/add', { roleName: '朝阳巡查', permissionIds: [64] })).body.data.id;
  hdRole = (await haidian.post('/api/role/add', { roleName: '海淀巡查', remark: '原备注', permissionIds: [64] })).body.data.id;
  hdWorker = (
    await haidian.post('/api/user/add', {
      username: 'g_hd_worker',
      password: 'Passw0rd1',
      name: '原名',
      phone: '13700000001',
      areaId: '110108',
      roleIds: [hdRole],
    })
  ).body.data.id;
  cyWorker = (
    await chaoyang.post('/api/user/add', {
      username: 'g_cy_worker',
      password: 'Passw0rd1',
      name: '朝阳人',
      areaId: '110105',
      roleIds: [cyRole],
    })
  ).body.data.id;
});
afterAll(() => t.close());

describe('cross-district role grants (finding 3)', () => {
  it('refuses a 海淀 admin giving a new user 朝阳’s role, and creates no user', async () => {
    const r = await haidian.post('/api/user/add', {
      username: 'g_sneak1',
      password: 'Passw0rd1',
      areaId: '110108',
      roleIds: [cyRole],
    });
    expect(r.body).toMatchObject({ code: 5002, message: '不能分配其他区域的角色' });
    expect(await t.database.query(`select 1 from users where username = 'g_sneak1'`)).toEqual([]);
  });

  it('refuses a 海淀 admin giving an existing 海淀 user 朝阳’s role', async () => {
    const r = await haidian.put('/api/user/edit', { id: hdWorker, roleIds: [cyRole] });
    expect(r.body).toMatchObject({ code: 5002, message: '不能分配其他区域的角色' });
    expect(await rolesOf(hdWorker)).toEqual([hdRole]);
  });

  it('refuses even the platform admin giving a 朝阳 role to a 海淀 user (the role would not cover the user)', async () => {
    const add = await admin.post('/api/user/add', {
      username: 'g_sneak2',
      password: 'Passw0rd1',
      areaId: '110108',
      roleIds: [cyRole],
    });
    expect(add.body).toMatchObject({ code: 5002, message: '该角色属于其他区域，不能分配给此区域的用户' });
    expect((await admin.put('/api/user/edit', { id: hdWorker, roleIds: [cyRole] })).body.code).toBe(5002);
    // moving the user out of the role's area while keeping the role is refused the same way
    expect((await admin.put('/api/user/edit', { id: cyWorker, areaId: '110108' })).body.code).toBe(5002);
    expect((await userRow(cyWorker)).areaId).toBe('110105');
    // within the role's area it is fine
    expect((await admin.put('/api/user/edit', { id: cyWorker, roleIds: [cyRole, 32] })).body.code).toBe(200);
    expect(await rolesOf(cyWorker)).toEqual([32, cyRole]);
  });

  it('lets a district admin give their own district’s roles and the platform’s', async () => {
    expect((await haidian.put('/api/user/edit', { id: hdWorker, roleIds: [hdRole, 32] })).body.code).toBe(200);
    expect(await rolesOf(hdWorker)).toEqual([32, hdRole]);
    expect((await haidian.put('/api/user/edit', { id: hdWorker, roleIds: [hdRole] })).body.code).toBe(200);
  });

  it('refuses a role carrying a permission the granter lacks, on add and edit', async () => {
    // a 海淀 user manager: user management only
    const mgrRole = (await haidian.post('/api/role/add', { roleName: '海淀用户管理', permissionIds: [9, 112] })).body.data.id;
    const mgr = await userClient(t.app, haidian, { username: 'g_hd_mgr', areaId: '110108', roleIds: [mgrRole] });
    const r = await mgr.post('/api/user/add', {
      username: 'g_sneak3',
      password: 'Passw0rd1',
      areaId: '110108',
      roleIds: [2],
    });
    expect(r.body).toMatchObject({ code: 5002, message: '不能分配超出自身权限的角色' });
    expect((await mgr.put('/api/user/edit', { id: hdWorker, roleIds: [2] })).body.code).toBe(5002);
    expect(await rolesOf(hdWorker)).toEqual([hdRole]);
    // nor can they manage an account that holds more than they do (resetting its password would hand it over)
    expect((await mgr.put('/api/user/reset', { id: haidian.userId })).body.code).toBe(5002);
    expect((await mgr.post('/api/user/ban', { id: haidian.userId, status: 1 })).body.code).toBe(5002);
  });

  it('refuses role permissions the editor lacks, on role add and edit', async () => {
    const rmRole = (await haidian.post('/api/role/add', { roleName: '海淀角色管理', permissionIds: [9, 113, 64] })).body.data.id;
    const rm = await userClient(t.app, haidian, { username: 'g_hd_rm', areaId: '110108', roleIds: [rmRole] });
    expect((await rm.post('/api/role/add', { roleName: '越权角色', permissionIds: [9, 112] })).body).toMatchObject({
      code: 5002,
      message: '不能授予超出自身权限的权限',
    });
    expect(await t.database.query(`select 1 from roles where role_name = '越权角色'`)).toEqual([]);
    expect((await rm.post('/api/role/edit', { id: hdRole, permissionIds: [64, 112] })).body.code).toBe(5002);
    expect(await rolePerms(hdRole)).toEqual([64]);
  });
});

describe('refused writes change nothing (finding 4)', () => {
  it('PUT /api/user/edit refused for the roles leaves name and phone as they were', async () => {
    const before = await userRow(hdWorker);
    const r = await haidian.put('/api/user/edit', {
      id: hdWorker,
      name: '新名字',
      phone: '13700000009',
      roleIds: [cyRole],
    });
    expect(r.body.code).toBe(5002);
    expect(await userRow(hdWorker)).toEqual(before);
    expect(before).toMatchObject({ name: '原名', phone: '13700000001' });
  });

  it('PUT /api/user/edit refused for a role that does not exist leaves the row as it was', async () => {
    const before = await userRow(hdWorker);
    const r = await haidian.put('/api/user/edit', { id: hdWorker, name: '新名字', roleIds: [987654] });
    expect(r.body).toMatchObject({ code: 400, message: '角色不存在，请刷新后重试' });
    expect(await userRow(hdWorker)).toEqual(before);
    expect(await rolesOf(hdWorker)).toEqual([hdRole]);
  });

  it('POST /api/role/edit refused for its permissions does not rename the role', async () => {
    const rmRole = (await haidian.post('/api/role/add', { roleName: '海淀角色管理2', permissionIds: [9, 113, 64] })).body.data.id;
    const rm = await userClient(t.app, haidian, { username: 'g_hd_rm2', areaId: '110108', roleIds: [rmRole] });
    const before = await roleRow(hdRole);
    const r = await rm.post('/api/role/edit', {
      id: hdRole,
      roleName: '被改名',
      remark: '被改备注',
      applicable: true,
      permissionIds: [112],
    });
    expect(r.body.code).toBe(5002);
    expect(await roleRow(hdRole)).toEqual(before);
    expect(before).toMatchObject({ roleName: '海淀巡查', remark: '原备注' });
    const unknown = await haidian.post('/api/role/edit', { id: hdRole, roleName: '被改名', permissionIds: [99999] });
    expect(unknown.body).toMatchObject({ code: 400, message: '权限 99999 不存在' });
    expect(await roleRow(hdRole)).toEqual(before);
  });

  it('POST /api/role/edit to a name the area already has is refused before writing', async () => {
    await haidian.post('/api/role/add', { roleName: '海淀同名', permissionIds: [64] });
    const r = await haidian.post('/api/role/edit', { id: hdRole, roleName: '海淀同名' });
    expect(r.body).toMatchObject({ code: 400, message: '该区域已有同名角色' });
    expect((await roleRow(hdRole)).roleName).toBe('海淀巡查');
  });
});

describe('role lists (finding 8)', () => {
  it('answers role/all only with the role permission, and addRoleAll only with user management', async () => {
    const supervisor = await userClient(t.app, haidian, { username: 'g_hd_sup', areaId: '110108', roleIds: [32] });
    expect((await supervisor.get('/api/role/all')).body).toMatchObject({ code: 5002, data: null });
    expect((await supervisor.get('/api/role/addRoleAll')).body).toMatchObject({ code: 5002, data: null });
    expect((await new Client(t.app).get('/api/role/all')).body.code).toBe(401);
  });

  it('lists only the caller’s area (and below) and the platform’s roles', async () => {
    const ids = (await haidian.get('/api/role/all')).body.data.map((r: { id: number }) => r.id);
    expect(ids).toEqual(expect.arrayContaining([2, 32, hdRole]));
    expect(ids).not.toContain(cyRole);
    const assignable = (await haidian.get('/api/role/addRoleAll')).body.data.map((r: { id: number }) => r.id);
    expect(assignable).toEqual(expect.arrayContaining([2, hdRole]));
    expect(assignable).not.toContain(cyRole);
    expect((await chaoyang.get('/api/role/all')).body.data.map((r: { id: number }) => r.id)).not.toContain(hdRole);
  });
});
