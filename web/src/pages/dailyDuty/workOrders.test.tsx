// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../test/renderRoute';
import { logIn } from '../../test/session';
import { ok, stubFetch } from '../../test/stubFetch';
import DailyDuty from './index';
import type { WorkOrder, WorkOrderDetail } from './types';

const SLOW = { timeout: 120_000 };
const WAIT = { timeout: 60_000 };

const ORDER: WorkOrder = {
  id: 41,
  type: 1,
  typeName: '站点过满',
  state: 1,
  stateName: '已超时',
  overdue: true,
  areaId: '110108',
  areaName: '海淀区',
  brandId: 1,
  brandName: '美团',
  siteId: 'S001',
  siteName: '中关村站',
  lon: 116.31,
  lat: 39.98,
  title: '中关村站 站点过满：请调走 3 辆',
  bikesToMove: 3,
  alertCount: 0,
  returns: 0,
  openedBy: 'rule',
  autoClosed: false,
  createTime: '2026-11-27 09:00:00',
  deadlineTime: '2026-11-27 09:30:00',
  acceptTime: null,
  answerTime: null,
  closeTime: null,
};
const ANSWERED: WorkOrder = {
  ...ORDER,
  id: 42,
  type: 3,
  typeName: '站外还车',
  state: 3,
  stateName: '已反馈',
  overdue: false,
  brandId: 2,
  brandName: '哈啰',
  siteId: null,
  siteName: null,
  lon: 116.320001,
  lat: 39.990002,
  title: '站外还车',
  bikesToMove: null,
  alertCount: 2,
  returns: 1,
  answerTime: '2026-11-27 10:10:00',
};
const step = (action: string, actionName: string, actor: string, who: string, time: string, note: string | null = null, bikeIds: string[] = []) => ({
  action,
  actionName,
  actor,
  who,
  note,
  photos: [],
  dispatchIds: [],
  bikeIds,
  time,
});
const DETAIL: WorkOrderDetail = {
  ...ANSWERED,
  evidence: { firstAlertAt: '2026-11-27 09:58:00' },
  creatorName: null,
  answer: step('answer', '反馈', 'operator', '哈啰', '2026-11-27 10:10:00', '已将 2 辆车挪回站点', ['HB1', 'HB2']),
  timeline: [
    step('open', '创建', 'system', '系统', '2026-11-27 10:00:00'),
    step('answer', '反馈', 'operator', '哈啰', '2026-11-27 10:05:00', '已处理'),
    step('return', '退回', 'regulator', '海淀值守', '2026-11-27 10:07:00', '照片看不到车辆'),
    step('answer', '反馈', 'operator', '哈啰', '2026-11-27 10:10:00', '已将 2 辆车挪回站点', ['HB1', 'HB2']),
  ],
  alerts: [
    { id: 7, abnormalType: 1, typeName: '站外还车', bikeId: 'HB1', siteId: null, lon: 116.32, lat: 39.99, createTime: '2026-11-27 09:58:00', ended: false },
    { id: 8, abnormalType: 1, typeName: '站外还车', bikeId: 'HB2', siteId: null, lon: 116.32, lat: 39.99, createTime: '2026-11-27 09:59:00', ended: true },
  ],
};

/** #/dailyDuty at `entry` (its tab and filters). */
const renderDuty = (entry: string) => renderRoute(<DailyDuty />, '/dailyDuty/:id?', [], entry).router;

let fetched: ReturnType<typeof stubFetch>;
beforeEach(() => {
  fetched = stubFetch((path, method) => {
    if (path === '/api/workOrder/list') return ok({ lists: [ORDER, ANSWERED], total: 2 });
    if (path === '/api/workOrder/detail') return ok(DETAIL);
    if (path === '/api/statistics/areaBrandDetails')
      return ok({
        lists: [
          { brandId: 1, brandName: '美团' },
          { brandId: 2, brandName: '哈啰' },
        ],
        total: 2,
      });
    if (path === '/api/workOrder/return' && method === 'POST') return ok(null, 200, '工单已退回，等待企业重新处理');
    if (path === '/api/workOrder/finish' && method === 'POST') return ok(null, 200, '工单已办结');
    if (path === '/api/workOrder/add' && method === 'POST') return ok({ id: 50 }, 200, '工单已派发');
    return undefined;
  });
  logIn({ permissions: ['home', 'dailyDuty', 'workOrder.view', 'workOrder.handle'] });
});
afterEach(() => vi.restoreAllMocks());

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const input = (root: HTMLElement, id: string) => root.querySelector(`[id="${id}"]`) as HTMLInputElement;

