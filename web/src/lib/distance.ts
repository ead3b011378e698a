import { EARTH_RADIUS_KM } from './constants';

export interface LonLat {
  lon: number;
  lat: number;
}

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km (haversine, earth radius 6378.137 km). */
export function distanceKm(a: LonLat, b: LonLat): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Display form: under 1 km whole metres ("850m"), otherwise km with two decimals ("1.23km").
 * Rounding happens first, so 999.6 m shows as "1.00km". Non-finite input gives ''.
 */
export function formatDistance(km: number): string {
  if (!Number.isFinite(km) || km < 0) return '';
  const metres = Math.round(km * 1000);
  return metres < 1000 ? `${metres}m` : `${km.toFixed(2)}km`;
}

/** Distance between two points, formatted. */
export function distanceText(a: LonLat, b: LonLat): string {
  return formatDistance(distanceKm(a, b));
}
