/** The centre of a drawn fence (a ring's conversion to GCJ-02 is shared/sites.ts'). Pure. */
import { ringArea, type LonLat } from '../../domain/polygon.js';

/** Area centroid of a closed ring (planar, fine at site scale); the vertex mean if degenerate. */
export function centroid(ring: LonLat[]): LonLat {
  const closed = ring.length > 1 && ring[0].lon === ring[ring.length - 1].lon && ring[0].lat === ring[ring.length - 1].lat;
  const pts = closed ? ring.slice(0, -1) : ring;
  if (Math.abs(ringArea(ring)) < 1e-18) {
    return { lon: pts.reduce((s, p) => s + p.lon, 0) / pts.length, lat: pts.reduce((s, p) => s + p.lat, 0) / pts.length };
  }
  // shoelace centroid, relative to the first point to keep precision
  const o = pts[0];
  let cx = 0;
  let cy = 0;
  let twice = 0;
  for (let i = 0; i < pts.length; i++) {
    const p = pts[i];
    const q = pts[(i + 1) % pts.length];
    const x0 = p.lon - o.lon;
    const y0 = p.lat - o.lat;
    const x1 = q.lon - o.lon;
    const y1 = q.lat - o.lat;
    const cross = x0 * y1 - x1 * y0;
    twice += cross;
    cx += (x0 + x1) * cross;
    cy += (y0 + y1) * cross;
  }
  return { lon: o.lon + cx / (3 * twice), lat: o.lat + cy / (3 * twice) };
}
