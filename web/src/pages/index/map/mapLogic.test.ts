import { describe, expect, it } from 'vitest';
import { HEAT_MAX } from '../../../lib/constants';
import {
  boxOf,
  buildFlowLines,
  countInRing,
  extentBox,
  hasArea,
  flowEnd,
  heatPoints,
  isLocated,
  openingView,
  pollEvery,
  pointInRing,
  polygonCounts,
  searchText,
  siteRadius,
  zoomForSize,
} from './mapLogic';
import type { FlowRecord, LayerBike } from './types';
import type { MapSite } from '../types';

const site = (siteId: string, lon: number, lat: number, flag = 1): MapSite => ({
  siteId,
  siteName: siteId,
  siteLon: lon,
  siteLat: lat,
  flag,
  status: '',
  num: 0,
  currentNum: 0,
  bikeNum: 0,
  ebikeNum: 0,
  siteBikeCeiling: 10,
  capacity: 10,
  bleNum: 0,
  recycleSwitch: false,
  majorSwitch: false,
  gpsRail: null,
  length: 20,
});
const bike = (bikeId: string, lon: number, lat: number): LayerBike => ({
  bikeId,
  brandId: 1,
  brandName: '美团',
  bikeType: 0,
  bikeLon: lon,
  bikeLat: lat,
  legality: 0,
  time: '',
});
const flow = (orderId: string, request: string): FlowRecord => ({
  orderId,
  bikeId: 'B',
  brandId: 1,
  brandName: '美团',
  bikeType: 0,
  time: '2026-01-01 08:00:00',
  request,
});

// a unit square and an L-shaped (concave) ring, lon/lat
const square = [
  { lon: 0, lat: 0 },
  { lon: 1, lat: 0 },
  { lon: 1, lat: 1 },
  { lon: 0, lat: 1 },
];
const ell = [
  { lon: 116.3, lat: 39.9 },
  { lon: 116.34, lat: 39.9 },
  { lon: 116.34, lat: 39.92 },
  { lon: 116.32, lat: 39.92 },
  { lon: 116.32, lat: 39.94 },
  { lon: 116.3, lat: 39.94 },
];

describe('zoom by site-count choice (spec §9)', () => {
  it('50 → 16, 0 (all) → 14, 200 → 15', () => {
    expect(zoomForSize(50)).toBe(16);
    expect(zoomForSize(0)).toBe(14);
    expect(zoomForSize(200)).toBe(15);
  });
  it('falls back to the default choice (50) for anything else', () => {
    expect(zoomForSize(77)).toBe(16);
  });
});

describe('heat points (spec §9 weights, max 17)', () => {
  it('maps flag 0→0, 4→5, 3→15, 2→20, else 10 as [lat, lon, weight]', () => {
    const pts = heatPoints([
      site('a', 116.1, 39.1, 0),
      site('b', 116.2, 39.2, 4),
      site('c', 116.3, 39.3, 3),
      site('d', 116.4, 39.4, 2),
      site('e', 116.5, 39.5, 1),
      site('f', 116.6, 39.6, 9),
    ]);
    expect(pts).toEqual([
      [39.1, 116.1, 0],
      [39.2, 116.2, 5],
      [39.3, 116.3, 15],
      [39.4, 116.4, 20],
      [39.5, 116.5, 10],
      [39.6, 116.6, 10],
    ]);
    expect(HEAT_MAX).toBe(17);
  });
  it('drops sites without a position', () => {
    expect(heatPoints([site('a', 0, 0), site('b', Number.NaN, 39), site('c', 116, 39)])).toEqual([[39, 116, 10]]);
  });
});

describe('point in polygon', () => {
  it('inside, outside, open or closed ring', () => {
    expect(pointInRing({ lon: 0.5, lat: 0.5 }, square)).toBe(true);
    expect(pointInRing({ lon: 1.5, lat: 0.5 }, square)).toBe(false);
    expect(pointInRing({ lon: 0.5, lat: 0.5 }, [...square, square[0]])).toBe(true);
    expect(pointInRing({ lon: 0.5, lat: -0.1 }, square)).toBe(false);
  });
  it('respects a concave ring', () => {
    expect(pointInRing({ lon: 116.31, lat: 39.93 }, ell)).toBe(true);
    expect(pointInRing({ lon: 116.33, lat: 39.91 }, ell)).toBe(true);
    // the notch of the L
    expect(pointInRing({ lon: 116.33, lat: 39.93 }, ell)).toBe(false);
  });
  it('a ring of fewer than 3 points holds nothing', () => {
    expect(pointInRing({ lon: 0, lat: 0 }, square.slice(0, 2))).toBe(false);
    expect(countInRing(square.slice(0, 2), [{ lon: 0.5, lat: 0.5 }], (p) => p)).toBe(0);
  });
});

describe('polygon counts', () => {
  it('counts sites, bikes and off-site returns inside the drawn ring only', () => {
    const counts = polygonCounts(ell, {
      sites: [site('in1', 116.31, 39.93), site('in2', 116.33, 39.91), site('notch', 116.33, 39.93), site('far', 116.5, 39.9), site('nowhere', 0, 0)],
      bikes: [bike('b1', 116.301, 39.901), bike('b2', 116.339, 39.919), bike('b3', 116.35, 39.91)],
      offSiteReturns: [bike('r1', 116.31, 39.935), bike('r2', 116.33, 39.935)],
    });
    expect(counts).toEqual({ sites: 2, bikes: 2, offSiteReturns: 1 });
  });
  it('is all zeros for empty data', () => {
    expect(polygonCounts(square, { sites: [], bikes: [], offSiteReturns: [] })).toEqual({ sites: 0, bikes: 0, offSiteReturns: 0 });
  });
});

