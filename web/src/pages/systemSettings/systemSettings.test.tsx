// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import Providers from '../../app/Providers';
import type { AreaNode } from '../../app/session/types';
import { ADMIN_USER, logIn, setPermissions } from '../../test/session';
import SystemSettings from './index';
import type { PermissionMenu, RoleRow, UserRow } from './types';

const zhang: UserRow = {
  id: 7,
  username: 'zhangsan',
  name: '张三',
  phone: '13812345678',
  company: null,
  roles: [{ id: 32, roleName: '监督员' }],
  areaId: '110108',
  areaName: '海淀区',
  areaLevel: 3,
  userLevel: 2,
  platformCode: null,
  siteId: null,
  brandId: null,
  status: 0,
  auditStatus: 1,
  auditRemark: null,
  createTime: '2026-11-01 09:00:00',
  unavailableTime: null,
  idcardUrl: null,
  idcardBackUrl: null,
  creatorName: '管理员',
};
const inspectors: RoleRow = {
  id: 40,
  roleName: '巡查员',
  remark: null,
  areaId: '110108',
  areaName: '海淀区',
  applicable: false,
  createTime: '2026-11-02 10:00:00',
  permissionIds: [1, 101],
  userCount: 3,
};
const tree: PermissionMenu[] = [
  {
    id: 1,
    key: 'warn',
    name: '异常列表',
    children: [
      { id: 101, key: 'warn.handle', name: '处理异常' },
      { id: 102, key: 'warn.export', name: '导出异常' },
    ],
  },
  { id: 2, key: 'dailyDuty', name: '日常值守', children: [] },
];
const haidian: AreaNode = {
  id: '110108',
  areaCode: '110108',
  areaName: '海淀区',
  parentId: '110100',
  level: 3,
  aggregation: 0,
  aggregationId: null,
  platformCode: null,
};

