// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import Providers from '../../app/Providers';
import type { AreaNode } from '../../app/session/types';
import type { DeskMapProps } from '../../components/deskMap/types';
import { logIn, setPermissions } from '../../test/session';
import { batchFields } from './batchEdit';
import { siteBody, type SiteFormValues } from './siteFields';
import SitesTab from './sites';
import type { SiteRow } from './types';

// Leaflet does not run in jsdom: a stand-in map with the same props (a click, a drawn fence)
vi.mock('../../components/deskMap/DeskMap', () => ({
  default: (p: DeskMapProps) => (
    <div data-testid="fake-map">
      <button type="button" onClick={() => p.onPoint?.({ lon: 116.31, lat: 39.99 })}>
        点地图
      </button>
      <button
        type="button"
        onClick={() =>
          p.onRing?.([
            { lon: 116.3, lat: 39.98 },
            { lon: 116.301, lat: 39.98 },
            { lon: 116.301, lat: 39.981 },
          ])
        }
      >
        画完围栏
      </button>
      <output data-testid="map-state">{JSON.stringify({ point: p.point, radius: p.radius ?? null, fence: p.ring?.length ?? 0 })}</output>
    </div>
  ),
}));

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

const node = (id: string, areaName: string, level: number, children?: AreaNode[]): AreaNode =>
  ({ id, areaCode: id, areaName, parentId: null, level, aggregation: 0, aggregationId: null, platformCode: null, children }) as AreaNode;
const TREE = [node('110000', '北京市', 1, [node('110100', '北京市辖区', 2, [node('110108', '海淀区', 3), node('110105', '朝阳区', 3)])])];

