/**
 * Which site (and forbidden zone, and area fence) a position falls in: a spatial index over the
 * bounding boxes, then an exact test (polygon, or circle of `length` metres). Pure, no I/O.
 *
 * Sites use a uniform grid (cells of CELL_DEG, a Map from cell to the sites whose box touches it):
 * every status report asks it, and one Map lookup plus a dozen box tests is several times cheaper
 * than a tree search (flatbush spent 1.3 µs a point over 20,000 sites, a tenth of a status batch's
 * CPU). A site whose box spans more than MAX_CELLS cells (a very large fence) is kept aside and
 * tested on every lookup. Zones are few and large: flatbush.
 */
import Flatbush from 'flatbush';
import { bboxOf, distanceM, pointInRing } from './geometry.js';
import type { LonLat } from './polygon.js';

export interface SiteShape {
  id: string;
  areaId: string;
  lon: number;
  lat: number;
  gpsRail: LonLat[] | null;
  length: number;
}

export interface ZoneShape {
  id: string;
  ring: LonLat[];
  /** inner rings: a point in one is outside the zone */
  holes?: LonLat[][];
}

const inZone = (lon: number, lat: number, z: ZoneShape) => pointInRing(lon, lat, z.ring) && !z.holes?.some((h) => pointInRing(lon, lat, h));

const M_PER_DEG_LAT = 111_320;
/** About 550 m north–south: a site (tens of metres) usually lies in one cell, a few in four. */
const CELL_DEG = 0.005;
const MAX_CELLS = 64;

const cellKey = (cx: number, cy: number) => (cx + 40_000) * 100_000 + (cy + 20_000);

/** Five numbers per candidate: minLon, minLat, maxLon, maxLat, site index. */
const STRIDE = 5;

export class SiteIndex {
  /**
   * Per cell, its candidates' boxes side by side: a lookup reads one small array (in the server,
   * between batches, the index is out of the CPU caches; scattered boxes cost a miss each).
   */
  private readonly cells = new Map<number, Float64Array>();
  private readonly wide: Float64Array;

  constructor(readonly sites: SiteShape[]) {
    const lists = new Map<number, number[]>();
    const wide: number[] = [];
    sites.forEach((s, i) => {
      let minLon: number, minLat: number, maxLon: number, maxLat: number;
      if (s.gpsRail && s.gpsRail.length >= 3) {
        ({ minLon, minLat, maxLon, maxLat } = bboxOf(s.gpsRail));
      } else {
        const dLat = s.length / M_PER_DEG_LAT;
        const dLon = s.length / (M_PER_DEG_LAT * Math.cos((s.lat * Math.PI) / 180));
        [minLon, minLat, maxLon, maxLat] = [s.lon - dLon, s.lat - dLat, s.lon + dLon, s.lat + dLat];
      }
      const entry = [minLon, minLat, maxLon, maxLat, i];
      const [x0, y0] = [Math.floor(minLon / CELL_DEG), Math.floor(minLat / CELL_DEG)];
      const [x1, y1] = [Math.floor(maxLon / CELL_DEG), Math.floor(maxLat / CELL_DEG)];
      if ((x1 - x0 + 1) * (y1 - y0 + 1) > MAX_CELLS) {
        wide.push(...entry);
        return;
      }
      for (let x = x0; x <= x1; x++) {
        for (let y = y0; y <= y1; y++) {
          const key = cellKey(x, y);
          const list = lists.get(key);
          if (list) list.push(...entry);
          else lists.set(key, entry.slice());
        }
      }
    });
    for (const [key, list] of lists) this.cells.set(key, Float64Array.from(list));
    this.wide = Float64Array.from(wide);
  }

  /** The site containing the point; of several, the one whose centre is nearest. */
  find(lon: number, lat: number): SiteShape | null {
    const cell = this.cells.get(cellKey(Math.floor(lon / CELL_DEG), Math.floor(lat / CELL_DEG)));
    let best = cell ? this.nearest(cell, lon, lat, -1) : -1;
    if (this.wide.length) best = this.nearest(this.wide, lon, lat, best);
    return best < 0 ? null : this.sites[best];
  }

  /** Of the candidates whose site contains the point, and `best` (-1: none yet), the nearest centre. */
  private nearest(c: Float64Array, lon: number, lat: number, best: number): number {
    let bestD = best < 0 ? Infinity : distanceM(lon, lat, this.sites[best].lon, this.sites[best].lat);
    for (let o = 0; o < c.length; o += STRIDE) {
      if (lon < c[o] || lat < c[o + 1] || lon > c[o + 2] || lat > c[o + 3]) continue;
      const i = c[o + 4];
      const s = this.sites[i];
      const d = distanceM(lon, lat, s.lon, s.lat);
      if (d >= bestD) continue;
      const rail = s.gpsRail && s.gpsRail.length >= 3 ? s.gpsRail : null;
      if (rail ? pointInRing(lon, lat, rail) : d <= s.length) {
        best = i;
        bestD = d;
      }
    }
    return best;
  }
}

/** Polygons (forbidden zones, area fences) looked up the same way. */
export class ZoneIndex {
  private readonly index: Flatbush | null;

  constructor(readonly zones: ZoneShape[]) {
    if (zones.length === 0) {
      this.index = null;
      return;
    }
    const idx = new Flatbush(zones.length);
    for (const z of zones) {
      const b = bboxOf(z.ring);
      idx.add(b.minLon, b.minLat, b.maxLon, b.maxLat);
    }
    idx.finish();
    this.index = idx;
  }

  find(lon: number, lat: number): ZoneShape | null {
    if (!this.index) return null;
    for (const i of this.index.search(lon, lat, lon, lat)) if (inZone(lon, lat, this.zones[i])) return this.zones[i];
    return null;
  }

  get size() {
    return this.zones.length;
  }
}
