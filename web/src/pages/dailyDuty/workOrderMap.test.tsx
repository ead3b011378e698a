// @vitest-environment jsdom
/**
 * 工单 · 地图 (view=map) and the answer's photos: the map asks for the list's filters (no state: the
 * open ones) and draws a point per place, coloured by state, with the legend and the counts; a click
 * opens the order's drawer (several at a place: a choice first); none: the empty state; the list
 * view reads no points. The answer's photos come through the session and enlarge on a click.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeskMapProps } from '../../components/deskMap/types';
import { renderRoute } from '../../test/renderRoute';
import { logIn } from '../../test/session';
import { ok, stubFetch } from '../../test/stubFetch';
import DailyDuty from './index';
import { placesOf, tipOf } from './OrderMap';
import type { OrderPoint, OrderPoints, WorkOrder, WorkOrderDetail } from './types';

/** The map as buttons: one per circle, its colour and tooltip in its attributes. */
vi.mock('../../components/deskMap/DeskMap', () => ({
  default: (p: DeskMapProps) => (
    <div data-testid="fake-map" data-fit={JSON.stringify(p.fit ?? null)} data-area={p.areaId ?? ''}>
      {p.circles?.map((c) => (
        <button key={c.id} type="button" data-color={c.color} title={c.label} onClick={() => p.onCircle?.(c.id)}>
          {`点${c.id}`}
        </button>
      ))}
    </div>
  ),
}));

const WAIT = { timeout: 60_000 };
const SLOW = { timeout: 120_000 };

const point = (id: number, stateName: string, lon: number, lat: number, extra: Partial<OrderPoint> = {}): OrderPoint => ({
  id,
  type: 3,
  typeName: '站外还车',
  state: stateName === '已反馈' ? 3 : stateName === '处理中' ? 2 : 1,
  stateName,
  overdue: stateName === '已超时',
  lon,
  lat,
  title: `站外还车 ${id}`,
  brandName: '美团',
  siteName: null,
  deadlineTime: '2026-11-27 12:00:00',
  ...extra,
});
const POINTS: OrderPoints = {
  points: [
    point(51, '已超时', 116.31, 39.98, { title: '中关村站 站点过满', siteName: '中关村站', brandName: '哈啰', deadlineTime: '2026-11-27 09:30:00' }),
    point(52, '待接单', 116.32, 39.99),
    // two at one place: one point, the more urgent colour
    point(53, '处理中', 116.33, 39.97),
    point(54, '已反馈', 116.33, 39.97),
  ],
  total: 5,
  unplaced: 1,
  truncated: false,
};
const ROW: WorkOrder = {
  ...point(52, '待接单', 116.32, 39.99),
  areaId: '110108',
  areaName: '海淀区',
  brandId: 1,
  siteId: null,
  bikesToMove: null,
  alertCount: 0,
  returns: 0,
  openedBy: 'rule',
  autoClosed: false,
  createTime: '2026-11-27 10:00:00',
  acceptTime: null,
  answerTime: null,
  closeTime: null,
};
const PHOTOS = ['/uploads/0123456789abcdef0123456789abcdef.jpg', '/uploads/fedcba9876543210fedcba9876543210.png'];
const detailOf = (id: number): WorkOrderDetail => ({
  ...ROW,
  id,
  state: 3,
  stateName: '已反馈',
  evidence: {},
  creatorName: null,
  answer: {
    action: 'answer',
    actionName: '反馈',
    actor: 'operator',
    who: '美团',
    note: '已挪回站点',
    photos: PHOTOS,
    dispatchIds: [],
    bikeIds: [],
    time: '2026-11-27 10:10:00',
  },
  timeline: [],
  alerts: [],
});

let points: OrderPoints = POINTS;
let fetched: ReturnType<typeof stubFetch>;
beforeEach(() => {
  points = POINTS;
  fetched = stubFetch((path, _method, url) => {
    if (path === '/api/workOrder/list') return ok({ lists: [ROW], total: 1 });
    if (path === '/api/workOrder/points') return ok(points);
    if (path === '/api/workOrder/detail') return ok(detailOf(Number(url.searchParams.get('id'))));
    if (path === '/api/statistics/areaBrandDetails') return ok({ lists: [{ brandId: 1, brandName: '美团' }], total: 1 });
    if (path.startsWith('/uploads/')) return new Response('jpg', { headers: { 'content-type': 'image/jpeg' } });
    return undefined;
  });
  logIn({ permissions: ['home', 'dailyDuty', 'workOrder.view', 'workOrder.handle'] });
});
afterEach(() => vi.restoreAllMocks());

