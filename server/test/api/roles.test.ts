import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, adminClient, createTestApp, userClient, type TestContext } from '../support/app.js';

let t: TestContext;
let admin: Client;
let haidian: Client;
let chaoyang: Client;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t.app);
  haidian = await userClient(t.app, admin, { username: 'hd_roles', areaId: '110108' });
  chaoyang = await userClient(t.app, admin, { username: 'cy_roles', areaId: '110105' });
});
afterAll(() => t.close());

describe('roles', () => {
  it('adds, lists, edits and deletes a role of the area', async () => {
    const add = await haidian.post('/api/role/add', { roleName: '海淀巡查', remark: '巡查', permissionIds: [64, 60, 1] });
    expect(add.body.code).toBe(200);
    const id = add.body.data.id;
    expect(id).toBeGreaterThan(100);
    const list = await haidian.get('/api/role/list', { roleName: '巡查' });
    expect(list.body.data.lists).toEqual([
      expect.objectContaining({ id, roleName: '海淀巡查', areaId: '110108', areaName: '海淀区', permissionIds: [1, 60, 64], userCount: 0 }),
    ]);
    const perm = await haidian.get('/api/role/getPermission', { id });
    expect(perm.body.data.checked).toEqual([1, 60, 64]);
    expect(perm.body.data.tree.find((n: { id: number }) => n.id === 64).children.map((c: { id: number }) => c.id)).toEqual(
      expect.arrayContaining([59, 60, 134]),
    );
    expect((await haidian.post('/api/role/edit', { id, roleName: '海淀巡查2', permissionIds: [64] })).body.code).toBe(200);
    expect((await haidian.get('/api/role/getPermission', { id })).body.data.checked).toEqual([64]);
    // another district cannot see or change it
    expect((await chaoyang.get('/api/role/list')).body.data.lists.some((r: { id: number }) => r.id === id)).toBe(false);
    expect((await chaoyang.post('/api/role/edit', { id, roleName: 'x' })).body.code).toBe(5002);
    expect((await chaoyang.del('/api/role/del', { id })).body.code).toBe(5002);
    expect((await haidian.del('/api/role/del', { id })).body).toMatchObject({ code: 200, message: '角色已删除' });
  });

  it('rejects unknown permissions, protects seed roles and roles in use', async () => {
    expect((await haidian.post('/api/role/add', { roleName: 'x', permissionIds: [99999] })).body.message).toBe('权限 99999 不存在');
    expect((await haidian.post('/api/role/add', { permissionIds: [] })).body.message).toBe('缺少参数 roleName，请填写后重试');
    expect((await haidian.del('/api/role/del', { id: 2 })).body.message).toBe('系统内置角色不能删除');
    const add = await haidian.post('/api/role/add', { roleName: '在用角色', permissionIds: [64] });
    await haidian.post('/api/user/add', { username: 'hd_roleuser', password: 'Passw0rd1', areaId: '110108', roleIds: [add.body.data.id] });
    expect((await haidian.del('/api/role/del', { id: add.body.data.id })).body.message).toContain('还有 1 个用户');
  });

  it('lists applicable and assignable roles', async () => {
    const audit = await haidian.get('/api/role/auditRoleAll');
    expect(audit.body.data.map((r: { id: number }) => r.id)).toEqual([5, 27, 31, 32, 33, 34]);
    const all = await haidian.get('/api/role/all');
    expect(all.body.data.length).toBeGreaterThanOrEqual(8);
    const assignable = await haidian.get('/api/role/addRoleAll');
    expect(assignable.body.data.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining([2, 31]));
  });
});
