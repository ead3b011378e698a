// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import DeviceManagement from './index';
import type { ClashRow, GroupRow, RailSite } from './detailTypes';
import { renderAt } from './testKit';
import { ok, stubFetch } from '../../test/stubFetch';
import { ADMIN_USER, logIn } from '../../test/session';

const group: GroupRow = {
  id: 7,
  areaId: '110108',
  areaName: '海淀区',
  alias: '早高峰地铁口',
  siteList: ['1101080000001'],
  siteCount: 1,
  factor: 1.5,
  openSwitch: false,
  createTime: '2026-11-20 08:00:00',
  appliedTime: null,
};
const rail = (siteId: string, siteName: string) =>
  ({ siteId, siteName, siteLon: 116.3, siteLat: 39.98, areaId: '110108', gpsRail: null, length: 20 }) as unknown as RailSite;
// the server counts the draft (id 0 when new, alias 当前分组) among a site's groups
const clash: ClashRow[] = [
  {
    siteId: '1101080000002',
    siteName: '知春路站',
    groups: [
      { id: 3, alias: '晚高峰' },
      { id: 0, alias: '当前分组' },
    ],
  },
];

let fx: ReturnType<typeof stubFetch>;
beforeEach(() => {
  logIn({ user: ADMIN_USER, permissions: ['site.edit', 'site.delete', 'device.edit'] });
  fx = stubFetch((path, method, url) => {
    if (path === '/api/site/magnify/' && method === 'GET')
      return ok({ lists: [group, { ...group, id: 8, alias: '已执行组', openSwitch: true, appliedTime: '2026-11-24 10:05:00' }], total: 2 });
    if (path === '/api/site/magnify/' && method === 'POST') return ok({ id: 9 });
    if (path === '/api/site/rail') return ok([rail('1101080000001', '中关村站'), rail('1101080000002', '知春路站')]);
    if (path === '/api/site/magnify/site/clash') {
      return url.searchParams.get('id') === '7'
        ? ok([{ siteId: '1101080000001', siteName: '中关村站', groups: [{ id: 7, alias: '早高峰地铁口' }] }])
        : ok(clash);
    }
  });
});
afterEach(() => vi.restoreAllMocks());

describe('站点分组', () => {
  it('lists groups with the URL filters; 执行时间 shows when a group took effect, — before', { timeout: 120_000 }, async () => {
    renderAt(<DeviceManagement />, '/deviceManagement/groups?openSwitch=1&alias=高峰');
    await screen.findByText('早高峰地铁口');
    expect(Object.fromEntries(fx.last('/api/site/magnify/')!.url.searchParams)).toMatchObject({ openSwitch: '1', alias: '高峰', currentPage: '1' });
    expect(screen.getByText('早高峰地铁口').closest('tr')!.textContent).toContain('—');
    expect(screen.getByText('已执行组').closest('tr')!.textContent).toContain('2026-11-24 10:05:00');
  });

  it('the switch calls open/{id}', { timeout: 120_000 }, async () => {
    renderAt(<DeviceManagement />, '/deviceManagement/groups');
    await screen.findByText('早高峰地铁口');
    fireEvent.click(screen.getByRole('switch', { name: '开关 早高峰地铁口' }));
    await waitFor(() => expect(fx.last('/api/site/magnify/open/7', 'PUT')?.body).toEqual({ openSwitch: true }));
    await screen.findByText('分组已开启，下次快照起生效');
  });

  it('without 站点编辑 the switch is read-only and 新增 is hidden', { timeout: 120_000 }, async () => {
    logIn({ user: ADMIN_USER, permissions: ['device.edit'] });
    renderAt(<DeviceManagement />, '/deviceManagement/groups');
    await screen.findByText('早高峰地铁口');
    expect((screen.getByRole('switch', { name: '开关 早高峰地铁口' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
  });

  it('新增 checks the draft for clashes (a warning) and sends the body', { timeout: 180_000 }, async () => {
    renderAt(<DeviceManagement />, '/deviceManagement/groups');
    await screen.findByText('早高峰地铁口');
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 100_000 });
    fireEvent.change(within(dialog).getByPlaceholderText('请输入分组名称'), { target: { value: ' 晚高峰补充 ' } });
    fireEvent.change(within(dialog).getByPlaceholderText('请输入放大系数'), { target: { value: '1.25' } });
    // pick two sites in the searchable multi-select
    // (新增 also offers 所属区域, left empty here: the list's area)
    expect(within(dialog).getByText('所属区域')).toBeTruthy();
    const picker = dialog.querySelector<HTMLElement>('input[id="siteList"]')!;
    fireEvent.mouseDown(picker);
    fireEvent.click(await screen.findByTitle('中关村站（1101080000001）'));
    fireEvent.click(await screen.findByTitle('知春路站（1101080000002）'));
    fireEvent.click(within(dialog).getByRole('button', { name: '冲突检查' }));
    await within(dialog).findByTestId('clash-list');
    expect(fx.last('/api/site/magnify/site/clash')!.url.searchParams.get('siteList')).toBe('1101080000001,1101080000002');
    expect(within(dialog).getByTestId('clash-list').textContent).toBe('知春路站（1101080000002）：晚高峰');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(fx.last('/api/site/magnify/', 'POST')?.body).toEqual({ alias: '晚高峰补充', factor: 1.25, siteList: ['1101080000001', '1101080000002'] }),
    );
    await screen.findByText('分组已新增');
  });

  it('编辑 prefills the group and saves with PUT /api/site/magnify/{id}; its clash check names the group', { timeout: 180_000 }, async () => {
    renderAt(<DeviceManagement />, '/deviceManagement/groups');
    await screen.findByText('早高峰地铁口');
    fireEvent.click(within(screen.getByText('早高峰地铁口').closest('tr')!).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 100_000 });
    expect(within(dialog).getByText('编辑分组')).toBeTruthy();
    expect((within(dialog).getByPlaceholderText('请输入分组名称') as HTMLInputElement).value).toBe('早高峰地铁口');
    await waitFor(() => expect(fx.last('/api/site/rail')).toBeTruthy());
    fireEvent.click(within(dialog).getByRole('button', { name: '冲突检查' }));
    await within(dialog).findByText('所选站点不在其他开启的分组中');
    expect(fx.last('/api/site/magnify/site/clash')!.url.searchParams.get('id')).toBe('7');
    fireEvent.change(within(dialog).getByPlaceholderText('请输入放大系数'), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(fx.last('/api/site/magnify/7', 'PUT')?.body).toEqual({ alias: '早高峰地铁口', factor: 2, siteList: ['1101080000001'] }));
    await screen.findByText('分组已修改');
  });
});
