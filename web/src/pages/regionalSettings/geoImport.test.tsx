// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeskMapProps } from '../../components/deskMap/types';
import { BEIJING_AREA_ADMIN, renderPage, SLOW, WAIT } from './testKit';
import { ok, stubFetch } from '../../test/stubFetch';
import { logIn } from '../../test/session';
import type { Forbid } from './types';

// Leaflet does not run in jsdom: a stand-in map showing the previewed shapes and the fitted box
vi.mock('../../components/deskMap/DeskMap', () => ({
  default: (p: DeskMapProps) => (
    <output data-testid="map-state">{JSON.stringify({ labels: p.shapes?.map((s) => s.label) ?? [], fit: p.fit?.length ?? 0 })}</output>
  ),
}));

type Pos = [number, number];
const square = (lon: number, lat: number): Pos[] => [
  [lon, lat],
  [lon + 0.001, lat],
  [lon + 0.001, lat + 0.001],
  [lon, lat + 0.001],
  [lon, lat],
];
const feature = (name: string, ring: Pos[]) => ({ type: 'Feature', properties: { name }, geometry: { type: 'Polygon', coordinates: [ring] } });
const FILE = JSON.stringify({
  type: 'FeatureCollection',
  features: [feature('A区', square(116.3, 39.98)), feature('B区', square(216.3, 39.98)), feature('C区', square(116.32, 39.98))],
});

const ZONE: Forbid = {
  id: 7,
  areaId: '110108',
  areaName: '海淀区',
  type: 1,
  alias: '中关村禁停区',
  serial: 'JT-01',
  fence: square(116.31, 39.99).map(([lon, lat]) => ({ lon, lat })),
  holes: [],
  enabled: true,
  createTime: '2026-11-20 09:00:00',
};

let fetched: ReturnType<typeof stubFetch>;
beforeEach(() => {
  fetched = stubFetch((path, method, url) => {
    if (path === '/api/forbid/' && method === 'GET') return ok({ lists: url.searchParams.get('currentPage') === '1' ? [ZONE] : [], total: 1 });
    if (path === '/api/forbid/' && method === 'POST') return ok(null, 400, '参数 fence 围栏边线不能相交（第 1 条边与第 3 条边）');
    if (path === '/api/site/rail') return ok([]);
    return undefined;
  });
  logIn({ ...BEIJING_AREA_ADMIN, permissions: ['area.manage', 'forbid.manage'] });
});
afterEach(() => vi.restoreAllMocks());

const mapState = (dialog: HTMLElement) => JSON.parse(within(dialog).getByTestId('map-state').textContent!) as { labels: string[]; fit: number };

async function openImport() {
  renderPage('/regionalSettings/forbid');
  await screen.findByText('中关村禁停区', {}, WAIT);
  fireEvent.click(screen.getByRole('button', { name: /导入 GeoJSON/ }));
  return screen.findByRole('dialog', {}, WAIT);
}

