/** GeoJSON export (issue 12): zones or fences as a FeatureCollection of closed polygons, in GCJ-02 or WGS-84. */
import type { LonLat } from '../../components/deskMap/types';
import { type CoordSys, gcjToWgs } from './geojson';
import { openRing } from './zoneGeo';

/** One polygon to export: its stored (GCJ-02) ring and the properties written beside it. */
export interface ExportShape {
  ring: readonly LonLat[];
  properties: Record<string, unknown> & { name: string };
}

export interface FeatureCollection {
  type: 'FeatureCollection';
  /** not part of RFC 7946 (which means WGS-84): says which system the numbers are in */
  coordinateSystem: 'GCJ-02' | 'WGS-84';
  features: Array<{
    type: 'Feature';
    properties: Record<string, unknown>;
    geometry: { type: 'Polygon'; coordinates: [number, number][][] };
  }>;
}

/** The shapes as a FeatureCollection; rings closed (first point repeated), converted when WGS-84 is asked. */
export function toFeatureCollection(shapes: readonly ExportShape[], sys: CoordSys): FeatureCollection {
  const features: FeatureCollection['features'] = [];
  for (const s of shapes) {
    const open = openRing(s.ring);
    if (!open) continue;
    const ring = sys === 'wgs84' ? open.map(gcjToWgs) : open;
    const coords = ring.map((p) => [p.lon, p.lat] as [number, number]);
    coords.push([...coords[0]]);
    features.push({ type: 'Feature', properties: s.properties, geometry: { type: 'Polygon', coordinates: [coords] } });
  }
  return { type: 'FeatureCollection', coordinateSystem: sys === 'wgs84' ? 'WGS-84' : 'GCJ-02', features };
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
}): ExportShape {
  return {
    ring: z.fence,
    properties: { name: z.alias, id: z.id, serial: z.serial, type: z.type, areaId: z.areaId, areaName: z.areaName, enabled: z.enabled },
  };
}

/** The FeatureCollection as the text of a .geojson file. */
export const geoJsonText = (fc: FeatureCollection) => JSON.stringify(fc);
