/** Issue 32 point 5, pure: zone files from elsewhere (names, MDS, GBFS, holes, China), the import plan and an RFC 7946 export. */
import { describe, expect, it } from 'vitest';
import { toFeatureCollection, zoneShape } from './geoExport';
import { parseGeoJson } from './geojson';
import { farText } from './geoNear';
import { planImport } from './importPlan';
import { type Pos, feature, poly, square } from './testShapes';

const cw = (r: Pos[]) => [...r].reverse();
const fc = (...features: unknown[]) => ({ type: 'FeatureCollection', features });
/** twice the signed area: positive counter-clockwise */
const signed = (r: number[][]) => r.slice(0, -1).reduce((a, p, i) => a + p[0] * r[i + 1][1] - r[i + 1][0] * p[1], 0);
const HAIDIAN = { name: '海淀区', points: square(116.3, 39.98, 0.05).map(([lon, lat]) => ({ lon, lat })) };

describe('names from the usual properties', () => {
  it('reads NAME, title, zone_name, 名称, name:zh before name, GBFS 3.0 localized names (Chinese first); 要素 N only without any', () => {
    const r = parseGeoJson(
      fc(
        feature(poly(square(116.3, 39.98)), { NAME: '中关村' }),
        feature(poly(square(116.31, 39.98)), { title: '五道口' }),
        feature(poly(square(116.32, 39.98)), { zone_name: '西二旗' }),
        feature(poly(square(116.33, 39.98)), { 名称: '上地' }),
        feature(poly(square(116.34, 39.98)), { name: 'Xierqi', 'name:zh': '西二旗东' }),
        feature(poly(square(116.35, 39.98)), {
          name: [
            { text: 'Summer Palace', language: 'en' },
            { text: '颐和园', language: 'zh-CN' },
          ],
        }),
        feature(poly(square(116.36, 39.98)), { name: [{ text: 'Old Summer Palace', language: 'en' }] }),
        feature(poly(square(116.37, 39.98)), { name: '  ', id: 3 }),
      ),
      'gcj02',
    );
    expect(r.problems).toEqual([]);
    expect(r.polygons.map((p) => p.name)).toEqual(['中关村', '五道口', '西二旗', '上地', '西二旗东', '颐和园', 'Old Summer Palace', '要素 8']);
  });
});

describe('MDS Geography and GBFS geofencing_zones', () => {
  it('reads an MDS Geography document: each geography_json, named by the geography where its features are not', () => {
    const doc = {
      version: '2.0.0',
      geographies: [
        { geography_id: 'a', name: '中关村禁停区', published_date: 0, geography_json: fc(feature(poly(square(116.3, 39.98)))) },
        { geography_id: 'b', name: '大学城', geography_json: fc(feature(poly(square(116.31, 39.98)), { name: '东门' }), feature(poly(square(116.32, 39.98)))) },
      ],
    };
    const r = parseGeoJson(JSON.stringify(doc), 'gcj02');
    expect(r.fatal).toBeNull();
    expect(r.polygons.map((p) => p.name)).toEqual(['中关村禁停区', '东门', '大学城']);
    // MDS 1.x wraps it in data; one geography alone too
    expect(parseGeoJson(JSON.stringify({ data: { geographies: doc.geographies } }), 'gcj02').polygons).toHaveLength(3);
    expect(parseGeoJson(JSON.stringify({ geography: doc.geographies[0] }), 'gcj02').polygons.map((p) => p.name)).toEqual(['中关村禁停区']);
    expect(parseGeoJson(JSON.stringify({ geographies: [{ name: 'x' }] }), 'gcj02').fatal).toBe('MDS Geography 第 1 个 geography 缺少 geography_json');
  });

  it('reads GBFS geofencing_zones, 2.3 (string names) and 3.0 (localized), MultiPolygons in parts', () => {
    const v23 = {
      last_updated: 1700000000,
      ttl: 60,
      version: '2.3',
      data: {
        geofencing_zones: fc(feature({ type: 'MultiPolygon', coordinates: [[square(116.3, 39.98)], [square(116.31, 39.98)]] }, { name: '禁停', rules: [] })),
      },
    };
    expect(parseGeoJson(JSON.stringify(v23), 'wgs84').polygons.map((p) => p.name)).toEqual(['禁停', '禁停#2']);
    const v30 = {
      ...v23,
      version: '3.0',
      data: {
        geofencing_zones: fc(
          feature({ type: 'MultiPolygon', coordinates: [[square(116.3, 39.98)]] }, { name: [{ text: '禁停区', language: 'zh' }], rules: [] }),
        ),
        global_rules: [],
      },
    };
    expect(parseGeoJson(JSON.stringify(v30), 'wgs84').polygons.map((p) => p.name)).toEqual(['禁停区']);
  });
});

