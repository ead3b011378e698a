// @vitest-environment jsdom
/** 运营统计 jsdom tests: each view's calls and figures, the drill-down, the export dialog, empty and failed answers. */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import Providers from '../../app/Providers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeskMapProps } from '../../components/deskMap/types';
import type { EChartProps } from '../../components/echarts/types';
import { ADMIN_USER, logIn } from '../../test/session';
import { ok, stubFetch } from '../../test/stubFetch';
import Operation from './index';
import { peaksOf } from './period';

// charts: a stand-in that shows its option and passes clicks on a point (its index) to the chart's handler
vi.mock('../../components/echarts/LazyEChart', () => ({
  default: ({ ariaLabel, option, onClick }: EChartProps) => (
    <div role="img" aria-label={ariaLabel}>
      <output data-testid={`option-${ariaLabel}`}>{JSON.stringify(option)}</output>
      {[0, 2, 9].map((i) => (
        <button key={i} type="button" onClick={() => onClick?.({ componentType: 'series', dataIndex: i, name: '', value: 0 })}>
          {`${ariaLabel}-点${i}`}
        </button>
      ))}
    </div>
  ),
}));
vi.mock('../../components/deskMap/DeskMap', () => ({
  default: (p: DeskMapProps) => (
    <div data-testid="fake-map">
      {p.circles?.map((c) => (
        <button key={c.id} type="button" onClick={() => p.onCircle?.(c.id)}>
          {`圆${c.id}:${c.radius}:${c.color}`}
        </button>
      ))}
    </div>
  ),
}));

const WAIT = { timeout: 30_000 };
/** the ranking's query form and table render slowly in jsdom on a loaded machine */
const SLOW_WAIT = { timeout: 120_000 };

const trendRow = (date: string, online: number, onlineE: number, value: number, filed: number | null = null) => ({
  date,
  hour: null,
  online_num: online,
  online_num_e: onlineE,
  site_num: 1,
  site_num_e: 0,
  active_bike_num: 1,
  dispatch_percent: 0,
  rent_percent: 0,
  filed_num: filed,
  access_percent: filed ? Math.round(((online + onlineE) / filed) * 10000) / 100 : null,
  value,
  partial: false,
});
const trendOf = (dates: string[]) => ({
  // 美团's filed bikes grow over the days: 80 on the first, 100 on the others
  1: { brandId: 1, brandName: '美团单车', rows: dates.map((d, i) => trendRow(d, 30, 10, 40, i === 0 ? 80 : 100)) },
  2: { brandId: 2, brandName: '哈啰出行', rows: dates.map((d) => trendRow(d, 10, 0, 10)) },
});
const months = Array.from({ length: 12 }, (_, i) => `2024-${String(i + 1).padStart(2, '0')}`);
const days = Array.from({ length: 31 }, (_, i) => `2024-03-${String(i + 1).padStart(2, '0')}`);
const hoursOf = (n: number[]) => [...n, ...Array(24 - n.length).fill(0)];
const flows = {
  granularity: 'day',
  label: '2024-03-10',
  slots: Array.from({ length: 24 }, (_, h) => h),
  lists: [
    {
      brandId: 1,
      brandName: '美团单车',
      bikeType: 0,
      rent: hoursOf([0, 0, 0, 0, 0, 0, 0, 2, 5, 1]),
      ret: hoursOf([0, 0, 0, 0, 0, 0, 0, 1, 3, 2]),
      rentTotal: 8,
      returnTotal: 6,
    },
    { brandId: 2, brandName: '哈啰出行', bikeType: 1, rent: hoursOf([0, 0, 0, 0, 0, 0, 0, 0, 1]), ret: hoursOf([]), rentTotal: 1, returnTotal: 0 },
  ],
  rent: [],
  ret: [],
  rentTotal: 9,
  returnTotal: 6,
};
const tidalSites = {
  timeLabel: '2024-03-10',
  granularity: 'day',
  lists: [
    { rank: 1, siteId: 'S1', siteName: '知春路站', lon: 116.31, lat: 39.98, rentNum: 6, returnNum: 2, net: 4 },
    { rank: 2, siteId: 'S2', siteName: '中关村站', lon: 116.312, lat: 39.98, rentNum: 0, returnNum: 1, net: -1 },
  ],
};
const tidal = { mold: 1, series: [], dayTotal: null, monthTotal: null };

