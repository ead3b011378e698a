// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import Providers from '../../app/Providers';
import { ADMIN_USER, logIn, setPermissions } from '../../test/session';
import DeviceManagement from './index';
import type { DeviceSiteRow, SiteRow } from './types';

const site: SiteRow = {
  siteId: '1101080000001',
  siteName: '中关村地铁站A口',
  siteLon: 116.3,
  siteLat: 39.98,
  areaId: '110108',
  areaName: '海淀区',
  bleNum: 8,
  pileNum: 8,
  siteBikeCeiling: 65,
  siteCeiling: 80,
  length: 20,
  gpsRail: null,
  recycleSwitch: false,
  majorSwitch: true,
  brandPutSwitch: true,
  dispatchResponseMinute: 30,
  dispatchThresholdLess: 20,
  dispatchThresholdMore: 80,
  fullPileNum: null,
  num: 76,
  currentNum: 76,
  bikeNum: 58,
  ebikeNum: 18,
  capacity: 75,
  flag: 2,
  status: '满桩',
  stateTime: '2026-11-24 10:00:00',
  createTime: '2026-11-01 00:00:00',
  updateTime: '2026-11-01 00:00:00',
};
const deviceSite: DeviceSiteRow = {
  siteId: '1101080000046',
  siteName: '海淀黄庄路口',
  areaId: '110108',
  areaName: '海淀区',
  bleNum: 2,
  pileNum: 2,
  minPower: 4,
  lowPower: true,
  piles: [
    { equipmentMac: 'A4:C1:38:00:01:01', power: 4, lastSeenTime: '2026-11-24 09:55:00' },
    { equipmentMac: 'A4:C1:38:00:01:02', power: 80, lastSeenTime: '2026-11-24 09:55:00' },
  ],
};

const ok = (data: unknown) =>
  new Response(JSON.stringify({ code: 200, message: '操作成功！', data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
const calls: Array<{ method: string; url: URL; body: unknown }> = [];
const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
  const url = new URL(input, 'http://x');
  calls.push({ method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
  if (url.pathname === '/api/site/') return ok({ lists: [site], total: 1 });
  if (url.pathname === '/api/device/list/get') return ok({ lists: [deviceSite], total: 1 });
  return ok(null);
});
const last = (path: string, method = 'GET') => calls.filter((c) => c.url.pathname === path && c.method === method).at(-1);

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  logIn({ user: ADMIN_USER, permissions: ['site.edit', 'site.delete', 'device.edit'] });
});
afterEach(() => vi.restoreAllMocks());

function renderPage(entry: string) {
  const router = createMemoryRouter([{ path: '/deviceManagement/:id?', element: <DeviceManagement /> }], { initialEntries: [entry] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('站点管理', () => {
  it('lists sites with count / capacity and the status colour, filtered by the URL', async () => {
    renderPage('/deviceManagement/sites?status=1&majorSwitch=1');
    await screen.findByText('中关村地铁站A口');
    expect(Object.fromEntries(last('/api/site/')!.url.searchParams)).toMatchObject({ status: '1', majorSwitch: '1', currentPage: '1', pageSize: '10' });
    const row = screen.getByText('中关村地铁站A口').closest('tr')!;
    expect(within(row).getByText('满桩').closest('.ant-tag')!.className).toContain('red');
    expect(row.textContent).toContain('76 / 75');
    expect(row.textContent).toContain('重点');
  });

  // antd's first modal over a full table is slow in jsdom (style recalculation: 10-45 s on a loaded 2-core machine)
  it('deletes a site after the 温馨提示 confirm', { timeout: 120_000 }, async () => {
    renderPage('/deviceManagement');
    await screen.findByText('中关村地铁站A口');
    fireEvent.click(screen.getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(document.body.textContent).toContain('温馨提示'), { timeout: 100_000 });
    expect(document.body.textContent).toContain('是否确定删除站点“中关村地铁站A口”');
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(last('/api/device/site/delete', 'DELETE')?.body).toEqual({ siteId: '1101080000001' }));
    await screen.findByText('站点删除成功！');
  });

  it('hides 删除 without the site.delete permission', async () => {
    setPermissions(['site.edit']);
    renderPage('/deviceManagement');
    await screen.findByText('中关村地铁站A口');
    expect(screen.getByText('中关村地铁站A口').closest('tr')!.textContent).toContain('满桩');
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
  });

  it('opens 设备电量 filtered from the to-do link and shows each pile', async () => {
    const router = renderPage('/deviceManagement?equipmentPower=0-10');
    await screen.findByText('海淀黄庄路口');
    expect(screen.getByRole('tab', { name: '设备电量', selected: true })).toBeTruthy();
    expect(last('/api/device/list/get')!.url.searchParams.get('equipmentPower')).toBe('0-10');
    // the form shows the filter the link set
    const selects = [...document.querySelectorAll('.desk-page .ant-select')].map((e) => e.textContent);
    expect(selects).toContain('低于 10%（电量低）');
    fireEvent.click(screen.getByRole('button', { name: /展开行|Expand row/ }));
    await screen.findByText('A4:C1:38:00:01:01');
    expect(screen.getByText('80%')).toBeTruthy();
    // switching tabs goes through the tab route and drops the other tab's filters
    fireEvent.click(screen.getByRole('tab', { name: '站点列表' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/deviceManagement/sites'));
    expect(router.state.location.search).toBe('');
  });
});
