import gcoord from 'gcoord';
import { describe, expect, it } from 'vitest';
import { zoneShape, geoJsonText, toFeatureCollection } from './geoExport';
import { MAX_FEATURES, MAX_FILE_VERTICES, parseGeoJson } from './geojson';
import { type Pos, feature, poly, square } from './testShapes';

const fc = (...features: unknown[]) => JSON.stringify({ type: 'FeatureCollection', features });
/** a regular polygon of n points around a centre, closed */
const circle = (lon: number, lat: number, n: number, r = 0.002): Pos[] => {
  const pts = Array.from({ length: n }, (_, i) => [lon + r * Math.cos((2 * Math.PI * i) / n), lat + r * Math.sin((2 * Math.PI * i) / n)] as Pos);
  return [...pts, pts[0]];
};

describe('parseGeoJson', () => {
  it('reads a FeatureCollection: names from name / alias / 名称 or 要素 N, closing point dropped, GCJ-02 kept as is', () => {
    const r = parseGeoJson(
      fc(
        feature(poly(square(116.3, 39.98)), { name: '中关村' }),
        feature(poly(square(116.31, 39.98)), { alias: '五道口', serial: 'JT-9' }),
        feature(poly(square(116.32, 39.98)), { 名称: '西二旗' }),
        feature(poly(square(116.33, 39.98)), null),
      ),
      'gcj02',
    );
    expect(r.fatal).toBeNull();
    expect(r.problems).toEqual([]);
    expect(r.polygons.map((p) => p.name)).toEqual(['中关村', '五道口', '西二旗', '要素 4']);
    expect(r.polygons[1].serial).toBe('JT-9');
    expect(r.polygons[0].ring).toEqual(
      square(116.3, 39.98)
        .slice(0, 4)
        .map(([lon, lat]) => ({ lon, lat })),
    );
  });

  it('reads a bare Polygon, a Feature and a MultiPolygon (one polygon per part: name, name#2, …); an open ring is accepted', () => {
    expect(parseGeoJson(poly(square(116.3, 39.98)), 'gcj02').polygons).toHaveLength(1);
    const open = square(116.3, 39.98).slice(0, 4);
    expect(parseGeoJson(JSON.stringify(feature(poly(open))), 'gcj02').polygons[0].ring).toHaveLength(4);
    const multi = feature({ type: 'MultiPolygon', coordinates: [[square(116.3, 39.98)], [square(116.31, 39.98)], [square(116.32, 39.98)]] }, { name: '三块' });
    const r = parseGeoJson(fc(multi), 'gcj02');
    expect(r.polygons.map((p) => [p.name, p.feature, p.part])).toEqual([
      ['三块', 1, 1],
      ['三块#2', 1, 2],
      ['三块#3', 1, 3],
    ]);
  });

  it('takes numeric strings as the server does (server/src/domain/polygon.ts)', () => {
    const r = parseGeoJson(
      poly([
        [116.3, 39.98],
        ['116.31', '39.98'],
        [116.31, 39.99],
      ]),
      'gcj02',
    );
    expect(r.problems).toEqual([]);
    expect(r.polygons[0].ring[1]).toEqual({ lon: 116.31, lat: 39.98 });
  });

  it('converts WGS-84 to GCJ-02 with gcoord (about 600 m in Beijing), to 7 decimals', () => {
    const r = parseGeoJson(fc(feature(poly(square(116.3, 39.98)))), 'wgs84');
    const [lon, lat] = gcoord.transform([116.3, 39.98], gcoord.WGS84, gcoord.GCJ02);
    expect(r.polygons[0].ring[0].lon).toBeCloseTo(lon, 7);
    expect(r.polygons[0].ring[0].lat).toBeCloseTo(lat, 7);
    expect(lon - 116.3).toBeGreaterThan(0.005);
  });

  it('gives one Chinese error per bad feature, naming it, and keeps the good ones', () => {
    // edges 1 and 3 cross (not symmetric: the ring still has an area)
    const bow: Pos[] = [
      [116.3, 39.98],
      [116.32, 39.99],
      [116.32, 39.98],
      [116.3, 39.995],
      [116.3, 39.98],
    ];
    const many = circle(116.3, 39.98, 2001);
    const r = parseGeoJson(
      fc(
        feature(poly(square(116.3, 39.98)), { name: '好的' }),
        feature({ type: 'Point', coordinates: [116.3, 39.98] }, { name: '点' }),
        feature(poly(square(216.3, 39.98)), { name: '越界' }),
        feature(
          poly([
            [116.3, 39.98],
            [116.31, 39.98],
            [116.3, 39.98],
          ]),
          { name: '两点' },
        ),
        feature({ type: 'Polygon', coordinates: [square(116.3, 39.98, 0.01), square(116.5, 39.982)] }, { name: '洞在外' }),
        feature(poly(bow), { name: '八字' }),
        feature(poly(many), { name: '太多' }),
        feature(
          poly([
            [116.3, 39.98],
            ['abc', 39.98],
            [116.31, 39.99],
          ]),
          { name: '字符串' },
        ),
        feature(
          poly([
            [116.3, 39.98],
            [null, 39.98],
            [116.31, 39.99],
          ]),
        ),
        feature(
          poly([
            [116.3, 39.98],
            [116.301, 39.981],
            [116.302, 39.982],
            [116.3, 39.98],
          ]),
          { name: '一条线' },
        ),
        feature(null, { name: '空' }),
        feature({ type: 'Polygon', coordinates: 'x' }, { name: '乱' }),
        feature(poly(square(116.33, 39.98)), { name: '也好' }),
      ),
      'gcj02',
    );
    expect(r.fatal).toBeNull();
    expect(r.polygons.map((p) => p.name)).toEqual(['好的', '也好']);
    expect(r.problems.map((p) => p.feature)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const msg = (n: number) => r.problems.find((p) => p.feature === n)!.message;
    expect(msg(2)).toBe('第 2 个要素：不是多边形（Point）');
    expect(msg(3)).toBe('第 3 个要素：多边形第 1 个点坐标超出范围（经度 -180~180，纬度 -90~90）');
    expect(msg(4)).toBe('第 4 个要素：多边形至少需要 3 个不同的点');
    expect(msg(5)).toBe('第 5 个要素：多边形第 1 个内洞的第 1 个点不在外环之内');
    expect(msg(6)).toMatch(/^第 6 个要素：多边形围栏边线不能相交（第 1 条边与第 3 条边）/);
    expect(msg(7)).toBe('第 7 个要素：多边形最多 2000 个点，本次 2002 个');
    expect(msg(8)).toBe('第 8 个要素：多边形第 2 个点缺少经度或纬度（须为有限数字）');
    expect(msg(9)).toBe('第 9 个要素：多边形第 2 个点缺少经度或纬度（须为有限数字）');
    expect(msg(10)).toBe('第 10 个要素：多边形的点不能在一条直线上');
    expect(msg(11)).toBe('第 11 个要素：不是多边形（空）');
    expect(msg(12)).toBe('第 12 个要素：多边形应为坐标点数组');
    expect(r.problems[0].name).toBe('点');
  });

  it('names the bad part of a MultiPolygon', () => {
    const multi = feature(
      {
        type: 'MultiPolygon',
        coordinates: [
          [square(116.3, 39.98)],
          [
            [
              [116.3, 39.98],
              [116.3, 39.98],
            ],
          ],
        ],
      },
      { name: 'M' },
    );
    const r = parseGeoJson(fc(multi), 'gcj02');
    expect(r.polygons.map((p) => p.name)).toEqual(['M']);
    expect(r.problems).toEqual([{ feature: 1, name: 'M#2', message: '第 1 个要素（第 2 块）：多边形至少需要 3 个不同的点' }]);
  });

  it('never throws on garbage: a whole-file error instead', () => {
    const garbage: unknown[] = [
      '',
      '   ',
      '{',
      'null',
      '[]',
      '42',
      '"text"',
      '{"type":"Point","coordinates":[1,2]}',
      '{"type":"FeatureCollection"}',
      '{"type":"FeatureCollection","features":[]}',
      '{"type":"GeometryCollection","geometries":[]}',
      undefined,
      NaN,
      { type: 'Feature' },
      { type: 'FeatureCollection', features: [null, 1, 'x', [], { type: 'Feature', geometry: { type: 'MultiPolygon', coordinates: [1, null, [[NaN]]] } }] },
      {
        type: 'Polygon',
        coordinates: [
          [
            [NaN, 1],
            [Infinity, 2],
            [3, 4],
          ],
        ],
      },
    ];
    for (const g of garbage) {
      const r = parseGeoJson(g, 'wgs84');
      expect(r.polygons).toEqual([]);
      expect(r.fatal || r.problems.length).toBeTruthy();
    }
    expect(parseGeoJson('{', 'gcj02').fatal).toBe('不是有效的 JSON：请检查文件内容');
    expect(parseGeoJson('{"type":"Point","coordinates":[1,2]}', 'gcj02').fatal).toMatch(/不支持的 GeoJSON 类型 Point/);
  });

  it(`refuses more than ${MAX_FEATURES} features or ${MAX_FILE_VERTICES} vertices per file`, () => {
    const tooMany = fc(...Array.from({ length: MAX_FEATURES + 1 }, (_, i) => feature(poly(square(116 + i * 0.002, 39.98)))));
    expect(parseGeoJson(tooMany, 'gcj02').fatal).toBe('要素过多：每个文件最多 300 个，本文件 301 个，请拆分后导入');
    const heavy = fc(...Array.from({ length: 3 }, (_, i) => feature(poly(circle(116.3 + i * 0.01, 39.98, 1667)))));
    expect(parseGeoJson(heavy, 'gcj02').fatal).toBe('顶点过多：每个文件最多 5,000 个，本文件 5,004 个，请拆分或简化后导入');
  });

  it('parses 300 features with 5,000 vertices in WGS-84 well under 200 ms', () => {
    // 299 features of 16 points + one of 216 (each closed: +1 position) = 5,000 positions
    const features = Array.from({ length: 300 }, (_, i) =>
      feature(poly(circle(116.2 + (i % 20) * 0.01, 39.9 + Math.floor(i / 20) * 0.01, i === 0 ? 215 : 15)), { name: `区${i + 1}` }),
    );
    const text = fc(...features);
    parseGeoJson(text, 'wgs84'); // warm up
    // the best of three: the test machine is shared (typically 10-40 ms there)
    let ms = Infinity;
    let r = parseGeoJson('', 'wgs84');
    for (let k = 0; k < 3; k++) {
      const t0 = performance.now();
      r = parseGeoJson(text, 'wgs84');
      ms = Math.min(ms, performance.now() - t0);
    }
    expect(r.fatal).toBeNull();
    expect(r.problems).toEqual([]);
    expect(r.polygons).toHaveLength(300);
    expect(r.polygons.reduce((t, p) => t + p.ring.length, 0)).toBe(5000 - 300);
    expect(ms).toBeLessThan(200);
  });
});

describe('export', () => {
  const zones = [
    {
      id: 1,
      alias: '中关村禁停区',
      serial: 'JT-01',
      type: 1,
      areaId: '110108',
      areaName: '海淀区',
      enabled: true,
      fence: square(116.31, 39.99).map(([lon, lat]) => ({ lon, lat })),
    },
    {
      id: 2,
      alias: '五道口围栏',
      serial: null,
      type: 0,
      areaId: '110108',
      areaName: '海淀区',
      enabled: false,
      fence: circle(116.33, 39.99, 40)
        .slice(0, 40)
        .map(([lon, lat]) => ({ lon, lat })),
    },
  ];

  it('writes closed polygons with the zone properties; GCJ-02 round trip gives the same rings', () => {
    const out = toFeatureCollection(zones.map(zoneShape), 'gcj02');
    expect(Object.keys(out)).toEqual(['type', 'features']);
    expect(out.features[0].properties).toMatchObject({ name: '中关村禁停区', serial: 'JT-01', type: 1, areaName: '海淀区', enabled: true });
    const ring0 = out.features[0].geometry.coordinates[0];
    expect(ring0).toHaveLength(5);
    expect(ring0[4]).toEqual(ring0[0]);
    const back = parseGeoJson(geoJsonText(out), 'gcj02');
    expect(back.problems).toEqual([]);
    expect(back.polygons.map((p) => p.name)).toEqual(['中关村禁停区', '五道口围栏']);
    back.polygons.forEach((p, i) => {
      const want = zones[i].fence.slice(0, zones[i].fence.length - (i === 0 ? 1 : 0));
      expect(p.ring).toHaveLength(want.length);
      p.ring.forEach((q, k) => {
        expect(Math.abs(q.lon - want[k].lon)).toBeLessThan(1e-6);
        expect(Math.abs(q.lat - want[k].lat)).toBeLessThan(1e-6);
      });
    });
  });

  it('WGS-84 export then WGS-84 import comes back within about a metre', () => {
    const out = toFeatureCollection(zones.map(zoneShape), 'wgs84');
    expect(Object.keys(out)).toEqual(['type', 'features']);
    // WGS-84 lies about 600 m south-west of GCJ-02 in Beijing
    expect(out.features[0].geometry.coordinates[0][0][0]).toBeLessThan(116.31 - 0.005);
    const back = parseGeoJson(geoJsonText(out), 'wgs84');
    expect(back.problems).toEqual([]);
    back.polygons.forEach((p, i) => {
      const want = zones[i].fence;
      p.ring.forEach((q, k) => {
        expect(Math.abs(q.lon - want[k].lon)).toBeLessThan(1e-5);
        expect(Math.abs(q.lat - want[k].lat)).toBeLessThan(1e-5);
      });
    });
  });
});
