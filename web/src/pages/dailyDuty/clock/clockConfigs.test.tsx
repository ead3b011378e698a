// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logIn } from '../../../test/session';
import { ok, stubFetch } from '../../../test/stubFetch';
import { BRANDS, CONFIG, SLOW, WAIT, renderDuty } from './testKit';
import { windowsMessage } from './TimeWindows';

const WEEKEND = {
  ...CONFIG,
  id: 4,
  name: '监督员周末打卡',
  roleId: 32,
  roleName: '监督员',
  brandId: 2,
  brandName: '哈啰',
  days: [6, 7],
  windows: [{ start: '10:00', end: '11:00' }],
  clocksPerWindow: 2,
  radius: 200,
  lateMinutes: 15,
  enabled: false,
};

const SHIFTS = {
  ...CONFIG,
  windows: [
    { start: '07:00', end: '09:00' },
    { start: '10:00', end: '12:00' },
  ],
  lateMinutes: 30,
};

let fetched: ReturnType<typeof stubFetch>;
beforeEach(() => {
  fetched = stubFetch((path, method) => {
    if (path === '/api/clockRecord/getClockConfigList') return ok({ lists: [CONFIG, WEEKEND], total: 2 });
    if (path === '/api/statistics/areaBrandDetails') return ok(BRANDS);
    if (path === '/api/clockRecord/saveClockConfigInfo' && method === 'POST') return ok({ id: 5 });
    if (path === '/api/clockRecord/delClockConfigById' && method === 'POST') return ok(null);
    return undefined;
  });
  logIn({ permissions: ['home', 'dailyDuty', 'clock.view', 'clock.manage'] });
});
afterEach(() => vi.restoreAllMocks());

const input = (root: HTMLElement, id: string) => root.querySelector(`[id="${id}"]`) as HTMLInputElement;
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

describe('the windows’ check', () => {
  it('asks for both ends, a start before its end, no overlap with another window’s late time', () => {
    expect(windowsMessage([{ start: '07:00', end: '' }], 0)).toBe('请填写每个打卡时段的开始和结束时间');
    expect(windowsMessage([], 0)).toBe('请至少设置一个打卡时段');
    expect(windowsMessage([{ start: '09:00', end: '07:00' }], 0)).toBe('打卡时段 09:00-07:00 的开始时间须早于结束时间');
    expect(
      windowsMessage(
        [
          { start: '07:00', end: '09:00' },
          { start: '08:30', end: '10:00' },
        ],
        0,
      ),
    ).toContain('重叠');
    expect(
      windowsMessage(
        [
          { start: '07:00', end: '09:00' },
          { start: '09:30', end: '10:00' },
        ],
        0,
      ),
    ).toBeNull();
    expect(
      windowsMessage(
        [
          { start: '07:00', end: '09:00' },
          { start: '09:30', end: '10:00' },
        ],
        60,
      ),
    ).toContain('含迟到 60 分钟');
  });
});

