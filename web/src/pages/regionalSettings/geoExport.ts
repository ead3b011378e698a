/**
 * GeoJSON export (issue 12, issue 32 point 5): zones or fences as an RFC 7946 FeatureCollection:
 * closed rings, the exterior counter-clockwise and holes clockwise (the right-hand rule), nothing at
 * the top level beyond type and features. RFC 7946 means WGS-84, the default; GCJ-02 (what is stored,
 * what 高德/腾讯 maps draw) is a non-standard option the button names so.
 */
import type { LonLat } from '../../components/deskMap/types';
import { type CoordSys, gcjToWgs } from './geojson';
import { openRing } from './zoneGeo';

/** One polygon to export: its stored (GCJ-02) ring, its holes and the properties written beside it. */
export interface ExportShape {
  ring: readonly LonLat[];
  holes?: readonly (readonly LonLat[])[];
  properties: Record<string, unknown> & { name: string };
}

type Position = [number, number];

export interface FeatureCollection {
  type: 'FeatureCollection';
  features: Array<{
    type: 'Feature';
    properties: Record<string, unknown>;
    geometry: { type: 'Polygon'; coordinates: Position[][] };
  }>;
}

/** Twice the signed area of a closed ring (positive: counter-clockwise, with x east and y north). */
function signedArea(ring: readonly Position[]): number {
  let a = 0;
  for (let i = 0; i + 1 < ring.length; i++) a += ring[i][0] * ring[i + 1][1] - ring[i + 1][0] * ring[i][1];
  return a;
}

/** The ring closed, in the system asked, wound counter-clockwise (exterior) or clockwise (hole). */
function positions(ring: readonly LonLat[], sys: CoordSys, ccw: boolean): Position[] | null {
  const open = openRing(ring);
  if (!open) return null;
  const coords = (sys === 'wgs84' ? open.map(gcjToWgs) : open).map((p) => [p.lon, p.lat] as Position);
  coords.push([...coords[0]]);
  return signedArea(coords) > 0 === ccw ? coords : coords.reverse();
}

/** The shapes as a FeatureCollection; rings closed and wound by the right-hand rule, converted when WGS-84 is asked. */
export function toFeatureCollection(shapes: readonly ExportShape[], sys: CoordSys): FeatureCollection {
  const features: FeatureCollection['features'] = [];
  for (const s of shapes) {
    const outer = positions(s.ring, sys, true);
    if (!outer) continue;
    const holes = (s.holes ?? []).map((h) => positions(h, sys, false)).filter((h): h is Position[] => !!h);
    features.push({ type: 'Feature', properties: s.properties, geometry: { type: 'Polygon', coordinates: [outer, ...holes] } });
  }
  return { type: 'FeatureCollection', features };
}

/** A forbidden zone's export properties (name is read back by the import). */
export function zoneShape(z: {
  id: number;
  alias: string;
  serial: string | null;
  type: number;
  areaId: string;
  areaName: string;
  enabled: boolean;
  fence: readonly LonLat[];
  holes?: readonly (readonly LonLat[])[];
}): ExportShape {
  return {
    ring: z.fence,
    holes: z.holes,
    properties: { name: z.alias, id: z.id, serial: z.serial, type: z.type, areaId: z.areaId, areaName: z.areaName, enabled: z.enabled },
  };
}

/** The FeatureCollection as the text of a .geojson file. */
export const geoJsonText = (fc: FeatureCollection) => JSON.stringify(fc);
