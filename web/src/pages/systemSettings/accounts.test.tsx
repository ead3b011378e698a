// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import Providers from '../../app/Providers';
import type { AreaNode } from '../../app/session/types';
import { ADMIN_USER, logIn, setPermissions } from '../../test/session';
import { ok, stubFetch, type Call } from '../../test/stubFetch';
import { TODO_ITEMS } from '../index/panels/TodoList';
import SystemSettings from './index';
import type { ApplicationRow, ThirdPartyRow } from './types';

const base = {
  company: '某运维公司',
  areaId: '110108',
  areaName: '海淀区',
  areaLevel: 3,
  userLevel: 2,
  platformCode: null,
  siteId: null,
  brandId: null,
  status: 0,
  auditRemark: null,
  createTime: '2026-11-20 09:00:00',
  unavailableTime: null,
  idcardUrl: null,
  idcardBackUrl: null,
  creatorName: null,
  auditTime: null,
  auditorName: null,
};
const maintainer: ApplicationRow = {
  ...base,
  id: 21,
  username: 'wang_m',
  name: '王运维',
  phone: '13512345678',
  roles: [{ id: 31, roleName: '运维人员' }],
  auditStatus: 0,
  applyType: 2,
  applyReason: '负责海淀站点运维',
};
const platform: ApplicationRow = { ...maintainer, id: 22, username: 'li_p', name: '李监管', phone: '13512340000', roles: [], applyType: 1, applyReason: null };
const rejected: ApplicationRow = {
  ...maintainer,
  id: 23,
  username: 'zhao',
  name: '赵某',
  phone: '13587654321',
  auditStatus: 2,
  auditRemark: '资料不全',
  auditorName: '管理员',
};
const bureau: ThirdPartyRow = {
  id: 5,
  name: '海淀区数据局',
  company: '北京市海淀区数据局',
  phone: '139****0001',
  areaId: '110108',
  areaName: '海淀区',
  expireTime: '2027-11-20 23:59:59',
  status: 0,
  expired: false,
  keyPrefix: 'tpk_AbCdEf',
  creatorName: '管理员',
  createTime: '2026-11-20 10:00:00',
  updateTime: '2026-11-20 10:00:00',
  lastUseTime: '2026-11-21 08:30:00',
};
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
const KEY = 'tpk_0123456789abcdefghijABCDEFGHIJ_-klmnopqrstu';

let calls: Call[];
let last: (path: string, method?: string) => Call | undefined;
let special: (path: string, method: string) => Response | undefined = () => undefined;

beforeEach(() => {
  special = () => undefined;
  ({ calls, last } = stubFetch((path, method) => {
    const s = special(path, method);
    if (s) return s;
    if (path === '/api/user/audit_list') return ok({ lists: [maintainer, platform, rejected], total: 3 });
    if (path === '/api/register/roles')
      return ok([
        { id: 31, roleName: '运维人员' },
        { id: 32, roleName: '监督员' },
      ]);
    if (path === '/api/role/addRoleAll') return ok([{ id: 2, roleName: '区域管理员' }]);
    if (path === '/api/getThirdPartyAuthList') return ok({ lists: [bureau], total: 1 });
    if (path === '/api/saveThirdPartyAuthUser') return ok({ id: 6, key: KEY });
    if (path === '/api/checkAuthPhone') return ok({ exists: false });
    if (path === '/api/resetThirdPartyAuthKey') return ok({ key: KEY });
    return undefined;
  }));
  logIn({ user: ADMIN_USER, areaAll: [haidian], permissions: ['user.manage', 'role.manage', 'user.audit'] });
});
afterEach(() => vi.unstubAllGlobals());
// the first render loads antd's table, form and modal parts: slow on a busy machine
vi.setConfig({ testTimeout: 90_000 });