describe('#/dailyDuty/clockConfig', () => {
  it('lists the configs with their days, windows and radius; the role filter of the URL goes to the call', WAIT, async () => {
    renderDuty('/dailyDuty/clockConfig?clockRole=1');
    await screen.findByText('运维人员工作日打卡', {}, WAIT);
    expect(fetched.last('/api/clockRecord/getClockConfigList')!.url.searchParams.get('clockRole')).toBe('1');
    const weekday = rowOf('运维人员工作日打卡');
    for (const text of ['运维人员', '海淀区', '全部企业', '工作日', '07:00-09:00、17:00-19:00', '60 分钟', '按打卡点'])
      expect(weekday.textContent).toContain(text);
    const weekend = rowOf('监督员周末打卡');
    for (const text of ['监督员', '哈啰', '周末', '10:00-11:00', '200 米']) expect(weekend.textContent).toContain(text);
    expect(within(weekend).getByRole('switch').getAttribute('aria-checked')).toBe('false');
  });

  it('新增打卡配置: the days ticked and the windows go in the body; an unfinished window is refused', SLOW, async () => {
    renderDuty('/dailyDuty/clockConfig');
    await screen.findByText('运维人员工作日打卡', {}, WAIT);
    fireEvent.click(screen.getByRole('button', { name: /新增打卡配置/ }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    fireEvent.change(input(dialog, 'name'), { target: { value: ' 运维早晚打卡 ' } });
    fireEvent.click(within(dialog).getByLabelText('周六'));
    // a window added and left empty: nothing is sent
    fireEvent.click(within(dialog).getByRole('button', { name: /添加时段/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await within(dialog).findByText('请填写每个打卡时段的开始和结束时间', {}, WAIT);
    expect(fetched.last('/api/clockRecord/saveClockConfigInfo', 'POST')).toBeUndefined();
    fireEvent.click(within(dialog).getByRole('button', { name: '删除时段 3' }));
    await waitFor(() => expect(within(dialog).queryByText('请填写每个打卡时段的开始和结束时间')).toBeNull(), WAIT);
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(fetched.last('/api/clockRecord/saveClockConfigInfo', 'POST')).toBeTruthy(), WAIT);
    expect(fetched.last('/api/clockRecord/saveClockConfigInfo', 'POST')!.body).toEqual({
      name: '运维早晚打卡',
      areaId: '110108',
      brandId: null,
      roleId: 31,
      days: [1, 2, 3, 4, 5, 6],
      windows: [
        { start: '07:00', end: '09:00' },
        { start: '17:00', end: '19:00' },
      ],
      clocksPerWindow: 1,
      radius: null,
      lateMinutes: 30,
      enabled: true,
    });
  });

  it('编辑: a late time that makes the windows overlap is refused; the config saves with its id', SLOW, async () => {
    fetched = stubFetch((path, method) => {
      if (path === '/api/clockRecord/getClockConfigList') return ok({ lists: [SHIFTS], total: 1 });
      if (path === '/api/clockRecord/saveClockConfigInfo' && method === 'POST') return ok({ id: 3 });
      return undefined;
    });
    renderDuty('/dailyDuty/clockConfig');
    await screen.findByText('运维人员工作日打卡', {}, WAIT);
    fireEvent.click(within(rowOf('运维人员工作日打卡')).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    await waitFor(() => expect(input(dialog, 'name').value).toBe('运维人员工作日打卡'), WAIT);
    // 09:00 + 60 minutes late reaches the next window's start
    fireEvent.change(input(dialog, 'lateMinutes'), { target: { value: '60' } });
    fireEvent.blur(input(dialog, 'lateMinutes'));
    await within(dialog).findByText('打卡时段 07:00-09:00（含迟到 60 分钟）与 10:00-12:00 重叠', {}, WAIT);
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await new Promise((r) => setTimeout(r, 300));
    expect(fetched.last('/api/clockRecord/saveClockConfigInfo', 'POST')).toBeUndefined();
    fireEvent.change(input(dialog, 'lateMinutes'), { target: { value: '45' } });
    fireEvent.change(input(dialog, 'radius'), { target: { value: '5' } });
    fireEvent.blur(input(dialog, 'radius'));
    // the server's bounds of the save route
    await within(dialog).findByText('打卡半径应为 10 到 5000 的数', {}, WAIT);
    fireEvent.change(input(dialog, 'radius'), { target: { value: '80' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(fetched.last('/api/clockRecord/saveClockConfigInfo', 'POST')).toBeTruthy(), WAIT);
    expect(fetched.last('/api/clockRecord/saveClockConfigInfo', 'POST')!.body).toMatchObject({
      id: 3,
      roleId: 31,
      lateMinutes: 45,
      radius: 80,
      days: [1, 2, 3, 4, 5],
    });
  });

  it('启用 saves the config as it is with the switch’s value; 删除 asks first', SLOW, async () => {
    renderDuty('/dailyDuty/clockConfig');
    await screen.findByText('监督员周末打卡', {}, WAIT);
    fireEvent.click(within(rowOf('监督员周末打卡')).getByRole('switch'));
    await waitFor(() => expect(fetched.last('/api/clockRecord/saveClockConfigInfo', 'POST')).toBeTruthy(), WAIT);
    expect(fetched.last('/api/clockRecord/saveClockConfigInfo', 'POST')!.body).toEqual({
      id: 4,
      name: '监督员周末打卡',
      areaId: '110108',
      brandId: 2,
      roleId: 32,
      days: [6, 7],
      windows: [{ start: '10:00', end: '11:00' }],
      clocksPerWindow: 2,
      radius: 200,
      lateMinutes: 15,
      enabled: true,
    });
    await screen.findByText('打卡配置已启用', {}, WAIT);
    fireEvent.click(within(rowOf('监督员周末打卡')).getByRole('button', { name: /删\s*除/ }));
    const confirm = await screen.findByText('确定要删除打卡配置“监督员周末打卡”吗？', {}, WAIT);
    fireEvent.click(within(confirm.closest('.ant-modal') as HTMLElement).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(fetched.last('/api/clockRecord/delClockConfigById', 'POST')?.body).toEqual({ id: 4 }), WAIT);
  });

  it('without 打卡设置 the configs are read only', WAIT, async () => {
    logIn({ permissions: ['home', 'dailyDuty', 'clock.view'] });
    renderDuty('/dailyDuty/clockConfig');
    await screen.findByText('监督员周末打卡', {}, WAIT);
    expect(screen.queryByRole('button', { name: /新增打卡配置/ })).toBeNull();
    expect(within(rowOf('监督员周末打卡')).getByRole('switch').hasAttribute('disabled')).toBe(true);
  });
});