let fetchStub: ReturnType<typeof stubFetch>;
function answer(overrides: Record<string, () => Response> = {}) {
  fetchStub = stubFetch((path, _m, url) => {
    if (overrides[path]) return overrides[path]();
    if (path === '/api/dashboard/brandBikeOnline') return ok(trendOf(url.searchParams.has('day') ? [] : url.searchParams.has('month') ? days : months));
    if (path === '/api/statistics/rentReturn') return ok(flows);
    if (path === '/api/statistics/tidalSites') return ok(tidalSites);
    if (path === '/api/statistics/tidal') return ok(tidal);
    if (path === '/api/statistics/siteRankAll')
      return ok({
        lists: [{ rank: 1, siteId: 'S1', siteName: '知春路站', rentNum: 3, returnNum: 1, upNum: 0, downNum: 1 }],
        total: 5,
        granularity: 'day',
        timeLabel: '',
        startTime: '',
        endTime: '',
      });
    if (path === '/api/dashboard/siteStatistics')
      return ok([{ slot: 8, time: '08:00', rent_num: 3, return_num: 1, up_num: 0, down_num: 1, rent_num_per: 10, return_num_per: 3, partial: false }]);
    if (path === '/api/statistics/areaVerify')
      return ok({ lists: [{ brandId: 1, brandName: '美团单车', quantity_approved: 200, recorded_number: 100, onlineNum: 80, abnormal: 3 }], total: 1 });
    if (path === '/api/statistics/brandPercentNew')
      return ok({
        lists: [
          {
            brandId: 1,
            brandName: '美团单车',
            SiteBikeNum: 50,
            SiteEBikeNum: 5,
            bikeQuota: 150,
            ebikeQuota: 50,
            PutBikeNum: 80,
            PutEBikeNum: 20,
            BrandBikeNum: 70,
            BrandEBikeNum: 10,
          },
        ],
        total: 1,
      });
    if (path === '/api/statistics/brandPercent')
      return ok({
        lists: [{ brandId: 1, brandName: '美团单车', PutBikeNum: 60, PutEBikeNum: 20, BrandBikeNum: 70, BrandEBikeNum: 10, SiteBikeNum: 50, SiteEBikeNum: 5 }],
      });
    return undefined;
  });
}
const calls = (path: string) => fetchStub.calls.filter((c) => c.url.pathname === path).map((c) => Object.fromEntries(c.url.searchParams));
const optionOf = (label: string) => JSON.parse(screen.getByTestId(`option-${label}`).textContent ?? '{}');

beforeEach(() => {
  logIn({ user: ADMIN_USER, permissions: ['operation.export', 'home.export'] });
  answer();
});
afterEach(() => vi.unstubAllGlobals());

function open(entry: string) {
  const router = createMemoryRouter([{ path: '/operation/:id?', element: <Operation /> }], { initialEntries: [entry] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
}

describe('趋势', () => {
  it('drills from a year to a month to a day by clicking points, and goes back up', async () => {
    open('/operation/trend?year=2024&dataType=1');
    await screen.findByText('投放数趋势-点2', undefined, WAIT);
    expect(calls('/api/dashboard/brandBikeOnline').at(-1)).toMatchObject({ year: '2024', dataType: '1' });
    expect(calls('/api/dashboard/brandBikeOnline').at(-1)).not.toHaveProperty('month');
    // the shares: 美团 40 vs 哈啰 10 a month → 80 % / 20 %
    expect(screen.getByRole('cell', { name: '80' })).toBeTruthy();
    fireEvent.click(screen.getByText('投放数趋势-点2'));
    await waitFor(() => expect(calls('/api/dashboard/brandBikeOnline').at(-1)).toMatchObject({ year: '2024', month: '3' }), WAIT);
    expect(screen.getByTestId('period-label').textContent).toBe('2024年3月');
    fireEvent.click(await screen.findByText('投放数趋势-点9', undefined, WAIT));
    await waitFor(() => expect(calls('/api/dashboard/brandBikeOnline').at(-1)).toMatchObject({ year: '2024', month: '3', day: '10' }), WAIT);
    expect(await screen.findByText('暂无数据', undefined, WAIT)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /返回2024年3月/ }));
    await waitFor(() => expect(screen.getByTestId('period-label').textContent).toBe('2024年3月'), WAIT);
  });

  it('does not drill for 活跃车辆', async () => {
    open('/operation/trend?year=2024&dataType=3');
    fireEvent.click(await screen.findByText('活跃车辆趋势-点2', undefined, WAIT));
    expect(screen.getByText('活跃车辆不支持下钻')).toBeTruthy();
    expect(calls('/api/dashboard/brandBikeOnline').every((c) => c.month === undefined)).toBe(true);
  });

  it('splits counts by bike type', async () => {
    open('/operation/trend?year=2024&dataType=1&bikeType=1');
    await screen.findByText('投放数趋势-点2', undefined, WAIT);
    const series = optionOf('投放数趋势').series as { name: string; data: number[] }[];
    expect(series.map((s) => s.data[0])).toEqual([10, 0]);
  });
});

