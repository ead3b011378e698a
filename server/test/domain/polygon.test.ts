import { describe, expect, it } from 'vitest';
import { crossingEdges, MAX_POLYGON_POINTS, normalizePolygon } from '../../src/domain/polygon.js';

const square = [
  { lon: 116.3, lat: 39.9 },
  { lon: 116.31, lat: 39.9 },
  { lon: 116.31, lat: 39.91 },
  { lon: 116.3, lat: 39.91 },
];
const pairs = square.map((p) => [p.lon, p.lat]);
const fail = (input: unknown) => {
  const r = normalizePolygon(input, 'gpsRail');
  return r.ok ? null : r.message;
};

describe('polygon rules', () => {
  it('closes an open ring, keeps a closed one closed, drops repeated neighbours', () => {
    const open = normalizePolygon(square);
    const closed = normalizePolygon([...square, square[0]]);
    const repeated = normalizePolygon([square[0], square[0], square[1], square[2], square[2], square[3]]);
    for (const r of [open, closed, repeated]) {
      expect(r.ok).toBe(true);
      if (r.ok) expect(r.ring).toEqual([...square, square[0]]);
    }
  });

  it('takes a GeoJSON Polygon, a Feature holding one and polygon coordinates', () => {
    const ring = [...pairs, pairs[0]];
    expect(normalizePolygon({ type: 'Polygon', coordinates: [ring] }).ok).toBe(true);
    expect(normalizePolygon({ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [ring] } }).ok).toBe(true);
    expect(normalizePolygon({ type: 'MultiPolygon', coordinates: [[ring]] }).ok).toBe(true);
    expect(normalizePolygon([ring]).ok).toBe(true);
  });

  it('refuses holes and several polygons', () => {
    const hole = [
      [116.302, 39.902],
      [116.304, 39.902],
      [116.304, 39.904],
      [116.302, 39.902],
    ];
    expect(fail({ type: 'Polygon', coordinates: [pairs, hole] })).toBe('gpsRail 不支持带洞的多边形（只能有一个外环）');
    expect(fail([pairs, hole])).toContain('不支持带洞的多边形');
    expect(fail({ type: 'MultiPolygon', coordinates: [[pairs], [pairs]] })).toBe('gpsRail 只能是一个多边形，本次 2 个');
    expect(fail({ type: 'LineString', coordinates: pairs })).toContain('GeoJSON 多边形');
  });

  it('refuses fewer than 3 distinct points, a line, NaN, null, out-of-range coordinates', () => {
    expect(fail(square.slice(0, 2))).toBe('gpsRail 至少需要 3 个不同的点');
    expect(fail([square[0], square[1], square[0]])).toBe('gpsRail 至少需要 3 个不同的点');
    expect(
      fail([
        { lon: 1, lat: 1 },
        { lon: 2, lat: 2 },
        { lon: 3, lat: 3 },
      ]),
    ).toContain('直线');
    expect(fail([{ lon: 'NaN', lat: 39.9 }, ...square])).toBe('gpsRail 第 1 个点缺少经度或纬度（须为有限数字）');
    expect(fail([...square, { lon: null, lat: null }])).toContain('第 5 个点缺少经度或纬度');
    expect(fail([[Infinity, 1], ...pairs])).toContain('第 1 个点缺少经度或纬度');
    expect(fail([...square.slice(0, 2), { lon: 116.3, lat: 91 }])).toContain('第 3 个点坐标超出范围');
    expect(fail([[-181, 0], ...pairs])).toContain('第 1 个点坐标超出范围');
  });

  it('refuses a bow tie, a ring touching itself and an edge folding back, naming the edges', () => {
    const bowTie = [square[0], square[1], square[3], square[2]];
    expect(fail(bowTie)).toBe('gpsRail 围栏边线不能相交（第 2 条边与第 4 条边）');
    // a vertex lying on a non-neighbouring edge
    const touching = [
      { lon: 0, lat: 0 },
      { lon: 4, lat: 0 },
      { lon: 4, lat: 4 },
      { lon: 2, lat: 0 },
      { lon: 0, lat: 4 },
    ];
    expect(fail(touching)).toContain('围栏边线不能相交');
    // a spike: the third point goes back along the second edge
    const spike = [
      { lon: 0, lat: 0 },
      { lon: 4, lat: 0 },
      { lon: 4, lat: 4 },
      { lon: 4, lat: 2 },
      { lon: 0, lat: 4 },
    ];
    expect(fail(spike)).toContain('围栏边线不能相交');
    expect(crossingEdges(square)).toBeNull();
  });

  it('accepts a concave ring and a 2,000-point circle; refuses 2,001 and 100,000 points at once', () => {
    const concave = [
      { lon: 0, lat: 0 },
      { lon: 4, lat: 0 },
      { lon: 4, lat: 4 },
      { lon: 2, lat: 1 },
      { lon: 0, lat: 4 },
    ];
    expect(normalizePolygon(concave).ok).toBe(true);
    const circle = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ lon: 116.3 + 0.01 * Math.cos((2 * Math.PI * i) / n), lat: 39.9 + 0.01 * Math.sin((2 * Math.PI * i) / n) }));
    const t0 = performance.now();
    expect(normalizePolygon(circle(MAX_POLYGON_POINTS)).ok).toBe(true);
    expect(fail(circle(MAX_POLYGON_POINTS + 1))).toBe('gpsRail 最多 2000 个点，本次 2001 个');
    expect(fail(circle(100_000))).toBe('gpsRail 最多 2000 个点，本次 100000 个');
    expect(performance.now() - t0).toBeLessThan(5000);
  });
});
