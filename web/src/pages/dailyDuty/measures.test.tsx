// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../test/renderRoute';
import { logIn } from '../../test/session';
import { ok, stubFetch } from '../../test/stubFetch';
import DailyDuty from './index';
import type { OrderMeasure } from './types';

const WAIT = { timeout: 60_000 };

const line = (brandId: number, brandName: string, over: Partial<OrderMeasure>): OrderMeasure => ({
  brandId,
  brandName,
  received: 0,
  answered: 0,
  answeredInTime: 0,
  inTimeRate: null,
  medianMinutes: null,
  p90Minutes: null,
  returned: 0,
  overdue: 0,
  ...over,
});
const LINES = [
  line(1, '美团', { received: 120, answered: 118, answeredInTime: 115, inTimeRate: 95.8, medianMinutes: 8.1, p90Minutes: 15.7, returned: 1, overdue: 2 }),
  line(3, '青桔', { received: 80, answered: 60, answeredInTime: 33, inTimeRate: 41.3, medianMinutes: 55.7, p90Minutes: 720, overdue: 9 }),
  line(4, '新企业', {}),
];

/** #/dailyDuty at `entry` (its tab and filters). */
const renderDuty = (entry: string) => renderRoute(<DailyDuty />, '/dailyDuty/:id?', [], entry).router;

let fetched: ReturnType<typeof stubFetch>;
beforeEach(() => {
  fetched = stubFetch((path) => {
    if (path === '/api/workOrder/measures') return ok({ startTime: '2026-11-01 00:00:00', endTime: '2026-11-27 23:59:59', lists: LINES });
    if (path === '/api/workOrder/list') return ok({ lists: [], total: 0 });
    if (path === '/api/statistics/areaBrandDetails') return ok({ lists: [], total: 0 });
    return undefined;
  });
  logIn({ permissions: ['home', 'dailyDuty', 'workOrder.view'] });
});
afterEach(() => vi.restoreAllMocks());

describe('#/dailyDuty/measures', () => {
  it('shows each enterprise’s answers for the period the URL gives, a low in-time share in red, none as —', WAIT, async () => {
    renderDuty('/dailyDuty/measures?startTime=2026-11-01&endTime=2026-11-27');
    await screen.findByText('青桔', {}, WAIT);
    const q = fetched.last('/api/workOrder/measures')!.url.searchParams;
    expect([q.get('startTime'), q.get('endTime')]).toEqual(['2026-11-01', '2026-11-27']);
    const row = (name: string) => screen.getByText(name).closest('tr')!;
    for (const text of ['120', '118', '115', '95.8%', '8.1 分钟', '15.7 分钟']) expect(row('美团').textContent).toContain(text);
    expect(within(row('青桔')).getByText('41.3%').className).toContain('duty-overdue');
    expect(within(row('美团')).getByText('95.8%').className).not.toContain('duty-overdue');
    expect(row('新企业').textContent).toContain('—');
    screen.getByText(/统计期 2026-11-01 00:00:00 至 2026-11-27 23:59:59/);
  });

  it('opens the 工单 list of that enterprise and period from a figure', WAIT, async () => {
    const router = renderDuty('/dailyDuty/measures?startTime=2026-11-01&endTime=2026-11-27');
    await screen.findByText('青桔', {}, WAIT);
    // an enterprise without orders has nothing to open
    const none = within(screen.getByText('新企业').closest('tr')!).getAllByRole('button');
    expect(none.every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    fireEvent.click(within(screen.getByText('青桔').closest('tr')!).getByRole('button', { name: '9' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dailyDuty/workOrder'));
    const p = new URLSearchParams(router.state.location.search);
    // the period the figures were counted over, to the second
    expect(Object.fromEntries(p)).toEqual({ brandId: '3', state: 'overdue', startTime: '2026-11-01 00:00:00', endTime: '2026-11-27 23:59:59' });
  });
});