describe('flow lines from getSite', () => {
  const centre = { lon: 116.3, lat: 39.98 };
  const records = [
    flow('O1', JSON.stringify({ bikeLon: 116.31, bikeLat: 39.99 })),
    flow('O2', JSON.stringify({ bikeLon: '116.32', bikeLat: '39.97' })),
    flow('O3', 'not json'),
    flow('O4', JSON.stringify({ bikeLon: 0, bikeLat: 0 })),
    flow('O5', JSON.stringify({ bikeLon: 116.3 })),
    flow('O6', ''),
  ];
  it('rent flow (1): from the site to where each ride ended; unusable ends dropped', () => {
    const lines = buildFlowLines(centre, records, 1);
    expect(lines.map((l) => l.record.orderId)).toEqual(['O1', 'O2']);
    expect(lines[0]).toMatchObject({ from: centre, to: { lon: 116.31, lat: 39.99 } });
    expect(lines[1].to).toEqual({ lon: 116.32, lat: 39.97 });
  });
  it('return flow (2): from where each ride began to the site', () => {
    const lines = buildFlowLines(centre, records, 2);
    expect(lines[0]).toMatchObject({ from: { lon: 116.31, lat: 39.99 }, to: centre });
  });
  it('no lines for a site without a position', () => {
    expect(buildFlowLines({ lon: 0, lat: 0 }, records, 1)).toEqual([]);
  });
  it('reads the other end of a ride', () => {
    expect(flowEnd('{"bikeLon":116.4,"bikeLat":39.9}')).toEqual({ lon: 116.4, lat: 39.9 });
    expect(flowEnd('{"bikeLon":200,"bikeLat":39.9}')).toBeNull();
    expect(flowEnd(null)).toBeNull();
  });
});

describe('helpers', () => {
  it('search text is trimmed', () => {
    expect(searchText('  海淀站 ')).toBe('海淀站');
    expect(searchText('   ')).toBe('');
    expect(searchText(undefined)).toBe('');
  });
  it('a located point is finite, in range and not (0, 0)', () => {
    expect(isLocated(116, 39)).toBe(true);
    expect(isLocated(0, 0)).toBe(false);
    expect(isLocated(181, 39)).toBe(false);
    expect(isLocated(null, 39)).toBe(false);
  });
  it('markers grow with the zoom', () => {
    const radii = [10, 12, 13, 14, 15, 16, 17, 18, 19].map(siteRadius);
    expect(radii).toEqual([...radii].sort((a, b) => a - b));
    expect(siteRadius(14)).toBe(4);
  });
});

describe('polling', () => {
  it('every 180 s, 15 s after a failed call, none while stopped (info window open or screen paused)', () => {
    expect(pollEvery(false)).toBe(180_000);
    expect(pollEvery(false, true)).toBe(15_000);
    expect(pollEvery(true)).toBe(false);
    expect(pollEvery(true, true)).toBe(false);
  });
});

describe('opening view of an area', () => {
  const rail = (ring: Array<[number, number]>) => ({ id: '1', areaId: '1', areaName: '海淀区', gpsRail: ring.map(([lon, lat]) => ({ lon, lat })) });

  it('boxes the located points only', () => {
    const sites = [site('a', 116.3, 39.98), site('b', 116.31, 39.9), site('c', 0, 0), site('d', 116.25, 40.02)];
    expect(boxOf(sites, (s) => ({ lon: s.siteLon, lat: s.siteLat }))).toEqual([
      [39.9, 116.25],
      [40.02, 116.31],
    ]);
    expect(boxOf([site('c', 0, 0)], (s) => ({ lon: s.siteLon, lat: s.siteLat }))).toBeNull();
    expect(extentBox({ minLon: 116.2, minLat: 39.9, maxLon: 116.4, maxLat: 40.1 })).toEqual([
      [39.9, 116.2],
      [40.1, 116.4],
    ]);
    expect(extentBox(null)).toBeNull();
    // two sites on one latitude: a box without inside, no frame to draw
    expect(hasArea(extentBox({ minLon: 116.3, minLat: 39.98, maxLon: 116.31, maxLat: 39.98 }))).toBe(false);
    expect(hasArea(extentBox({ minLon: 116.2, minLat: 39.9, maxLon: 116.4, maxLat: 40.1 }))).toBe(true);
    expect(hasArea(null)).toBe(false);
  });

  it('fits the sites on the map, else the area extent, else the fences, else the centre', () => {
    const centre = { lon: 116.397428, lat: 39.90923 };
    const extent = { minLon: 116.2, minLat: 39.9, maxLon: 116.4, maxLat: 40.1 };
    const fence = rail([
      [116.1, 39.8],
      [116.5, 39.8],
      [116.5, 40.2],
    ]);
    expect(openingView([site('a', 116.3, 39.98)], extent, [fence], centre)).toEqual({
      box: [
        [39.98, 116.3],
        [39.98, 116.3],
      ],
    });
    expect(openingView([], extent, [fence], centre)).toEqual({
      box: [
        [39.9, 116.2],
        [40.1, 116.4],
      ],
    });
    expect(openingView([], null, [fence], centre)).toEqual({
      box: [
        [39.8, 116.1],
        [40.2, 116.5],
      ],
    });
    expect(openingView([], undefined, [], centre)).toEqual({ centre });
    expect(openingView([site('c', 0, 0)], undefined, undefined, centre)).toEqual({ centre });
  });
});
