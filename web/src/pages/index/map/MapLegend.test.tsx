// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import MapLegend, { flagCounts, showsAll } from './MapLegend';
import { northOf } from './areaOutline';
import type { AreaSiteTotals } from './types';
import type { MapSite } from '../types';

afterEach(cleanup);

const site = (siteId: string, flag: number) => ({ siteId, siteName: siteId, siteLon: 116.3, siteLat: 39.98, flag }) as MapSite;
/** 50 shown: 1 满桩, 23 偏多, 26 正常 */
const shown = [site('f', 2), ...Array.from({ length: 23 }, (_, i) => site(`m${i}`, 3)), ...Array.from({ length: 26 }, (_, i) => site(`n${i}`, 1))];
const totals: AreaSiteTotals = { total: 320, full: 7, more: 96, normal: 217, less: 0, empty: 0 };
const lines = { fence: true, extent: true, forbid: false };

describe('map legend', () => {
  it('counts the statuses of a site list (unknown flags as 正常)', () => {
    expect(flagCounts([site('a', 2), site('b', 9), site('c', 1), site('d', 0)])).toEqual({ 0: 1, 1: 2, 2: 1, 3: 0, 4: 0 });
    expect(flagCounts(undefined)).toEqual({ 0: 0, 1: 0, 2: 0, 3: 0, 4: 0 });
  });

  it('knows when the map holds every site', () => {
    expect(showsAll(0, 10, totals)).toBe(true);
    expect(showsAll(50, 50, totals)).toBe(false);
    expect(showsAll(200, 320, totals)).toBe(true);
    expect(showsAll(50, 50, null)).toBe(true);
  });

  it('says how many of the area’s sites are shown, their statuses, and the area’s totals beside them', () => {
    render(<MapLegend sites={shown} totals={totals} size={50} loading={false} lines={lines} />);
    expect(screen.getByTestId('legend-total').textContent).toBe('显示离中心最近的 50 个 / 共 320 个站点');
    const mine = screen.getByTestId('legend-shown').textContent;
    expect(mine).toContain('所示站点');
    expect(mine).toContain('满桩 1');
    expect(mine).toContain('偏多 23');
    expect(mine).toContain('正常 26');
    const area = screen.getByTestId('legend-area').textContent;
    for (const t of ['全区', '满桩 7', '偏多 96', '正常 217', '偏少 0', '空桩 0']) expect(area).toContain(t);
    expect(screen.getByText('运营区域')).toBeTruthy();
    expect(screen.getByText('站点范围')).toBeTruthy();
    expect(screen.queryByText('禁停区')).toBeNull();
  });

  it('with every site shown, says so and shows one status row', () => {
    const all = Array.from({ length: 320 }, (_, i) => site(`s${i}`, i < 7 ? 2 : 1));
    render(<MapLegend sites={all} totals={totals} size={0} loading={false} lines={{ fence: true, extent: false, forbid: true }} />);
    expect(screen.getByTestId('legend-total').textContent).toBe('显示全部 320 个站点');
    expect(screen.getByTestId('legend-shown').textContent).not.toContain('所示站点');
    expect(screen.queryByTestId('legend-area')).toBeNull();
    expect(screen.queryByText('站点范围')).toBeNull();
    expect(screen.getByText('禁停区')).toBeTruthy();
  });
});

describe('area outline', () => {
  it('names a fence at its northernmost vertex', () => {
    expect(
      northOf([
        { lon: 116.2, lat: 39.9 },
        { lon: 116.3, lat: 40.1 },
        { lon: 116.4, lat: 40.0 },
      ]),
    ).toEqual({ lon: 116.3, lat: 40.1 });
    expect(northOf([])).toBeNull();
  });
});