describe('导入 / 导出 GeoJSON on the 禁停区域 tab', () => {
  it('previews the good features, lists the bad one only, saves each good one and lists the server refusal', SLOW, async () => {
    let posts = 0;
    fetched = stubFetch((path, method) => {
      if (path === '/api/forbid/' && method === 'GET') return ok({ lists: [ZONE], total: 1 });
      if (path === '/api/forbid/' && method === 'POST') {
        posts++;
        return posts === 1 ? ok({ id: 9 }, 200, '禁停区已保存') : ok(null, 400, '参数 fence 围栏边线不能相交（第 1 条边与第 3 条边）');
      }
      if (path === '/api/site/rail') return ok([]);
      return undefined;
    });
    const dialog = await openImport();
    expect(dialog.textContent).toContain('导入禁停区域（GeoJSON）');
    fireEvent.change(within(dialog).getByLabelText('粘贴 GeoJSON'), { target: { value: FILE } });
    await waitFor(() => expect(mapState(dialog).labels).toEqual(['A区', 'C区']), WAIT);
    expect(mapState(dialog).fit).toBe(2);
    const results = within(dialog).getByTestId('geo-import-results');
    expect(results.textContent).toContain('共 3 个要素：2 个禁停区待保存，1 处错误（不会保存）');
    const problems = within(results).getAllByRole('listitem');
    expect(problems).toHaveLength(1);
    expect(problems[0].textContent).toBe('第 2 个要素：多边形第 1 个点坐标超出范围（经度 -180~180，纬度 -90~90）（B区）');

    fireEvent.click(within(dialog).getByRole('button', { name: /保存 2 个/ }));
    await waitFor(() => expect(fetched.calls.filter((c) => c.method === 'POST')).toHaveLength(2), WAIT);
    const bodies = fetched.calls.filter((c) => c.method === 'POST').map((c) => c.body as { alias: string });
    expect(bodies.map((b) => b.alias).sort()).toEqual(['A区', 'C区']);
    expect(bodies.find((b) => b.alias === 'A区')).toEqual({
      alias: 'A区',
      type: 1,
      serial: null,
      areaId: '110000',
      fence: square(116.3, 39.98)
        .slice(0, 4)
        .map(([lon, lat]) => ({ lon, lat })),
      holes: [],
    });
    await screen.findByText('已保存 1 个禁停区，1 个保存失败（原因见检查结果）', {}, WAIT);
    // the saved one leaves the preview, the refused one stays with the server's message
    await waitFor(() => expect(mapState(dialog).labels).toHaveLength(1), WAIT);
    const failed = mapState(dialog).labels[0];
    expect(within(dialog).getByTestId('geo-import-results').textContent).toContain(`${failed}：保存失败，参数 fence 围栏边线不能相交`);
    expect(within(dialog).getByRole('button', { name: /保存 1 个/ })).toBeTruthy();
  });

  it('reads a chosen file; a whole-file error (not JSON) is shown and nothing is previewed', SLOW, async () => {
    const dialog = await openImport();
    const picker = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(picker, { target: { files: [new File([FILE], '海淀禁停区.geojson', { type: 'application/geo+json' })] } });
    await waitFor(() => expect(within(dialog).getByTestId('geo-import-file').textContent).toBe('海淀禁停区.geojson'), WAIT);
    await waitFor(() => expect(mapState(dialog).labels).toEqual(['A区', 'C区']), WAIT);
    fireEvent.change(within(dialog).getByLabelText('粘贴 GeoJSON'), { target: { value: '{"type": "Feature",' } });
    await within(dialog).findByText('不是有效的 JSON：请检查文件内容', {}, WAIT);
    expect(mapState(dialog).labels).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await screen.findAllByText('不是有效的 JSON：请检查文件内容', {}, WAIT);
    expect(fetched.last('/api/forbid/', 'POST')).toBeUndefined();
  });

  it('导出 GeoJSON: every listed zone (the filters) as 禁停区域.geojson in WGS-84', SLOW, async () => {
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
    renderPage('/regionalSettings/forbid?type=1');
    await screen.findByText('中关村禁停区', {}, WAIT);
    fireEvent.click(screen.getByRole('button', { name: /导出 GeoJSON/ }));
    fireEvent.click(await screen.findByText('导出 GeoJSON（WGS-84，标准 RFC 7946）', {}, WAIT));
    await waitFor(() => expect(names).toEqual(['禁停区域.geojson']), WAIT);
    const q = fetched.last('/api/forbid/')!.url.searchParams;
    expect([q.get('type'), q.get('pageSize')]).toEqual(['1', '1000']);
    const out = JSON.parse(await blobs[0].text());
    expect(Object.keys(out)).toEqual(['type', 'features']);
    expect(out.features).toHaveLength(1);
    expect(out.features[0].properties).toMatchObject({ name: '中关村禁停区', serial: 'JT-01', type: 1 });
    expect(out.features[0].geometry.coordinates[0]).toHaveLength(5);
    expect(out.features[0].geometry.coordinates[0][0][0]).toBeLessThan(116.31 - 0.005);
    await screen.findByText('数据导出成功！', {}, WAIT);
  });

  it('a far-away polygon waits for a confirmation naming its distance; a polygon with a hole is saved with it; 保存 N 个 is what is saved', SLOW, async () => {
    fetched = stubFetch((path, method) => {
      if (path === '/api/forbid/' && method === 'GET') return ok({ lists: [ZONE], total: 1 });
      if (path === '/api/forbid/' && method === 'POST') return ok({ id: 9 }, 200, '禁停区已保存');
      if (path === '/api/area/get') return ok({ id: '110000', areaName: '北京市' });
      if (path === '/api/area/rail') return ok([{ id: '110108', areaId: '110108', areaName: '海淀区', gpsRail: ZONE.fence }]);
      if (path === '/api/site/rail') return ok([]);
      return undefined;
    });
    const outer = square(116.3, 39.98).map(([lon, lat]) => [lon, lat] as Pos);
    const big: Pos[] = outer.map(([lon, lat]) => [116.3 + (lon - 116.3) * 10, 39.98 + (lat - 39.98) * 10]);
    const hole = square(116.303, 39.983);
    const file = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { NAME: '公园' }, geometry: { type: 'Polygon', coordinates: [big, hole] } },
        feature('外滩', square(121.49, 31.24)),
      ],
    });
    const dialog = await openImport();
    fireEvent.change(within(dialog).getByLabelText('粘贴 GeoJSON'), { target: { value: file } });
    const results = within(dialog).getByTestId('geo-import-results');
    await waitFor(() => expect(results.textContent).toContain('共 2 个要素：1 个禁停区待保存，1 个不保存'), WAIT);
    expect(results.textContent).toMatch(/外滩：距北京市约 1,0\d\d 公里，不在所选区域：确认后才保存/);
    expect(within(dialog).getByRole('button', { name: /保存 1 个/ })).toBeTruthy();
    fireEvent.click(within(dialog).getByText(/仍然保存 1 个远离所选区域的多边形（距北京市约 1,0\d\d 公里）/));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: /保存 2 个/ })).toBeTruthy(), WAIT);
    fireEvent.click(within(dialog).getByRole('button', { name: /保存 2 个/ }));
    await waitFor(() => expect(fetched.calls.filter((c) => c.method === 'POST')).toHaveLength(2), WAIT);
    const park = fetched.calls.map((c) => c.body as { alias: string; holes: unknown }).find((b) => b?.alias === '公园')!;
    expect(park.holes).toEqual([hole.slice(0, 4).map(([lon, lat]) => ({ lon, lat }))]);
    await screen.findByText('已导入 2 个禁停区', {}, WAIT);
  });
});
