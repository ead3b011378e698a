// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serverDay, todayRows } from './detailCharts';
import type { HistoryRow, HourStats, PileRow, SiteInfo, SiteMsg } from './detailTypes';
import { SiteDetailLink } from './SiteDetail';
import { renderAt } from './testKit';
import { ok, stubFetch } from '../../test/stubFetch';
import { ADMIN_USER, logIn } from '../../test/session';

vi.mock('../../components/echarts/LazyEChart', () => ({ default: ({ ariaLabel }: { ariaLabel?: string }) => <div role="img" aria-label={ariaLabel} /> }));

const today = serverDay();
const site = {
  siteId: 'S1',
  siteName: '中关村地铁站A口',
  areaId: '110108',
  num: 7,
  currentNum: 7,
  bikeNum: 5,
  ebikeNum: 2,
  capacity: 10,
  flag: 3,
  status: '偏多',
  stateTime: `${today} 10:00:00`,
  brandBike: [
    { brandId: 1, brandName: '美团', siteNum: 3 },
    { brandId: 2, brandName: '哈啰', siteNum: 2 },
  ],
  brandEBike: [{ brandId: 1, brandName: '美团', siteNum: 2 }],
  rentBike: [],
  returnBike: [],
} as unknown as SiteInfo;
const hist = (time: string, num: number): HistoryRow => ({
  id: num,
  siteId: 'S1',
  siteName: '',
  time,
  num,
  bikeNum: num,
  ebikeNum: 0,
  capacity: 10,
  flag: 1,
  status: '正常',
  currentBike: '{}',
});
const hours = (data: number[]): HourStats => ({
  date: today,
  hours: data.map((_, i) => i),
  lists: [{ brandId: 1, brandName: '美团', data, total: data.reduce((a, b) => a + b, 0) }],
  total: 0,
});
const msg = {
  id: 11,
  abnormalTypeName: '站外还车',
  brandName: '美团',
  bikeId: 'B100',
  detail: '',
  createTime: `${today} 09:00:00`,
  closed: false,
  handled: false,
} as SiteMsg;
const pile = { equipmentMac: 'A4:C1:38:00:01:01', siteId: 'S1', power: 6, lastSeenTime: `${today} 09:55:00` } as PileRow;

let siteAnswer: () => Response;
let fx: ReturnType<typeof stubFetch>;
beforeEach(() => {
  logIn({ user: ADMIN_USER, permissions: ['site.edit', 'site.delete', 'device.edit'] });
  siteAnswer = () => ok(site);
  fx = stubFetch((path) => {
    if (path === '/api/dashboard/getSite') return siteAnswer();
    if (path === '/api/dashboard/siteHistory')
      return ok({ lists: [hist(`${today} 10:00:00`, 7), hist(`${today} 09:00:00`, 4), hist('2020-01-01 09:00:00', 1)], total: 3 });
    if (path === '/api/dashboard/siteRentStatistics') return ok(hours([0, 2, 1]));
    if (path === '/api/dashboard/siteReturnStatistics') return ok(hours([1, 0, 3]));
    if (path === '/api/abnormal/getMsg') return ok({ lists: [msg], total: 4 });
    if (path === '/api/equipment/power/list') return ok({ lists: [pile], total: 1 });
  });
});
afterEach(() => vi.restoreAllMocks());

const open = async () => {
  const router = renderAt(<SiteDetailLink siteId="S1" siteName="中关村地铁站A口" />, '/deviceManagement/sites');
  fireEvent.click(await screen.findByText('中关村地铁站A口'));
  return { router, drawer: await screen.findByRole('dialog', {}, { timeout: 100_000 }) };
};

describe('站点详情', () => {
  it("the day's history opens with the state carried in from before the day", () => {
    const rows = todayRows(
      [hist('2026-11-24 10:00:00', 7), hist('2026-11-24 09:00:00', 4), hist('2026-11-23 22:00:00', 2), hist('2026-11-23 08:00:00', 1)],
      '2026-11-24',
    );
    expect(rows.map((r) => [r.time, r.num])).toEqual([
      ['2026-11-24 00:00:00', 2],
      ['2026-11-24 09:00:00', 4],
      ['2026-11-24 10:00:00', 7],
    ]);
    expect(todayRows([hist('2026-11-25 01:00:00', 3)], '2026-11-24')).toEqual([]);
  });

  it('shows the counts by brand and type, the charts, messages and piles of the site', { timeout: 120_000 }, async () => {
    const { drawer } = await open();
    const counts = within(drawer).getByRole('region', { name: '当前站内车辆' });
    await within(counts).findByText('哈啰');
    const meituan = within(counts).getByText('美团').closest('tr')!;
    expect([...meituan.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['美团', '3', '2', '5']);
    expect(counts.textContent).toContain('偏多');
    expect(counts.textContent).toContain('车辆数 7 / 容量 10');
    await within(drawer).findByRole('img', { name: '今日状态历史' });
    expect(within(drawer).getByRole('img', { name: '今日每小时租还车' })).toBeTruthy();
    expect(drawer.textContent).toContain('租车 3 · 还车 4');
    expect(fx.last('/api/abnormal/getMsg')!.url.searchParams.get('site')).toBe('S1');
    expect(fx.last('/api/equipment/power/list')!.url.searchParams.get('siteId')).toBe('S1');
    expect(within(drawer).getByRole('link', { name: '全部异常（4）' }).getAttribute('href')).toBe('/warn?site=S1');
    expect(drawer.textContent).toContain('美团 B100');
    expect(drawer.textContent).toContain('A4:C1:38:00:01:01');
    expect(drawer.textContent).toContain('6%');
  });

  it('a failed call shows 加载失败 with 重试, which asks again', { timeout: 120_000 }, async () => {
    siteAnswer = () => ok(null, 500, '站点统计暂不可用');
    const { drawer } = await open();
    const counts = within(drawer).getByRole('region', { name: '当前站内车辆' });
    await within(counts).findByText('加载失败');
    expect(counts.textContent).toContain('站点统计暂不可用');
    // the other sections do not depend on it
    await waitFor(() => expect(drawer.textContent).toContain('A4:C1:38:00:01:01'));
    siteAnswer = () => ok(site);
    fireEvent.click(within(counts).getByRole('button', { name: /重\s*试/ }));
    await within(counts).findByText('哈啰');
  });

  it('在大屏查看 goes to the big screen with its map asked to locate the site', { timeout: 120_000 }, async () => {
    const { router, drawer } = await open();
    fireEvent.click(await within(drawer).findByRole('button', { name: '在大屏查看' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index'));
    expect(router.state.location.search).toBe('?siteId=S1');
  });
});
