import { describe, expect, it } from 'vitest';
import { distanceM, pointInRing } from '../../src/domain/geometry.js';
import type { LonLat } from '../../src/domain/polygon.js';
import { SiteIndex, type SiteShape } from '../../src/domain/siteIndex.js';

/** mulberry32 */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What find must answer, by testing every site. */
function bruteForce(sites: SiteShape[], lon: number, lat: number): string | null {
  let best: SiteShape | null = null;
  let bestD = Infinity;
  for (const s of sites) {
    const d = distanceM(lon, lat, s.lon, s.lat);
    const inside = s.gpsRail && s.gpsRail.length >= 3 ? pointInRing(lon, lat, s.gpsRail) : d <= s.length;
    if (inside && d < bestD) [best, bestD] = [s, d];
  }
  return best?.id ?? null;
}

const square = (lon: number, lat: number, half: number): LonLat[] => [
  { lon: lon - half, lat: lat - half },
  { lon: lon + half, lat: lat - half },
  { lon: lon + half, lat: lat + half },
  { lon: lon - half, lat: lat + half },
];

describe('SiteIndex', () => {
  it('answers like a test of every site: circles, fences, overlaps, sites across cell edges and very large fences', () => {
    const r = rng(42);
    const sites: SiteShape[] = [];
    for (let i = 0; i < 3000; i++) {
      const lon = 116.2 + r() * 0.1;
      const lat = 39.9 + r() * 0.1;
      const fenced = r() < 0.3;
      sites.push({ id: `S${i}`, areaId: '110108', lon, lat, gpsRail: fenced ? square(lon, lat, 0.0001 + r() * 0.0005) : null, length: 10 + r() * 60 });
    }
    // a fence spanning many grid cells, and one straddling a cell corner
    sites.push({ id: 'WIDE', areaId: '110108', lon: 116.25, lat: 39.95, gpsRail: square(116.25, 39.95, 0.03), length: 0 });
    sites.push({ id: 'EDGE', areaId: '110108', lon: 116.25, lat: 39.96, gpsRail: null, length: 80 });
    const index = new SiteIndex(sites);
    let hits = 0;
    for (let k = 0; k < 20000; k++) {
      // half the points near a site's centre, half anywhere
      const s = sites[Math.floor(r() * sites.length)];
      const [lon, lat] = k % 2 ? [s.lon + (r() - 0.5) * 0.001, s.lat + (r() - 0.5) * 0.001] : [116.19 + r() * 0.12, 39.89 + r() * 0.12];
      const want = bruteForce(sites, lon, lat);
      if (want) hits++;
      expect(index.find(lon, lat)?.id ?? null).toBe(want);
    }
    expect(hits).toBeGreaterThan(5000);
  });

  it('finds nothing in an empty index, and the nearest centre of two overlapping sites', () => {
    expect(new SiteIndex([]).find(116.3, 39.98)).toBeNull();
    const index = new SiteIndex([
      { id: 'A', areaId: 'x', lon: 116.3, lat: 39.98, gpsRail: null, length: 50 },
      { id: 'B', areaId: 'x', lon: 116.3004, lat: 39.98, gpsRail: null, length: 50 },
    ]);
    expect(index.find(116.3001, 39.98)?.id).toBe('A');
    expect(index.find(116.3003, 39.98)?.id).toBe('B');
    expect(index.find(116.31, 39.98)).toBeNull();
  });
});
