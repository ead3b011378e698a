// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeskMapProps } from '../../components/deskMap/types';
import { checkFence } from './rails';
import { AREAS, logIn, ok, renderPage, SLOW, stubFetch, WAIT } from './testKit';

const square = [
  { lon: 116.3, lat: 39.98 },
  { lon: 116.31, lat: 39.98 },
  { lon: 116.31, lat: 39.99 },
  { lon: 116.3, lat: 39.99 },
];
const bowTie = [square[0], square[1], square[3], square[2]];

// Leaflet does not run in jsdom: a stand-in map with the same props (draws a good or a crossing ring, shows what lies beneath)
vi.mock('../../components/deskMap/DeskMap', () => ({
  default: (p: DeskMapProps) => (
    <div data-testid="fake-map">
      <button type="button" onClick={() => p.onRing?.(square)}>
        画正方形
      </button>
      <button type="button" onClick={() => p.onRing?.(bowTie)}>
        画交叉
      </button>
      <output data-testid="map-state">
        {JSON.stringify({
          editable: !!p.onRing,
          ring: p.ring?.length ?? 0,
          sites: p.sites?.length ?? 0,
          shapes: (p.shapes ?? []).map((s) => s.label),
        })}
      </output>
    </div>
  ),
}));

const closed = [...square, square[0]];
let fetched: ReturnType<typeof stubFetch>;
beforeEach(() => {
  fetched = stubFetch((path, method) => {
    if (path === '/api/area/get') return ok({ ...AREAS[2], gpsRail: closed });
    if (path === '/api/area/rail' && method === 'GET') return ok([{ id: '110108', areaId: '110108', areaName: '海淀区', gpsRail: closed }]);
    if (path === '/api/area/rail' && method === 'POST') return ok(null, 200, '围栏已保存');
    if (path === '/api/area/rail/110108' && method === 'DELETE') return ok(null, 200, '围栏已删除');
    if (path === '/api/area/entryRail' && method === 'GET')
      return ok([{ id: 5, areaId: '110108', areaName: '海淀区', name: '西门', gpsRail: closed, createTime: '2026-11-20 10:00:00' }]);
    if (path === '/api/area/entryRail' && method === 'POST') return ok({ id: 6 }, 200, '围栏已保存');
    if (path === '/api/site/rail')
      return ok([
        {
          siteId: 'S1',
          siteName: '站1',
          siteLon: 116.305,
          siteLat: 39.985,
          areaId: '110108',
          gpsRail: null,
          length: 20,
          flag: 1,
          num: 3,
          recycleSwitch: false,
        },
      ]);
    if (path === '/api/forbid/')
      return ok({
        lists: [{ id: 9, alias: '地铁口', type: 1, areaId: '110108', areaName: '海淀区', serial: null, fence: closed, enabled: true, createTime: '' }],
        total: 1,
      });
    return undefined;
  });
});
afterEach(() => vi.restoreAllMocks());

const state = () => JSON.parse(screen.getByTestId('map-state').textContent!);

describe('checkFence (the server rule in the browser)', () => {
  it('refuses what the server refuses, with its message', () => {
    expect(checkFence(null)).toEqual({ message: '请先在地图上画出围栏' });
    expect(checkFence(bowTie)).toEqual({ message: '围栏 围栏边线不能相交（第 2 条边与第 4 条边）' });
    expect(checkFence(square.slice(0, 2))).toEqual({ message: '围栏 至少需要 3 个不同的点' });
    expect(checkFence(square)).toEqual({ ring: closed });
  });
});

describe('#/regionalSettings/rail', () => {
  it("shows the area's operating fence, its entry fences, sites and enabled zones beneath", SLOW, async () => {
    logIn([116]);
    renderPage('/regionalSettings/rail?selectAreaId=110108');
    await screen.findByText('西门', {}, WAIT);
    expect(fetched.last('/api/area/rail')!.url.searchParams.get('selectAreaId')).toBe('110108');
    expect(fetched.last('/api/area/entryRail')!.url.searchParams.get('selectAreaId')).toBe('110108');
    const zones = fetched.last('/api/forbid/')!.url.searchParams;
    expect([zones.get('selfAreaId'), zones.get('enabled')]).toEqual(['110108', '1']);
    expect(document.querySelector('.regional-rails-side .ant-tag')!.textContent).toBe('4 个顶点');
    expect(screen.getByText('4 个顶点 · 2026-11-20 10:00:00')).toBeTruthy();
    await waitFor(() => expect(state()).toMatchObject({ editable: true, ring: 4, sites: 1, shapes: ['地铁口', '西门'] }), WAIT);
  });

  it('refuses a crossing fence before saving, then saves a good one with POST /api/area/rail', SLOW, async () => {
    logIn([116]);
    renderPage('/regionalSettings/rail?selectAreaId=110108');
    await screen.findByText('西门', {}, WAIT);
    fireEvent.click(await screen.findByRole('button', { name: '画交叉' }, WAIT));
    fireEvent.click(screen.getByRole('button', { name: '保存围栏' }));
    expect((await screen.findByTestId('fence-problem', {}, WAIT)).textContent).toContain('围栏边线不能相交');
    expect(fetched.last('/api/area/rail', 'POST')).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: '画正方形' }));
    expect(screen.getByTestId('fence-size').textContent).toBe('4 个顶点（未保存）');
    fireEvent.click(screen.getByRole('button', { name: '保存围栏' }));
    await waitFor(() => expect(fetched.last('/api/area/rail', 'POST')).toBeTruthy(), WAIT);
    expect(fetched.last('/api/area/rail', 'POST')!.body).toEqual({ areaId: '110108', gpsRail: closed });
    await screen.findByText('围栏已保存', {}, WAIT);
  });

  it('adds an entry fence with its name, and deletes the operating fence after 温馨提示', SLOW, async () => {
    logIn([116]);
    renderPage('/regionalSettings/rail?selectAreaId=110108');
    await screen.findByText('西门', {}, WAIT);
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    fireEvent.click(await screen.findByRole('button', { name: '画正方形' }, WAIT));
    fireEvent.click(screen.getByRole('button', { name: '保存围栏' }));
    await screen.findByText('请输入入口围栏名称', {}, WAIT);
    fireEvent.change(screen.getByPlaceholderText('如：西门入口'), { target: { value: '东门' } });
    fireEvent.click(screen.getByRole('button', { name: '保存围栏' }));
    await waitFor(() => expect(fetched.last('/api/area/entryRail', 'POST')).toBeTruthy(), WAIT);
    expect(fetched.last('/api/area/entryRail', 'POST')!.body).toEqual({ areaId: '110108', name: '东门', gpsRail: closed });

    fireEvent.click(screen.getByRole('button', { name: '删除运营围栏' }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    expect(dialog.textContent).toContain('温馨提示');
    expect(dialog.textContent).toContain('确定要删除海淀区的运营围栏吗？');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(fetched.last('/api/area/rail/110108', 'DELETE')).toBeTruthy(), WAIT);
    await screen.findByText('围栏已删除', {}, WAIT);
  });

  it('without button 116 shows the fences read-only', SLOW, async () => {
    logIn([115, 117]);
    renderPage('/regionalSettings/rail?selectAreaId=110108');
    await screen.findByText('西门', {}, WAIT);
    await waitFor(() => expect(state()).toMatchObject({ editable: false, ring: 4 }), WAIT);
    expect(screen.queryByRole('button', { name: '保存围栏' })).toBeNull();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
  });
});