/** #/dailyDuty at `entry` (its tab and filters). */
const renderDuty = (entry: string) => renderRoute(<DailyDuty />, '/dailyDuty/:id?', [], entry).router;

/** The points drawn (the map is made anew once points come: asked again each time). */
const mapPoints = async () => {
  await waitFor(() => expect(within(screen.getByTestId('fake-map')).queryAllByRole('button').length).toBeGreaterThan(0), WAIT);
  return within(screen.getByTestId('fake-map')).getAllByRole('button');
};

describe('placesOf / tipOf', () => {
  it('groups orders at one place, the most urgent state its colour; the tooltip names title, enterprise and deadline', () => {
    const places = placesOf(POINTS.points);
    expect(places.map((p) => [p.orders.map((o) => o.id), p.stateName])).toEqual([
      [[51], '已超时'],
      [[52], '待接单'],
      [[53, 54], '已反馈'],
    ]);
    expect(tipOf(places[0])).toBe('中关村站 站点过满（已超时）\n哈啰 · 期限 2026-11-27 09:30:00 · 中关村站\n点击查看详情');
    expect(tipOf(places[2])).toContain('此处 2 条工单，点击选择');
    const many = placesOf(Array.from({ length: 7 }, (_, i) => point(100 + i, '待接单', 116.3, 39.9)));
    expect(
      tipOf(many[0])
        .split('\n')
        .filter((l) => l.startsWith('站外还车')),
    ).toHaveLength(5);
    expect(tipOf(many[0])).toContain('…… 另有 2 条');
  });
});

