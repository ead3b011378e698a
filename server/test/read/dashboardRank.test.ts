/** The in-memory ranking of the map's sites (hot.ts) against a plain sort, on random sites. */
import { describe, expect, it } from 'vitest';
import { MapCache, newer, type Versions } from '../../src/modules/dashboard/home/hot.js';
import type { Database } from '../../src/db/client.js';

function sites(n: number, seed: number) {
  let x = seed;
  const rnd = () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: n }, (_, i) => ({
    siteId: `S${String(i).padStart(5, '0')}`,
    siteName: `站点${i}`,
    // a coarse grid makes equal distances (ties) common
    siteLon: 116.3 + Math.floor(rnd() * 40) * 0.001,
    siteLat: 39.98 + Math.floor(rnd() * 40) * 0.001,
    flag: Math.floor(rnd() * 5),
    num: 0,
    bikeNum: 0,
    ebikeNum: 0,
    siteBikeCeiling: 10,
    capacity: 10,
    bleNum: 0,
    recycleSwitch: false,
    majorSwitch: false,
    gpsRail: null,
    length: 20,
  }));
}

/** The map of a query, parsed back from the cache's JSON. */
async function sitesOf(cache: MapCache, ...args: Parameters<MapCache['sitesJson']>) {
  const r = await cache.sitesJson(...args);
  return { map: JSON.parse(r.mapJson) as { siteId: string; num: number }[], counters: r.counters };
}

const fakeDb = (rows: unknown[]) => ({ query: async () => rows.map((r) => ({ ...(r as object) })) }) as unknown as Database;
const V: Versions = { snapshot: 's', sites: 'x' };

describe('MapCache ranking', () => {
  it('answers the k nearest (ties by site id) like a full sort, with and without a status filter', async () => {
    const rows = sites(3000, 7);
    const cache = new MapCache(fakeDb(rows));
    const c = { lon: 116.317, lat: 39.995 };
    const cos = Math.cos((c.lat * Math.PI) / 180);
    const d = (s: { siteLon: number; siteLat: number }) => ((s.siteLon - c.lon) * cos) ** 2 + (s.siteLat - c.lat) ** 2;
    for (const flag of [null, 3]) {
      const expected = rows
        .filter((s) => flag === null || s.flag === flag)
        .sort((a, b) => d(a) - d(b) || (a.siteId < b.siteId ? -1 : 1))
        .map((s) => s.siteId);
      for (const k of [1, 7, 50, 200, 1000, 5000]) {
        const got = await sitesOf(cache, 'a', ['110108'], V, { flag, limit: k, lon: c.lon, lat: c.lat });
        expect(got.map.map((s) => s.siteId)).toEqual(expected.slice(0, k));
      }
    }
  });

  it('counts states, centres on the sites’ average and reloads on a new snapshot only', async () => {
    let calls = 0;
    const rows = sites(10, 3);
    const db = { query: async () => (calls++, rows.map((r) => ({ ...r }))) } as unknown as Database;
    const cache = new MapCache(db);
    const a = await sitesOf(cache, 'a', ['110108'], V, { flag: null, limit: 0, lon: null, lat: null });
    expect(a.counters.total).toBe(10);
    expect(a.counters.empty + a.counters.normal + a.counters.full + a.counters.more + a.counters.less).toBe(10);
    expect(a.map.map((s) => s.siteId)).toEqual(rows.map((s) => s.siteId));
    await sitesOf(cache, 'a', ['110108'], V, { flag: 2, limit: 3, lon: null, lat: null });
    expect(calls).toBe(1);
    await sitesOf(cache, 'a', ['110108'], { ...V, snapshot: 't' }, { flag: null, limit: 3, lon: null, lat: null });
    expect(calls).toBe(2);
    const lon = rows.reduce((t, s) => t + s.siteLon, 0) / 10;
    const lat = rows.reduce((t, s) => t + s.siteLat, 0) / 10;
    const near = await sitesOf(cache, 'a', ['110108'], { ...V, snapshot: 't' }, { flag: null, limit: 10, lon, lat });
    const byDefault = await sitesOf(cache, 'a', ['110108'], { ...V, snapshot: 't' }, { flag: null, limit: 10, lon: null, lat: null });
    expect(byDefault.map.map((s) => s.siteId)).toEqual(near.map.map((s) => s.siteId));
  });
});

describe('mapSiteJson', () => {
  it('writes exactly the fields of the MapSite schema, typed as it types them', async () => {
    const { mapSiteJson } = await import('../../src/modules/dashboard/home/hot.js');
    const { MapSite } = await import('../../src/modules/dashboard/home/schemas.js');
    const { Value } = await import('typebox/value');
    const [a, b] = sites(2, 5);
    const rows = [
      { ...a, status: '正常', currentNum: 0, extra: 'not in the schema' },
      // numbers as PostgreSQL may hand them (strings), a fence
      {
        ...b,
        status: '满桩',
        currentNum: 3,
        num: '3',
        bikeNum: '2',
        gpsRail: [
          { lon: '116.3', lat: 39.9 },
          { lon: 116.31, lat: 39.9 },
          { lon: 116.31, lat: 39.91 },
        ],
      },
    ];
    for (const r of rows) {
      const parsed = JSON.parse(mapSiteJson(r as never));
      expect(Object.keys(parsed)).toEqual(Object.keys(MapSite.properties));
      expect(Value.Check(MapSite, parsed)).toBe(true);
    }
    expect(JSON.parse(mapSiteJson(rows[1] as never)).gpsRail[0]).toEqual({ lon: 116.3, lat: 39.9 });
  });
});

describe('MapCache across snapshots', () => {
  it('answers from the previous snapshot while the next loads, but waits for the new data after a site edit', async () => {
    let version = 0;
    let release: () => void = () => {};
    const db = {
      query: async () => {
        const n = ++version;
        if (n > 1) await new Promise<void>((r) => (release = r));
        return sites(3, n).map((r) => ({ ...r, num: n }));
      },
    } as unknown as Database;
    const cache = new MapCache(db);
    const q = { flag: null, limit: 0, lon: null, lat: null };
    const first = await sitesOf(cache, 'a', ['110108'], { snapshot: '', sites: 'x' }, q);
    expect(first.map[0].num).toBe(1);
    // a new snapshot: the old rows at once, while the load waits
    const stale = await sitesOf(cache, 'a', ['110108'], { snapshot: 's2', sites: 'x' }, q);
    expect(stale.map[0].num).toBe(1);
    release();
    await new Promise((r) => setTimeout(r, 10));
    expect((await sitesOf(cache, 'a', ['110108'], { snapshot: 's2', sites: 'x' }, q)).map[0].num).toBe(2);
    // the first snapshot ('' before it) replaces the entry made before it
    expect(newer('|x', '2024-03-01T00:00:00.000Z|x')).toBe(true);
    expect(newer('2024-03-01T00:00:00.000Z|x', '|x')).toBe(false);
    expect(newer('2024-03-01T00:00:00.000Z|x', '2024-03-01T00:00:00.000Z|y')).toBe(true);
    // a site edit: the answer waits for the new rows
    const edited = sitesOf(cache, 'a', ['110108'], { snapshot: 's2', sites: 'y' }, q);
    await new Promise((r) => setTimeout(r, 10));
    release();
    expect((await edited).map[0].num).toBe(3);
  });
});
