/**
 * The tiles under every map and the projection that lays GCJ-02 overlays on them. The map's LatLngs
 * stay GCJ-02 (what the API stores and takes) everywhere; only the projection differs: over GCJ-02
 * tiles (高德, 腾讯, no tiles) it is Leaflet's Web Mercator, over WGS-84 tiles (天地图) it converts
 * each GCJ-02 point to WGS-84 before projecting and converts back when unprojecting, so every overlay
 * is drawn where the tiles have it and a click or a drawn vertex comes back in GCJ-02.
 */
import L from 'leaflet';
import type * as Leaflet from 'leaflet';
import { mapTiles, type MapTiles, type TileCoords } from '../../app/config';
import { gcj02ToWgs84, wgs84ToGcj02 } from '../../lib/mapCoords';

const SM = L.Projection.SphericalMercator;

/** Web Mercator of the WGS-84 position of a GCJ-02 LatLng (and back). */
const gcjOnWgs84Projection: Leaflet.Projection = {
  bounds: SM.bounds,
  project(latlng: Leaflet.LatLng): Leaflet.Point {
    const w = gcj02ToWgs84({ lon: latlng.lng, lat: latlng.lat });
    return SM.project(L.latLng(w.lat, w.lon));
  },
  unproject(point: Leaflet.Point): Leaflet.LatLng {
    const w = SM.unproject(point);
    const g = wgs84ToGcj02({ lon: w.lng, lat: w.lat });
    return L.latLng(g.lat, g.lon);
  },
};

/** A map's CRS for tiles in `coords` with GCJ-02 LatLngs: EPSG:3857 itself for GCJ-02 tiles, else one projecting through WGS-84. */
function crsFor(coords: TileCoords): Leaflet.CRS {
  if (coords === 'gcj02') return L.CRS.EPSG3857;
  return L.Util.extend({}, L.CRS.EPSG3857, { code: 'EPSG:3857', projection: gcjOnWgs84Projection }) as Leaflet.CRS;
}

export interface TileSetup {
  tiles: MapTiles | null;
  crs: Leaflet.CRS;
}

let cached: TileSetup | null = null;

/** The configured tiles and the CRS for them (read once: the page's meta does not change). */
export function tileSetup(doc?: Document): TileSetup {
  if (doc) {
    const tiles = mapTiles(doc);
    return { tiles, crs: crsFor(tiles?.coords ?? 'gcj02') };
  }
  if (!cached) cached = tileSetup(document);
  return cached;
}

/** Forgets the read configuration (tests change the meta tags). */
export function resetTileSetup(): void {
  cached = null;
}
