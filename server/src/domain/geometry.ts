/** Polygons and points: validation, point-in-polygon, distances. Pure, no I/O. */

/** A point in degrees (GCJ-02 unless said otherwise). */
export type LonLat = { lon: number; lat: number };

export type PolygonResult = { ok: true; ring: LonLat[] } | { ok: false; message: string };

/** Most points of one polygon (a district's fence needs a few hundred): more only slows every lookup (issue 16). */
export const MAX_POLYGON_POINTS = 2000;

const num = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v);

/**
 * Accepts `[{lon,lat}]`, `[{lng,lat}]` or `[[lon,lat]]`; answers a closed ring of at least three
 * distinct points (at most MAX_POLYGON_POINTS) with coordinates in range, or a Chinese message naming what is wrong.
 */
export function normalizePolygon(input: unknown, field = 'gpsRail'): PolygonResult {
  let value = input;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return { ok: false, message: `${field} 不是有效的坐标 JSON` };
    }
  }
  if (!Array.isArray(value)) return { ok: false, message: `${field} 应为坐标点数组` };
  if (value.length > MAX_POLYGON_POINTS) return { ok: false, message: `${field} 最多 ${MAX_POLYGON_POINTS} 个点，本次 ${value.length} 个` };
  const ring: LonLat[] = [];
  for (let i = 0; i < value.length; i++) {
    const p = value[i] as Record<string, unknown> | unknown[];
    const lon = Number(num(Array.isArray(p) ? p[0] : (p?.lon ?? p?.lng)));
    const lat = Number(num(Array.isArray(p) ? p[1] : p?.lat));
    if (!Number.isFinite(lon) || !Number.isFinite(lat)) {
      return { ok: false, message: `${field} 第 ${i + 1} 个点缺少经度或纬度` };
    }
    if (lon < -180 || lon > 180 || lat < -90 || lat > 90) {
      return { ok: false, message: `${field} 第 ${i + 1} 个点坐标超出范围（经度 -180~180，纬度 -90~90）` };
    }
    ring.push({ lon, lat });
  }
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (first && last && ring.length > 1 && (first.lon !== last.lon || first.lat !== last.lat)) ring.push({ ...first });
  const distinct = new Set(ring.map((p) => `${p.lon},${p.lat}`));
  if (distinct.size < 3) return { ok: false, message: `${field} 至少需要 3 个不同的点` };
  if (Math.abs(ringArea(ring)) < 1e-14) return { ok: false, message: `${field} 的点不能在一条直线上` };
  return { ok: true, ring };
}

/** Signed shoelace area in squared degrees (only its sign and zero-ness are used). */
export function ringArea(ring: LonLat[]): number {
  let a = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    a += (ring[j].lon - ring[i].lon) * (ring[j].lat + ring[i].lat);
  }
  return a / 2;
}

/** Ray casting; points on an edge may fall either way. */
export function pointInRing(lon: number, lat: number, ring: LonLat[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i];
    const b = ring[j];
    if (a.lat > lat !== b.lat > lat && lon < ((b.lon - a.lon) * (lat - a.lat)) / (b.lat - a.lat) + a.lon) {
      inside = !inside;
    }
  }
  return inside;
}

export interface BBox {
  minLon: number;
  minLat: number;
  maxLon: number;
  maxLat: number;
}

export function bboxOf(ring: LonLat[]): BBox {
  const b = { minLon: Infinity, minLat: Infinity, maxLon: -Infinity, maxLat: -Infinity };
  for (const p of ring) {
    b.minLon = Math.min(b.minLon, p.lon);
    b.maxLon = Math.max(b.maxLon, p.lon);
    b.minLat = Math.min(b.minLat, p.lat);
    b.maxLat = Math.max(b.maxLat, p.lat);
  }
  return b;
}

export const EARTH_RADIUS_M = 6378137;

/** Great-circle distance in metres (earth radius 6378.137 km, as spec §9). */
export function distanceM(aLon: number, aLat: number, bLon: number, bLat: number): number {
  const rad = Math.PI / 180;
  const dLat = (bLat - aLat) * rad;
  const dLon = (bLon - aLon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * rad) * Math.cos(bLat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}