describe('holes and China', () => {
  it('keeps a hole (open, GCJ-02) and refuses a shape outside China', () => {
    const r = parseGeoJson(
      fc(feature(poly(square(116.3, 39.98, 0.01), cw(square(116.303, 39.983))), { name: '公园' }), feature(poly(square(-3.71, 40.41)), { name: 'Madrid' })),
      'gcj02',
    );
    expect(r.polygons.map((p) => [p.name, p.holes.length])).toEqual([['公园', 1]]);
    expect(r.polygons[0].holes[0]).toEqual(
      cw(square(116.303, 39.983))
        .slice(0, 4)
        .map(([lon, lat]) => ({ lon, lat })),
    );
    expect(r.problems.map((p) => p.message)).toEqual(['第 2 个要素：在中国境外（经度 -3.71，纬度 40.41），不能保存']);
  });

  it('exports the hole back: RFC 7946 right-hand rule (exterior counter-clockwise, hole clockwise), WGS-84, nothing but type and features', () => {
    // stored the wrong way round on purpose: a clockwise fence, a counter-clockwise hole
    const fence = cw(square(116.3, 39.98, 0.01)).map(([lon, lat]) => ({ lon, lat }));
    const hole = square(116.303, 39.983).map(([lon, lat]) => ({ lon, lat }));
    const z = { id: 1, alias: '公园', serial: null, type: 1, areaId: '110108', areaName: '海淀区', enabled: true, fence, holes: [hole] };
    const out = toFeatureCollection([zoneShape(z)], 'wgs84');
    expect(Object.keys(out)).toEqual(['type', 'features']);
    const [ext, inner] = out.features[0].geometry.coordinates;
    expect(out.features[0].geometry.coordinates).toHaveLength(2);
    expect(signed(ext)).toBeGreaterThan(0);
    expect(signed(inner)).toBeLessThan(0);
    expect(ext[0]).toEqual(ext[ext.length - 1]);
    // WGS-84: about 600 m south-west of the stored GCJ-02 in Beijing
    expect(Math.min(...ext.map((p) => p[0]))).toBeLessThan(116.3 - 0.004);
    const back = parseGeoJson(JSON.stringify(out), 'wgs84');
    expect(back.problems).toEqual([]);
    expect(back.polygons[0].holes).toHaveLength(1);
    back.polygons[0].holes[0].forEach((q) => expect(hole.some((p) => Math.abs(p.lon - q.lon) < 1e-5 && Math.abs(p.lat - q.lat) < 1e-5)).toBe(true));
  });
});

describe('the import plan: what 保存 N 个 saves', () => {
  const read = (...features: unknown[]) => parseGeoJson(fc(...features), 'gcj02').polygons;

  it('a polygon far from the area waits for a confirmation naming its distance', () => {
    const polygons = read(feature(poly(square(116.31, 39.99)), { name: '近' }), feature(poly(square(121.49, 31.24)), { name: '外滩' }));
    const plan = planImport(polygons, { near: HAIDIAN, holes: true, limit: null, farConfirmed: false });
    expect(plan.save.map((p) => p.name)).toEqual(['近']);
    expect(plan.far).toHaveLength(1);
    expect(plan.far[0].km).toBeGreaterThan(1000);
    expect(plan.far[0].km).toBeLessThan(1100);
    expect(plan.skipped.map((s) => s.reason)).toEqual([`${farText(plan.far[0].km, '海淀区')}，不在所选区域：确认后才保存`]);
    expect(plan.skipped[0].reason).toMatch(/^距海淀区约 1,0\d\d 公里，/);
    const confirmed = planImport(polygons, { near: HAIDIAN, holes: true, limit: null, farConfirmed: true });
    expect(confirmed.save.map((p) => p.name)).toEqual(['近', '外滩']);
    // within 10 km of the area: no question; no area known: no question either
    expect(planImport(read(feature(poly(square(116.4, 39.98)))), { near: HAIDIAN, holes: true, limit: null, farConfirmed: false }).far).toEqual([]);
    expect(planImport(polygons, { near: null, holes: true, limit: null, farConfirmed: false }).save).toHaveLength(2);
  });

  it('an operating fence saves one (the rest listed), and a fence never takes a hole', () => {
    const six = read(...Array.from({ length: 6 }, (_, k) => feature(poly(square(116.3 + k * 0.002, 39.98)), { name: `块${k + 1}` })));
    const plan = planImport(six, { near: HAIDIAN, holes: false, limit: { count: 1, reason: '只有一个' }, farConfirmed: false });
    expect(plan.save.map((p) => p.name)).toEqual(['块1']);
    expect(plan.skipped.map((s) => [s.polygon.name, s.reason])).toEqual(['块2', '块3', '块4', '块5', '块6'].map((n) => [n, '只有一个']));
    const holed = read(feature(poly(square(116.3, 39.98, 0.01), square(116.303, 39.983)), { name: '带洞' }));
    const fence = planImport(holed, { near: HAIDIAN, holes: false, limit: null, farConfirmed: false });
    expect(fence.save).toEqual([]);
    expect(fence.skipped[0].reason).toBe('有 1 个内洞：围栏不能带洞（禁停区可以），不会保存');
  });

  it('writes the distance as 「距海淀区约 1,180 公里」', () => expect(farText(1180, '海淀区')).toBe('距海淀区约 1,180 公里'));
});
