// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeskMapProps } from '../../components/deskMap/types';
import { checkFence } from './rails';
import { AREAS, BEIJING, renderPage, SLOW, WAIT } from './testKit';
import { ok, stubFetch } from '../../test/stubFetch';
import { logIn } from '../../test/session';

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
    logIn({ ...BEIJING, permissions: ['rail.manage'] });
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
    logIn({ ...BEIJING, permissions: ['rail.manage'] });
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
    logIn({ ...BEIJING, permissions: ['rail.manage'] });
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

  it('without rail.manage shows the fences read-only', SLOW, async () => {
    logIn({ ...BEIJING, permissions: ['area.manage', 'forbid.manage'] });
    renderPage('/regionalSettings/rail?selectAreaId=110108');
    await screen.findByText('西门', {}, WAIT);
    await waitFor(() => expect(state()).toMatchObject({ editable: false, ring: 4 }), WAIT);
    expect(screen.queryByRole('button', { name: '保存围栏' })).toBeNull();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
  });
});

describe('导入 / 导出 GeoJSON on the 运营区域 tab', () => {
  type Pos = [number, number];
  const ring = (lon: number, lat: number): Pos[] => [
    [lon, lat],
    [lon + 0.001, lat],
    [lon + 0.001, lat + 0.001],
    [lon, lat + 0.001],
    [lon, lat],
  ];
  const feature = (name: string, r: Pos[]) => ({ type: 'Feature', properties: { name }, geometry: { type: 'Polygon', coordinates: [r] } });
  const FILE = JSON.stringify({
    type: 'FeatureCollection',
    features: [feature('北门', ring(116.3, 39.98)), feature('坏门', ring(216.3, 39.98)), feature('南门', ring(116.32, 39.98))],
  });
  const open = (r: Pos[]) => r.slice(0, 4).map(([lon, lat]) => ({ lon, lat }));

  async function importDialog() {
    logIn({ ...BEIJING, permissions: ['rail.manage'] });
    renderPage('/regionalSettings/rail?selectAreaId=110108');
    await screen.findByText('西门', {}, WAIT);
    fireEvent.click(screen.getByRole('button', { name: /导入 GeoJSON/ }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    expect(dialog.textContent).toContain('导入海淀区的围栏（GeoJSON）');
    fireEvent.change(within(dialog).getByLabelText('粘贴 GeoJSON'), { target: { value: FILE } });
    await within(dialog).findByText(/共 3 个要素：2 个围栏待保存，1 处错误/, {}, WAIT);
    return dialog;
  }

  it('saves the good polygons of a file as entry fences of the area, named from the file; the bad one is listed only', SLOW, async () => {
    const dialog = await importDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: /保存 2 个/ }));
    await waitFor(() => expect(fetched.calls.filter((c) => c.url.pathname === '/api/area/entryRail' && c.method === 'POST')).toHaveLength(2), WAIT);
    const bodies = fetched.calls.filter((c) => c.url.pathname === '/api/area/entryRail' && c.method === 'POST').map((c) => c.body);
    expect(bodies).toEqual(
      expect.arrayContaining([
        { areaId: '110108', name: '北门', gpsRail: open(ring(116.3, 39.98)) },
        { areaId: '110108', name: '南门', gpsRail: open(ring(116.32, 39.98)) },
      ]),
    );
    expect(fetched.last('/api/area/rail', 'POST')).toBeUndefined();
  });

  it('as the operating fence: the preview promises the one polygon it saves, the others listed as not saved', SLOW, async () => {
    const dialog = await importDialog();
    fireEvent.mouseDown(within(dialog).getByLabelText('保存为'));
    fireEvent.click(await screen.findByText('运营围栏（只取第一个多边形，替换现有的）', {}, WAIT));
    await within(dialog).findByText(/共 3 个要素：1 个围栏待保存，1 个不保存，1 处错误/, {}, WAIT);
    expect(within(dialog).getByText(/南门：运营围栏每个区域只有一个：只保存第一个多边形，这个不保存/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /保存 1 个/ }));
    await waitFor(() => expect(fetched.last('/api/area/rail', 'POST')).toBeTruthy(), WAIT);
    expect(fetched.calls.filter((c) => c.url.pathname === '/api/area/rail' && c.method === 'POST')).toHaveLength(1);
    expect(fetched.last('/api/area/rail', 'POST')!.body).toEqual({ areaId: '110108', gpsRail: open(ring(116.3, 39.98)) });
    await screen.findByText(/已导入 1 个围栏/, {}, WAIT);
    expect(fetched.last('/api/area/entryRail', 'POST')).toBeUndefined();
  });

  it('导出 GeoJSON: the operating fence and the entry fences of the area, named as the import reads them', SLOW, async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blobs.push(b as Blob);
      return 'blob:x';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    logIn({ ...BEIJING, permissions: ['rail.manage'] });
    renderPage('/regionalSettings/rail?selectAreaId=110108');
    await screen.findByText('西门', {}, WAIT);
    fireEvent.click(screen.getByRole('button', { name: /导出 GeoJSON/ }));
    fireEvent.click(await screen.findByText('导出 GCJ-02（非标准，国内地图用）', {}, WAIT));
    await waitFor(() => expect(names).toEqual(['海淀区围栏-GCJ02.geojson']), WAIT);
    const out = JSON.parse(await blobs[0].text());
    expect(Object.keys(out)).toEqual(['type', 'features']);
    expect(out.features.map((f: { properties: { name: string; kind: string } }) => [f.properties.name, f.properties.kind])).toEqual([
      ['海淀区运营围栏', 'rail'],
      ['西门', 'entry'],
    ]);
    expect(out.features[0].geometry.coordinates[0]).toEqual(closed.map((p) => [p.lon, p.lat]));
  });

  it('offers no import without rail.manage', SLOW, async () => {
    logIn({ ...BEIJING, permissions: ['regionalSettings'] });
    renderPage('/regionalSettings/rail?selectAreaId=110108');
    await screen.findByText('西门', {}, WAIT);
    expect(screen.queryByRole('button', { name: /导入 GeoJSON/ })).toBeNull();
    expect(screen.getByRole('button', { name: /导出 GeoJSON/ })).toBeTruthy();
  });
});
