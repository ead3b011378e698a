// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ExternalStationInfo, externalBounds, externalCount } from './ExternalLayer';
import MapLegend from './MapLegend';
import type { ExternalFeed } from './types';

afterEach(cleanup);

const FEED: ExternalFeed = {
  id: 3,
  name: '芝加哥 Divvy',
  areaName: '海淀区',
  source: 'url',
  version: '2.3',
  fetchTime: '2026-11-29 17:24:42',
  dataUpdateTime: '2025-01-29 17:47:40',
  lastError: null,
  lastErrorTime: null,
  stations: [
    {
      id: 'a',
      name: 'Exchange Ave & 79th St',
      lon: -87.552,
      lat: 41.752,
      capacity: 11,
      bikes: 3,
      docks: 7,
      renting: true,
      returning: true,
      reportTime: '2025-01-29 17:45:40',
    },
    {
      id: 'b',
      name: 'Sheridan Rd & Loyola Ave',
      lon: -87.661,
      lat: 42.001,
      capacity: null,
      bikes: null,
      docks: null,
      renting: null,
      returning: null,
      reportTime: null,
    },
  ],
};

describe('外部站点 on the home map', () => {
  it('says a station is external and read-only, with its feed, counts and fetch time', () => {
    render(<ExternalStationInfo feed={FEED} station={FEED.stations[0]} />);
    const text = screen.getByTestId('external-info').textContent;
    for (const t of [
      'Exchange Ave & 79th St',
      '外部站点 · 只读',
      '只读：不计入本平台的站点统计',
      '芝加哥 Divvy（GBFS 2.3，按地址自动刷新）',
      '可借车辆3 辆',
      '可还车位7 个',
      '容量11',
      '可借可还',
      '获取时间2026-11-29 17:24:42',
    ])
      expect(text).toContain(t);
  });

  it('shows unknown counts as such, and the last failure with the time of the data shown', () => {
    const failed = { ...FEED, lastError: '获取 station_status 失败：超时（超过 10 秒）', lastErrorTime: '2026-11-29 17:40:00' };
    render(<ExternalStationInfo feed={failed} station={FEED.stations[1]} />);
    const text = screen.getByTestId('external-info').textContent;
    expect(text).toContain('可借车辆未知');
    expect(text).toContain('最近一次获取失败（2026-11-29 17:40:00）：获取 station_status 失败：超时（超过 10 秒）。以上是 2026-11-29 17:24:42 获取的数据。');
  });

  it('counts and bounds the stations; the legend names the layer with 定位', () => {
    expect(externalCount([FEED, FEED])).toBe(4);
    expect(externalCount(undefined)).toBe(0);
    expect(externalBounds([])).toBeNull();
    const box = externalBounds([FEED])!;
    expect([box.getSouth(), box.getNorth(), box.getWest(), box.getEast()]).toEqual([41.752, 42.001, -87.661, -87.552]);
    let located = 0;
    const lines = { fence: false, extent: false, forbid: false };
    render(<MapLegend sites={[]} totals={null} size={0} loading={false} lines={lines} external={{ stations: 2, onLocate: () => located++ }} />);
    expect(screen.getByTestId('legend-external').textContent).toBe('外部站点（只读）2 个定位');
    screen.getByRole('button', { name: '定位' }).click();
    expect(located).toBe(1);
  });
});
