/** Pure parts of the home map: zoom per site-count choice, the opening view, heat points, polygon counts, flow lines. */
import { MAP, REFRESH_MS } from '../../../lib/constants';
import { heatWeight } from '../../../lib/heat';
import type { AreaRail, Extent, FlowRecord, LayerBike, LonLat, SiteSize } from './types';
import type { MapSite } from '../types';

export const SITE_SIZES: readonly SiteSize[] = [0, 200, 50];
export const DEFAULT_SITE_SIZE: SiteSize = MAP.defaultSiteSize as SiteSize;

/** Zoom of a site-count choice (spec §9): 50 → 16, 0 (all) → 14, 200 → 15. */
export function zoomForSize(size: number): number {
  return MAP.zoomBySize[size] ?? MAP.zoomBySize[MAP.defaultSiteSize];
}

/** A usable coordinate: finite, in range and not the (0, 0) "unknown" placeholder. */
export function isLocated(lon: unknown, lat: unknown): boolean {
  if (typeof lon !== 'number' || typeof lat !== 'number') return false;
  if (!Number.isFinite(lon) || !Number.isFinite(lat)) return false;
  if (Math.abs(lon) > 180 || Math.abs(lat) > 90) return false;
  return !(lon === 0 && lat === 0);
}

/** [[south, west], [north, east]], as Leaflet takes bounds. */
export type Box = [[number, number], [number, number]];

/** Bounding box of the located points, or null when none is. */
export function boxOf<T>(items: readonly T[], at: (item: T) => LonLat | null): Box | null {
  let w = Infinity;
  let e = -Infinity;
  let s = Infinity;
  let n = -Infinity;
  for (const item of items) {
    const p = at(item);
    if (!p || !isLocated(p.lon, p.lat)) continue;
    if (p.lon < w) w = p.lon;
    if (p.lon > e) e = p.lon;
    if (p.lat < s) s = p.lat;
    if (p.lat > n) n = p.lat;
  }
  return w === Infinity
    ? null
    : [
        [s, w],
        [n, e],
      ];
}

export const extentBox = (x: Extent | null | undefined): Box | null =>
  x
    ? [
        [x.minLat, x.minLon],
        [x.maxLat, x.maxLon],
      ]
    : null;

/** A box with an inside: sites all on one line of latitude or longitude span no frame (drawn, it would be a stray line). */
export const hasArea = (b: Box | null): b is Box => !!b && b[0][0] < b[1][0] && b[0][1] < b[1][1];

/**
 * Where the map looks when an area opens: the box of the sites on the map; without any, the box of
 * the area's sites (init extent), then of its operating fences; else its centre.
 */
export function openingView(
  sites: readonly MapSite[],
  extent: Extent | null | undefined,
  rails: readonly AreaRail[] | undefined,
  centre: LonLat,
): { box: Box } | { centre: LonLat } {
  const box =
    boxOf(sites, (s) => ({ lon: s.siteLon, lat: s.siteLat })) ??
    extentBox(extent) ??
    boxOf(
      (rails ?? []).flatMap((r) => r.gpsRail ?? []),
      (p) => p,
    );
  return box ? { box } : { centre };
}

/** Heat points [lat, lon, weight] of the sites, weights of spec §9 (flag 0 → 0 … max 17). */
export function heatPoints(sites: readonly MapSite[]): Array<[number, number, number]> {
  const out: Array<[number, number, number]> = [];
  for (const s of sites) {
    if (isLocated(s.siteLon, s.siteLat)) out.push([s.siteLat, s.siteLon, heatWeight(s.flag)]);
  }
  return out;
}

/** Ray casting: is the point inside the ring (closed or not)? Points on an edge may fall either way. */
export function pointInRing(p: LonLat, ring: readonly LonLat[]): boolean {
  let inside = false;
  const n = ring.length;
  if (n < 3) return false;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const a = ring[i];
    const b = ring[j];
    if (a.lat > p.lat !== b.lat > p.lat && p.lon < ((b.lon - a.lon) * (p.lat - a.lat)) / (b.lat - a.lat) + a.lon) {
      inside = !inside;
    }
  }
  return inside;
}