describe('租还', () => {
  it('shows the day’s rents and returns with the peaks, the tidal circles and ranked sites', async () => {
    open('/operation/flows?year=2024&month=3&day=10');
    await screen.findByText('早高峰', undefined, WAIT);
    expect(calls('/api/statistics/rentReturn').at(-1)).toMatchObject({ year: '2024', month: '3', day: '10' });
    const option = optionOf('每小时租还车');
    expect(option.series[0].data.slice(7, 10)).toEqual([2, 6, 1]);
    expect(option.series[0].markPoint.data[0]).toMatchObject({ name: '早高峰', coord: [8, 6] });
    // tidal sites: S1 flows out (+4, the largest, red), S2 fills (−1, blue)
    expect(await screen.findByText('圆S1:22:#f5222d', undefined, WAIT)).toBeTruthy();
    expect(screen.getByText(/^圆S2:\d+:#1677ff$/)).toBeTruthy();
    expect(screen.getByText('+4')).toBeTruthy();
    expect(calls('/api/statistics/tidalSites').at(-1)).toMatchObject({ year: '2024', month: '3', day: '10', limit: '100' });
    expect(calls('/api/statistics/tidal').at(-1)?.dateGroup).toBe('2024-03-04,2024-03-05,2024-03-06,2024-03-07,2024-03-08,2024-03-09,2024-03-10');
  });

  it('picks one bike type, and exports the chosen hours through the export dialog', async () => {
    const saved: string[] = [];
    fetchStub = stubFetch((path) => {
      if (path === '/api/statistics/rentReturnOut') {
        saved.push(path);
        return new Response(new Blob(['x']), { status: 200, headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } });
      }
      if (path === '/api/statistics/rentReturn') return ok(flows);
      return ok(path === '/api/statistics/tidalSites' ? tidalSites : tidal);
    });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    open('/operation/flows?year=2024&month=3&day=10&bikeType=1');
    await screen.findByText('每小时租还车-点2', undefined, WAIT);
    expect(optionOf('每小时租还车').series[0].data[8]).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    const dialog = await screen.findByRole('dialog', undefined, WAIT);
    // all 24 hours chosen by default; 全选 off clears, two hours chosen
    expect(within(dialog).getByText('已选 24 / 24 项')).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText('全选'));
    expect(within(dialog).getByText('已选 0 / 24 项')).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText('8时'));
    fireEvent.click(within(dialog).getByLabelText('9时'));
    fireEvent.click(within(dialog).getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(saved).toHaveLength(1), WAIT);
    expect(calls('/api/statistics/rentReturnOut').at(-1)).toMatchObject({ year: '2024', month: '3', day: '10', group: '8,9' });
  });

  it('shows the server message when the call fails', async () => {
    answer({ '/api/statistics/rentReturn': () => ok(null, 400, '参数 month 不能为空') });
    open('/operation/flows?year=2024&month=3&day=10');
    expect((await screen.findAllByText('参数 month 不能为空', undefined, WAIT)).length).toBeGreaterThan(0);
  });
});

