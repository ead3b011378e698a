// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/renderRoute';
import { logIn } from '../../../test/session';
import { ok, stubFetch } from '../../../test/stubFetch';
import { useHomeStore } from '../homeStore';
import DispatchGuide from './DispatchGuide';

const WAIT = { timeout: 60_000 };

function Where() {
  const l = useLocation();
  return <div data-testid="where">{`${l.pathname}${l.search}`}</div>;
}

let summary: Response;
let fetched: ReturnType<typeof stubFetch>;
beforeEach(() => {
  summary = ok({ openDispatch: 12, overdueDispatch: 3, pending: 5 });
  fetched = stubFetch((path) => (path === '/api/workOrder/summary' ? summary : undefined));
  useHomeStore.setState({ selectedAreaId: '' });
});
afterEach(() => vi.restoreAllMocks());

const show = () => renderRoute(<DispatchGuide />, '/', [{ path: '/dailyDuty/workOrder', element: <Where /> }]);
const summaryCalls = () => fetched.calls.filter((c) => c.url.pathname === '/api/workOrder/summary');

describe('调度指引 · 调度工单', () => {
  it('shows the open and the overdue dispatch orders of the area shown, the overdue in red', async () => {
    logIn({ permissions: ['home', 'workOrder.view'], selfAreaId: '110108' });
    show();
    await waitFor(() => expect(screen.getByTestId('orders-open').textContent).toBe('12'), WAIT);
    expect(screen.getByTestId('orders-overdue').textContent).toBe('3');
    expect(screen.getByTestId('orders-overdue').closest('button')?.className).toContain('is-late');
    expect(screen.getByTestId('dispatch-orders').textContent).toBe('调度工单12 未办结3 已超时');
    expect(summaryCalls()[0].url.searchParams.get('selfAreaId')).toBe('110108');
  });

  it('opens 日常值守 · 工单 filtered to the same orders', async () => {
    logIn({ permissions: ['home', 'workOrder.view'], selfAreaId: '110108' });
    show();
    await waitFor(() => expect(screen.getByTestId('orders-overdue').textContent).toBe('3'), WAIT);
    fireEvent.click(screen.getByTestId('orders-overdue'));
    expect((await screen.findByTestId('where', undefined, WAIT)).textContent).toBe('/dailyDuty/workOrder?state=overdue&type=dispatch&selfAreaId=110108');
  });

  it('opens the open ones; no overdue: not red', async () => {
    summary = ok({ openDispatch: 4, overdueDispatch: 0, pending: 0 });
    logIn({ permissions: ['home', 'workOrder.view'], selfAreaId: '110108' });
    show();
    await waitFor(() => expect(screen.getByTestId('orders-open').textContent).toBe('4'), WAIT);
    expect(screen.getByTestId('orders-overdue').closest('button')?.className).not.toContain('is-late');
    fireEvent.click(screen.getByTestId('orders-open'));
    expect((await screen.findByTestId('where', undefined, WAIT)).textContent).toBe('/dailyDuty/workOrder?state=open&type=dispatch&selfAreaId=110108');
  });

  it('says so when the figures fail to load, and retries', async () => {
    summary = new Response('x', { status: 500 });
    logIn({ permissions: ['home', 'workOrder.view'], selfAreaId: '110108' });
    show();
    const retry = await screen.findByRole('button', { name: '加载失败，重试' }, WAIT);
    expect(screen.getByTestId('orders-open').textContent).toBe('—');
    summary = ok({ openDispatch: 2, overdueDispatch: 1, pending: 1 });
    fireEvent.click(retry);
    await waitFor(() => expect(screen.getByTestId('orders-open').textContent).toBe('2'), WAIT);
  });

  it('no row and no call without 查看工单', async () => {
    logIn({ permissions: ['home'], selfAreaId: '110108' });
    show();
    expect(await screen.findByText('调度指引', undefined, WAIT)).toBeTruthy();
    expect(screen.queryByTestId('dispatch-orders')).toBeNull();
    expect(summaryCalls()).toHaveLength(0);
  });
});
