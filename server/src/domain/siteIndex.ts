/**
 * Which site (and forbidden zone, and area fence) a position falls in: a flatbush index over the
 * bounding boxes, then an exact test (polygon, or circle of `length` metres). Pure, no I/O.
 */
import Flatbush from 'flatbush';
import { bboxOf, distanceM, pointInRing, type LonLat } from './geometry.js';

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
}

const M_PER_DEG_LAT = 111_320;

export class SiteIndex {
  private readonly index: Flatbush | null;

  constructor(readonly sites: SiteShape[]) {
    if (sites.length === 0) {
      this.index = null;
      return;
    }
    const idx = new Flatbush(sites.length);
    for (const s of sites) {
      if (s.gpsRail && s.gpsRail.length >= 3) {
        const b = bboxOf(s.gpsRail);
        idx.add(b.minLon, b.minLat, b.maxLon, b.maxLat);
      } else {
        const dLat = s.length / M_PER_DEG_LAT;
        const dLon = s.length / (M_PER_DEG_LAT * Math.cos((s.lat * Math.PI) / 180));
        idx.add(s.lon - dLon, s.lat - dLat, s.lon + dLon, s.lat + dLat);
      }
    }
    idx.finish();
    this.index = idx;
  }

  /** The site containing the point; of several, the one whose centre is nearest. */
  find(lon: number, lat: number): SiteShape | null {
    if (!this.index) return null;
    let best: SiteShape | null = null;
    let bestD = Infinity;
    for (const i of this.index.search(lon, lat, lon, lat)) {
      const s = this.sites[i];
      const inside = s.gpsRail && s.gpsRail.length >= 3 ? pointInRing(lon, lat, s.gpsRail) : distanceM(lon, lat, s.lon, s.lat) <= s.length;
      if (!inside) continue;
      const d = distanceM(lon, lat, s.lon, s.lat);
      if (d < bestD) {
        best = s;
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
    for (const i of this.index.search(lon, lat, lon, lat)) if (pointInRing(lon, lat, this.zones[i].ring)) return this.zones[i];
    return null;
  }

  get size() {
    return this.zones.length;
  }
}