/** How many of the points lie inside the ring (bounding box first, then ray casting). */
export function countInRing<T>(ring: readonly LonLat[], items: readonly T[], at: (item: T) => LonLat | null): number {
  if (ring.length < 3) return 0;
  let minLon = Infinity;
  let maxLon = -Infinity;
  let minLat = Infinity;
  let maxLat = -Infinity;
  for (const p of ring) {
    minLon = Math.min(minLon, p.lon);
    maxLon = Math.max(maxLon, p.lon);
    minLat = Math.min(minLat, p.lat);
    maxLat = Math.max(maxLat, p.lat);
  }
  let n = 0;
  for (const item of items) {
    const p = at(item);
    if (!p || p.lon < minLon || p.lon > maxLon || p.lat < minLat || p.lat > maxLat) continue;
    if (pointInRing(p, ring)) n++;
  }
  return n;
}

export interface PolygonCounts {
  sites: number;
  bikes: number;
  offSiteReturns: number;
}

const siteAt = (s: MapSite): LonLat | null => (isLocated(s.siteLon, s.siteLat) ? { lon: s.siteLon, lat: s.siteLat } : null);
const bikeAt = (b: LayerBike): LonLat | null => (isLocated(b.bikeLon, b.bikeLat) ? { lon: b.bikeLon, lat: b.bikeLat } : null);

/** Counts inside a drawn polygon: sites on the map, bikes of the bike layer, today's off-site returns. */
export function polygonCounts(
  ring: readonly LonLat[],
  data: { sites: readonly MapSite[]; bikes: readonly LayerBike[]; offSiteReturns: readonly LayerBike[] },
): PolygonCounts {
  return {
    sites: countInRing(ring, data.sites, siteAt),
    bikes: countInRing(ring, data.bikes, bikeAt),
    offSiteReturns: countInRing(ring, data.offSiteReturns, bikeAt),
  };
}

/** The other end of a ride from its `request` JSON text ({bikeLon, bikeLat}); null when unusable. */
export function flowEnd(request: string | null | undefined): LonLat | null {
  if (!request) return null;
  try {
    const v = JSON.parse(request) as { bikeLon?: unknown; bikeLat?: unknown };
    const lon = typeof v?.bikeLon === 'string' ? Number(v.bikeLon) : v?.bikeLon;
    const lat = typeof v?.bikeLat === 'string' ? Number(v.bikeLat) : v?.bikeLat;
    return isLocated(lon, lat) ? { lon: lon as number, lat: lat as number } : null;
  } catch {
    return null;
  }
}

export interface FlowLine {
  from: LonLat;
  to: LonLat;
  record: FlowRecord;
}

/**
 * Lines of a flow map: rent flow (1) goes from the site to where each ride of today ended, return
 * flow (2) from where each ride began to the site. Rides without a usable other end are dropped.
 */
export function buildFlowLines(site: LonLat, records: readonly FlowRecord[], type: 1 | 2): FlowLine[] {
  if (!isLocated(site.lon, site.lat)) return [];
  const out: FlowLine[] = [];
  for (const record of records) {
    const end = flowEnd(record.request);
    if (!end) continue;
    out.push(type === 1 ? { from: site, to: end, record } : { from: end, to: site, record });
  }
  return out;
}

/** Marker radius in pixels by zoom: small dots for a whole district, bigger ones close up. */
export function siteRadius(zoom: number): number {
  if (zoom <= 11) return 2;
  if (zoom >= 18) return 9;
  return [2.5, 3, 4, 5, 6, 7.5][zoom - 12];
}

/** Trimmed search text; '' when nothing is left. */
export function searchText(input: string | null | undefined): string {
  return (input ?? '').trim();
}

/**
 * refetchInterval of the map's queries: 180 s, 15 s after a failed call (a wall screen should not
 * stay empty for three minutes after one error), or none while polling is stopped (info window
 * open, screen paused).
 */
export function pollEvery(stopped: boolean, failed = false): number | false {
  if (stopped) return false;
  return failed ? REFRESH_MS.mapRetry : REFRESH_MS.mapAndRing;
}
