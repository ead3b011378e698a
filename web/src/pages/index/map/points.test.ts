import { describe, expect, it } from 'vitest';
import { FLAG_STYLES } from '../../../lib/siteStatus';
import { bikePoints, sitePoints } from './points';
import type { LayerBike } from './types';
import type { MapSite } from '../types';

const site = (siteId: string, lon: number, lat: number, flag: number) => ({ siteId, siteName: `站${siteId}`, siteLon: lon, siteLat: lat, flag }) as MapSite;
const bike = (bikeId: string, lon: number, lat: number, brandId: number | null, bikeType = 0) =>
  ({ bikeId, brandId, brandName: '', bikeType, bikeLon: lon, bikeLat: lat, legality: 0, time: '' }) as LayerBike;

describe('site points', () => {
  it('keeps located sites in order, coloured by flag (unknown flags as normal)', () => {
    const { points, sites } = sitePoints([site('a', 116.1, 39.1, 0), site('b', 0, 0, 2), site('c', 116.3, 39.3, 2), site('d', 116.4, 39.4, 7)]);
    expect(sites.map((s) => s.siteId)).toEqual(['a', 'c', 'd']);
    expect(Array.from(points!.lat)).toEqual([39.1, 39.3, 39.4]);
    expect(Array.from(points!.colour)).toEqual([0, 2, 1]);
    expect(points!.palette[2]).toBe(FLAG_STYLES[2].color);
    expect(points!.palette[0]).toBe(FLAG_STYLES[0].color);
    expect(points!.labels).toEqual(['站a', '站c', '站d']);
    // full (red) is drawn last, on top
    expect(points!.order.at(-1)).toBe(2);
  });
  it('no data, no points', () => {
    expect(sitePoints(undefined)).toEqual({ points: null, sites: [] });
  });
});

describe('bike points', () => {
  const brands = [{ brandId: 1, brandName: '美团', bikeColor: '#ffcc00', ebikeColor: '#ff8800' }];
  it('drops unlocated bikes and colours legal ones by brand and type', () => {
    const { points, bikes } = bikePoints(
      [bike('x', 116.1, 39.1, 1), bike('y', 116.2, 39.2, 1, 1), bike('z', 0, 0, 1), bike('w', 116.3, 39.3, null)],
      brands,
      false,
    );
    expect(bikes.map((b) => b.bikeId)).toEqual(['x', 'y', 'w']);
    const colours = Array.from(points!.colour).map((c) => points!.palette[c]);
    expect(colours.slice(0, 2)).toEqual(['#ffcc00', '#ff8800']);
    expect(colours[2]).toMatch(/^#/);
  });
  it('illegal bikes are red', () => {
    const { points } = bikePoints([bike('x', 116.1, 39.1, 1)], brands, true);
    expect(points!.palette).toEqual(['#ff4d4f']);
  });
});