describe('#/dailyDuty/workOrder', () => {
  it('lists the orders with their columns, 已超时 in red; filters from the URL go to the list call', WAIT, async () => {
    renderDuty('/dailyDuty/workOrder?state=overdue&type=1&brandId=1&startTime=2026-11-01&endTime=2026-11-27');
    await screen.findByText('中关村站（S001）', {}, WAIT);
    const q = fetched.last('/api/workOrder/list')!.url.searchParams;
    expect(Object.fromEntries(['state', 'type', 'brandId', 'startTime', 'endTime'].map((k) => [k, q.get(k)]))).toEqual({
      state: 'overdue',
      type: '1',
      brandId: '1',
      startTime: '2026-11-01',
      endTime: '2026-11-27',
    });
    const row = rowOf('中关村站（S001）');
    for (const text of ['41', '站点过满', '美团', '2026-11-27 09:30:00', '2026-11-27 09:00:00']) expect(row.textContent).toContain(text);
    const overdue = within(row).getByText('已超时');
    expect(overdue.className).toContain('ant-tag-red');
    expect(row.querySelector('.duty-overdue')!.textContent).toBe('2026-11-27 09:30:00');
    const other = rowOf('116.320001, 39.990002');
    expect(other.textContent).toContain('哈啰');
    expect(other.textContent).toContain('2026-11-27 10:10:00');
    expect(within(other).getByText('已反馈')).toBeTruthy();
  });

  it('puts the site filter into the URL and the list call', WAIT, async () => {
    const router = renderDuty('/dailyDuty/workOrder');
    await screen.findByText('中关村站（S001）', {}, WAIT);
    const form = document.querySelector('form[aria-label="查询条件"]') as HTMLElement;
    fireEvent.change(input(form, 'site'), { target: { value: '中关村' } });
    fireEvent.click(form.querySelector('button[type="submit"]')!);
    await waitFor(() => expect(router.state.location.search).toContain('site=%E4%B8%AD%E5%85%B3%E6%9D%91'));
    await waitFor(() => expect(fetched.last('/api/workOrder/list')!.url.searchParams.get('site')).toBe('中关村'));
  });

  it('shows the detail: fields, the answer, the alerts and the timeline; 退回 needs a reason', SLOW, async () => {
    renderDuty('/dailyDuty/workOrder');
    await screen.findByText('116.320001, 39.990002', {}, WAIT);
    fireEvent.click(screen.getByRole('button', { name: '工单 42' }));
    const drawer = await screen.findByRole('dialog', {}, WAIT);
    await within(drawer).findByText('处理经过', {}, WAIT);
    expect(fetched.last('/api/workOrder/detail')!.url.searchParams.get('id')).toBe('42');
    const steps = within(drawer).getAllByTestId('timeline-step');
    expect(steps.map((s) => s.textContent)).toEqual([
      '创建 系统 2026-11-27 10:00:00',
      '反馈 哈啰 2026-11-27 10:05:00已处理',
      '退回 海淀值守 2026-11-27 10:07:00照片看不到车辆',
      '反馈 哈啰 2026-11-27 10:10:00已将 2 辆车挪回站点车辆 HB1、HB2',
    ]);
    expect(drawer.textContent).toContain('包含的告警（2 条）');
    expect(drawer.textContent).toContain('首条告警2026-11-27 09:58:00');
    expect(drawer.textContent).toContain('已将 2 辆车挪回站点');
    expect(drawer.textContent).toContain('HB1、HB2');
    // 退回 without a reason is refused before sending
    fireEvent.click(within(drawer).getByRole('button', { name: /退\s*回/ }));
    const dialog = (await screen.findAllByRole('dialog', {}, WAIT)).find((d) => d.textContent!.includes('退回工单 42'))!;
    fireEvent.click(
      within(dialog)
        .getAllByRole('button', { name: /退\s*回/ })
        .at(-1)!,
    );
    await within(dialog).findByText('请填写退回原因', {}, WAIT);
    expect(fetched.last('/api/workOrder/return', 'POST')).toBeUndefined();
    fireEvent.change(within(dialog).getByLabelText('退回原因'), { target: { value: ' 照片不清楚 ' } });
    fireEvent.click(
      within(dialog)
        .getAllByRole('button', { name: /退\s*回/ })
        .at(-1)!,
    );
    await waitFor(() => expect(fetched.last('/api/workOrder/return', 'POST')?.body).toEqual({ id: 42, reason: '照片不清楚' }), WAIT);
    await screen.findByText('工单已退回，等待企业重新处理', {}, WAIT);
  });

  it('办结 an answered order without a note', SLOW, async () => {
    renderDuty('/dailyDuty/workOrder');
    await screen.findByText('116.320001, 39.990002', {}, WAIT);
    fireEvent.click(screen.getByRole('button', { name: '工单 42' }));
    const drawer = await screen.findByRole('dialog', {}, WAIT);
    await within(drawer).findByText('处理经过', {}, WAIT);
    fireEvent.click(within(drawer).getByRole('button', { name: /办\s*结/ }));
    const dialog = (await screen.findAllByRole('dialog', {}, WAIT)).find((d) => d.textContent!.includes('办结工单 42'))!;
    fireEvent.click(
      within(dialog)
        .getAllByRole('button', { name: /办\s*结/ })
        .at(-1)!,
    );
    await waitFor(() => expect(fetched.last('/api/workOrder/finish', 'POST')?.body).toEqual({ id: 42 }), WAIT);
  });

  it('新建工单 sends type, enterprise, site and text', SLOW, async () => {
    renderDuty('/dailyDuty/workOrder');
    await screen.findByText('中关村站（S001）', {}, WAIT);
    fireEvent.click(screen.getByRole('button', { name: /新建工单/ }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await within(dialog).findByText('请选择类型', {}, WAIT);
    expect(fetched.last('/api/workOrder/add', 'POST')).toBeUndefined();
    const pick = async (id: string, label: string) => {
      fireEvent.mouseDown(input(dialog, id));
      fireEvent.click(await screen.findByTitle(label, {}, WAIT));
    };
    await pick('type', '站外还车');
    await pick('brandId', '哈啰');
    fireEvent.change(input(dialog, 'siteId'), { target: { value: 'S001' } });
    fireEvent.change(input(dialog, 'text'), { target: { value: '请清理站外车辆' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(fetched.last('/api/workOrder/add', 'POST')).toBeTruthy(), WAIT);
    expect(fetched.last('/api/workOrder/add', 'POST')!.body).toMatchObject({ type: 3, brandId: 2, siteId: 'S001', text: '请清理站外车辆' });
  });

  it('without 处理工单: no 新建工单, no 办结 / 退回', WAIT, async () => {
    logIn({ permissions: ['home', 'dailyDuty', 'workOrder.view'] });
    renderDuty('/dailyDuty/workOrder');
    await screen.findByText('116.320001, 39.990002', {}, WAIT);
    expect(screen.queryByRole('button', { name: /新建工单/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '工单 42' }));
    const drawer = await screen.findByRole('dialog', {}, WAIT);
    await within(drawer).findByText('处理经过', {}, WAIT);
    expect(within(drawer).queryByRole('button', { name: /办\s*结/ })).toBeNull();
  });

  it('without 查看工单 the page says so', WAIT, async () => {
    logIn({ permissions: ['dailyDuty'] });
    renderDuty('/dailyDuty');
    await screen.findByText('您没有查看此页面内容的权限，请联系管理员分配角色', {}, WAIT);
    expect(fetched.last('/api/workOrder/list')).toBeUndefined();
  });
});