describe('#/dailyDuty/workOrder?view=map', () => {
  it('draws the open orders of the list’s filters by state, with legend and counts; the list stays below', WAIT, async () => {
    renderDuty('/dailyDuty/workOrder?view=map&brandId=1&type=3');
    const buttons = await mapPoints();
    // a point per place: 51, 52 and the two at one place
    expect(buttons).toHaveLength(3);
    const q = fetched.last('/api/workOrder/points')!.url.searchParams;
    expect(Object.fromEntries(q.entries())).toEqual({ brandId: '1', type: '3', state: 'open' });
    // the list's own call keeps no state: it shows every state
    expect(fetched.last('/api/workOrder/list')!.url.searchParams.get('state')).toBeNull();
    const colours = buttons.map((b) => b.dataset.color);
    expect(new Set(colours).size).toBe(3);
    // the newest on top (drawn last)
    expect(buttons.at(-1)!.title).toContain('中关村站 站点过满');
    expect(buttons.at(-1)!.title).toContain('哈啰 · 期限 2026-11-27 09:30:00');
    const map = screen.getByTestId('order-map');
    expect(map.textContent).toContain('地图显示未办结的工单');
    expect(screen.getByTestId('order-map-count').textContent).toBe('共 5 条，1 条无位置未画出');
    const legend = within(map).getByLabelText('图例');
    expect(legend.textContent).toBe('已超时 1已反馈 1待接单 1处理中 1');
    // the view fits the points' box
    expect(JSON.parse(screen.getByTestId('fake-map').dataset.fit!)).toEqual([
      { lon: 116.31, lat: 39.97 },
      { lon: 116.33, lat: 39.99 },
    ]);
    await screen.findByRole('button', { name: '工单 52' }, WAIT);
  });

  it('a chosen state goes to the map as it is, and the caption names it; truncated says so', WAIT, async () => {
    points = { ...POINTS, points: POINTS.points.slice(0, 1), total: 6000, unplaced: 0, truncated: true };
    renderDuty('/dailyDuty/workOrder?view=map&state=overdue');
    await mapPoints();
    expect(fetched.last('/api/workOrder/points')!.url.searchParams.get('state')).toBe('overdue');
    expect(screen.getByTestId('order-map').textContent).toContain('地图显示状态为“已超时”的工单');
    expect(screen.getByTestId('order-map-count').textContent).toBe('共 6000 条，只画出最新的 1 条');
  });

  it('a click on a point opens the order’s drawer; several at a place: a choice first', SLOW, async () => {
    renderDuty('/dailyDuty/workOrder?view=map');
    const buttons = await mapPoints();
    const at = (text: string) => buttons.find((b) => b.title.includes(text))!;
    fireEvent.click(at('中关村站 站点过满'));
    const drawer = await screen.findByRole('dialog', {}, WAIT);
    await within(drawer).findByText('企业反馈', {}, WAIT);
    expect(drawer.textContent).toContain('工单 51 · 站外还车');
    expect(fetched.last('/api/workOrder/detail')!.url.searchParams.get('id')).toBe('51');
    fireEvent.click(within(drawer).getByRole('button', { name: /close|关闭/i }));
    await waitFor(() => expect(screen.queryByText('工单 51 · 站外还车')).toBeNull(), WAIT);
    fireEvent.click(at('此处 2 条工单'));
    const choice = (await screen.findAllByRole('dialog', {}, WAIT)).find((d) => d.textContent!.includes('此处 2 条工单'))!;
    expect(
      within(choice)
        .getAllByRole('button', { name: /查看工单/ })
        .map((b) => b.textContent),
    ).toEqual(['53', '54']);
    fireEvent.click(within(choice).getByRole('button', { name: '查看工单 54' }));
    await waitFor(() => expect(fetched.last('/api/workOrder/detail')!.url.searchParams.get('id')).toBe('54'), WAIT);
    await screen.findByText('工单 54 · 站外还车', {}, WAIT);
  });

  it('none: the map of the area with the empty state', WAIT, async () => {
    points = { points: [], total: 0, unplaced: 0, truncated: false };
    renderDuty('/dailyDuty/workOrder?view=map');
    const empty = await screen.findByTestId('order-map-empty', {}, WAIT);
    expect(empty.textContent).toContain('当前筛选条件下没有未办结的工单');
    expect(within(screen.getByTestId('fake-map')).queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByTestId('fake-map').dataset.fit).toBe('null');
  });

  it('the list view reads no points; 地图 puts view=map in the URL', WAIT, async () => {
    const router = renderDuty('/dailyDuty/workOrder?state=1');
    await screen.findByRole('button', { name: '工单 52' }, WAIT);
    expect(screen.queryByTestId('order-map')).toBeNull();
    expect(fetched.last('/api/workOrder/points')).toBeUndefined();
    fireEvent.click(screen.getByText('地图'));
    await waitFor(() => expect(router.state.location.search).toContain('view=map'), WAIT);
    expect(router.state.location.search).toContain('state=1');
    await mapPoints();
    fireEvent.click(screen.getByText('列表'));
    await waitFor(() => expect(router.state.location.search).not.toContain('view=map'), WAIT);
    expect(screen.queryByTestId('order-map')).toBeNull();
  });
});

describe('the answer’s photos', () => {
  it('come through the session (Authorization) and show large on a click', SLOW, async () => {
    const blob = vi.fn(() => 'blob:photo');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: blob, revokeObjectURL: vi.fn() }));
    renderDuty('/dailyDuty/workOrder');
    fireEvent.click(await screen.findByRole('button', { name: '工单 52' }, WAIT));
    const drawer = await screen.findByRole('dialog', {}, WAIT);
    await within(drawer).findByText('已挪回站点', {}, WAIT);
    await waitFor(() => expect(within(drawer).queryAllByAltText(/反馈照片/)).toHaveLength(2), WAIT);
    const imgs = within(drawer).getAllByAltText(/反馈照片/);
    expect(imgs.map((i) => i.getAttribute('src'))).toEqual(['blob:photo', 'blob:photo']);
    const calls = vi.mocked(fetch).mock.calls.filter(([u]) => String(u).startsWith('/uploads/'));
    expect(calls.map(([u]) => u)).toEqual(PHOTOS);
    for (const [, init] of calls) expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer tok');
    // never a bare <img src="/uploads/…"> (it cannot carry the session)
    expect(drawer.querySelector('img[src^="/uploads/"]')).toBeNull();
    fireEvent.click(imgs[0]);
    await waitFor(() => expect(document.querySelector('.ant-image-preview')).not.toBeNull(), WAIT);
  });
});
