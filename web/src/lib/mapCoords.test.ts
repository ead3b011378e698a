/** GCJ-02 ↔ WGS-84 against pairs published with the common implementations, and the round trip within a metre. */
import { describe, expect, it } from 'vitest';
import { distanceKm } from './distance';
import { gcj02ToWgs84, wgs84ToGcj02 } from './mapCoords';

/** Published pairs: googollee/eviltransform's tests (Shanghai, Shenzhen, Beijing) and wandergis/coordtransform's README example. */
const PAIRS = [
  { name: 'Shanghai (eviltransform)', wgs: { lon: 121.5272106, lat: 31.1774276 }, gcj: { lon: 121.531541859215, lat: 31.17530398364597 } },
  { name: 'Shenzhen (eviltransform)', wgs: { lon: 113.912316, lat: 22.543847 }, gcj: { lon: 113.9171764808363, lat: 22.540796131694766 } },
  { name: 'Beijing (eviltransform)', wgs: { lon: 116.377817, lat: 39.911954 }, gcj: { lon: 116.38404722455657, lat: 39.91334545536069 } },
  { name: 'Beijing (coordtransform)', wgs: { lon: 116.404, lat: 39.915 }, gcj: { lon: 116.41024449916938, lat: 39.91640428150164 } },
];
const metres = (a: { lon: number; lat: number }, b: { lon: number; lat: number }) => distanceKm(a, b) * 1000;

describe('WGS-84 → GCJ-02', () => {
  for (const p of PAIRS) {
    it(`${p.name}: within 1 cm of the published value`, () => {
      expect(metres(wgs84ToGcj02(p.wgs), p.gcj)).toBeLessThan(0.01);
    });
  }
});

describe('GCJ-02 → WGS-84 (what a 天地图 map draws a stored site at)', () => {
  for (const p of PAIRS) {
    it(`${p.name}: within a metre of the published WGS-84 point (the offset is ~300-600 m)`, () => {
      expect(metres(p.gcj, p.wgs)).toBeGreaterThan(200);
      expect(metres(gcj02ToWgs84(p.gcj), p.wgs)).toBeLessThan(1);
    });
  }

  it('round trip GCJ-02 → WGS-84 → GCJ-02 within a metre across China', () => {
    let worst = 0;
    for (let lon = 74; lon <= 134; lon += 3) {
      for (let lat = 18; lat <= 53; lat += 2.5) {
        const g = { lon, lat };
        worst = Math.max(worst, metres(wgs84ToGcj02(gcj02ToWgs84(g)), g));
      }
    }
    expect(worst).toBeLessThan(1);
  });

  it('outside China both systems are the same', () => {
    expect(gcj02ToWgs84({ lon: 2.35, lat: 48.85 })).toEqual({ lon: 2.35, lat: 48.85 });
  });
});
