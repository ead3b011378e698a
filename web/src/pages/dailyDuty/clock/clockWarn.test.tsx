// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logIn } from '../../../test/session';
import { ok, stubFetch } from '../../../test/stubFetch';
import { TODO_ITEMS } from '../../index/panels/TodoList';
import { BRANDS, DONE, LATE, SLOW, WAIT, WARN, renderDuty } from './testKit';

let fetched: ReturnType<typeof stubFetch>;
beforeEach(() => {
  fetched = stubFetch((path, method) => {
    if (path === '/api/clockRecord/getClockWarnList') return ok({ lists: [WARN, LATE, DONE], total: 3 });
    if (path === '/api/statistics/areaBrandDetails') return ok(BRANDS);
    if (path === '/api/clockRecord/handleClockWarn' && method === 'POST') return ok({ handled: 1 });
    return undefined;
  });
  logIn({ permissions: ['home', 'dailyDuty', 'clock.view', 'clock.warn'] });
});
afterEach(() => vi.restoreAllMocks());

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const form = () => document.querySelector('form[aria-label="查询条件"]') as HTMLElement;
const confirmButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: /标记为已处理/ });

describe('#/dailyDuty/clockWarn', () => {
  it('the home to-do 运维预警 opens the unhandled maintainers’ warnings, its filters shown and asked for', WAIT, async () => {
    const to = TODO_ITEMS.find((t) => t.key === 'dispatchWarnPend')!.to;
    expect(to).toBe('/dailyDuty/clockWarn?clockWarn=1&clockRole=1');
    renderDuty(to);
    await screen.findByText('李运维', {}, WAIT);
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('维护预警');
    const q = fetched.last('/api/clockRecord/getClockWarnList')!.url.searchParams;
    expect([q.get('clockWarn'), q.get('clockRole')]).toEqual(['1', '1']);
    expect(form().textContent).toContain('未处理');
    expect(form().textContent).toContain('运维人员');
  });

  it('shows each warning with its kind and handling; a kind and days from the URL go to the call', WAIT, async () => {
    renderDuty('/dailyDuty/clockWarn?kind=2&startTime=2026-11-26&endTime=2026-11-27');
    await screen.findByText('李运维', {}, WAIT);
    const q = fetched.last('/api/clockRecord/getClockWarnList')!.url.searchParams;
    expect([q.get('kind'), q.get('startTime'), q.get('endTime')]).toEqual(['2', '2026-11-26', '2026-11-27']);
    expect(within(rowOf('李运维')).getByText('缺卡').className).toContain('ant-tag-red');
    expect(within(rowOf('王运维')).getByText('迟到').className).toContain('ant-tag-orange');
    expect(rowOf('王运维').textContent).toContain('2026-11-27 09:20:00');
    expect(within(rowOf('赵运维')).getByText('范围外').className).toContain('ant-tag-magenta');
    const done = rowOf('赵运维');
    for (const text of ['范围外', '420 米', '已处理', '海淀值守', '2026-11-26 18:00:00']) expect(done.textContent).toContain(text);
    // a handled one has nothing left to do
    expect(within(done).queryByRole('button', { name: /处\s*理/ })).toBeNull();
    expect((within(done).getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
  });

  it('处理 one: a note is required, then the call names the warning and the note', SLOW, async () => {
    renderDuty('/dailyDuty/clockWarn?clockWarn=1');
    await screen.findByText('李运维', {}, WAIT);
    fireEvent.click(within(rowOf('李运维')).getByRole('button', { name: /处\s*理/ }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    expect(dialog.textContent).toContain('处理预警：李运维 2026-11-27 07:00-09:00 缺卡');
    fireEvent.click(confirmButton(dialog));
    await within(dialog).findByText('请输入处理说明', {}, WAIT);
    expect(fetched.last('/api/clockRecord/handleClockWarn', 'POST')).toBeUndefined();
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: ' 已电话核实，补打卡 ' } });
    fireEvent.click(confirmButton(dialog));
    await waitFor(() => expect(fetched.last('/api/clockRecord/handleClockWarn', 'POST')?.body).toEqual({ ids: [901], note: '已电话核实，补打卡' }), WAIT);
    await screen.findByText('预警已处理', {}, WAIT);
  });

  it('批量处理 the rows chosen with one note', SLOW, async () => {
    renderDuty('/dailyDuty/clockWarn');
    await screen.findByText('李运维', {}, WAIT);
    const batch = screen.getByRole('button', { name: /批量处理/ });
    expect((batch as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(rowOf('李运维')).getByRole('checkbox'));
    fireEvent.click(within(rowOf('王运维')).getByRole('checkbox'));
    await waitFor(() => expect((batch as HTMLButtonElement).disabled).toBe(false), WAIT);
    fireEvent.click(batch);
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    expect(dialog.textContent).toContain('批量处理 2 条预警');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '已统一提醒' } });
    fireEvent.click(confirmButton(dialog));
    await waitFor(() => expect(fetched.last('/api/clockRecord/handleClockWarn', 'POST')?.body).toEqual({ ids: [901, 902], note: '已统一提醒' }), WAIT);
    // the choice clears after the write
    await waitFor(() => expect((screen.getByRole('button', { name: /批量处理/ }) as HTMLButtonElement).disabled).toBe(true), WAIT);
  });

  it('without 处理运维预警: no 处理, no 批量处理, no choosing', WAIT, async () => {
    logIn({ permissions: ['home', 'dailyDuty', 'clock.view'] });
    renderDuty('/dailyDuty/clockWarn');
    await screen.findByText('李运维', {}, WAIT);
    expect(screen.queryByRole('button', { name: /处\s*理/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /批量处理/ })).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });
});
