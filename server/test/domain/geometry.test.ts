import { describe, expect, it } from 'vitest';
import { distanceM, pointInRing } from '../../src/domain/geometry.js';
import { normalizePolygon } from '../../src/domain/polygon.js';

const square = [
  { lon: 116.3, lat: 39.9 },
  { lon: 116.31, lat: 39.9 },
  { lon: 116.31, lat: 39.91 },
  { lon: 116.3, lat: 39.91 },
];

describe('normalizePolygon', () => {
  it('closes an open ring and keeps the points', () => {
    const r = normalizePolygon(square);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.ring).toHaveLength(5);
      expect(r.ring[4]).toEqual(r.ring[0]);
    }
  });
  it('accepts lng/lat objects, [lon,lat] pairs and JSON text', () => {
    expect(normalizePolygon(square.map((p) => ({ lng: p.lon, lat: p.lat }))).ok).toBe(true);
    expect(normalizePolygon(square.map((p) => [p.lon, p.lat])).ok).toBe(true);
    expect(normalizePolygon(JSON.stringify(square)).ok).toBe(true);
  });
  it('rejects too few points, collinear points, bad and out-of-range coordinates', () => {
    expect(normalizePolygon(square.slice(0, 2))).toEqual({ ok: false, message: 'gpsRail 至少需要 3 个不同的点' });
    expect(
      normalizePolygon([
        { lon: 1, lat: 1 },
        { lon: 2, lat: 2 },
        { lon: 3, lat: 3 },
      ]),
    ).toMatchObject({ ok: false, message: expect.stringContaining('直线') });
    expect(normalizePolygon([{ lon: 200, lat: 1 }, ...square])).toMatchObject({ ok: false, message: expect.stringContaining('第 1 个点坐标超出范围') });
    expect(normalizePolygon([{ lat: 1 }, ...square], 'fence')).toMatchObject({ ok: false, message: expect.stringContaining('fence 第 1 个点缺少经度或纬度') });
    expect(normalizePolygon('not json')).toMatchObject({ ok: false });
    expect(normalizePolygon({ lon: 1 })).toMatchObject({ ok: false, message: 'gpsRail 应为坐标点数组或 GeoJSON 多边形' });
  });
});

describe('pointInRing and distance', () => {
  it('finds points inside and outside', () => {
    expect(pointInRing(116.305, 39.905, square)).toBe(true);
    expect(pointInRing(116.32, 39.905, square)).toBe(false);
  });
  it('measures distance with earth radius 6378.137 km', () => {
    // one degree of latitude: 2πR/360
    expect(distanceM(116, 39, 116, 40)).toBeCloseTo((2 * Math.PI * 6378137) / 360, 3);
    expect(distanceM(116.3, 39.9, 116.3, 39.9)).toBe(0);
  });
});
