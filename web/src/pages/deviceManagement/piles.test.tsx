// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import DeviceManagement from './index';
import type { PileRow, PowerSeries } from './detailTypes';
import { renderAt } from './testKit';
import { ok, stubFetch } from '../../test/stubFetch';
import { ADMIN_USER, logIn } from '../../test/session';

vi.mock('../../components/echarts/LazyEChart', () => ({ default: ({ ariaLabel }: { ariaLabel?: string }) => <div role="img" aria-label={ariaLabel} /> }));

const pile: PileRow = {
  equipmentMac: 'A4:C1:38:00:01:01',
  siteId: '1101080000046',
  siteName: '海淀黄庄路口',
  areaId: '110108',
  areaName: '海淀区',
  power: 4,
  lowPower: true,
  lastSeenTime: '2026-11-24 09:55:00',
  createTime: '2026-11-01 00:00:00',
};
const series: PowerSeries = {
  equipmentMac: pile.equipmentMac,
  siteId: pile.siteId,
  siteName: pile.siteName,
  lists: [
    { time: '2026-11-24 08:00:00', power: 12 },
    { time: '2026-11-24 09:00:00', power: 4 },
  ],
  total: 2,
};

let fx: ReturnType<typeof stubFetch>;
beforeEach(() => {
  logIn({ user: ADMIN_USER, permissions: ['site.edit', 'site.delete', 'device.edit'] });
  fx = stubFetch((path) => {
    if (path === '/api/equipment/power/list') return ok({ lists: [pile], total: 1 });
    if (path === '/api/equipment/power/day' || path === '/api/equipment/power/between') return ok(series);
  });
});
afterEach(() => vi.restoreAllMocks());

describe('设备管理 (piles)', () => {
  it('lists piles filtered by the URL: the power range goes as powerMin / powerMax, low power is red', { timeout: 120_000 }, async () => {
    renderAt(<DeviceManagement />, '/deviceManagement/equipment?power=0-10&equipmentMac=A4');
    await screen.findByText('A4:C1:38:00:01:01');
    expect(screen.getByRole('tab', { name: '设备管理', selected: true })).toBeTruthy();
    const q = Object.fromEntries(fx.last('/api/equipment/power/list')!.url.searchParams);
    expect(q).toMatchObject({ powerMin: '0', powerMax: '9', equipmentMac: 'A4', currentPage: '1', pageSize: '10' });
    expect(q.power).toBeUndefined();
    const row = screen.getByText('A4:C1:38:00:01:01').closest('tr')!;
    expect(row.textContent).toContain('海淀黄庄路口（1101080000046）');
    expect(row.textContent).toContain('2026-11-24 09:55:00');
    expect(row.querySelector('.ant-progress-status-exception')).toBeTruthy();
  });

  it('asks 温馨提示 before deleting a pile, then sends its MAC', { timeout: 120_000 }, async () => {
    renderAt(<DeviceManagement />, '/deviceManagement/equipment');
    await screen.findByText('A4:C1:38:00:01:01');
    fireEvent.click(screen.getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(document.body.textContent).toContain('温馨提示'), { timeout: 100_000 });
    expect(document.body.textContent).toContain('是否确定删除设备 A4:C1:38:00:01:01？');
    expect(fx.last('/api/equipment/delete', 'DELETE')).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(fx.last('/api/equipment/delete', 'DELETE')?.body).toEqual({ equipmentMac: 'A4:C1:38:00:01:01' }));
    await screen.findByText('设备已删除');
  });

  it('hides 删除 without 设备管理 (device.edit)', { timeout: 120_000 }, async () => {
    logIn({ user: ADMIN_USER, permissions: ['site.edit'] });
    renderAt(<DeviceManagement />, '/deviceManagement/equipment');
    await screen.findByText('A4:C1:38:00:01:01');
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
    expect(screen.getByRole('button', { name: '电量曲线' })).toBeTruthy();
  });

  it('电量曲线 asks for a day, then for a range of days', { timeout: 120_000 }, async () => {
    renderAt(<DeviceManagement />, '/deviceManagement/equipment');
    await screen.findByText('A4:C1:38:00:01:01');
    fireEvent.click(screen.getByRole('button', { name: '电量曲线' }));
    await screen.findByRole('img', { name: '电量曲线' }, { timeout: 100_000 });
    const day = fx.last('/api/equipment/power/day')!.url.searchParams;
    expect(day.get('equipmentMac')).toBe('A4:C1:38:00:01:01');
    expect(day.get('day')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(document.body.textContent).toContain('共 2 条记录');

    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByText('时间段'));
    await waitFor(() => expect(fx.last('/api/equipment/power/between')).toBeTruthy());
    const between = fx.last('/api/equipment/power/between')!.url.searchParams;
    expect(between.get('equipmentMac')).toBe('A4:C1:38:00:01:01');
    expect(between.get('startTime')).toMatch(/^\d{4}-\d{2}-\d{2} 00:00:00$/);
    expect(between.get('endTime')).toMatch(/^\d{4}-\d{2}-\d{2} 23:59:59$/);
    expect(between.get('endTime')!.slice(0, 10)).toBe(day.get('day'));
  });
});
