// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../app/queryClient';
import { heldDefaults, persistedDefaults, useSession } from '../../app/session/store';
import type { User } from '../../app/session/types';
import { renderRoute } from '../../test/renderRoute';
import { logIn } from '../../test/session';
import { useDialogs } from './dialogs/dialogStore';
import { useHomeStore } from './homeStore';
import Home from './index';

vi.mock('./MapSlot', () => ({ default: ({ areaId }: { areaId: string }) => <div data-testid="map-stub">{areaId}</div> }));
vi.mock('../../components/echarts/LazyEChart', () => ({ default: ({ ariaLabel }: { ariaLabel?: string }) => <div role="img" aria-label={ariaLabel} /> }));

const user: User = {
  id: 1,
  username: 'hd',
  name: '海淀管理员',
  phone: null,
  company: null,
  roles: [],
  areaId: '110108',
  areaName: '海淀区',
  areaLevel: 3,
  userLevel: 2,
  siteId: null,
  createTime: null,
  unavailableTime: null,
  idcardUrl: null,
  idcardBackUrl: null,
  creatorName: null,
  platformCode: null,
};

const brands = [
  {
    brandId: 1,
    brandName: '美团',
    onlineNum: 13,
    siteNum: 9,
    brandBikeNum: 12,
    brandEBikeNum: 1,
    bikeSiteNum: 9,
    ebikeSiteNum: 0,
    bikeColor: '#f5c518',
    ebikeColor: '#1890ff',
    quantity_approved: 40,
    recorded_number: 44,
    warn: 0,
    abnormal: 1,
  },
  {
    brandId: 2,
    brandName: '哈啰',
    onlineNum: 7,
    siteNum: 5,
    brandBikeNum: 7,
    brandEBikeNum: 0,
    bikeSiteNum: 5,
    ebikeSiteNum: 0,
    bikeColor: '#f5c518',
    ebikeColor: '#1890ff',
    quantity_approved: 20,
    recorded_number: 7,
    warn: 1,
    abnormal: 0,
  },
];
const message = {
  id: 7,
  siteId: 'S1',
  siteName: '测试站甲',
  createTime: '2024-05-06 10:11:12',
  num: 9,
  bikeNum: 9,
  ebikeNum: 0,
  messageType: 'more',
  status: '偏多',
  capacity: 10,
  siteBikeCeiling: 10,
  currentBike: '{"nowBike":[{"brand_id":1,"brand_name":"美团","num":9}],"nowEBike":[]}',
};

const answers: Record<string, unknown> = {
  '/api/dashboard/init': {
    area: {
      areaId: '110108',
      areaName: '海淀区',
      level: 3,
      aggregation: 0,
      aggregationId: null,
      fullPileNum: 1,
      fullPileName: '满桩值',
      siteCount: 4,
      lon: 116.3,
      lat: 39.9,
    },
    brands: brands.map(({ brandId, brandName, bikeColor, ebikeColor }) => ({ brandId, brandName, bikeColor, ebikeColor })),
    isAggregation: true,
  },
  '/api/dashboard/get': {
    map: [],
    statistical: {
      brands,
      bikeNum: 19,
      ebikeNum: 1,
      bSiteNumTotal: 14,
      eSiteNumTotal: 0,
      bike: [],
      ebike: [],
      total: 4,
      full: 1,
      more: 2,
      normal: 0,
      less: 0,
      empty: 1,
    },
    siteMessage: [message],
  },
  '/api/statistics/brandPercent': { BrandBikeNum: 19, BrandEBikeNum: 1, SiteBikeNum: 14, SiteEBikeNum: 0, lists: [] },
  '/api/statistics/tidal': {
    mold: 1,
    series: [],
    dayTotal: { date: '2024-05-06', bike_num: 3, e_bike_num: 2, bike_rent_num: 3, e_bike_rent_num: 2, bike_return_num: 0, e_bike_return_num: 0 },
    monthTotal: { date: '2024-05', bike_num: 30, e_bike_num: 11, bike_rent_num: 30, e_bike_rent_num: 11, bike_return_num: 0, e_bike_return_num: 0 },
  },
  '/api/statistics/pend': {
    siteApplyPend: 0,
    siteRolePend: 2,
    maintainPend: 3,
    siteLowPowerPend: 4,
    accusePend: 5,
    userPend: 6,
    dispatchPend: 9,
    supervisePend: 7,
    dispatchWarnPend: 8,
  },
  '/api/abnormal/getMsg': {
    lists: [
      {
        id: 1,
        abnormalType: 7,
        abnormalTypeName: '非法车辆',
        brandId: 2,
        brandName: '哈啰',
        bikeId: 'HB9',
        siteId: 'S1',
        siteName: '测试站甲',
        areaId: '110108',
        lon: 1,
        lat: 1,
        detail: '',
        createTime: '2024-05-06 09:00:00',
        updateTime: '',
      },
    ],
    total: 1,
  },
  '/api/abnormal/getMsgCounts': {
    lists: [
      { abnormalType: 7, abnormalTypeName: '非法车辆', openNum: 3, recentNum: 1 },
      { abnormalType: 8, abnormalTypeName: '非允许站点上架', openNum: 5, recentNum: 5 },
    ],
    openTotal: 8,
    recentTotal: 6,
    startTime: '',
    endTime: '',
  },
  '/api/site/': { lists: [], total: 0 },
  '/api/health': { status: 'ok', db: 'pglite', version: '1', history: { loading: false, from: null, to: null, reached: null, percent: null } },
  '/api/statistics/siteRankAll': { lists: [], total: 0, granularity: 'day', timeLabel: '' },
};

