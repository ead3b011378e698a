/** Rings of the forbidden zones: open rings for the map, their vertices, centres and the sites near them. */
import type { LonLat } from '../../components/deskMap/types';

/** The server's limit on a polygon's points (server/src/domain/geometry.ts). */
export const MAX_POINTS = 2000;

/** The ring without its closing point (the server closes rings), or null when it has fewer than 3 points. */
export function openRing(ring: readonly LonLat[] | null | undefined): LonLat[] | null {
  if (!ring || ring.length < 3) return null;
  const [a, z] = [ring[0], ring[ring.length - 1]];
  const r = a.lon === z.lon && a.lat === z.lat ? ring.slice(0, -1) : [...ring];
  return r.length >= 3 ? r.map(({ lon, lat }) => ({ lon, lat })) : null;
}

/** The vertices of a ring as a person counts them (the closing point not counted). */
export const vertexCount = (ring: readonly LonLat[] | null | undefined) => openRing(ring)?.length ?? 0;

/** Why a ring cannot be saved (Chinese), or null. */
export function ringProblem(ring: readonly LonLat[] | null): string | null {
  if (!ring || ring.length < 3) return '请在地图上画出禁停区域（至少 3 个顶点）';
  if (ring.length > MAX_POINTS) return `禁停区域最多 ${MAX_POINTS} 个顶点，当前 ${ring.length} 个`;
  return null;
}

export interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** The box around rings, widened by `margin` degrees; null without points. */
export function boxOf(rings: readonly (readonly LonLat[])[], margin = 0): Box | null {
  let b: Box | null = null;
  for (const r of rings) {
    for (const p of r) {
      if (!b) b = { west: p.lon, south: p.lat, east: p.lon, north: p.lat };
      else b = { west: Math.min(b.west, p.lon), south: Math.min(b.south, p.lat), east: Math.max(b.east, p.lon), north: Math.max(b.north, p.lat) };
    }
  }
  return b && { west: b.west - margin, south: b.south - margin, east: b.east + margin, north: b.north + margin };
}

export const centreOfBox = (b: Box): LonLat => ({ lon: (b.west + b.east) / 2, lat: (b.south + b.north) / 2 });

export const inBox = (b: Box, p: LonLat) => p.lon >= b.west && p.lon <= b.east && p.lat >= b.south && p.lat <= b.north;
