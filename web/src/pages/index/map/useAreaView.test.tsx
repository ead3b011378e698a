// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import type * as Leaflet from 'leaflet';
import { describe, expect, it, vi } from 'vitest';
import type { AreaViewData } from './useAreaView';
import { useAreaView } from './useAreaView';
import type { SiteSize } from './types';
import type { InitData, MapSite } from '../types';

const site = (siteId: string, lon: number, lat: number) => ({ siteId, siteName: siteId, siteLon: lon, siteLat: lat, flag: 1 }) as MapSite;
const init = (lon: number, lat: number, extent: InitData['area']['extent'] = null) =>
  ({
    area: { areaId: 'x', areaName: '', level: 3, aggregation: 0, aggregationId: null, fullPileNum: 0, fullPileName: '', siteCount: 0, lon, lat, extent },
    brands: [],
    isAggregation: false,
  }) as InitData;

function fakeMap() {
  return { fitBounds: vi.fn(), setView: vi.fn() };
}

function setup(first: { areaId: string; size?: SiteSize; data: Partial<AreaViewData> }) {
  const map = fakeMap();
  const viewed = { current: '' };
  const base: AreaViewData = { init: undefined, sites: undefined, sitesFailed: false, rails: undefined, railsPending: false };
  const hook = renderHook(
    (p: { areaId: string; size?: SiteSize; data: Partial<AreaViewData> }) =>
      useAreaView(map as unknown as Leaflet.Map, p.areaId, p.size ?? 0, { ...base, ...p.data }, viewed),
    { initialProps: first },
  );
  return { map, viewed, rerender: hook.rerender };
}

describe('the map view per area', () => {
  const a = [site('a1', 116.3, 39.98), site('a2', 116.32, 40.0)];

  it('waits for the sites, fits them once (capped at the size zoom) and then keeps the user’s view', () => {
    const { map, rerender } = setup({ areaId: '110108', data: { init: init(116.31, 39.99) } });
    expect(map.fitBounds).not.toHaveBeenCalled();
    rerender({ areaId: '110108', data: { init: init(116.31, 39.99), sites: a } });
    expect(map.fitBounds).toHaveBeenCalledTimes(1);
    expect(map.fitBounds.mock.calls[0][0]).toEqual([
      [39.98, 116.3],
      [40.0, 116.32],
    ]);
    expect(map.fitBounds.mock.calls[0][1]).toMatchObject({ maxZoom: 14, animate: false });
    // a poll brings a new list of the same area: the view stays
    rerender({ areaId: '110108', data: { init: init(116.31, 39.99), sites: [...a, site('a3', 116.4, 40.1)] } });
    expect(map.fitBounds).toHaveBeenCalledTimes(1);
  });

  it('fits again when the area changes', () => {
    const { map, rerender } = setup({ areaId: '110108', size: 50, data: { sites: a } });
    expect(map.fitBounds).toHaveBeenCalledTimes(1);
    expect(map.fitBounds.mock.calls[0][1]).toMatchObject({ maxZoom: 16 });
    rerender({ areaId: '110105', size: 50, data: { sites: undefined } });
    expect(map.fitBounds).toHaveBeenCalledTimes(1);
    rerender({ areaId: '110105', size: 50, data: { sites: [site('c1', 116.45, 39.92)] } });
    expect(map.fitBounds).toHaveBeenCalledTimes(2);
    expect(map.fitBounds.mock.calls[1][0]).toEqual([
      [39.92, 116.45],
      [39.92, 116.45],
    ]);
  });

  it('without sites uses the extent, then the fences, else the centre; a failed call does not block it', () => {
    const empty = setup({ areaId: '110101', data: { sites: [], init: init(116.4, 39.9), rails: [], railsPending: false } });
    expect(empty.map.setView).toHaveBeenCalledWith([39.9, 116.4], 14, { animate: false });
    const fenced = setup({
      areaId: '110101',
      data: {
        sites: undefined,
        sitesFailed: true,
        init: init(116.4, 39.9),
        rails: [
          {
            id: '1',
            areaId: '110101',
            areaName: '东城区',
            gpsRail: [
              { lon: 116.38, lat: 39.88 },
              { lon: 116.44, lat: 39.88 },
              { lon: 116.44, lat: 39.95 },
            ],
          },
        ],
      },
    });
    expect(fenced.map.fitBounds.mock.calls[0][0]).toEqual([
      [39.88, 116.38],
      [39.95, 116.44],
    ]);
    // fences still loading: wait for them
    const waiting = setup({ areaId: '110101', data: { sites: [], init: init(116.4, 39.9), railsPending: true } });
    expect(waiting.map.setView).not.toHaveBeenCalled();
    expect(waiting.map.fitBounds).not.toHaveBeenCalled();
  });

  it('leaves the view to a locate that came first (a user bound to a site)', () => {
    const { map, viewed, rerender } = setup({ areaId: '110108', data: {} });
    viewed.current = '110108';
    rerender({ areaId: '110108', data: { sites: a } });
    expect(map.fitBounds).not.toHaveBeenCalled();
  });
});