const fetchMock = vi.fn();
const calls = () => fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://x').pathname);

beforeEach(() => {
  queryClient.clear();
  useHomeStore.getState().reset();
  useDialogs.getState().closeAll();
  fetchMock.mockReset();
  fetchMock.mockImplementation((url: string) => {
    const path = new URL(url, 'http://x').pathname;
    // the session bootstrap reads back what the test logged in with
    const session = useSession.getState();
    const data =
      path === '/api/user'
        ? session.user
        : path === '/api/permission/list'
          ? session.permissions
          : path in answers
            ? answers[path]
            : path.startsWith('/api/area')
              ? []
              : null;
    return Promise.resolve(new Response(JSON.stringify({ code: 200, message: '', data }), { status: 200 }));
  });
  vi.stubGlobal('fetch', fetchMock);
  useSession.setState({ ...persistedDefaults(), ...heldDefaults() });
});

/** the user logged in with their area picked */
const HAIDIAN = { user, selfAreaId: '110108' };

// a big antd screen renders slowly in jsdom on a busy machine
const SLOW = 60_000;

describe('home big screen', () => {
  it('logged out: the frame and a note, and no calls', async () => {
    renderRoute(<Home />, '/index');
    expect(screen.getByTestId('area-name').textContent).toBe('未登录');
    expect(screen.getByText('登录后查看大屏数据。')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it(
    'shows the API numbers on its panels',
    async () => {
      logIn({
        ...HAIDIAN,
        permissions: [
          'home.siteRank',
          'home.totalRing',
          'home.totalTrend',
          'home.fullPile',
          'home.export',
          'warn',
          'deviceManagement',
          'regionalSettings',
          'dailyDuty',
        ],
      });
      renderRoute(<Home />, '/index');
      // dispatch counters (after the 1 s dashboard delay)
      await waitFor(() => expect(screen.getByTestId('counter-more').textContent).toBe('2'), { timeout: 15_000 });
      expect(screen.getByTestId('counter-total').textContent).toBe('4');
      expect(screen.getByTestId('fig-bikeNum').textContent).toBe('19辆');
      // the brand table: approved, filed and the filing rate over 100 % in red
      const mt = screen.getByTestId('brand-row-1');
      expect(within(mt).getByText('美团单车')).toBeTruthy();
      expect(within(mt).getByText('110%').getAttribute('style')).toContain('rgb(255, 77, 79)');
      // message panel
      const list = screen.getByTestId('message-list');
      expect(within(list).getByText('测试站甲')).toBeTruthy();
      expect(within(list).getByText('9辆')).toBeTruthy();
      // operation totals and the to-do counts
      expect(screen.getByTestId('fig-month').textContent).toBe('41次');
      expect(screen.getByTestId('todo-dispatchWarnPend').textContent).toBe('8');
      // work orders overdue or answered (issue 27): 待处理工单, opening 日常值守 · 工单
      expect(screen.getByTestId('todo-dispatchPend').textContent).toBe('9');
      expect(screen.queryByTestId('history-banner')).toBeNull();
      await waitFor(() => expect(screen.getByTestId('alert-list').textContent).toContain('HB9'));
      expect(screen.getByTestId('area-name').textContent).toBe('海淀区');
      expect(screen.getByRole('button', { name: /站点排名/ })).toBeTruthy();
      expect(screen.getByText('总量曲线')).toBeTruthy();
      // the warning board asked for the newest 10 open, unhandled items of types 1,4,6,7,13,14, whatever day they opened
      const getMsg = fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://x')).find((u) => u.pathname === '/api/abnormal/getMsg')!;
      expect(getMsg.searchParams.get('abnormalType')).toBe('1,4,6,7,13,14');
      expect(getMsg.searchParams.get('pageSize')).toBe('10');
      expect(getMsg.searchParams.get('selfAreaId')).toBe('110108');
      expect([getMsg.searchParams.get('closed'), getMsg.searchParams.get('handled'), getMsg.searchParams.get('startTime')]).toEqual(['0', '0', null]);
      // its counts are the open ones (openNum), 全部 their sum over the tabs
      expect(screen.getByTestId('alert-count-7').textContent).toBe('3');
      expect(screen.getByTestId('alert-count-all').textContent).toBe('3');
      expect(screen.getByTestId('alert-caption').textContent).toContain('进行中、未处理');
    },
    SLOW,
  );

  it(
    'hides what the permissions do not allow and never calls for it',
    async () => {
      logIn({ ...HAIDIAN, permissions: ['home'] });
      renderRoute(<Home />, '/index');
      await waitFor(() => expect(screen.getByTestId('counter-full').textContent).toBe('1'), { timeout: 15_000 });
      expect(screen.getByText('无权限查看总量环形图')).toBeTruthy();
      expect(screen.getByText('无权限查看异常告警')).toBeTruthy();
      expect(screen.queryByRole('button', { name: /站点排名/ })).toBeNull();
      expect(screen.queryByText('总量曲线')).toBeNull();
      expect(calls()).not.toContain('/api/abnormal/getMsg');
      expect(calls()).not.toContain('/api/statistics/siteRankAll');
      expect(calls()).not.toContain('/api/statistics/brandPercent');
      // the side bar and the to-do list offer no screen the roles cannot open (it would say 无权访问)
      expect(within(screen.getByRole('navigation', { name: '功能导航' })).queryAllByRole('link')).toHaveLength(0);
      expect(screen.queryByTestId('todo-siteLowPowerPend')).toBeNull();
      expect(screen.getByText('没有可处理的待办事项。')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'says history is loading, and how far, and shows no figure of today meanwhile',
    async () => {
      const idle = answers['/api/health'];
      answers['/api/health'] = {
        status: 'ok',
        db: 'pglite',
        version: '1',
        history: { loading: true, from: '2026-10-27 00:00:00', to: '2026-11-26 10:30:00', reached: '2026-10-29 06:00:00', percent: 7 },
      };
      try {
        logIn({ ...HAIDIAN, permissions: ['home'] });
        renderRoute(<Home />, '/index');
        const banner = await screen.findByTestId('history-banner', undefined, { timeout: 15_000 });
        expect(banner.textContent).toContain('正在载入历史数据');
        expect(banner.textContent).toContain('已载入至 2026-10-29 06:00（7%）');
        expect(banner.textContent).toContain('并非当前实况');
        await waitFor(() => expect(screen.getByTestId('fig-day').textContent).toBe('载入中'), { timeout: 15_000 });
        expect(screen.getByTestId('fig-month').textContent).toBe('载入中');
      } finally {
        answers['/api/health'] = idle;
      }
    },
    SLOW,
  );

  it(
    "a limited user's side bar and to-do list hold the screens the desk menu holds",
    async () => {
      logIn({ ...HAIDIAN, permissions: ['home', 'operation', 'deviceManagement'] });
      renderRoute(<Home />, '/index');
      await waitFor(() => expect(screen.getByTestId('todo-siteLowPowerPend')).toBeTruthy(), { timeout: 15_000 });
      const nav = screen.getByRole('navigation', { name: '功能导航' });
      expect(
        within(nav)
          .getAllByRole('link')
          .map((a) => a.textContent),
      ).toEqual(['运营统计', '站点管理']);
      expect(screen.queryByTestId('todo-userPend')).toBeNull();
      expect(screen.queryByTestId('todo-siteApplyPend')).toBeNull();
    },
    SLOW,
  );

  it(
    'opens the site message detail from 详情 and the map’s info-window clicks',
    async () => {
      logIn({ ...HAIDIAN, permissions: ['home.siteRank', 'home.totalRing'] });
      renderRoute(<Home />, '/index');
      const list = await screen.findByTestId('message-list', undefined, { timeout: 15_000 });
      fireEvent.click(within(list).getByRole('button', { name: '详情' }));
      const dialog = await screen.findByRole('dialog', undefined, { timeout: 15_000 });
      expect(within(dialog).getByText('站点消息 · 测试站甲')).toBeTruthy();
      expect(calls()).toContain('/api/dashboard/siteHistory');
      useDialogs.getState().closeAll();
      useHomeStore.getState().requestSiteAction({ type: 2, siteId: 'S9', siteName: '地图站' });
      expect(await screen.findByText('站点使用曲线 · 地图站', undefined, { timeout: 15_000 })).toBeTruthy();
      expect(useHomeStore.getState().siteAction).toBeNull();
    },
    SLOW,
  );

  it('stops polling while a map info window is open', async () => {
    logIn({ ...HAIDIAN, permissions: ['home'] });
    const { usePoll } = await import('./hooks');
    useHomeStore.getState().setInfoWindowOpen(true);
    let seen: number | false = 0;
    function Probe() {
      seen = usePoll(120_000);
      return null;
    }
    renderRoute(<Probe />, '/');
    expect(seen).toBe(false);
  });
});