function renderAt(entry: string) {
  const router = createMemoryRouter([{ path: '/systemSettings/:id?', element: <SystemSettings /> }], { initialEntries: [entry] });
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
const rowOf = async (text: string) => (await screen.findByText(text, undefined, { timeout: 10_000 })).closest('tr') as HTMLElement;
const input = (box: HTMLElement, label: string) =>
  within(box).getByText(label, { selector: 'label' }).closest('.ant-form-item')!.querySelector('input, textarea') as HTMLElement;
const auditCall = () => last('/api/user/audit', 'POST');

describe('系统设置 · 账号审核', () => {
  it('opens from the to-do link filtered to the pending applications of the role, phones masked', async () => {
    const maint = TODO_ITEMS.find((t) => t.key === 'maintainPend')!;
    expect(maint.to).toBe('/systemSettings/audit?roleId=31&auditStatus=0');
    renderAt(maint.to);
    expect(await screen.findByText('王运维', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '账号审核', selected: true })).toBeTruthy();
    const q = last('/api/user/audit_list')!.url.searchParams;
    expect([q.get('roleId'), q.get('auditStatus'), q.get('pageSize')]).toEqual(['31', '0', '10']);
    expect(screen.getByText('135****5678')).toBeTruthy();
    expect(screen.queryByText('13512345678')).toBeNull();
    expect(screen.getByText('平台账号', { selector: '.ant-tag' })).toBeTruthy();
    expect(within(await rowOf('赵某')).getByText('已驳回')).toBeTruthy();
    expect(within(await rowOf('赵某')).queryByText('通过')).toBeNull();
  });

  it('approves a role application after 温馨提示', async () => {
    renderAt('/systemSettings/audit');
    fireEvent.click(action(await rowOf('王运维'), '通过'));
    await waitFor(() => expect(confirmBox()).toBeTruthy());
    expect(within(confirmBox()).getByText(/确定通过“王运维”的运维人员申请吗/)).toBeTruthy();
    expect(auditCall()).toBeUndefined();
    fireEvent.click(okOf(confirmBox()));
    await waitFor(() => expect(auditCall()?.body).toEqual({ id: 21, auditStatus: 1 }));
  });

  it('approves a platform account with the roles chosen', async () => {
    renderAt('/systemSettings/audit');
    fireEvent.click(action(await rowOf('李监管'), '通过'));
    await waitFor(() => expect(dialog('通过平台账号申请')).toBeTruthy());
    const box = dialog('通过平台账号申请');
    fireEvent.click(okOf(box));
    expect(await within(box).findByText('请选择分配角色')).toBeTruthy();
    expect(auditCall()).toBeUndefined();
    fireEvent.mouseDown(box.querySelector('.ant-select-selector, .ant-select') as HTMLElement);
    fireEvent.click(await screen.findByText('区域管理员', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(okOf(box));
    await waitFor(() => expect(auditCall()?.body).toEqual({ id: 22, auditStatus: 1, roleIds: [2] }));
  });

  it('rejects only with a reason, and keeps the dialog open on a refusal', async () => {
    special = (path) => (path === '/api/user/audit' ? ok(null, 5002, '无权访问该区域的数据') : undefined);
    renderAt('/systemSettings/audit');
    fireEvent.click(action(await rowOf('王运维'), '驳回'));
    await waitFor(() => expect(dialog('驳回申请')).toBeTruthy());
    const box = dialog('驳回申请');
    fireEvent.click(okOf(box));
    expect(await within(box).findByText('请输入驳回原因')).toBeTruthy();
    fireEvent.change(input(box, '驳回原因'), { target: { value: ' 资料不全 ' } });
    fireEvent.click(okOf(box));
    await waitFor(() => expect(auditCall()?.body).toEqual({ id: 21, auditStatus: 2, remark: '资料不全' }));
    expect(await screen.findByText('无权访问该区域的数据')).toBeTruthy();
    expect(dialog('驳回申请')).toBeTruthy();
  });

  it('is left out without 账号审核 (user.audit)', async () => {
    setPermissions(['user.manage']);
    renderAt('/systemSettings/audit');
    expect(await screen.findByRole('tab', { name: '第三方授权' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: '账号审核' })).toBeNull();
    expect(calls.some((c) => c.url.pathname === '/api/user/audit_list')).toBe(false);
  });
});

describe('系统设置 · 第三方授权', () => {
  it('lists keys with the masked phone, state and key prefix', async () => {
    renderAt('/systemSettings/thirdParty');
    const row = await rowOf('海淀区数据局');
    expect(within(row).getByText('139****0001')).toBeTruthy();
    expect(within(row).getByText('有效')).toBeTruthy();
    expect(within(row).getByText('tpk_AbCdEf…')).toBeTruthy();
    expect(within(row).getByText('2027-11-20')).toBeTruthy();
    expect(within(row).getByText('2026-11-21 08:30:00')).toBeTruthy(); // 最近使用
    expect(screen.getByRole('columnheader', { name: '最近使用' })).toBeTruthy();
  });

  it('creates a key and shows it once with a copy button', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderAt('/systemSettings/thirdParty');
    fireEvent.click((await screen.findByText('新增授权')).closest('button')!);
    const box = dialog('新增授权');
    fireEvent.change(input(box, '名称'), { target: { value: '朝阳地图' } });
    fireEvent.change(input(box, '联系手机'), { target: { value: '13900000009' } });
    fireEvent.click(okOf(box));
    await waitFor(() => expect(last('/api/saveThirdPartyAuthUser', 'POST')).toBeTruthy());
    const body = last('/api/saveThirdPartyAuthUser', 'POST')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: '朝阳地图', phone: '13900000009', areaId: '110108', company: null });
    expect(body.expireTime).toBe(dayjs().add(1, 'year').format('YYYY-MM-DD')); // a date on the picker, a year ahead by default
    expect((await screen.findByTestId('new-password')).textContent).toBe(KEY);
    expect(screen.getByText('第三方密钥')).toBeTruthy();
    fireEvent.click(screen.getByText('复制').closest('button')!);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(KEY));
    fireEvent.click(screen.getByText('我已转交，关闭').closest('button')!);
    await waitFor(() => expect(screen.queryByText(KEY)).toBeNull());
  });

  it('edits without the phone unless a new one is typed', async () => {
    renderAt('/systemSettings/thirdParty');
    fireEvent.click(action(await rowOf('海淀区数据局'), '编辑'));
    await waitFor(() => expect(dialog('编辑授权')).toBeTruthy());
    const box = dialog('编辑授权');
    expect((input(box, '联系手机') as HTMLInputElement).value).toBe('');
    fireEvent.change(input(box, '名称'), { target: { value: '海淀数据局' } });
    fireEvent.click(okOf(box));
    await waitFor(() => expect(last('/api/saveThirdPartyAuthUser', 'POST')).toBeTruthy());
    expect(last('/api/saveThirdPartyAuthUser', 'POST')!.body).toEqual({
      id: 5,
      name: '海淀数据局',
      company: '北京市海淀区数据局',
      areaId: '110108',
      expireTime: '2027-11-20',
    });
  });

  it('revokes after 温馨提示', async () => {
    renderAt('/systemSettings/thirdParty');
    fireEvent.click(action(await rowOf('海淀区数据局'), '撤销'));
    await waitFor(() => expect(confirmBox()).toBeTruthy());
    expect(within(confirmBox()).getAllByText('温馨提示').length).toBeGreaterThan(0);
    expect(within(confirmBox()).getByText(/撤销后其密钥立即失效/)).toBeTruthy();
    expect(last('/api/saveThirdPartyAuthUser', 'POST')).toBeUndefined();
    fireEvent.click(okOf(confirmBox()));
    await waitFor(() => expect(last('/api/saveThirdPartyAuthUser', 'POST')?.body).toEqual({ id: 5, status: 1 }));
  });

  it('re-enables a revoked key with a new secret, shown once (issue 26)', async () => {
    special = (path) => (path === '/api/getThirdPartyAuthList' ? ok({ lists: [{ ...bureau, status: 1 }], total: 1 }) : undefined);
    renderAt('/systemSettings/thirdParty');
    fireEvent.click(action(await rowOf('海淀区数据局'), '恢复'));
    await waitFor(() => expect(confirmBox()).toBeTruthy());
    expect(within(confirmBox()).getByText(/将生成新密钥，原密钥不再可用/)).toBeTruthy();
    fireEvent.click(okOf(confirmBox()));
    await waitFor(() => expect(last('/api/saveThirdPartyAuthUser', 'POST')?.body).toEqual({ id: 5, status: 0 }));
    expect((await screen.findByTestId('new-password')).textContent).toBe(KEY);
  });
});
