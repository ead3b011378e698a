// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import Providers from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import type { AreaNode } from '../../app/session/types';
import { ADMIN_USER, logIn } from '../../test/session';
import { ok, stubFetch } from '../../test/stubFetch';
import InforManagement from './index';
import type { NoticeDetail, NoticeRow } from './types';

const row: NoticeRow = {
  id: 5,
  title: '关于规范停放的通知',
  type: 1,
  typeName: '通知',
  state: 1,
  stateName: '已发布',
  areaId: '110108',
  areaName: '海淀区',
  brandIds: [3],
  brandNames: ['青桔单车'],
  publisherName: '管理员',
  publishTime: '2026-11-25 09:00:00',
  createTime: '2026-11-25 09:00:00',
  updateTime: '2026-11-25 09:00:00',
  attachmentCount: 1,
  readCount: 1,
  read: false,
  readTime: null,
};
const detail: NoticeDetail = {
  ...row,
  body: '第一段。\n\n第二段。',
  attachments: [{ file: 'a.pdf', url: '/uploads/a.pdf', name: '停放规范.pdf', size: 10, type: 'application/pdf' }],
  readers: [
    { userId: 9, username: 'qj_hd', name: '青桔海淀', brandName: '青桔单车', areaName: '海淀区', read: true, readTime: '2026-11-25 10:00:00' },
    { userId: 10, username: 'qj_hd2', name: '', brandName: '青桔单车', areaName: '海淀区', read: false, readTime: null },
  ],
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

/** a super administrator with 海淀 as the area tree */
const ADMIN_IN_HAIDIAN = { user: ADMIN_USER, areaAll: [haidian] };

let fetched: ReturnType<typeof stubFetch>;

function renderAt(entry: string) {
  const router = createMemoryRouter([{ path: '/inforManagement/:id?', element: <InforManagement /> }], { initialEntries: [entry] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

beforeEach(() => {
  queryClient.clear();
  fetched = stubFetch((path) => {
    if (path === '/api/information/getList') return ok({ lists: [row], total: 1 });
    if (path === '/api/information/get') return ok(detail);
    if (path === '/api/information/enterprises') return ok([{ brandId: 3, brandName: '青桔单车' }]);
    if (path === '/api/information/add') return ok({ id: 6 }, 200, '通知已发布');
    return undefined;
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('信息管理 · 发布方', () => {
  it('lists notices with filters in the URL and shows who has read one', async () => {
    logIn({ ...ADMIN_IN_HAIDIAN, permissions: ['information.edit'] });
    renderAt('/inforManagement?title=停放');
    expect(await screen.findByText('关于规范停放的通知', { selector: 'button span' })).toBeTruthy();
    expect(fetched.last('/api/information/getList')?.url.searchParams.get('title')).toBe('停放');
    expect(fetched.last('/api/information/getList')?.url.searchParams.get('pageSize')).toBe('10');
    fireEvent.click(screen.getByText('关于规范停放的通知', { selector: 'button span' }));
    const drawer = (await screen.findByText('阅读情况（已读 1 / 共 2）')).closest('.ant-drawer') as HTMLElement;
    expect(within(drawer).getByText('第一段。')).toBeTruthy();
    expect(within(drawer).getByText('第二段。')).toBeTruthy();
    expect(within(drawer).getByText('停放规范.pdf')).toBeTruthy();
    expect(within(drawer).getByText('已读 2026-11-25 10:00:00')).toBeTruthy();
    expect(within(drawer).getByText('未读')).toBeTruthy();
  });

  it('publishes a notice with the body the server takes', async () => {
    logIn({ ...ADMIN_IN_HAIDIAN, permissions: ['information.edit'] });
    renderAt('/inforManagement');
    fireEvent.click(await screen.findByRole('button', { name: /新增通知/ }));
    const drawer = (await screen.findByText('新增通知', { selector: '.ant-drawer-title' })).closest('.ant-drawer') as HTMLElement;
    const field = (label: string) =>
      within(drawer).getByText(label, { selector: 'label' }).closest('.ant-form-item')!.querySelector('input, textarea') as HTMLElement;
    fireEvent.change(field('标题'), { target: { value: '  冬季停放提示 ' } });
    fireEvent.change(field('正文'), { target: { value: '第一段\n\n第二段' } });
    fireEvent.click(within(drawer).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(fetched.last('/api/information/add', 'POST')).toBeTruthy());
    expect(fetched.last('/api/information/add', 'POST')?.body).toEqual({
      title: '冬季停放提示',
      type: 1,
      areaId: '110108',
      brandIds: [],
      body: '第一段\n\n第二段',
      attachments: [],
      state: 1,
    });
    expect(await screen.findByText('通知已保存')).toBeTruthy();
  });

  it('asks for a title and hides 新增 without 信息发布', async () => {
    logIn({ ...ADMIN_IN_HAIDIAN, permissions: ['inforManagement'] });
    renderAt('/inforManagement');
    expect(await screen.findByText('关于规范停放的通知', { selector: 'button span' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /新增通知/ })).toBeNull();
    expect(screen.queryByText('编辑')).toBeNull();
  });
});

describe('信息管理 · 企业账号', () => {
  it('shows the inbox with unread marked and opens a notice (which the server marks read)', async () => {
    logIn({ ...ADMIN_IN_HAIDIAN, user: { ...ADMIN_USER, brandId: 3, userLevel: 1 }, permissions: ['inforManagement'] });
    renderAt('/inforManagement');
    const title = await screen.findByText('关于规范停放的通知', { selector: 'button span' });
    const tr = title.closest('tr') as HTMLElement;
    expect(within(tr).getByText('未读')).toBeTruthy();
    expect(screen.getByText('阅读状态')).toBeTruthy();
    const before = fetched.calls.filter((c) => c.url.pathname === '/api/information/getList').length;
    fireEvent.click(title);
    const drawer = (await screen.findByText('停放规范.pdf')).closest('.ant-drawer') as HTMLElement;
    expect(fetched.last('/api/information/get')?.url.searchParams.get('id')).toBe('5');
    expect(within(drawer).queryByText(/阅读情况/)).toBeNull(); // readers are the publisher's
    await waitFor(() => expect(fetched.calls.filter((c) => c.url.pathname === '/api/information/getList').length).toBeGreaterThan(before));
  });
});
