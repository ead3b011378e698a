/**
 * A small Leaflet map for desk forms (props in, callbacks out; GCJ-02 lon/lat as the API takes them):
 * the configured tiles (components/mapTiles: a preset or MAP_TILE_URL, with the projection that lays
 * GCJ-02 on them), or a plain light background when there are none; under the caller's layers the
 * area's operating fences and enabled zones with their names (./backdrop.ts); orientation sites with
 * their names where they fit; polygons; picker mode (click or drag a marker); draw mode (a polygon
 * with geoman, vertices draggable afterwards). Loaded lazily with Leaflet: import it with React.lazy.
 */
import 'leaflet/dist/leaflet.css';
import type * as Leaflet from 'leaflet';
import { useEffect, useState } from 'react';
import { MapContainer, ScaleControl } from 'react-leaflet';
import { useSession } from '../../app/session/store';
import { MAP } from '../../lib/constants';
import MapTiles from '../mapTiles/MapTiles';
import { tileSetup } from '../mapTiles/tiles';
import { useBackdropData, useBackdropLayers, useSiteLabels, useStartAtArea, useZoomClasses } from './backdrop';
import { useFence, usePoint, usePolygons, useSites } from './layers';
import { useCircles, useFit, usePath, useShapes } from './shapes';
import type { DeskMapProps } from './types';
import './deskMap.css';

export default function DeskMap(p: DeskMapProps) {
  const [map, setMap] = useState<Leaflet.Map | null>(null);
  const { tiles, crs } = tileSetup();
  const ownArea = useSession((s) => s.user?.areaId ?? '');
  const areaId = p.areaId || ownArea;
  const backdrop = p.backdrop === false ? { fences: false, zones: false } : (p.backdrop ?? {});
  const data = useBackdropData(areaId, backdrop);
  const lon = p.center?.lon;
  const lat = p.center?.lat;
  const zoom = p.zoom ?? 16;
  const centred = lon !== undefined && lat !== undefined && Number.isFinite(lon) && Number.isFinite(lat);
  useEffect(() => {
    if (map && centred) map.setView([lat, lon], zoom);
  }, [map, centred, lon, lat, zoom]);
  const { onReady } = p;
  useEffect(() => {
    if (map) onReady?.(map);
  }, [map, onReady]);
  useZoomClasses(map);
  useBackdropLayers(map, data.fences, data.zones);
  // no centre given and nothing to fit: the area's fences (the user's own area until one is chosen), else its sites
  useStartAtArea(map, !centred && !p.fit?.length, areaId, data, p.sites);
  useSites(map, p.sites);
  useSiteLabels(map, p.sites);
  usePolygons(map, p.polygons);
  useShapes(map, p.shapes, p.onShape);
  useCircles(map, p.circles, p.onCircle);
  usePath(map, p.path);
  // while drawing, clicks place the fence's vertices, not the point
  usePoint(map, p.point, p.drawing ? undefined : p.onPoint, p.ring && p.ring.length >= 3 ? null : p.radius);
  useFence(map, p.ring, p.onRing, !!p.drawing);
  useFit(map, p.fit);
  const start: [number, number] = centred ? [lat, lon] : [MAP.center.lat, MAP.center.lon];
  return (
    <div
      className={`desk-map${tiles ? '' : ' desk-map-plain'}`}
      style={{ height: p.height ?? 420 }}
      data-testid="desk-map"
      data-tiles={tiles?.source ?? ''}
      data-tile-coords={tiles?.coords ?? ''}
    >
      <MapContainer
        ref={setMap}
        crs={crs}
        center={start}
        zoom={centred ? zoom : 13}
        minZoom={3}
        maxZoom={19}
        preferCanvas
        attributionControl={false}
        style={{ height: '100%' }}
      >
        <MapTiles tiles={tiles} />
        <ScaleControl imperial={false} position="bottomleft" />
      </MapContainer>
    </div>
  );
}
