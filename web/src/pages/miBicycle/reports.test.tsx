// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../test/renderRoute';
import { logIn } from '../../test/session';
import { ok, stubFetch } from '../../test/stubFetch';
import MiBicycle from './index';
import type { Report } from './types';

const WAIT = { timeout: 60_000 };

const report = (id: number, over: Partial<Report>): Report => ({
  id,
  reporterName: '王五',
  areaId: '110108',
  areaName: '海淀区',
  brandId: 2,
  brandName: '哈啰',
  lon: 116.31,
  lat: 39.98,
  text: '单车堵塞盲道',
  reportTime: '2026-11-28 08:10:00',
  state: 0,
  stateName: '待处理',
  note: null,
  handlerName: null,
  handleTime: null,
  photos: [],
  workOrderId: null,
  ...over,
});
const ROWS = [
  report(7, {}),
  report(5, { state: 2, stateName: '已驳回', text: '乱停', note: '现场无违停', handlerName: '李监管', handleTime: '2026-11-28 09:00:00' }),
];

const renderMi = (entry: string) => renderRoute(<MiBicycle />, '/miBicycle/:id?', [], entry).router;

let fetched: ReturnType<typeof stubFetch>;
beforeEach(() => {
  fetched = stubFetch((path) => {
    if (path === '/api/miApp/report/list') return ok({ lists: ROWS, total: 2 });
    if (path === '/api/statistics/areaBrandDetails') return ok({ lists: [{ brandId: 2, brandName: '哈啰' }], total: 1 });
    if (path === '/api/miApp/report/handle') return ok(null, 200, '举报已处理');
    if (path === '/api/workOrder/add') return ok({ id: 31 }, 200, '工单已派发');
    return undefined;
  });
  logIn({ permissions: ['miBicycle', 'miBicycle.edit'] });
});
afterEach(() => vi.restoreAllMocks());

describe('#/miBicycle/report', () => {
  it('lists the reports of the state the to-do link gives, the decided ones with their note', WAIT, async () => {
    renderMi('/miBicycle/report?state=0');
    await screen.findByText('单车堵塞盲道', {}, WAIT);
    expect(fetched.last('/api/miApp/report/list')!.url.searchParams.get('state')).toBe('0');
    const decided = screen.getByText('乱停').closest('tr')!;
    expect(decided.textContent).toContain('李监管 2026-11-28 09:00:00：现场无违停');
    expect(within(decided).queryByRole('button', { name: /处\s*理/ })).toBeNull();
  });

  it('handles a pending report with the result and a note', WAIT, async () => {
    renderMi('/miBicycle/report');
    await screen.findByText('单车堵塞盲道', {}, WAIT);
    fireEvent.click(within(screen.getByText('单车堵塞盲道').closest('tr')!).getByRole('button', { name: /处\s*理/ }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    within(dialog).getByText('处理举报 7');
    // no note: the field says so, nothing is sent
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存|确\s*定/ }));
    await within(dialog).findByText('请输入处理说明', {}, WAIT);
    expect(fetched.last('/api/miApp/report/handle', 'POST')).toBeUndefined();
    fireEvent.change(within(dialog).getByLabelText('处理说明'), { target: { value: '已通知企业清理' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存|确\s*定/ }));
    await waitFor(() => expect(fetched.last('/api/miApp/report/handle', 'POST')?.body).toEqual({ id: 7, state: 1, note: '已通知企业清理' }), WAIT);
  });

  it('turns a pending report into a work order with 处理工单 (122), the enterprise named by default', WAIT, async () => {
    logIn({ permissions: ['miBicycle', 'miBicycle.edit', 'workOrder.handle'] });
    renderMi('/miBicycle/report');
    await screen.findByText('单车堵塞盲道', {}, WAIT);
    // a decided report offers no order
    expect(within(screen.getByText('乱停').closest('tr')!).queryByRole('button', { name: '转工单' })).toBeNull();
    fireEvent.click(within(screen.getByText('单车堵塞盲道').closest('tr')!).getByRole('button', { name: '转工单' }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    within(dialog).getByText('举报 7 转工单');
    within(dialog).getByText('单车堵塞盲道');
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存|确\s*定/ }));
    await within(dialog).findByText('请输入工单内容', {}, WAIT);
    expect(fetched.last('/api/workOrder/add', 'POST')).toBeUndefined();
    fireEvent.change(within(dialog).getByLabelText('工单内容'), { target: { value: '请 30 分钟内清理盲道' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存|确\s*定/ }));
    await waitFor(
      () => expect(fetched.last('/api/workOrder/add', 'POST')?.body).toEqual({ reportId: 7, type: 5, brandId: 2, text: '请 30 分钟内清理盲道' }),
      WAIT,
    );
  });

  it('offers no order without 处理工单', WAIT, async () => {
    renderMi('/miBicycle/report');
    await screen.findByText('单车堵塞盲道', {}, WAIT);
    expect(screen.queryByRole('button', { name: '转工单' })).toBeNull();
  });
});
