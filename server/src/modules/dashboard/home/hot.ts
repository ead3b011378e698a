/**
 * The map's sites and the site-state counters change only when the snapshot job runs (once a
 * minute) or a site is edited, yet the console asks for them every few minutes per screen. So each
 * area's sites ⋈ site_state are read once per (snapshot, site version) and kept in memory; a request
 * then only ranks them by distance. The versions cost one indexed query per request.
 */
import type { Database } from '../../../db/client.js';
import type { Versions } from '../repo.js';
import type { Static } from 'typebox';
import { loadMapSites } from './repo.js';
import type { MapSite as MapSiteT } from './schemas.js';

export type { Versions };

type MapSite = Static<typeof MapSiteT>;

export interface Counters {
  total: number;
  full: number;
  more: number;
  normal: number;
  less: number;
  empty: number;
}

/**
 * One site as the map's JSON (the fields of the MapSite schema, in its order, typed as it types them):
 * made once per snapshot, so a call for 20,000 sites joins strings instead of serializing objects.
 */
export function mapSiteJson(r: MapSite): string {
  return JSON.stringify({
    siteId: String(r.siteId),
    siteName: String(r.siteName),
    siteLon: Number(r.siteLon),
    siteLat: Number(r.siteLat),
    flag: Number(r.flag),
    status: String(r.status),
    num: Number(r.num),
    currentNum: Number(r.currentNum),
    bikeNum: Number(r.bikeNum),
    ebikeNum: Number(r.ebikeNum),
    siteBikeCeiling: Number(r.siteBikeCeiling),
    capacity: Number(r.capacity),
    bleNum: Number(r.bleNum),
    recycleSwitch: Boolean(r.recycleSwitch),
    majorSwitch: Boolean(r.majorSwitch),
    gpsRail: Array.isArray(r.gpsRail) ? r.gpsRail.map((p) => ({ lon: Number(p.lon), lat: Number(p.lat) })) : null,
    length: Number(r.length),
  });
}

/**
 * Sites of one flag (null: all); `limit` > 0 the nearest to lon/lat (null: the sites' centre). Kept: the
 * service's conversion of the hot call's query (filter `f` to a flag, absent lon/lat to null), also the cache key.
 */
export interface SiteQuery {
  flag: number | null;
  limit: number;
  lon: number | null;
  lat: number | null;
}

interface Entry {
  key: string;
  rows: MapSite[];
  /** JSON of each row (mapSiteJson), and of all rows in site-id order (made on first use). */
  json: Map<MapSite, string>;
  allJson: string | null;
  /** Whole answers made from this entry (see `memo`), by query. */
  answers: Map<string, Promise<Buffer>>;
  /** When it was loaded (ms). */
  loadedAt: number;
  counters: Counters;
  centre: { lon: number; lat: number } | null;
  /** Rows ordered by distance from `centre`. */
  byCentre: MapSite[];
}

/** Sites held in memory across all areas (a few hundred bytes each); the oldest areas go first. */
const MAX_ROWS = 300_000;
/** Whole answers kept per scope (status filter × size choice). */
const MAX_ANSWERS = 16;
/** How long the previous snapshot's entry may answer while the next one loads. */
const STALE_MS = 3 * 60_000;

/** Packed lon/lat of a row array (kept for the cached arrays: reading rows' properties is slower). */
const positions = new WeakMap<MapSite[], Float64Array>();
function positionsOf(rows: MapSite[]) {
  const pos = new Float64Array(rows.length * 2);
  for (let i = 0; i < rows.length; i++) {
    pos[2 * i] = rows[i].siteLon;
    pos[2 * i + 1] = rows[i].siteLat;
  }
  return pos;
}

/**
 * Rows (ordered by site id) nearest `c` first, ties by site id; only the first `k`. Squared
 * equirectangular distances are enough to rank neighbours.
 */
function rank(rows: MapSite[], c: { lon: number; lat: number }, k = rows.length): MapSite[] {
  const n = rows.length;
  const cosLat = Math.cos((c.lat * Math.PI) / 180);
  const d = new Float64Array(n);
  const pos = positions.get(rows) ?? positionsOf(rows);
  for (let i = 0; i < n; i++) {
    const dx = (pos[2 * i] - c.lon) * cosLat;
    const dy = pos[2 * i + 1] - c.lat;
    d[i] = dx * dx + dy * dy;
  }
  // rows are in site-id order, so the index breaks ties as the site id would
  const before = (i: number, j: number) => d[i] < d[j] || (d[i] === d[j] && i < j);
  if (k >= n / 4) {
    const idx = Array.from({ length: n }, (_, i) => i).sort((i, j) => d[i] - d[j] || i - j);
    return idx.slice(0, k).map((i) => rows[i]);
  }
  // a max-heap of the k nearest so far: O(n log k)
  const heap = new Int32Array(k);
  let size = 0;
  const swap = (a: number, b: number) => {
    const t = heap[a];
    heap[a] = heap[b];
    heap[b] = t;
  };
  for (let i = 0; i < n; i++) {
    if (size < k) {
      heap[size] = i;
      for (let x = size++; x > 0;) {
        const p = (x - 1) >> 1;
        if (!before(heap[p], heap[x])) break;
        swap(p, x);
        x = p;
      }
    } else if (k > 0 && before(i, heap[0])) {
      heap[0] = i;
      for (let x = 0; ;) {
        const l = 2 * x + 1;
        let m = x;
        if (l < size && before(heap[m], heap[l])) m = l;
        if (l + 1 < size && before(heap[m], heap[l + 1])) m = l + 1;
        if (m === x) break;
        swap(m, x);
        x = m;
      }
    }
  }
  return Array.from(heap.subarray(0, size))
    .sort((i, j) => d[i] - d[j] || i - j)
    .map((i) => rows[i]);
}

