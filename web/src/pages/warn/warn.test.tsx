// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import Providers from '../../app/Providers';
import { ADMIN_USER, logIn, setPermissions } from '../../test/session';
import { ok as okOf, stubFetch } from '../../test/stubFetch';
import Warn from './index';
import { countWords } from './TypeTabs';
import type { WarnCounts, WarnMsg } from './types';

const SLOW = { timeout: 120_000 };
const WAIT = { timeout: 60_000 };

const msg = (over: Partial<WarnMsg>): WarnMsg => ({
  id: 1,
  abnormalType: 1,
  abnormalTypeName: '站外还车',
  brandId: 1,
  brandName: '美团',
  bikeId: 'MT0001',
  siteId: null,
  siteName: '',
  areaId: '110108',
  lon: 116.3,
  lat: 39.9,
  detail: '订单 R1 站外还车',
  createTime: '2024-05-02 08:00:00',
  updateTime: '2024-05-02 08:00:00',
  closed: false,
  closeTime: null,
  handled: false,
  handleTime: null,
  handledBy: null,
  workOrder: null,
  ...over,
});
const ROWS = [
  msg({}),
  msg({
    id: 2,
    abnormalType: 7,
    abnormalTypeName: '非法车辆',
    bikeId: 'XX9',
    handled: true,
    handledBy: '张三',
    handleTime: '2024-05-02 09:00:00',
  }),
];
const counts: WarnCounts = {
  lists: [
    { abnormalType: 1, abnormalTypeName: '站外还车', openNum: 3, recentNum: 5, openRecentNum: 2 },
    { abnormalType: 7, abnormalTypeName: '非法车辆', openNum: 1, recentNum: 2, openRecentNum: 1 },
    { abnormalType: 9, abnormalTypeName: '还车异常', openNum: 0, recentNum: 0, openRecentNum: 0 },
  ],
  openTotal: 4,
  recentTotal: 7,
  openRecentTotal: 3,
  startTime: '2024-04-30 00:00:00',
  endTime: '2024-05-02 23:59:59',
};

const ok = (data: unknown) =>
  new Response(JSON.stringify({ code: 200, message: '操作成功！', data }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
const calls: Array<{ method: string; url: URL; body: unknown }> = [];
const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
  const url = new URL(input, 'http://x');
  calls.push({ method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
  if (url.pathname === '/api/abnormal/getMsg') {
    // the window the server applied: as given, else the last three days, or 不限 for 进行中 without a start
    const q = url.searchParams;
    const window = {
      startTime: q.get('startTime') ?? (q.get('closed') === '0' ? null : counts.startTime),
      endTime: q.get('endTime') ? `${q.get('endTime')} 23:59:59` : counts.endTime,
    };
    return ok(q.get('bikeId') === 'NOPE' ? { lists: [], total: 0, ...window } : { lists: ROWS, total: 2, ...window });
  }
  if (url.pathname === '/api/abnormal/getMsgCounts') return ok(counts);
  if (url.pathname === '/api/statistics/areaBrandDetails') return ok({ lists: [{ brandId: 1, brandName: '美团', bikeColor: '', ebikeColor: '' }], total: 1 });
  if (url.pathname === '/api/abnormal/updateMsg') return ok({ handled: 1, total: 1 });
  if (url.pathname === '/api/abnormal/exportMsg') {
    return new Response('xlsx', {
      status: 200,
      headers: {
        'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'Content-Disposition': "attachment; filename*=UTF-8''%E5%BC%82%E5%B8%B8.xlsx",
      },
    });
  }
  return ok(null);
});
const lastList = () => calls.filter((c) => c.url.pathname === '/api/abnormal/getMsg').at(-1)!.url.searchParams;

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  logIn({ user: ADMIN_USER, permissions: ['warn.handle', 'warn.export', 'home'] });
});

afterEach(() => {
  vi.restoreAllMocks();
});

