// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logIn } from '../../../test/session';
import { ok, stubFetch } from '../../../test/stubFetch';
import { BRANDS, OTHER_SITE, SITE, SLOW, WAIT, mapState, renderDuty } from './testKit';

vi.mock('../../../components/deskMap/DeskMap', async () => ({ default: (await import('./testKit')).FakeMap }));

const AREA_SITES = [{ siteId: '1101080000009', siteName: '知春路站', siteLon: 116.34, siteLat: 39.976, areaId: '110108', flag: 0 }];

let fetched: ReturnType<typeof stubFetch>;
beforeEach(() => {
  fetched = stubFetch((path, method) => {
    if (path === '/api/clock/getClockSiteList') return ok({ lists: [SITE, OTHER_SITE], total: 2 });
    if (path === '/api/statistics/areaBrandDetails') return ok(BRANDS);
    if (path === '/api/site/rail') return ok(AREA_SITES);
    if (path === '/api/clock/saveClockSiteInfo' && method === 'POST') return ok({ id: 9 });
    if (path === '/api/clock/delClockSiteById' && method === 'POST') return ok(null);
    return undefined;
  });
  logIn({ permissions: ['home', 'dailyDuty', 'clock.view', 'clock.manage', 'deviceManagement'] });
});
afterEach(() => vi.restoreAllMocks());

const input = (root: HTMLElement, id: string) => root.querySelector(`[id="${id}"]`) as HTMLInputElement;
const listCalls = () => fetched.calls.filter((c) => c.url.pathname === '/api/clock/getClockSiteList');

describe('#/dailyDuty/clockSite', () => {
  it('lists the clock sites of the URL’s filters and draws them with their ranges on the map', WAIT, async () => {
    renderDuty('/dailyDuty/clockSite?name=中关村&brandId=1');
    await screen.findByText('中关村打卡点', {}, WAIT);
    const page = listCalls().find((c) => c.url.searchParams.get('pageSize') === '10')!;
    expect([page.url.searchParams.get('name'), page.url.searchParams.get('brandId')]).toEqual(['中关村', '1']);
    // the map reads up to 1,000 of the same filters
    await waitFor(() => expect(listCalls().some((c) => c.url.searchParams.get('pageSize') === '1000')).toBe(true), WAIT);
    const map = listCalls().find((c) => c.url.searchParams.get('pageSize') === '1000')!;
    expect(map.url.searchParams.get('name')).toBe('中关村');
    const row = screen.getByText('中关村打卡点').closest('tr')!;
    for (const text of ['海淀区', '美团', '中关村站（1101080000001）', '116.310000, 39.980000', '100 米']) expect(row.textContent).toContain(text);
    expect(screen.getByText('五道口打卡点').closest('tr')!.textContent).toContain('全部企业');
    await waitFor(
      () =>
        expect(mapState().circles).toEqual([
          ['7', 100, false],
          ['8', 150, false],
        ]),
      WAIT,
    );
    // a point clicked on the map picks its row
    fireEvent.click(screen.getByRole('button', { name: '圆点 8' }));
    await waitFor(() => expect(screen.getByText('五道口打卡点').closest('tr')!.className).toContain('duty-row-focus'), WAIT);
    expect(mapState().circles[1]).toEqual(['8', 150, true]);
  });

  it('新增打卡点: a site chosen gives its position, area and name, the radius defaults to 100, the map picks a position', SLOW, async () => {
    // the list filtered to the city: a new clock site starts there, and takes the district of the site chosen
    renderDuty('/dailyDuty/clockSite?selfAreaId=110000');
    await screen.findByText('中关村打卡点', {}, WAIT);
    fireEvent.click(screen.getByRole('button', { name: /新增打卡点/ }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await within(dialog).findByText('请输入名称', {}, WAIT);
    expect(fetched.last('/api/clock/saveClockSiteInfo', 'POST')).toBeUndefined();
    fireEvent.mouseDown(input(dialog, 'siteId'));
    fireEvent.click(await screen.findByTitle('知春路站（1101080000009）', {}, WAIT));
    expect(fetched.last('/api/site/rail')!.url.searchParams.get('selfAreaId')).toBe('110000');
    await waitFor(() => expect(input(dialog, 'name').value).toBe('知春路站'), WAIT);
    expect(input(dialog, 'lon').value).toBe('116.34');
    expect(input(dialog, 'radius').value).toBe('100');
    await waitFor(() => expect(mapState(dialog).point).toEqual({ lon: 116.34, lat: 39.976 }), WAIT);
    expect(mapState(dialog).radius).toBe(100);
    // then a click on the map moves it
    fireEvent.click(within(dialog).getByRole('button', { name: '点地图' }));
    await waitFor(() => expect(input(dialog, 'lat').value).toBe('39.985'), WAIT);
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(fetched.last('/api/clock/saveClockSiteInfo', 'POST')).toBeTruthy(), WAIT);
    expect(fetched.last('/api/clock/saveClockSiteInfo', 'POST')!.body).toEqual({
      name: '知春路站',
      areaId: '110108',
      brandId: null,
      siteId: '1101080000009',
      lon: 116.315,
      lat: 39.985,
      radius: 100,
    });
    await screen.findByText('打卡点添加成功', {}, WAIT);
  });

  it('编辑 sends the clock site’s id and what changed; 删除 asks first', SLOW, async () => {
    renderDuty('/dailyDuty/clockSite');
    await screen.findByText('中关村打卡点', {}, WAIT);
    const row = screen.getByText('中关村打卡点').closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    await waitFor(() => expect(input(dialog, 'name').value).toBe('中关村打卡点'), WAIT);
    fireEvent.change(input(dialog, 'radius'), { target: { value: '150' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(fetched.last('/api/clock/saveClockSiteInfo', 'POST')).toBeTruthy(), WAIT);
    expect(fetched.last('/api/clock/saveClockSiteInfo', 'POST')!.body).toEqual({
      id: 7,
      name: '中关村打卡点',
      areaId: '110108',
      brandId: 1,
      siteId: '1101080000001',
      lon: 116.31,
      lat: 39.98,
      radius: 150,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    fireEvent.click(within(screen.getByText('五道口打卡点').closest('tr')!).getByRole('button', { name: /删\s*除/ }));
    const confirm = await screen.findByText('确定要删除打卡点“五道口打卡点”吗？', {}, WAIT);
    expect(fetched.last('/api/clock/delClockSiteById', 'POST')).toBeUndefined();
    fireEvent.click(within(confirm.closest('.ant-modal') as HTMLElement).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(fetched.last('/api/clock/delClockSiteById', 'POST')?.body).toEqual({ id: 8 }), WAIT);
  });

  it('without 打卡设置: the list and map only', WAIT, async () => {
    logIn({ permissions: ['home', 'dailyDuty', 'clock.view'] });
    renderDuty('/dailyDuty/clockSite');
    await screen.findByText('中关村打卡点', {}, WAIT);
    expect(screen.queryByRole('button', { name: /新增打卡点/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
  });

  it('without 查看打卡 the clock tabs are not offered', WAIT, async () => {
    logIn({ permissions: ['dailyDuty', 'workOrder.view'] });
    stubFetch(() => ok({ lists: [], total: 0 }));
    renderDuty('/dailyDuty/clockSite');
    await screen.findAllByRole('tab', {}, WAIT);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['工单', '响应统计']);
  });
});
