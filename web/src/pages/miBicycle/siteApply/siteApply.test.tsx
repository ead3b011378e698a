// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AreaNode } from '../../../app/session/types';
import type { DeskMapProps } from '../../../components/deskMap/types';
import { renderRoute } from '../../../test/renderRoute';
import { logIn } from '../../../test/session';
import { ok, stubFetch } from '../../../test/stubFetch';
import { TODO_ITEMS } from '../../index/panels/TodoList';
import MiBicycle from '../index';
import type { Apply } from './types';

// Leaflet does not run in jsdom: a stand-in map showing the props it was given
vi.mock('../../../components/deskMap/DeskMap', () => ({
  default: (p: DeskMapProps) => <output data-testid="fake-map">{JSON.stringify({ center: p.center, point: p.point ?? null })}</output>,
}));

const WAIT = { timeout: 60_000 };
const W10 = { timeout: 10_000 };

const node = (id: string, areaName: string, level: number, children?: AreaNode[]): AreaNode =>
  ({ id, areaCode: id, areaName, parentId: null, level, aggregation: 0, aggregationId: null, platformCode: null, children }) as AreaNode;
const TREE = [node('110000', '北京市', 1, [node('110100', '北京市辖区', 2, [node('110108', '海淀区', 3)])])];

const apply = (id: number, over: Partial<Apply>): Apply => ({
  id,
  applicantName: '王运维',
  brandId: 2,
  brandName: '美团',
  areaId: '110108',
  areaName: '海淀区',
  name: '清华东门站',
  lon: 116.331,
  lat: 40.002,
  capacity: 30,
  piles: 2,
  reason: '早高峰乱停严重',
  photos: ['/uploads/a.jpg'],
  state: 0,
  stateName: '待审核',
  rejectReason: null,
  siteId: null,
  deciderName: null,
  decidedAt: null,
  at: '2026-11-28 08:10:00',
  ...over,
});
const ROWS = [
  apply(7, {}),
  apply(5, {
    name: '知春路站',
    state: 2,
    stateName: '已驳回',
    rejectReason: '距离知春里站不足 50 米',
    deciderName: '李监管',
    decidedAt: '2026-11-28 09:00:00',
  }),
];

const renderMi = (entry: string) => renderRoute(<MiBicycle />, '/miBicycle/:id?', [], entry).router;
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

let fetched: ReturnType<typeof stubFetch>;
beforeEach(() => {
  fetched = stubFetch((path) => {
    if (path === '/api/miApp/siteApply/list') return ok({ lists: ROWS, total: 2 });
    if (path === '/api/statistics/areaBrandDetails') return ok({ lists: [{ brandId: 2, brandName: '美团' }], total: 1 });
    if (path === '/api/miApp/siteApply/approve') return ok({ siteId: '1101080000099' }, 200, '申请已通过，站点已新建');
    if (path === '/api/miApp/siteApply/reject') return ok(null, 200, '申请已驳回');
    if (path === '/api/site/getMaxSiteId') return ok({ areaId: '110108', maxSiteId: '1101080000098', nextSiteId: '1101080000099' });
    if (path === '/api/site/rail') return ok([]);
    if (path.startsWith('/uploads/')) return new Response('jpeg', { status: 200, headers: { 'Content-Type': 'image/jpeg' } });
    if (path === '/api/miApp/exportRejectList')
      return new Response('xlsx', {
        status: 200,
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': 'attachment; filename="r.xlsx"',
        },
      });
    return undefined;
  });
  logIn({ areaAll: TREE, permissions: ['miBicycle', 'miBicycle.edit', 'site.edit'] });
});
afterEach(() => vi.restoreAllMocks());

