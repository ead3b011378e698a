/**
 * How far an imported polygon lies from the area it is imported into (issue 32 point 5): a shape
 * farther than FAR_KM from the area's fences and sites is not saved unless the user confirms it,
 * the distance named (「距海淀区约 1,180 公里」). Pure.
 */
import type { LonLat } from '../../components/deskMap/types';
import { distanceKm } from '../../lib/distance';
import { type Box, boxOf } from './zoneGeo';

/** Farther than this from the area's fences and sites (km): a shape of another place, asked about. */
const FAR_KM = 10;

/** The area a file is imported into: its name and the points it is known by (fences, sites). */
export interface NearArea {
  name: string;
  points: readonly LonLat[];
}

/** The nearest values of two ranges along one axis: equal when they overlap. */
function nearest(lo1: number, hi1: number, lo2: number, hi2: number): [number, number] {
  if (hi1 < lo2) return [hi1, lo2];
  if (hi2 < lo1) return [lo1, hi2];
  const v = Math.max(lo1, lo2);
  return [v, v];
}

/** The ground distance (km) between two boxes: 0 when they overlap, else between their nearest points. */
function boxGap(a: Box, b: Box): number {
  const [lonA, lonB] = nearest(a.west, a.east, b.west, b.east);
  const [latA, latB] = nearest(a.south, a.north, b.south, b.north);
  return distanceKm({ lon: lonA, lat: latA }, { lon: lonB, lat: latB });
}

/** How far (km, rounded) a ring lies from the area, or null when the area has no points or the ring is within FAR_KM. */
export function farFrom(ring: readonly LonLat[], area: NearArea | null | undefined): number | null {
  if (!area?.points.length) return null;
  const a = boxOf([ring]);
  const b = boxOf([area.points]);
  if (!a || !b) return null;
  const km = boxGap(a, b);
  return km > FAR_KM ? Math.round(km) : null;
}

/** 「距海淀区约 1,180 公里」 */
export const farText = (km: number, area: string) => `距${area}约 ${km.toLocaleString('en-US')} 公里`;