const ok = (data: unknown, code = 200, message = '操作成功！') =>
  new Response(JSON.stringify({ code, message, data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
type Answer = (path: string, method: string) => Response | undefined;
const calls: Array<{ method: string; url: URL; body: unknown }> = [];
let special: Answer = () => undefined;
const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
  const url = new URL(input, 'http://x');
  const method = init?.method ?? 'GET';
  calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
  const s = special(url.pathname, method);
  if (s) return s;
  if (url.pathname === '/api/user/list') return ok({ lists: [zhang], total: 1 });
  if (url.pathname === '/api/role/list') return ok({ lists: [inspectors], total: 1 });
  if (url.pathname === '/api/role/all' || url.pathname === '/api/role/addRoleAll') return ok([{ id: 32, roleName: '监督员' }]);
  if (url.pathname === '/api/role/getPermission') return ok({ tree, checked: [] });
  if (url.pathname === '/api/user/reset') return ok({ password: 'Xy7kQ2mP9a' });
  if (url.pathname === '/api/user/add') return ok({ id: 8 });
  if (url.pathname === '/api/checkUsername') return ok({ exists: url.searchParams.get('username') === 'admin' });
  if (url.pathname === '/api/checkPhone') return ok({ exists: url.searchParams.get('phone') === '13700000000' });
  if (url.pathname === '/api/role/add') return ok({ id: 41 });
  return ok(null);
});
const last = (path: string, method = 'GET') => calls.filter((c) => c.url.pathname === path && c.method === method).at(-1);

function renderAt(entry: string) {
  const router = createMemoryRouter(
    [
      { path: '/systemSettings/:id?', element: <SystemSettings /> },
      { path: '*', element: <div>elsewhere</div> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

const dialog = (title: string) => screen.getByText(title, { selector: '.ant-modal-title' }).closest('.ant-modal') as HTMLElement;
const confirmBox = () => document.querySelector('.ant-modal-confirm') as HTMLElement;
const okOf = (box: HTMLElement) => box.querySelector('.ant-btn-primary') as HTMLElement;
const action = (row: HTMLElement, label: string) =>
  within(row).getByText((_, el) => el?.tagName === 'BUTTON' && el.textContent?.replace(/\s/g, '') === label) as HTMLElement;
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;
const input = (box: HTMLElement, label: string) =>
  within(box).getByText(label, { selector: 'label' }).closest('.ant-form-item')!.querySelector('input, textarea') as HTMLElement;
/** The 有效期 date picker's input. */
const dateOf = (box: HTMLElement) =>
  within(box).getByText('有效期', { selector: 'label' }).closest('.ant-form-item')!.querySelector('.ant-picker input') as HTMLInputElement;

beforeEach(() => {
  calls.length = 0;
  special = () => undefined;
  vi.stubGlobal('fetch', fetchMock);
  logIn({ user: ADMIN_USER, areaAll: [haidian], permissions: ['user.manage', 'role.manage'] });
});
afterEach(() => vi.unstubAllGlobals());

describe('系统设置 · 用户管理', () => {
  it('lists the accounts with the phone masked', async () => {
    renderAt('/systemSettings/user');
    expect(await screen.findByText('zhangsan')).toBeTruthy();
    expect(screen.getByText('138****5678')).toBeTruthy();
    expect(screen.queryByText('13812345678')).toBeNull();
    expect(screen.getByText('监督员', { selector: 'td' })).toBeTruthy();
    expect(screen.getByText('正常')).toBeTruthy();
    expect(last('/api/user/list')?.url.searchParams.get('pageSize')).toBe('10');
  });

  it('hides the tabs the user lacks', async () => {
    setPermissions(['role.manage']);
    renderAt('/systemSettings/user');
    expect(await screen.findByText('巡查员')).toBeTruthy();
    expect(screen.queryByRole('tab', { name: '用户管理' })).toBeNull();
  });

  it('creates an account with the body the server takes', async () => {
    renderAt('/systemSettings/user');
    fireEvent.click(await screen.findByRole('button', { name: /新增用户/ }));
    const box = dialog('新增用户');
    fireEvent.change(input(box, '用户名'), { target: { value: 'lisi_01' } });
    fireEvent.change(input(box, '初始密码'), { target: { value: 'abc123' } });
    fireEvent.change(input(box, '姓名'), { target: { value: '李四' } });
    fireEvent.change(input(box, '手机号'), { target: { value: '13900001111' } });
    fireEvent.click(okOf(box));
    await waitFor(() => expect(last('/api/user/add', 'POST')).toBeTruthy());
    expect(last('/api/user/add', 'POST')?.body).toEqual({
      username: 'lisi_01',
      password: 'abc123',
      name: '李四',
      phone: '13900001111',
      roleIds: [],
      areaId: '110108',
      unavailableTime: null,
      brandId: null,
      idcardUrl: null,
      idcardBackUrl: null,
    });
  });

  it('checks the password rule and taken names, and keeps the dialog open on a refusal with the server message', async () => {
    special = (path) => (path === '/api/user/add' ? ok(null, 5002, '不能分配超出自身权限的角色') : undefined);
    const router = renderAt('/systemSettings/user');
    fireEvent.click(await screen.findByRole('button', { name: /新增用户/ }));
    const box = dialog('新增用户');
    fireEvent.change(input(box, '用户名'), { target: { value: 'lisi_01' } });
    fireEvent.change(input(box, '初始密码'), { target: { value: 'abcdef' } });
    fireEvent.blur(input(box, '初始密码'));
    expect(await within(box).findByText('密码需同时包含字母和数字')).toBeTruthy();
    fireEvent.change(input(box, '用户名'), { target: { value: 'admin' } });
    fireEvent.blur(input(box, '用户名'));
    expect(await within(box).findByText('用户名已存在，请换一个')).toBeTruthy();
    fireEvent.change(input(box, '手机号'), { target: { value: '13700000000' } });
    fireEvent.blur(input(box, '手机号'));
    expect(await within(box).findByText('手机号已被其他账号使用')).toBeTruthy();
    fireEvent.change(input(box, '用户名'), { target: { value: 'lisi_01' } });
    fireEvent.change(input(box, '手机号'), { target: { value: '' } });
    fireEvent.change(input(box, '初始密码'), { target: { value: 'abc123' } });
    fireEvent.change(input(box, '姓名'), { target: { value: '李四' } });
    fireEvent.click(okOf(box));
    expect(await screen.findByText('不能分配超出自身权限的角色')).toBeTruthy();
    expect(screen.getByText('新增用户', { selector: '.ant-modal-title' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/systemSettings/user');
  });

  it('edits an account: the whole phone in the form, the roles kept, the changes sent', async () => {
    renderAt('/systemSettings/user');
    fireEvent.click(action(await rowOf('zhangsan'), '编辑'));
    await waitFor(() => expect(dialog('编辑用户')).toBeTruthy());
    const box = dialog('编辑用户');
    expect((input(box, '手机号') as HTMLInputElement).value).toBe('13812345678');
    fireEvent.change(input(box, '姓名'), { target: { value: '张三丰' } });
    fireEvent.change(input(box, '手机号'), { target: { value: '' } });
    fireEvent.click(okOf(box));
    await waitFor(() => expect(last('/api/user/edit', 'PUT')).toBeTruthy());
    expect(last('/api/user/edit', 'PUT')?.body).toEqual({
      id: 7,
      name: '张三丰',
      roleIds: [32],
      areaId: '110108',
      brandId: null,
      idcardUrl: null,
      idcardBackUrl: null,
      phone: null,
      company: null,
    }); // 有效期 unchanged: not sent
  });

  it('picks 有效期 on a Chinese date picker: no past day, a date sent, 长期有效 still possible', async () => {
    renderAt('/systemSettings/user');
    fireEvent.click(await screen.findByRole('button', { name: /新增用户/ }));
    const box = dialog('新增用户');
    fireEvent.change(input(box, '用户名'), { target: { value: 'lisi_02' } });
    fireEvent.change(input(box, '初始密码'), { target: { value: 'abc123' } });
    fireEvent.change(input(box, '姓名'), { target: { value: '李四' } });
    const forever = within(box).getByRole('checkbox', { name: '长期有效' }) as HTMLInputElement;
    expect(forever.checked).toBe(true);
    const picker = dateOf(box);
    expect(picker.getAttribute('placeholder')).toBe('长期有效');
    fireEvent.mouseDown(picker);
    fireEvent.click(picker);
    const yesterday = dayjs().subtract(1, 'day').format('YYYY-MM-DD');
    const tomorrow = dayjs().add(1, 'day').format('YYYY-MM-DD');
    const cellOf = async (day: string) => (await waitFor(() => document.querySelector(`td[title="${day}"]`) as HTMLElement)) ?? null;
    // the calendar speaks Chinese (antd zh_CN: 2026年 11月) and refuses the past
    await waitFor(() => expect(document.querySelector('.ant-picker-year-btn')?.textContent).toMatch(/^\d{4}年$/));
    if (dayjs().date() > 1) expect((await cellOf(yesterday)).className).toContain('ant-picker-cell-disabled');
    const next = await cellOf(tomorrow).catch(() => null);
    if (next) fireEvent.click(next.querySelector('.ant-picker-cell-inner')!);
    else {
      fireEvent.change(picker, { target: { value: tomorrow } });
      fireEvent.keyDown(picker, { key: 'Enter' });
    }
    await waitFor(() => expect(picker.value).toBe(tomorrow));
    expect(forever.checked).toBe(false);
    fireEvent.click(okOf(box));
    await waitFor(() => expect(last('/api/user/add', 'POST')).toBeTruthy());
    expect(last('/api/user/add', 'POST')?.body).toMatchObject({ username: 'lisi_02', unavailableTime: tomorrow });
  });

  it('sends 有效期 null when 长期有效 is ticked again', async () => {
    renderAt('/systemSettings/user');
    fireEvent.click(await screen.findByRole('button', { name: /新增用户/ }));
    const box = dialog('新增用户');
    fireEvent.change(input(box, '用户名'), { target: { value: 'lisi_03' } });
    fireEvent.change(input(box, '初始密码'), { target: { value: 'abc123' } });
    fireEvent.change(input(box, '姓名'), { target: { value: '李四' } });
    const forever = within(box).getByRole('checkbox', { name: '长期有效' });
    fireEvent.click(forever); // off: a year from today
    expect(dateOf(box).value).toBe(dayjs().add(1, 'year').format('YYYY-MM-DD'));
    fireEvent.click(forever); // on again
    fireEvent.click(okOf(box));
    await waitFor(() => expect(last('/api/user/add', 'POST')).toBeTruthy());
    expect(last('/api/user/add', 'POST')?.body).toMatchObject({ username: 'lisi_03', unavailableTime: null });
  });

  it('resets a password and shows the new one once', async () => {
    renderAt('/systemSettings/user');
    fireEvent.click(action(await rowOf('zhangsan'), '重置密码'));
    await waitFor(() => expect(confirmBox()).toBeTruthy());
    fireEvent.click(okOf(confirmBox()));
    expect((await screen.findByTestId('new-password')).textContent).toBe('Xy7kQ2mP9a');
    expect(screen.getByText('请立即转交用户，关闭后无法再次查看')).toBeTruthy();
    expect(last('/api/user/reset', 'PUT')?.body).toEqual({ id: 7 });
    fireEvent.click(screen.getByRole('button', { name: '我已转交，关闭' }));
    // the password leaves the page with the dialog's state, even while the dialog fades out
    await waitFor(() => expect(screen.queryByText('Xy7kQ2mP9a')).toBeNull());
  });

  it('asks 温馨提示 before banning', async () => {
    renderAt('/systemSettings/user');
    fireEvent.click(action(await rowOf('zhangsan'), '禁用'));
    await waitFor(() => expect(confirmBox()).toBeTruthy());
    expect(within(confirmBox()).getAllByText('温馨提示').length).toBeGreaterThan(0);
    expect(within(confirmBox()).getByText(/确定要禁用用户“张三”吗/)).toBeTruthy();
    expect(last('/api/user/ban', 'POST')).toBeUndefined();
    fireEvent.click(okOf(confirmBox()));
    await waitFor(() => expect(last('/api/user/ban', 'POST')?.body).toEqual({ id: 7, status: 1 }));
  });
});

describe('系统设置 · 角色管理', () => {
  it('lists roles with their permission and user counts', async () => {
    renderAt('/systemSettings/role');
    const row = (await screen.findByText('巡查员')).closest('tr') as HTMLElement;
    expect(within(row).getByText('2')).toBeTruthy();
    expect(within(row).getByText('3')).toBeTruthy();
  });

  it('creates a role with the ticked permissions (a button brings its menu)', async () => {
    renderAt('/systemSettings/role');
    fireEvent.click(await screen.findByRole('button', { name: /新增角色/ }));
    const box = dialog('新增角色');
    fireEvent.change(input(box, '角色名称'), { target: { value: '值守员' } });
    fireEvent.click(await within(box).findByText('处理异常'));
    fireEvent.click(within(box).getByText('日常值守'));
    expect(within(box).getByText('权限（已选 3 项）')).toBeTruthy();
    fireEvent.click(okOf(box));
    await waitFor(() => expect(last('/api/role/add', 'POST')).toBeTruthy());
    expect(last('/api/role/add', 'POST')?.body).toEqual({ roleName: '值守员', remark: '', applicable: false, permissionIds: [1, 2, 101] });
  });

  it('ticking a menu grants viewing it, not its actions: they stay unticked in sight under it', async () => {
    renderAt('/systemSettings/role');
    fireEvent.click(await screen.findByRole('button', { name: /新增角色/ }));
    const box = dialog('新增角色');
    fireEvent.change(input(box, '角色名称'), { target: { value: '只读' } });
    fireEvent.click(await within(box).findByText('异常列表'));
    expect(within(box).getByText('权限（已选 1 项）')).toBeTruthy();
    // 处理异常 is shown under 异常列表, marked 操作 and unticked
    const handle = within(box).getByText('处理异常').closest('.ant-tree-treenode') as HTMLElement;
    expect(within(handle).getByText('操作')).toBeTruthy();
    expect(handle.querySelector('.ant-tree-checkbox-checked')).toBeNull();
    expect(within(box).getByText(/不会随菜单勾选/)).toBeTruthy();
    fireEvent.click(okOf(box));
    await waitFor(() => expect(last('/api/role/add', 'POST')).toBeTruthy());
    expect(last('/api/role/add', 'POST')?.body).toEqual({ roleName: '只读', remark: '', applicable: false, permissionIds: [1] });
  });

  it('shows the server message with the count when a role in use cannot be deleted', async () => {
    const why = '该角色下还有 3 个用户，请先调整这些用户的角色后再删除';
    special = (path, method) => (path === '/api/role/del' && method === 'DELETE' ? ok(null, 400, why) : undefined);
    renderAt('/systemSettings/role');
    const row = (await screen.findByText('巡查员')).closest('tr') as HTMLElement;
    fireEvent.click(action(row, '删除'));
    await waitFor(() => expect(confirmBox()).toBeTruthy());
    fireEvent.click(okOf(confirmBox()));
    expect(await screen.findByText(why)).toBeTruthy();
    expect(last('/api/role/del', 'DELETE')?.url.searchParams.get('id')).toBe('40');
  });
});
