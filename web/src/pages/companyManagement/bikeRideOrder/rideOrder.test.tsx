// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeskMapProps } from '../../../components/deskMap/types';
import { renderRoute } from '../../../test/renderRoute';
import { logIn } from '../../../test/session';
import { ok, stubFetch } from '../../../test/stubFetch';
import BikeRideOrder from './index';

// Leaflet does not run in jsdom: a stand-in map that shows the path it was given
vi.mock('../../../components/deskMap/DeskMap', () => ({
  default: (p: DeskMapProps) => <output data-testid="fake-map">{JSON.stringify((p.path ?? []).map((x) => [x.label ?? '·', x.title]))}</output>,
}));

const order = (o: Record<string, unknown>) => ({
  brandId: 3,
  brandName: '美团',
  orderId: 'MT001',
  bikeId: 'MTB0001',
  bikeType: 0,
  areaId: '110108',
  areaName: '海淀区',
  rentTime: '2026-11-11 08:00:00',
  rentLon: 116.31,
  rentLat: 39.98,
  rentSiteId: 'S1',
  rentSiteName: '中关村站',
  returnTime: '2026-11-11 08:20:00',
  returnLon: 116.32,
  returnLat: 39.975,
  returnSiteId: null,
  returnSiteName: null,
  fee: 650,
  feeYuan: '6.50',
  durationMinutes: 20,
  outSiteReturn: true,
  fullReturn: false,
  ...o,
});

let fx: ReturnType<typeof stubFetch>;
let trackFails = false;
/** the track without positions during the ride (none reported, or past the keeping time) */
let trackBare = false;
beforeEach(() => {
  trackFails = false;
  trackBare = false;
  fx = stubFetch((path) => {
    if (path === '/api/company/getEnterpriseList') return ok({ lists: [{ brandId: 3, brandName: '美团' }], total: 1 });
    if (path === '/api/company/getBikeRideOrderList')
      return ok({
        lists: [
          order({}),
          order({
            orderId: 'MT002',
            returnTime: null,
            returnLon: null,
            returnLat: null,
            durationMinutes: null,
            feeYuan: null,
            fee: null,
            outSiteReturn: false,
          }),
        ],
        total: 42,
      });
    if (path === '/api/company/getBikeRideOrderTrack')
      return trackFails
        ? ok(null, 500, '服务器错误')
        : ok(
            [
              { lon: 116.31, lat: 39.98, time: '2026-11-11 08:00:00', kind: 'rent' },
              { lon: 116.313, lat: 39.979, time: '2026-11-11 08:06:00', kind: 'track' },
              { lon: 116.317, lat: 39.977, time: '2026-11-11 08:12:00', kind: 'track' },
              { lon: 116.32, lat: 39.975, time: '2026-11-11 08:20:00', kind: 'return' },
            ].filter((p) => !trackBare || p.kind !== 'track'),
          );
  });
});
afterEach(() => vi.restoreAllMocks());

describe('骑行订单', () => {
  it('lists orders with the total and how they were returned, and opens one with its track on the map', { timeout: 120_000 }, async () => {
    logIn({ permissions: ['company.edit', 'company.export'] });
    renderRoute(<BikeRideOrder />, '/companyManagement/bikeRideOrder');
    const row = (await screen.findByText('MT001')).closest('tr')!;
    expect(row.textContent).toContain('站外还车');
    expect(row.textContent).toContain('6.50');
    expect(row.textContent).toContain('中关村站');
    expect(screen.getByText('MT002').closest('tr')!.textContent).toContain('未还车');
    expect(document.body.textContent).toContain('共 42 条');
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: '详情' }));
    const map = await screen.findByTestId('fake-map', {}, { timeout: 20_000 });
    expect(JSON.parse(map.textContent!)).toEqual([
      ['借', '借车 2026-11-11 08:00:00'],
      ['·', '骑行中 2026-11-11 08:06:00'],
      ['·', '骑行中 2026-11-11 08:12:00'],
      ['还', '还车 2026-11-11 08:20:00'],
    ]);
    expect(screen.getByLabelText('轨迹说明').textContent).toContain('骑行中上报的 2 个位置');
    expect(document.body.textContent).toContain('骑行订单 MT001');
    expect(Object.fromEntries(fx.last('/api/company/getBikeRideOrderTrack')!.url.searchParams)).toMatchObject({ brandId: '3', orderId: 'MT001' });
  });

  it('sends the URL filters, hides 导出 without company.export, and says what to do when the track fails', { timeout: 120_000 }, async () => {
    logIn({ permissions: ['company.edit'] });
    trackFails = true;
    const { router } = renderRoute(<BikeRideOrder />, '/companyManagement/bikeRideOrder');
    await router.navigate(
      '/companyManagement/bikeRideOrder?brandId=3&bikeId=MTB&startTime=2026-11-10&endTime=2026-11-11&returnType=out&minMinutes=10&maxMinutes=30',
    );
    await waitFor(() => expect(fx.last('/api/company/getBikeRideOrderList')?.url.searchParams.get('returnType')).toBe('out'), { timeout: 20_000 });
    expect(Object.fromEntries(fx.last('/api/company/getBikeRideOrderList')!.url.searchParams)).toMatchObject({
      brandId: '3',
      bikeId: 'MTB',
      startTime: '2026-11-10',
      endTime: '2026-11-11',
      minMinutes: '10',
      maxMinutes: '30',
    });
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull();
    const row = (await screen.findByText('MT001')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '详情' }));
    await screen.findByText('轨迹加载失败，请关闭后重新打开详情重试', {}, { timeout: 20_000 });
  });

  it('says why a track has no positions between rent and return (none reported, or past the keeping time)', { timeout: 120_000 }, async () => {
    logIn({ permissions: ['company.edit'] });
    trackBare = true;
    renderRoute(<BikeRideOrder />, '/companyManagement/bikeRideOrder');
    const row = (await screen.findByText('MT001')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '详情' }));
    const map = await screen.findByTestId('fake-map', {}, { timeout: 20_000 });
    expect(JSON.parse(map.textContent!).map((p: string[]) => p[0])).toEqual(['借', '还']);
    expect(screen.getByLabelText('轨迹说明').textContent).toBe('骑行中没有保留的位置（车辆骑行中未上报，或订单早于轨迹保留期），只标出借车点与还车点。');
  });
});