function renderWarn(entry: string) {
  const router = createMemoryRouter([{ path: '/warn/:id?', element: <Warn /> }], { initialEntries: [entry] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('#/warn', () => {
  it('lists the messages with the URL filters sent as the API parameters', async () => {
    renderWarn('/warn?abnormalType=1&handled=0&currentPage=2');
    await screen.findByText('MT0001');
    expect(Object.fromEntries(lastList())).toEqual({
      abnormalType: '1',
      handled: '0',
      currentPage: '2',
      pageSize: '10',
    });
    expect(screen.getByTestId('screen-title').textContent).toBe('异常列表');
    expect(screen.getByText('张三')).toBeTruthy();
    expect(screen.getByText('共 2 条')).toBeTruthy();
    // the type tab follows the URL; types that never occur get no tab
    expect(document.querySelector('.ant-tabs-tab-active')?.textContent).toBe('站外还车 5');
    expect(screen.queryByText(/还车异常/)).toBeNull();
  });

  it('says what its two totals count and how they meet (issue 25, point 5)', async () => {
    renderWarn('/warn');
    const summary = await screen.findByTestId('warn-summary');
    expect(summary.textContent).toBe('最近三天（04-30 至 05-02）存在过 7 条，其中待处理 3 条；待处理共 4 条（不限日期，含三天内未再发现的 1 条）');
    expect(countWords(counts).title).toContain('7 = 待处理 3 + 已处理或已结束 4；4 = 三天内仍被发现 3 + 三天内未再发现 1。');
  });

  it('shows in the empty date picker the range the list applied, and 不限 when none applies (issue 25, point 12)', async () => {
    const range = () => [...document.querySelectorAll<HTMLInputElement>('.desk-query .ant-picker-range input')].map((i) => [i.value, i.placeholder]);
    const router = renderWarn('/warn');
    await screen.findByText('MT0001');
    await waitFor(() =>
      expect(range()).toEqual([
        ['', '2024-04-30'],
        ['', '2024-05-02'],
      ]),
    );
    // only 进行中: no window
    await router.navigate('/warn?closed=0');
    await waitFor(() =>
      expect(range()).toEqual([
        ['', '不限'],
        ['', '2024-05-02'],
      ]),
    );
    // a chosen range is the value; its end that was chosen keeps antd's own placeholder when cleared
    await router.navigate('/warn?startTime=2024-05-01&endTime=2024-05-02');
    await waitFor(() =>
      expect(range()).toEqual([
        ['2024-05-01', '开始日期'],
        ['2024-05-02', '结束日期'],
      ]),
    );
    // clearing it sends no dates: the server's default applies again, and the picker shows it
    await router.navigate('/warn');
    await waitFor(() => expect(lastList().get('startTime')).toBeNull());
    await waitFor(() => expect(range()[0]).toEqual(['', '2024-04-30']));
  });

  it('sets the type filter from a tab, back to page 1', async () => {
    const router = renderWarn('/warn?currentPage=3');
    fireEvent.click(await screen.findByText('非法车辆 2'));
    await waitFor(() => expect(router.state.location.search).toBe('?abnormalType=7'));
    await waitFor(() => expect(lastList().get('abnormalType')).toBe('7'));
    expect(lastList().get('currentPage')).toBe('1');
  });

  it('handles a message through PUT /api/abnormal/updateMsg and reloads list and counts', async () => {
    renderWarn('/warn');
    await screen.findByText('MT0001');
    // only the unhandled row offers 处理
    expect(screen.getAllByRole('button', { name: '处理' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: '处理' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('处理异常')).toBeTruthy();
    expect(within(dialog).getByText('订单 R1 站外还车')).toBeTruthy();
    const before = calls.length;
    fireEvent.click(within(dialog).getByRole('button', { name: '标记为已处理' }));
    await screen.findByText('处理成功');
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url.pathname).toBe('/api/abnormal/updateMsg');
    expect(put.body).toEqual({ ids: [1] });
    await waitFor(() => expect(calls.slice(before).filter((c) => c.url.pathname === '/api/abnormal/getMsgCounts')).toHaveLength(1));
    expect(calls.slice(before).some((c) => c.url.pathname === '/api/abnormal/getMsg')).toBe(true);
  });

  it('exports with the current filters (no paging)', async () => {
    renderWarn('/warn?abnormalType=1,7&brandId=1&startTime=2024-05-01&endTime=2024-05-02&currentPage=2');
    await screen.findByText('MT0001');
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/abnormal/exportMsg')).toBe(true));
    await waitFor(() => expect(document.body.textContent).toContain('数据导出成功！'));
    const exp = calls.find((c) => c.url.pathname === '/api/abnormal/exportMsg')!;
    expect(Object.fromEntries(exp.url.searchParams)).toEqual({
      abnormalType: '1,7',
      brandId: '1',
      startTime: '2024-05-01',
      endTime: '2024-05-02',
    });
  });

  it('filters by site (number or part of the name) from the URL into the list call', async () => {
    renderWarn('/warn?site=满桩');
    await screen.findByText('MT0001');
    const get = calls.filter((c) => c.url.pathname === '/api/abnormal/getMsg').at(-1)!;
    expect(get.url.searchParams.get('site')).toBe('满桩');
    expect((screen.getByPlaceholderText('站点编号或名称') as HTMLInputElement).value).toBe('满桩');
  });

  it('says 暂无数据 when a filter matches nothing', async () => {
    renderWarn('/warn?bikeId=NOPE');
    await waitFor(() => expect(document.querySelector('.ant-table-placeholder .ant-empty-description')?.textContent).toBe('暂无数据'));
    // the collapsed form opened to show the filter that is set below the fold
    expect((screen.getByPlaceholderText('请输入车辆编号') as HTMLInputElement).value).toBe('NOPE');
  });

  it('hides 处理, 批量处理 and 导出 without their permissions', async () => {
    setPermissions(['warn']);
    renderWarn('/warn');
    await screen.findByText('MT0001');
    expect(screen.queryByRole('button', { name: '处理' })).toBeNull();
    expect(screen.queryByRole('button', { name: /批量处理/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull();
    expect(calls.some((c) => c.url.pathname === '/api/statistics/areaBrandDetails')).toBe(false);
  });
});

describe('#/warn 派单 (issue 27)', () => {
  const IN_ORDER = msg({
    id: 3,
    bikeId: 'MT0003',
    workOrder: { id: 77, type: 3, brandId: 1, stateName: '处理中', createTime: '2024-05-02 08:05:00' },
  });
  const SITE_ALERT = msg({ id: 4, abnormalType: 4, abnormalTypeName: '站点异常', brandId: null, brandName: '', bikeId: null, siteId: 'S9', siteName: '站甲' });
  const ENDED = msg({ id: 5, bikeId: 'MT0005', closed: true, closeTime: '2024-05-02 09:00:00' });
  let stub: ReturnType<typeof stubFetch>;
  let refuse = false;
  beforeEach(() => {
    refuse = false;
    stub = stubFetch((path, method) => {
      if (path === '/api/abnormal/getMsg') return okOf({ lists: [...ROWS, IN_ORDER, SITE_ALERT, ENDED], total: 5, startTime: null, endTime: counts.endTime });
      if (path === '/api/abnormal/getMsgCounts') return okOf(counts);
      if (path === '/api/workOrder/add' && method === 'POST')
        return refuse ? okOf(null, 400, '告警 1 已结束或已处理，无需派单') : okOf({ id: 88 }, 200, '工单已派发');
      return undefined;
    });
    logIn({ user: ADMIN_USER, permissions: ['warn.handle', 'workOrder.view', 'workOrder.handle'] });
  });
  const row = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
  const orderButton = (text: string) => within(row(text)).queryByRole('button', { name: /派\s*单/ });

  it('offers 派单 on an open, unhandled alert of a type that makes orders, and shows the order an alert is in', SLOW, async () => {
    renderWarn('/warn');
    await screen.findByText('MT0003', undefined, WAIT);
    expect(orderButton('MT0001')).toBeTruthy();
    // handled, in an order already, a site alert (no order type), ended: none
    expect(orderButton('XX9')).toBeNull();
    expect(orderButton('MT0003')).toBeNull();
    expect(orderButton('站甲')).toBeNull();
    expect(orderButton('MT0005')).toBeNull();
    const link = within(row('MT0003')).getByRole('link', { name: '工单 77' });
    expect(link.getAttribute('href')).toBe('/dailyDuty/workOrder?type=3&brandId=1&startTime=2024-05-02&endTime=2024-05-02');
    expect(within(row('MT0003')).getByText('处理中')).toBeTruthy();
  });

  it('派单 sends the alert with the content; a refusal stays in the dialog; done: the list reloads', SLOW, async () => {
    renderWarn('/warn');
    await screen.findByText('MT0001', undefined, WAIT);
    fireEvent.click(orderButton('MT0001')!);
    const dialog = await screen.findByRole('dialog', undefined, WAIT);
    expect(within(dialog).getByText('派单 · 告警 1')).toBeTruthy();
    expect(within(dialog).getByText('站外还车')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /派\s*发/ }));
    expect(await within(dialog).findByText('请填写工单内容', undefined, WAIT)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('工单内容'), { target: { value: '请把车辆挪回站点' } });
    refuse = true;
    fireEvent.click(within(dialog).getByRole('button', { name: /派\s*发/ }));
    expect((await within(dialog).findByTestId('new-order-error', undefined, WAIT)).textContent).toContain('告警 1 已结束或已处理，无需派单');
    expect((within(dialog).getByLabelText('工单内容') as HTMLTextAreaElement).value).toBe('请把车辆挪回站点');
    refuse = false;
    const lists = stub.calls.filter((c) => c.url.pathname === '/api/abnormal/getMsg').length;
    fireEvent.click(within(dialog).getByRole('button', { name: /派\s*发/ }));
    expect(await screen.findByText('工单已派发：工单 88', undefined, WAIT)).toBeTruthy();
    const adds = stub.calls.filter((c) => c.url.pathname === '/api/workOrder/add').map((c) => c.body);
    expect(adds).toEqual([
      { alertId: 1, text: '请把车辆挪回站点' },
      { alertId: 1, text: '请把车辆挪回站点' },
    ]);
    await waitFor(() => expect(stub.calls.filter((c) => c.url.pathname === '/api/abnormal/getMsg').length).toBeGreaterThan(lists), WAIT);
  });

  it('no 派单 without 处理工单; the order as text without 查看工单', SLOW, async () => {
    setPermissions(['warn.handle']);
    renderWarn('/warn');
    await screen.findByText('MT0003', undefined, WAIT);
    expect(orderButton('MT0001')).toBeNull();
    expect(within(row('MT0003')).queryByRole('link')).toBeNull();
    expect(within(row('MT0003')).getByText('工单 77')).toBeTruthy();
  });
});
