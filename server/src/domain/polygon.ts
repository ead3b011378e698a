/**
 * The rules a stored polygon (operating fence, entry fence, forbidden zone, site fence) must meet,
 * pure and without imports, so that the console checks a drawing with the same function before
 * saving (web imports this file): one closed or closable ring of at least three distinct points,
 * finite lon/lat in range, at most MAX_POLYGON_POINTS points, no crossing edges. Holes (inner rings)
 * are given apart (normalizeHoles: each a ring by the same rule, inside the outer one); a fence or
 * zone lies in China (outsideChina).
 */

/** A point in degrees (GCJ-02 unless said otherwise). */
export type LonLat = { lon: number; lat: number };

export type PolygonResult = { ok: true; ring: LonLat[] } | { ok: false; message: string };

/** Most points of one polygon (a district's fence needs a few hundred): more only slows every lookup (issue 16). */
export const MAX_POLYGON_POINTS = 2000;

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A number, or a numeric string; anything else (null, '', booleans) is NaN. */
const coord = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN);

/**
 * The one ring of GeoJSON-like input (a Polygon, a Feature holding one, or polygon coordinates
 * `[[[lon,lat],…]]`), the input itself when it is a list of points, or a message: holes (inner
 * rings) and several polygons are refused.
 */
function outerRing(value: unknown, field: string): unknown[] | string {
  let v = value;
  if (isObj(v) && v.type === 'Feature') v = v.geometry;
  if (isObj(v)) {
    if (v.type === 'MultiPolygon') {
      const parts = Array.isArray(v.coordinates) ? v.coordinates : [];
      if (parts.length !== 1) return `${field} 只能是一个多边形，本次 ${parts.length} 个`;
      v = parts[0];
    } else if (v.type === 'Polygon') v = v.coordinates;
    else return `${field} 应为坐标点数组或 GeoJSON 多边形`;
  }
  if (!Array.isArray(v)) return `${field} 应为坐标点数组`;
  // polygon coordinates: a list of rings, each a list of [lon, lat]
  if (v.length > 0 && Array.isArray(v[0]) && Array.isArray(v[0][0])) {
    if (v.length > 1) return `${field} 不支持带洞的多边形（只能有一个外环）`;
    return v[0] as unknown[];
  }
  return v;
}

/**
 * Accepts `[{lon,lat}]`, `[{lng,lat}]`, `[[lon,lat]]`, JSON text of these, or a GeoJSON Polygon /
 * Feature; answers the closed ring (repeated neighbours dropped) or a Chinese message naming the field.
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
  const points = outerRing(value, field);
  if (typeof points === 'string') return { ok: false, message: points };
  // counted before any work: a 100,000-point body is refused at once
  if (points.length > MAX_POLYGON_POINTS + 1) return { ok: false, message: `${field} 最多 ${MAX_POLYGON_POINTS} 个点，本次 ${points.length} 个` };
  const ring: LonLat[] = [];
  for (let i = 0; i < points.length; i++) {
    const p = points[i];
    const lon = coord(Array.isArray(p) ? p[0] : isObj(p) ? (p.lon ?? p.lng) : undefined);
    const lat = coord(Array.isArray(p) ? p[1] : isObj(p) ? p.lat : undefined);
    if (!Number.isFinite(lon) || !Number.isFinite(lat)) {
      return { ok: false, message: `${field} 第 ${i + 1} 个点缺少经度或纬度（须为有限数字）` };
    }
    if (lon < -180 || lon > 180 || lat < -90 || lat > 90) {
      return { ok: false, message: `${field} 第 ${i + 1} 个点坐标超出范围（经度 -180~180，纬度 -90~90）` };
    }
    const last = ring[ring.length - 1];
    if (!last || last.lon !== lon || last.lat !== lat) ring.push({ lon, lat });
  }
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (ring.length > 1 && first.lon === last.lon && first.lat === last.lat) ring.pop();
  if (new Set(ring.map((p) => `${p.lon},${p.lat}`)).size < 3) return { ok: false, message: `${field} 至少需要 3 个不同的点` };
  if (ring.length > MAX_POLYGON_POINTS) return { ok: false, message: `${field} 最多 ${MAX_POLYGON_POINTS} 个点，本次 ${ring.length} 个` };
  const crossing = crossingEdges(ring);
  if (crossing) return { ok: false, message: `${field} 围栏边线不能相交（第 ${crossing[0] + 1} 条边与第 ${crossing[1] + 1} 条边）` };
  if (Math.abs(ringArea(ring)) < 1e-14) return { ok: false, message: `${field} 的点不能在一条直线上` };
  ring.push({ ...ring[0] });
  return { ok: true, ring };
}

/** Signed shoelace area in squared degrees (only its sign and zero-ness are used). */
export function ringArea(ring: readonly LonLat[]): number {
  let a = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    a += (ring[j].lon - ring[i].lon) * (ring[j].lat + ring[i].lat);
  }
  return a / 2;
}

const orient = (a: LonLat, b: LonLat, c: LonLat) => Math.sign((b.lon - a.lon) * (c.lat - a.lat) - (b.lat - a.lat) * (c.lon - a.lon));
const onSegment = (a: LonLat, b: LonLat, c: LonLat) =>
  Math.min(a.lon, b.lon) <= c.lon && c.lon <= Math.max(a.lon, b.lon) && Math.min(a.lat, b.lat) <= c.lat && c.lat <= Math.max(a.lat, b.lat);