/** Whether entry key `b` (`snapshot|sites`) is at least as new as `a`. */
export function newer(a: string, b: string): boolean {
  const [as, ae] = a.split('|');
  const [bs, be] = b.split('|');
  return as < bs || (as === bs && ae <= be);
}

export class MapCache {
  private entries = new Map<string, Entry>();
  private loading = new Map<string, Promise<Entry>>();
  /** Rows in `entries`. */
  private held = 0;

  constructor(private readonly database: Database) {}

  private async entry(scopeKey: string, areaIds: string[], v: Versions): Promise<Entry> {
    const key = `${v.snapshot}|${v.sites}`;
    const e = this.entries.get(scopeKey);
    if (e && e.key === key) {
      // keep recently used areas at the end (the oldest goes first when full)
      this.entries.delete(scopeKey);
      this.entries.set(scopeKey, e);
      return e;
    }
    const flight = `${scopeKey}|${key}`;
    let p = this.loading.get(flight);
    if (!p) {
      p = (async () => {
        const rows = await loadMapSites(this.database, areaIds);
        rows.sort((a, b) => (a.siteId < b.siteId ? -1 : a.siteId > b.siteId ? 1 : 0)); // the database's collation may order ids differently
        const counters: Counters = { total: rows.length, full: 0, more: 0, normal: 0, less: 0, empty: 0 };
        const names = ['empty', 'normal', 'full', 'more', 'less'] as const;
        for (const r of rows) counters[names[r.flag] ?? 'normal']++;
        const centre = rows.length
          ? {
              lon: rows.reduce((t, r) => t + r.siteLon, 0) / rows.length,
              lat: rows.reduce((t, r) => t + r.siteLat, 0) / rows.length,
            }
          : null;
        positions.set(rows, positionsOf(rows));
        const json = new Map<MapSite, string>();
        for (const r of rows) json.set(r, mapSiteJson(r));
        const entry: Entry = {
          key,
          rows,
          json,
          allJson: null,
          answers: new Map(),
          loadedAt: Date.now(),
          counters,
          centre,
          byCentre: centre ? rank(rows, centre) : [],
        };
        const cur = this.entries.get(scopeKey);
        // never let a slower, older load replace a newer one (snapshot times are ISO, '' before the first)
        if (!cur || newer(cur.key, key)) {
          if (cur) this.held -= cur.rows.length;
          this.entries.set(scopeKey, entry);
          this.held += rows.length;
          for (const [k, old] of this.entries) {
            if (this.held <= MAX_ROWS) break;
            this.entries.delete(k);
            this.held -= old.rows.length;
          }
        }
        return entry;
      })().finally(() => this.loading.delete(flight));
      this.loading.set(flight, p);
    }
    // a new snapshot only (same sites): answer from the previous one while the new one loads, for
    // a short while; after a site edit, wait for the new data (the editor expects to see it)
    if (e && e.key.endsWith(`|${v.sites}`) && Date.now() - e.loadedAt < STALE_MS) {
      p.catch(() => {});
      return e;
    }
    return p;
  }

  /**
   * A whole answer built from this scope's data at versions `v`, kept with the entry (so dropped
   * when a snapshot or a site edit makes a new one): the answer for all sites of 20,000 is 6 MB of
   * JSON, made once per snapshot instead of once per call. Only for queries without a free centre.
   */
  async memo(scopeKey: string, areaIds: string[], v: Versions, q: SiteQuery, build: (map: MapJson) => Promise<string>): Promise<Buffer> {
    const e = await this.entry(scopeKey, areaIds, v);
    const query = `${q.flag}|${q.limit}`;
    let p = e.answers.get(query);
    if (!p) {
      // built from this very entry's map, so the answer kept with it matches it
      p = build(mapJsonOf(e, q)).then((text) => Buffer.from(text));
      if (e.answers.size < MAX_ANSWERS) e.answers.set(query, p);
      p.catch(() => e.answers.delete(query));
    }
    return p;
  }

  /**
   * The map's sites as a JSON array string (the console's hot call): of one flag or all; with
   * `limit` > 0 the `limit` nearest the centre (given, else the average position of the areas'
   * sites), nearest first; else all, by site id.
   */
  async sitesJson(scopeKey: string, areaIds: string[], v: Versions, q: SiteQuery): Promise<MapJson> {
    return mapJsonOf(await this.entry(scopeKey, areaIds, v), q);
  }
}

/** The map of a query as a JSON array string (all sites: joined once per entry), with the counters. */
export interface MapJson {
  mapJson: string;
  counters: Counters;
}

function mapJsonOf(e: Entry, q: SiteQuery): MapJson {
  if (q.limit <= 0 && q.flag === null) {
    e.allJson ??= `[${e.rows.map((r) => e.json.get(r)!).join(',')}]`;
    return { mapJson: e.allJson, counters: e.counters };
  }
  return {
    mapJson: `[${pick(e, q)
      .map((r) => e.json.get(r)!)
      .join(',')}]`,
    counters: e.counters,
  };
}

/** The rows a query asks for: of one flag or all; `limit` > 0 the nearest first, else all by site id. */
function pick(e: Entry, q: SiteQuery): MapSite[] {
  const keep = (r: MapSite) => q.flag === null || r.flag === q.flag;
  if (q.limit <= 0) return q.flag === null ? e.rows : e.rows.filter(keep);
  const ordered = q.lon !== null && q.lat !== null ? rank(q.flag === null ? e.rows : e.rows.filter(keep), { lon: q.lon, lat: q.lat }, q.limit) : e.byCentre;
  const map: MapSite[] = [];
  for (const r of ordered) {
    if (map.length >= q.limit) break;
    if (keep(r)) map.push(r);
  }
  return map;
}