describe('#/miBicycle/site', () => {
  it('is where the home to-do 站点申请 lands: the pending ones, its filters from the URL', WAIT, async () => {
    expect(TODO_ITEMS.find((t) => t.key === 'siteApplyPend')!.to).toBe('/miBicycle/site?state=0');
    renderMi('/miBicycle/site?state=0&keyword=东门');
    await screen.findByText('清华东门站', {}, WAIT);
    const q = fetched.last('/api/miApp/siteApply/list')!.url.searchParams;
    expect(q.get('state')).toBe('0');
    expect(q.get('keyword')).toBe('东门');
    expect(screen.getByRole('tab', { name: '站点申请', selected: true })).toBeTruthy();
    expect(rowOf('知春路站').textContent).toContain('距离知春里站不足 50 米（李监管）');
    // decided: neither 通过 nor 驳回
    expect(within(rowOf('知春路站')).queryByRole('button', { name: /通\s*过|驳\s*回/ })).toBeNull();
  });

  it('shows the detail: the place on a map and the photos', WAIT, async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:photo'), revokeObjectURL: vi.fn() }));
    renderMi('/miBicycle/site');
    await screen.findByText('清华东门站', {}, WAIT);
    fireEvent.click(screen.getByRole('button', { name: '站点申请 7' }));
    const drawer = await screen.findByTestId('apply-detail', {}, W10);
    expect(drawer.textContent).toContain('早高峰乱停严重');
    expect(drawer.textContent).toContain('116.331000, 40.002000');
    const map = await within(drawer).findByTestId('fake-map', {}, W10);
    expect(JSON.parse(map.textContent!)).toEqual({ center: { lon: 116.331, lat: 40.002 }, point: { lon: 116.331, lat: 40.002 } });
    await waitFor(() => expect(within(drawer).queryAllByAltText('申请照片 1')).toHaveLength(1), W10);
    expect(within(drawer).getByAltText('申请照片 1').getAttribute('src')).toBe('blob:photo');
    // pending: 通过 and 驳回 in the drawer
    const panel = drawer.closest('.ant-drawer') as HTMLElement;
    expect(within(panel).getByRole('button', { name: /^通\s*过$/ })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: /^驳\s*回$/ })).toBeTruthy();
  });

  it('通过 opens 新增站点 prefilled from the application, editable, and approves with the site', WAIT, async () => {
    renderMi('/miBicycle/site');
    await screen.findByText('清华东门站', {}, WAIT);
    fireEvent.click(within(rowOf('清华东门站')).getByRole('button', { name: /通\s*过/ }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    within(dialog).getByText('通过申请：新建站点（清华东门站）');
    const name = dialog.querySelector('[id="siteName"]') as HTMLInputElement;
    expect(name.value).toBe('清华东门站');
    expect((dialog.querySelector('[id="siteBikeCeiling"]') as HTMLInputElement).value).toBe('30');
    await waitFor(() => expect((dialog.querySelector('[id="siteId"]') as HTMLInputElement).value).toBe('1101080000099'), WAIT);
    fireEvent.change(name, { target: { value: '清华东门地铁站' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|保\s*存/ }));
    await waitFor(() => expect(fetched.last('/api/miApp/siteApply/approve', 'POST')).toBeTruthy(), WAIT);
    expect(fetched.last('/api/miApp/siteApply/approve', 'POST')!.body).toMatchObject({
      id: 7,
      siteName: '清华东门地铁站',
      areaId: '110108',
      siteLon: 116.331,
      siteLat: 40.002,
      siteBikeCeiling: 30,
      bleNum: 2,
      siteId: '1101080000099',
    });
  });

  it('驳回 asks a reason, and sends it', WAIT, async () => {
    renderMi('/miBicycle/site');
    await screen.findByText('清华东门站', {}, WAIT);
    fireEvent.click(within(rowOf('清华东门站')).getByRole('button', { name: /驳\s*回/ }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    fireEvent.click(within(dialog).getByRole('button', { name: /驳\s*回/ }));
    await within(dialog).findByText('请输入驳回理由', {}, WAIT);
    expect(fetched.last('/api/miApp/siteApply/reject', 'POST')).toBeUndefined();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /驳回理由/ }), { target: { value: '位置在绿地内' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /驳\s*回/ }));
    await waitFor(() => expect(fetched.last('/api/miApp/siteApply/reject', 'POST')?.body).toEqual({ id: 7, reason: '位置在绿地内' }), WAIT);
  });

  it('exports the rejected ones with the list’s filters; without 站点编辑 there is no 通过', WAIT, async () => {
    logIn({ areaAll: TREE, permissions: ['miBicycle', 'miBicycle.edit'] });
    renderMi('/miBicycle/site?keyword=站&state=0');
    await screen.findByText('清华东门站', {}, WAIT);
    expect(within(rowOf('清华东门站')).queryByRole('button', { name: /通\s*过/ })).toBeNull();
    expect(within(rowOf('清华东门站')).getByRole('button', { name: /驳\s*回/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /导出驳回记录/ }));
    await waitFor(() => expect(fetched.last('/api/miApp/exportRejectList', 'POST')).toBeTruthy(), WAIT);
    const q = fetched.last('/api/miApp/exportRejectList', 'POST')!.url.searchParams;
    expect(q.get('keyword')).toBe('站');
    expect(q.get('state')).toBeNull();
  });
});