describe('站点', () => {
  it('ranks with every filter from the URL and opens a site’s usage curve', async () => {
    open('/operation/sites?year=2024&month=3&day=10&hour=8&siteType=2&orderBy=return');
    await screen.findByText('知春路站', undefined, SLOW_WAIT);
    expect(calls('/api/statistics/siteRankAll').at(-1)).toMatchObject({ year: '2024', month: '3', day: '10', hour: '8', siteType: '2', orderBy: 'return' });
    expect(screen.getByText('共 1 条')).toBeTruthy();
    fireEvent.click(screen.getByText('使用曲线'));
    await screen.findByTestId('usage-chart', undefined, SLOW_WAIT);
    expect(calls('/api/dashboard/siteStatistics').at(-1)).toMatchObject({ siteId: 'S1', year: '2024', month: '3', day: '10' });
    expect(optionOf('站点使用曲线').series[0].data).toEqual([3]);
  }, 180_000);
});

describe('品牌', () => {
  it('shows approved / filed / online / in-site per brand and the data-access rate over time', async () => {
    open('/operation/brands?year=2024&month=3');
    await screen.findByTestId('access-chart', undefined, WAIT);
    const bars = optionOf('核准备案在线站内').series.map((s: { name: string; data: number[] }) => [s.name, s.data[0]]);
    expect(bars).toEqual([
      ['核准', 200],
      ['备案', 100],
      ['在线', 80],
      ['站内', 55],
      // unfiled bikes apart, not in 在线 (issue 25.4)
      ['非法车辆（未备案）', 3],
    ]);
    expect(screen.getByTestId('fleet-notes').textContent).toContain('未备案的非法车辆不计入');
    // 美团: 40 reporting ÷ each day's filed bikes: 80 on 03-01 (50 %), 100 on 03-02 (40 %), not today's count for every day
    const rate = optionOf('数据接入率').series as { name: string; data: (number | null)[] }[];
    expect(rate[0].data.slice(0, 2)).toEqual([50, 40]);
    // 哈啰 has no filed record here: no rate
    expect(rate[1].data[0]).toBeNull();
    expect(screen.getByText('150 / 50')).toBeTruthy();
  });
});

describe('the chosen area', () => {
  it('stays when switching tabs and when a view changes its own period', async () => {
    open('/operation/trend?year=2024&dataType=1&selfAreaId=110105');
    await screen.findByText('投放数趋势-点2', undefined, WAIT);
    expect(calls('/api/dashboard/brandBikeOnline').at(-1)).toMatchObject({ selfAreaId: '110105', year: '2024' });
    // a drill-down writes the view's period into the URL: the area stays
    fireEvent.click(screen.getByText('投放数趋势-点2'));
    await waitFor(() => expect(calls('/api/dashboard/brandBikeOnline').at(-1)).toMatchObject({ selfAreaId: '110105', month: '3' }), WAIT);
    fireEvent.click(screen.getByRole('tab', { name: '租还' }));
    await waitFor(() => expect(calls('/api/statistics/rentReturn').at(-1)).toMatchObject({ selfAreaId: '110105' }), WAIT);
    expect(calls('/api/statistics/tidalSites').at(-1)).toMatchObject({ selfAreaId: '110105' });
    fireEvent.click(screen.getByRole('tab', { name: '品牌' }));
    await waitFor(() => expect(calls('/api/statistics/areaVerify').at(-1)).toMatchObject({ selfAreaId: '110105' }), WAIT);
    fireEvent.click(screen.getByRole('tab', { name: '站点' }));
    await waitFor(() => expect(calls('/api/statistics/siteRankAll').at(-1)).toMatchObject({ selfAreaId: '110105' }), SLOW_WAIT);
    // every call of the visit asked for 朝阳
    const asked = fetchStub.calls.filter((c) => /^\/api\/(statistics|dashboard)\//.test(c.url.pathname)).map((c) => c.url.searchParams.get('selfAreaId'));
    expect(new Set(asked)).toEqual(new Set(['110105']));
  }, 180_000);
});

describe('peaks', () => {
  it('takes the busiest hour of 06-10 and of 16-20, none when empty', () => {
    const v = hoursOf([0, 0, 0, 0, 0, 0, 1, 4, 9, 2, 1, 0, 0, 0, 0, 0, 3, 5, 8, 8, 2]);
    expect(peaksOf(v)).toEqual({ morning: { hour: 8, value: 9 }, evening: { hour: 18, value: 8 } });
    expect(peaksOf(hoursOf([]))).toEqual({ morning: null, evening: null });
  });
});