/** Do segments ab and cd share any point (crossing, touching or overlapping)? */
function meet(a: LonLat, b: LonLat, c: LonLat, d: LonLat): boolean {
  const o1 = orient(a, b, c);
  const o2 = orient(a, b, d);
  const o3 = orient(c, d, a);
  const o4 = orient(c, d, b);
  if (o1 !== o2 && o3 !== o4) return true;
  return (o1 === 0 && onSegment(a, b, c)) || (o2 === 0 && onSegment(a, b, d)) || (o3 === 0 && onSegment(c, d, a)) || (o4 === 0 && onSegment(c, d, b));
}

/**
 * The first two edges of an open ring (no closing point; edge i runs from point i to i+1) that
 * cross, touch or overlap, or null. Neighbouring edges may share their common vertex only (not fold
 * back over each other). Sweeps edges by west end, so typical rings take far less than n².
 */
export function crossingEdges(ring: readonly LonLat[]): [number, number] | null {
  const n = ring.length;
  if (n < 4) return null;
  const edges = Array.from({ length: n }, (_, i) => {
    const a = ring[i];
    const b = ring[(i + 1) % n];
    return { i, a, b, west: Math.min(a.lon, b.lon), east: Math.max(a.lon, b.lon) };
  }).sort((x, y) => x.west - y.west);
  for (let s = 0; s < n; s++) {
    const e = edges[s];
    for (let t = s + 1; t < n && edges[t].west <= e.east; t++) {
      const f = edges[t];
      const [i, j] = e.i < f.i ? [e.i, f.i] : [f.i, e.i];
      const adjacent = j === i + 1 || (i === 0 && j === n - 1);
      if (adjacent) {
        // neighbours share one vertex; they are wrong only when they fold back along one line
        const [p, shared, q] = j === i + 1 ? [ring[i], ring[j], ring[(j + 1) % n]] : [ring[j], ring[0], ring[1]];
        if (orient(p, shared, q) === 0 && (q.lon - shared.lon) * (p.lon - shared.lon) + (q.lat - shared.lat) * (p.lat - shared.lat) > 0) return [i, j];
        continue;
      }
      if (meet(e.a, e.b, f.a, f.b)) return [i, j];
    }
  }
  return null;
}

/** Most holes of one polygon. */
export const MAX_HOLES = 100;

export type HolesResult = { ok: true; holes: LonLat[][] } | { ok: false; message: string };

/** Ray casting; points on an edge may fall either way. */
function inRing(p: LonLat, ring: readonly LonLat[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i];
    const b = ring[j];
    if (a.lat > p.lat !== b.lat > p.lat && p.lon < ((b.lon - a.lon) * (p.lat - a.lat)) / (b.lat - a.lat) + a.lon) inside = !inside;
  }
  return inside;
}

/**
 * The holes (inner rings) of a polygon whose outer ring is `outer` (closed, from normalizePolygon):
 * each by normalizePolygon's rule, every point inside the outer ring; answers them closed, or a
 * Chinese message naming the field and the hole.
 */
export function normalizeHoles(input: unknown, outer: readonly LonLat[], field = 'holes'): HolesResult {
  if (input === undefined || input === null) return { ok: true, holes: [] };
  if (!Array.isArray(input)) return { ok: false, message: `${field} 应为内环数组（每个内环是坐标点数组）` };
  if (input.length > MAX_HOLES) return { ok: false, message: `${field} 最多 ${MAX_HOLES} 个内洞，本次 ${input.length} 个` };
  const holes: LonLat[][] = [];
  for (let k = 0; k < input.length; k++) {
    const name = `${field} 第 ${k + 1} 个内洞`;
    const r = normalizePolygon(input[k], name);
    if (!r.ok) return r;
    const out = r.ring.findIndex((p) => !inRing(p, outer));
    if (out >= 0) return { ok: false, message: `${name}的第 ${out + 1} 个点不在外环之内` };
    holes.push(r.ring);
  }
  return { ok: true, holes };
}

/**
 * China as GCJ-02 defines it (the box gcoord and every GCJ-02 library use: 72.004–137.8347°E,
 * 0.8293–55.8271°N): a fence or zone outside it cannot be a district's, and GCJ-02 means nothing there.
 */
const CHINA_BOX = { west: 72.004, east: 137.8347, south: 0.8293, north: 55.8271 } as const;

export const inChina = (p: LonLat) => p.lon >= CHINA_BOX.west && p.lon <= CHINA_BOX.east && p.lat >= CHINA_BOX.south && p.lat <= CHINA_BOX.north;

/** Why a ring is not in China (its first point outside, named), or null. */
export function outsideChina(ring: readonly LonLat[], field: string): string | null {
  const k = ring.findIndex((p) => !inChina(p));
  if (k < 0) return null;
  return `${field} 第 ${k + 1} 个点（经度 ${ring[k].lon}，纬度 ${ring[k].lat}）在中国境外：围栏和禁停区只能在中国境内`;
}
