/** The boxes a clock-site map fits its view to: around points and their ranges (metres). */
import type { LonLat } from '../../../components/deskMap/types';

const M_PER_DEG = 111_320;

/** Two corners of the box holding every point's range (a point with its radius in metres); null when none. */
export function rangeBox(points: readonly (LonLat & { radius: number })[]): LonLat[] | null {
  if (!points.length) return null;
  let [west, east, south, north] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const p of points) {
    const dLat = p.radius / M_PER_DEG;
    const dLon = p.radius / (M_PER_DEG * Math.cos((p.lat * Math.PI) / 180));
    west = Math.min(west, p.lon - dLon);
    east = Math.max(east, p.lon + dLon);
    south = Math.min(south, p.lat - dLat);
    north = Math.max(north, p.lat + dLat);
  }
  return [
    { lon: west, lat: south },
    { lon: east, lat: north },
  ];
}

/** Metres between two points (equirectangular; exact enough within a city). */
export function metresBetween(a: LonLat, b: LonLat): number {
  const lat = ((a.lat + b.lat) / 2) * (Math.PI / 180);
  const dx = (b.lon - a.lon) * Math.cos(lat) * M_PER_DEG;
  const dy = (b.lat - a.lat) * M_PER_DEG;
  return Math.hypot(dx, dy);
}
