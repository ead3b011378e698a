/**
 * A small Leaflet map for desk forms (props in, callbacks out; GCJ-02 lon/lat as the API takes them):
 * the configured tiles, or a plain light background when there are none; orientation sites and
 * polygons; picker mode (click or drag a marker); draw mode (a polygon with geoman, vertices
 * draggable afterwards). Loaded lazily with Leaflet: import it with React.lazy.
 */
import 'leaflet/dist/leaflet.css';
import type * as Leaflet from 'leaflet';
import { useEffect, useState } from 'react';
import { MapContainer, ScaleControl, TileLayer } from 'react-leaflet';
import { tileUrl } from '../../app/config';
import { useFence, usePoint, usePolygons, useSites } from './layers';
import { useCircles, useFit, usePath, useShapes } from './shapes';
import type { DeskMapProps } from './types';
import './deskMap.css';

/** A transparent pixel: a tile that fails to load shows nothing instead of a broken image. */
const BLANK_TILE = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

export default function DeskMap(p: DeskMapProps) {
  const [map, setMap] = useState<Leaflet.Map | null>(null);
  const url = tileUrl();
  const { lon, lat } = p.center;
  const zoom = p.zoom ?? 16;
  useEffect(() => {
    if (map && Number.isFinite(lon) && Number.isFinite(lat)) map.setView([lat, lon], zoom);
  }, [map, lon, lat, zoom]);
  const { onReady } = p;
  useEffect(() => {
    if (map) onReady?.(map);
  }, [map, onReady]);
  useSites(map, p.sites);
  usePolygons(map, p.polygons);
  useShapes(map, p.shapes, p.onShape);
  useCircles(map, p.circles, p.onCircle);
  usePath(map, p.path);
  // while drawing, clicks place the fence's vertices, not the point
  usePoint(map, p.point, p.drawing ? undefined : p.onPoint, p.ring && p.ring.length >= 3 ? null : p.radius);
  useFence(map, p.ring, p.onRing, !!p.drawing);
  useFit(map, p.fit);
  return (
    <div className={`desk-map${url ? '' : ' desk-map-plain'}`} style={{ height: p.height ?? 420 }} data-testid="desk-map">
      <MapContainer ref={setMap} center={[lat, lon]} zoom={zoom} minZoom={3} maxZoom={19} preferCanvas attributionControl={false} style={{ height: '100%' }}>
        {url && <TileLayer url={url} errorTileUrl={BLANK_TILE} maxZoom={19} />}
        <ScaleControl imperial={false} position="bottomleft" />
      </MapContainer>
    </div>
  );
}
