// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeskMapProps } from '../../components/deskMap/types';
import { BEIJING_AREA_ADMIN, renderPage, SLOW, WAIT } from './testKit';
import { ok, stubFetch } from '../../test/stubFetch';
import { logIn } from '../../test/session';
import type { Forbid } from './types';
import { ringProblem } from './zoneGeo';

// Leaflet does not run in jsdom: a stand-in map with the same props (a drawn polygon, a clicked zone, the fitted ring)
vi.mock('../../components/deskMap/DeskMap', () => ({
  default: (p: DeskMapProps) => (
    <div data-testid="fake-map">
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
        画完区域
      </button>
      {p.shapes?.map((s) => (
        <button key={s.id} type="button" onClick={() => p.onShape?.(s.id)}>
          {`区块${s.id}`}
        </button>
      ))}
      <output data-testid="map-state">{JSON.stringify({ shapes: p.shapes?.length ?? 0, fit: p.fit?.length ?? 0, ring: p.ring?.length ?? 0 })}</output>
    </div>
  ),
}));

const fence = [
  { lon: 116.31, lat: 39.99 },
  { lon: 116.312, lat: 39.99 },
  { lon: 116.312, lat: 39.992 },
  { lon: 116.31, lat: 39.992 },
  { lon: 116.31, lat: 39.99 },
];
const ZONE: Forbid = {
  id: 7,
  areaId: '110108',
  areaName: '海淀区',
  type: 1,
  alias: '中关村禁停区',
  serial: 'JT-01',
  fence,
  holes: [],
  enabled: true,
  createTime: '2026-11-20 09:00:00',
};

let fetched: ReturnType<typeof stubFetch>;
beforeEach(() => {
  fetched = stubFetch((path, method) => {
    if (path === '/api/forbid/' && method === 'GET') return ok({ lists: [ZONE], total: 1 });
    if (path === '/api/forbid/' && method === 'POST') return ok({ id: 8 }, 200, '禁停区已保存');
    if (path === '/api/forbid/7' && method === 'PUT') return ok(null, 200, '禁停区已保存');
    if (path === '/api/site/rail') return ok([]);
    return undefined;
  });
  logIn({ ...BEIJING_AREA_ADMIN, permissions: ['area.manage', 'forbid.manage'] });
});
afterEach(() => vi.restoreAllMocks());

/** a row's action button (getByRole over a table is very slow in jsdom) */
const rowAction = (label: string) => [...document.querySelectorAll('.desk-row-actions button')].find((b) => b.textContent!.replace(/\s/g, '') === label)!;
const input = (root: HTMLElement, id: string) => root.querySelector(`[id="${id}"]`) as HTMLInputElement;

