/** Coordinate systems (GCJ-02 stored; WGS-84 and BD-09 accepted), via gcoord. */
import * as gcoordModule from 'gcoord';

interface Gcoord {
  GCJ02: string;
  WGS84: string;
  BD09: string;
  transform(input: [number, number], from: string, to: string): [number, number];
}
// gcoord is CommonJS: under Node ESM its API is the default export, under bundlers the namespace
const gcoord: Gcoord = (gcoordModule as unknown as { default?: Gcoord }).default ?? (gcoordModule as unknown as Gcoord);

export type CoordSystem = 'gcj02' | 'wgs84' | 'bd09';
export const COORD_SYSTEMS: readonly CoordSystem[] = ['gcj02', 'wgs84', 'bd09'];

const CRS = { gcj02: gcoord.GCJ02, wgs84: gcoord.WGS84, bd09: gcoord.BD09 } as const;

export function convert(lon: number, lat: number, from: CoordSystem, to: CoordSystem): { lon: number; lat: number } {
  if (from === to) return { lon, lat };
  const [x, y] = gcoord.transform([lon, lat] as [number, number], CRS[from], CRS[to]);
  return { lon: x, lat: y };
}

/** A point in `from` (default GCJ-02) as GCJ-02, which is what sites are stored in. */
export const toGcj02 = (lon: number, lat: number, from: CoordSystem = 'gcj02') => convert(lon, lat, from, 'gcj02');

/**
 * Where a position may be: the platform serves Chinese cities, so a position outside China's
 * bounding box (GCJ-02, with a margin) is an error, not a bike to draw and count (issue 16) nor a
 * clock-in to file (issue 28).
 */
export const CHINA_BOUNDS = { minLon: 73, maxLon: 136, minLat: 3, maxLat: 54 };

export const inChina = (p: { lon: number; lat: number }) =>
  p.lon >= CHINA_BOUNDS.minLon && p.lon <= CHINA_BOUNDS.maxLon && p.lat >= CHINA_BOUNDS.minLat && p.lat <= CHINA_BOUNDS.maxLat;