const ok = (data: unknown) =>
  new Response(JSON.stringify({ code: 200, message: '操作成功！', data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
const calls: Array<{ method: string; url: URL; body: unknown }> = [];
const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
  const url = new URL(input, 'http://x');
  calls.push({ method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
  if (url.pathname === '/api/site/' && !init?.method) return ok({ lists: [site], total: 1 });
  if (url.pathname === '/api/site/' && init?.method === 'GET') return ok({ lists: [site], total: 1 });
  if (url.pathname === '/api/site/getMaxSiteId') return ok({ areaId: '110108', maxSiteId: '1101080000098', nextSiteId: '1101080000099' });
  if (url.pathname === '/api/site/rail') return ok([]);
  if (url.pathname === '/api/device/export/site') {
    return new Response('xlsx', {
      status: 200,
      headers: {
        'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'Content-Disposition': 'attachment; filename="sites.xlsx"',
      },
    });
  }
  return ok(null);
});
const last = (path: string, method = 'GET') => calls.filter((c) => c.url.pathname === path && c.method === method).at(-1);

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  logIn({ areaAll: TREE, permissions: ['site.edit', 'site.delete'] });
});
afterEach(() => vi.restoreAllMocks());

function renderSites(entry = '/deviceManagement/sites') {
  const router = createMemoryRouter([{ path: '/deviceManagement/:id?', element: <SitesTab /> }], { initialEntries: [entry] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
}
const input = (dialog: HTMLElement, id: string) => dialog.querySelector(`[id="${id}"]`) as HTMLInputElement; // ids repeat (the query form): not #id
const type = (el: HTMLElement, value: string) => {
  fireEvent.change(el, { target: { value } });
  fireEvent.blur(el);
};
const SLOW = { timeout: 120_000 };
/** a loaded 2-core machine: antd's validation and toasts can take seconds */
const WAIT = { timeout: 10_000 };

describe('新增站点 / 编辑', () => {
  it('checks the fields on blur and sends the new site with its centre and drawn fence', SLOW, async () => {
    renderSites();
    await screen.findByText('中关村地铁站A口', {}, WAIT);
    fireEvent.click(screen.getByRole('button', { name: /新增站点/ }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 60_000 });
    // the district user's own district, and its next number
    await waitFor(() => expect(input(dialog, 'siteId').value).toBe('1101080000099'));
    expect(last('/api/site/getMaxSiteId')!.url.searchParams.get('selfAreaId')).toBe('110108');
    expect(dialog.textContent).toContain('海淀区');
    // required fields and the centre
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await within(dialog).findByText('请输入站点名称', {}, WAIT);
    expect(within(dialog).getAllByText('请在地图上点击选择站点中心').length).toBe(2);
    expect(within(dialog).getByText('请输入停放容量')).toBeTruthy();
    // 偏少 < 偏多
    type(input(dialog, 'dispatchThresholdLess'), '90');
    await within(dialog).findByText('偏少阈值须小于偏多阈值', {}, WAIT);
    type(input(dialog, 'dispatchThresholdLess'), '15');
    await waitFor(() => expect(within(dialog).queryByText('偏少阈值须小于偏多阈值')).toBeNull());
    type(input(dialog, 'siteName'), ' 新站点 ');
    type(input(dialog, 'siteBikeCeiling'), '40');
    // the map: a click sets the centre (shown in the fields), a drawn fence replaces the radius
    expect(screen.getByTestId('site-shape').textContent).toBe('无围栏 · 半径 20m');
    fireEvent.click(within(dialog).getByRole('button', { name: '点地图' }));
    await waitFor(() => expect(input(dialog, 'siteLon').value).toBe('116.31'));
    expect(input(dialog, 'siteLat').value).toBe('39.99');
    fireEvent.click(within(dialog).getByRole('button', { name: '画完围栏' }));
    await waitFor(() => expect(screen.getByTestId('site-shape').textContent).toMatch(/^围栏 3 个顶点 · 约 \d+m × \d+m$/));
    expect(input(dialog, 'length')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(last('/api/site/', 'POST')).toBeTruthy());
    expect(last('/api/site/', 'POST')!.body).toEqual({
      siteId: '1101080000099',
      siteName: '新站点',
      areaId: '110108',
      siteLon: 116.31,
      siteLat: 39.99,
      gpsRail: [
        { lon: 116.3, lat: 39.98 },
        { lon: 116.301, lat: 39.98 },
        { lon: 116.301, lat: 39.981 },
      ],
      siteBikeCeiling: 40,
      bleNum: 0,
      recycleSwitch: false,
      majorSwitch: false,
      brandPutSwitch: true,
      dispatchThresholdLess: 15,
      dispatchThresholdMore: 80,
      dispatchResponseMinute: 30,
    });
    await screen.findByText('站点保存成功！', {}, WAIT);
  });

  it('prefills 编辑 (number read-only) and saves with PUT /api/site/{id}', SLOW, async () => {
    renderSites();
    await screen.findByText('中关村地铁站A口', {}, WAIT);
    fireEvent.click(screen.getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 60_000 });
    expect(dialog.textContent).toContain('编辑站点（中关村地铁站A口）');
    expect(input(dialog, 'siteId')).toBeNull();
    expect(dialog.querySelector('.desk-display')!.textContent).toBe('1101080000001');
    expect(input(dialog, 'siteName').value).toBe('中关村地铁站A口');
    expect(input(dialog, 'siteBikeCeiling').value).toBe('65');
    expect(input(dialog, 'length').value).toBe('20');
    await waitFor(() => expect(JSON.parse(screen.getByTestId('map-state').textContent!)).toEqual({ point: { lon: 116.3, lat: 39.98 }, radius: 20, fence: 0 }));
    expect(input(dialog, 'majorSwitch').getAttribute('aria-checked')).toBe('true');
    expect(last('/api/site/getMaxSiteId')).toBeUndefined();
    type(input(dialog, 'length'), '35');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(last('/api/site/1101080000001', 'PUT')).toBeTruthy());
    expect(last('/api/site/1101080000001', 'PUT')!.body).toMatchObject({
      siteName: '中关村地铁站A口',
      length: 35,
      gpsRail: null,
      majorSwitch: true,
      siteBikeCeiling: 65,
    });
    await screen.findByText('站点保存成功！', {}, WAIT);
  });
});

describe('批量修改 and 导出', () => {
  it('sends only the fields filled in for the selected sites, then clears the selection', SLOW, async () => {
    renderSites();
    await screen.findByText('中关村地铁站A口', {}, WAIT);
    const batch = screen.getByRole('button', { name: /批量修改/ });
    expect((batch as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByText('中关村地铁站A口').closest('tr')!.querySelector('input[type=checkbox]')!);
    await screen.findByText('已选 1 项', {}, WAIT);
    fireEvent.click(batch);
    const dialog = await screen.findByRole('dialog', {}, { timeout: 60_000 });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await screen.findByText('请至少填写一项要修改的内容', {}, WAIT);
    expect(last('/api/site/batch', 'PUT')).toBeUndefined();
    type(input(dialog, 'dispatchThresholdLess'), '10');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(last('/api/site/batch', 'PUT')).toBeTruthy());
    expect(last('/api/site/batch', 'PUT')!.body).toEqual({ siteIds: ['1101080000001'], fields: { dispatchThresholdLess: 10 } });
    await waitFor(() => expect(screen.queryByText('已选 1 项')).toBeNull());
  });

  it('exports the list with the filters of the URL', SLOW, async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    renderSites('/deviceManagement/sites?status=1&majorSwitch=1&brandPutSwitch=0&siteName=中关村');
    await screen.findByText('中关村地铁站A口', {}, WAIT);
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(last('/api/device/export/site', 'POST')).toBeTruthy());
    expect(last('/api/device/export/site', 'POST')!.body).toEqual({ status: 1, majorSwitch: 1, brandPutSwitch: 0, siteName: '中关村' });
    expect(last('/api/site/')!.url.searchParams.get('brandPutSwitch')).toBe('0');
    await screen.findByText('数据导出成功！', {}, WAIT);
  });

  it('hides 新增站点, 编辑 and the selection without site.edit', async () => {
    setPermissions(['site.delete']);
    renderSites();
    await screen.findByText('中关村地铁站A口', {}, WAIT);
    expect(screen.queryByRole('button', { name: /新增站点/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(document.querySelector('tbody input[type=checkbox]')).toBeNull();
  });
});

describe('bodies', () => {
  const values: SiteFormValues = {
    siteName: '甲',
    areaId: '110108',
    siteLon: 116.3,
    siteLat: 39.9,
    length: 25,
    siteBikeCeiling: 10,
    bleNum: 2,
    recycleSwitch: true,
    majorSwitch: false,
    brandPutSwitch: false,
    dispatchThresholdLess: 20,
    dispatchThresholdMore: 80,
    dispatchResponseMinute: 30,
  };
  it('a site without a fence sends its radius, with one its ring only', () => {
    expect(siteBody(values, null)).toMatchObject({ length: 25 });
    expect(siteBody(values, null).gpsRail).toBeUndefined();
    const ring = [
      { lon: 1, lat: 1 },
      { lon: 2, lat: 1 },
      { lon: 2, lat: 2 },
    ];
    expect(siteBody(values, ring)).toMatchObject({ gpsRail: ring });
    expect(siteBody(values, ring).length).toBeUndefined();
  });
  it('batch fields: only those filled in, switches as booleans', () => {
    expect(batchFields({ majorSwitch: '0', recycleSwitch: undefined, dispatchThresholdMore: null, dispatchResponseMinute: 45 })).toEqual({
      majorSwitch: false,
      dispatchResponseMinute: 45,
    });
  });
});