describe('#/regionalSettings/forbid', () => {
  it('lists the zones with their columns, puts the filters into the URL and the list call; a row click fits the map', WAIT, async () => {
    const router = renderPage('/regionalSettings/forbid');
    await screen.findByText('中关村禁停区', {}, WAIT);
    const row = screen.getByText('中关村禁停区').closest('tr')!;
    expect(row.textContent).toContain('禁停区');
    expect(row.textContent).toContain('海淀区');
    expect(row.textContent).toContain('JT-01');
    expect(row.textContent).toContain('2026-11-20 09:00:00');
    expect(within(row).getByText('4')).toBeTruthy(); // the closing point is not a vertex
    expect(JSON.parse(screen.getByTestId('map-state').textContent!)).toMatchObject({ shapes: 1 });
    fireEvent.click(row);
    await waitFor(() => expect(JSON.parse(screen.getByTestId('map-state').textContent!).fit).toBe(5));
    const form = document.querySelector('form[aria-label="查询条件"]') as HTMLElement; // getByRole over a table is very slow in jsdom
    fireEvent.change(input(form, 'alias'), { target: { value: '中关村' } });
    fireEvent.click(form.querySelector('button[type="submit"]')!);
    await waitFor(() => expect(router.state.location.search).toContain('alias=%E4%B8%AD%E5%85%B3%E6%9D%91'));
    await waitFor(() => expect(fetched.last('/api/forbid/')!.url.searchParams.get('alias')).toBe('中关村'));
    expect(fetched.last('/api/forbid/')!.url.searchParams.get('currentPage')).toBe('1');
  });

  it('reads the type filter from the URL into the list call', WAIT, async () => {
    renderPage('/regionalSettings/forbid?type=0&selfAreaId=110108');
    await screen.findByText('中关村禁停区', {}, WAIT);
    const q = fetched.last('/api/forbid/')!.url.searchParams;
    expect([q.get('type'), q.get('selfAreaId')]).toEqual(['0', '110108']);
    await waitFor(() => expect(fetched.last('/api/site/rail')!.url.searchParams.get('selfAreaId')).toBe('110108'));
  });

  it('creates a zone: refuses a missing polygon, then sends name, type, area and the drawn polygon', SLOW, async () => {
    renderPage('/regionalSettings/forbid');
    await screen.findByText('中关村禁停区', {}, WAIT);
    fireEvent.click(screen.getByRole('button', { name: /新增禁停区/ }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    fireEvent.change(input(dialog, 'alias'), { target: { value: ' 五道口禁停区 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await screen.findByText('请在地图上画出禁停区域（至少 3 个顶点）', {}, WAIT);
    expect(fetched.last('/api/forbid/', 'POST')).toBeUndefined();
    fireEvent.click(await within(dialog).findByRole('button', { name: '画完区域' }, WAIT));
    await waitFor(() => expect(screen.getByTestId('zone-size').textContent).toBe('3 个顶点（最多 2000 个）'));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(fetched.last('/api/forbid/', 'POST')).toBeTruthy(), WAIT);
    expect(fetched.last('/api/forbid/', 'POST')!.body).toEqual({
      alias: '五道口禁停区',
      type: 1,
      serial: null,
      areaId: '110000',
      fence: [
        { lon: 116.3, lat: 39.98 },
        { lon: 116.301, lat: 39.98 },
        { lon: 116.301, lat: 39.981 },
      ],
    });
    await screen.findByText('禁停区已保存', {}, WAIT);
  });

  it('edits a zone: prefilled, its polygon on the map without the closing point, saved with PUT /api/forbid/{id}', SLOW, async () => {
    renderPage('/regionalSettings/forbid');
    await screen.findByText('中关村禁停区', {}, WAIT);
    fireEvent.click(rowAction('编辑'));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    expect(dialog.textContent).toContain('编辑禁停区（中关村禁停区）');
    expect(input(dialog, 'alias').value).toBe('中关村禁停区');
    expect(input(dialog, 'serial').value).toBe('JT-01');
    await waitFor(() => expect(screen.getByTestId('zone-size').textContent).toBe('4 个顶点（最多 2000 个）'), WAIT);
    fireEvent.change(input(dialog, 'alias'), { target: { value: '中关村南禁停区' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(fetched.last('/api/forbid/7', 'PUT')).toBeTruthy(), WAIT);
    expect(fetched.last('/api/forbid/7', 'PUT')!.body).toEqual({
      alias: '中关村南禁停区',
      type: 1,
      serial: 'JT-01',
      areaId: '110108',
      fence: fence.slice(0, 4),
    });
  });

  it('状态 switches a zone off with PUT /api/forbid/{id} {enabled:false} and refreshes the list; the 状态 filter goes to the list call', WAIT, async () => {
    renderPage('/regionalSettings/forbid?enabled=1');
    await screen.findByText('中关村禁停区', {}, WAIT);
    expect(fetched.last('/api/forbid/')!.url.searchParams.get('enabled')).toBe('1');
    const lists = fetched.calls.filter((c) => c.url.pathname === '/api/forbid/' && c.method === 'GET').length;
    fireEvent.click(screen.getByRole('switch', { name: '启用 中关村禁停区' }));
    await waitFor(() => expect(fetched.last('/api/forbid/7', 'PUT')?.body).toEqual({ enabled: false }), WAIT);
    await screen.findByText('禁停区已停用', {}, WAIT);
    await waitFor(() => expect(fetched.calls.filter((c) => c.url.pathname === '/api/forbid/' && c.method === 'GET').length).toBeGreaterThan(lists), WAIT);
  });

  it('deletes a zone after the 温馨提示 confirm', SLOW, async () => {
    renderPage('/regionalSettings/forbid');
    await screen.findByText('中关村禁停区', {}, WAIT);
    fireEvent.click(rowAction('删除'));
    await waitFor(() => expect(document.body.textContent).toContain('温馨提示'), { timeout: 100_000 });
    expect(document.body.textContent).toContain('确定要删除禁停区“中关村禁停区”吗？');
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(fetched.last('/api/forbid/7', 'DELETE')).toBeTruthy(), WAIT);
    await screen.findByText('禁停区已删除', {}, WAIT);
  });

  it('hides 新增 / 编辑 / 删除 without the forbid.manage button', WAIT, async () => {
    logIn({ ...BEIJING_AREA_ADMIN, permissions: ['area.manage'] });
    renderPage('/regionalSettings/forbid');
    await screen.findByText('中关村禁停区', {}, WAIT);
    expect(screen.queryByRole('button', { name: /新增禁停区/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
    expect((screen.getByRole('switch', { name: '启用 中关村禁停区' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('refuses fewer than 3 or more than 2,000 vertices', () => {
    expect(ringProblem(null)).toContain('至少 3 个顶点');
    expect(ringProblem(fence.slice(0, 2))).toContain('至少 3 个顶点');
    expect(ringProblem(Array.from({ length: 2001 }, (_, i) => ({ lon: 116 + i * 1e-5, lat: 39.9 })))).toBe('禁停区域最多 2000 个顶点，当前 2001 个');
    expect(ringProblem(fence.slice(0, 4))).toBeNull();
  });
});
