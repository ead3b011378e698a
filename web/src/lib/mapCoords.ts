/**
 * GCJ-02 ↔ WGS-84 for drawing: sites, fences and zones are stored in GCJ-02 (server/src/domain/coords.ts);
 * tiles in WGS-84 (天地图, CGCS2000 ≈ WGS-84; OpenStreetMap) need them converted. gcoord does the
 * arithmetic (the same library the server and the GeoJSON import use); outside China both are the same.
 */
import gcoord from 'gcoord';
import type { LonLat } from './distance';

export function gcj02ToWgs84(p: LonLat): LonLat {
  const [lon, lat] = gcoord.transform([p.lon, p.lat], gcoord.GCJ02, gcoord.WGS84);
  return { lon, lat };
}

export function wgs84ToGcj02(p: LonLat): LonLat {
  const [lon, lat] = gcoord.transform([p.lon, p.lat], gcoord.WGS84, gcoord.GCJ02);
  return { lon, lat };
}
