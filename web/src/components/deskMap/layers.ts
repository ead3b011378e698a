/** The desk map's layers as hooks: orientation sites and polygons, the picked point, its radius, the fence. */
import L from 'leaflet';
import type * as Leaflet from 'leaflet';
import { useEffect, useRef } from 'react';
import { toast } from '../../app/feedback';
import { flagStyle } from '../../lib/siteStatus';
import { withGeoman } from './geoman';
import type { LonLat, MapSite } from './types';

const FENCE = '#1677ff';
const OTHER = '#8c8c8c';
const ll = (p: LonLat): [number, number] => [p.lat, p.lon];
/** Six decimals (about 0.1 m) are enough for a site. */
const round = (n: number) => Math.round(n * 1e6) / 1e6;
const lonLatOf = (p: Leaflet.LatLng): LonLat => ({ lon: round(p.lng), lat: round(p.lat) });

/** The outer ring of a Leaflet polygon as lon/lat. */
function ringOf(layer: Leaflet.Polygon): LonLat[] {
  const latlngs = layer.getLatLngs();
  const first = (Array.isArray(latlngs[0]) ? latlngs[0] : latlngs) as Leaflet.LatLng[];
  return first.map(lonLatOf);
}

/** Sites as small circles coloured by flag, with their names as tooltips; not interactive beyond that. */
export function useSites(map: Leaflet.Map | null, sites: readonly MapSite[] | undefined) {
  useEffect(() => {
    if (!map || !sites?.length) return;
    const group = L.layerGroup(
      sites.map((s) => {
        const c = L.circleMarker(ll(s), {
          radius: 5,
          weight: 1,
          color: '#ffffff',
          fillColor: flagStyle(s.flag).color,
          fillOpacity: 0.9,
          bubblingMouseEvents: true,
        });
        return s.name ? c.bindTooltip(s.name, { direction: 'top' }) : c;
      }),
    ).addTo(map);
    return () => {
      group.remove();
    };
  }, [map, sites]);
}

/** Read-only polygons for orientation; clicks pass through to the map. */
export function usePolygons(map: Leaflet.Map | null, polygons: readonly (readonly LonLat[])[] | undefined) {
  useEffect(() => {
    if (!map || !polygons?.length) return;
    const opts = { color: OTHER, weight: 1, dashArray: '4 4', fillOpacity: 0.05, interactive: false, pmIgnore: true } as Leaflet.PolylineOptions;
    const group = L.layerGroup(polygons.map((r) => L.polygon(r.map(ll), opts))).addTo(map);
    return () => {
      group.remove();
    };
  }, [map, polygons]);
}

const PIN = L.divIcon({ className: 'desk-map-pin', html: '<span></span>', iconSize: [22, 22], iconAnchor: [11, 22] });

/** The picked point: a click on the map sets it, the marker can be dragged; a circle of `radius` metres around it. */
export function usePoint(
  map: Leaflet.Map | null,
  point: LonLat | null | undefined,
  onPoint: ((p: LonLat) => void) | undefined,
  radius: number | null | undefined,
) {
  const cb = useRef(onPoint);
  cb.current = onPoint;
  const picking = !!onPoint;
  useEffect(() => {
    if (!map || !picking) return;
    const click = (e: Leaflet.LeafletMouseEvent) => cb.current?.(lonLatOf(e.latlng));
    map.on('click', click);
    map.getContainer().classList.add('desk-map-picking');
    return () => {
      map.off('click', click);
      map.getContainer().classList.remove('desk-map-picking');
    };
  }, [map, picking]);
  const lon = point?.lon;
  const lat = point?.lat;
  useEffect(() => {
    if (!map || lon === undefined || lat === undefined || !Number.isFinite(lon) || !Number.isFinite(lat)) return;
    const marker = L.marker([lat, lon], { icon: PIN, draggable: picking, title: '站点中心', pmIgnore: true } as Leaflet.MarkerOptions).addTo(map);
    marker.on('dragend', () => cb.current?.(lonLatOf(marker.getLatLng())));
    const circle = radius
      ? L.circle([lat, lon], { radius, color: FENCE, weight: 2, fillOpacity: 0.12, interactive: false, pmIgnore: true } as Leaflet.CircleOptions).addTo(map)
      : null;
    return () => {
      marker.remove();
      circle?.remove();
    };
  }, [map, lon, lat, radius, picking]);
}

/** The fence: drawn when `drawing`, then shown with draggable vertices; every change goes to onRing. */
export function useFence(
  map: Leaflet.Map | null,
  ring: readonly LonLat[] | null | undefined,
  onRing: ((r: LonLat[] | null) => void) | undefined,
  drawing: boolean,
) {
  const cb = useRef(onRing);
  cb.current = onRing;
  const editable = !!onRing;
  useEffect(() => {
    if (!map || !drawing) return;
    let on = true;
    const created = (e: { layer: Leaflet.Layer }) => {
      const layer = e.layer as Leaflet.Polygon;
      const r = ringOf(layer);
      layer.remove();
      cb.current?.(r);
    };
    withGeoman(map).then(
      () => {
        if (!on) return;
        map.pm.enableDraw('Polygon', { snappable: false, allowSelfIntersection: false, pathOptions: { color: FENCE } });
        map.on('pm:create', created as Leaflet.LeafletEventHandlerFn);
        map.getContainer().dataset.drawReady = '1';
      },
      () => toast().error('绘制工具加载失败，请刷新页面后重试'),
    );
    return () => {
      on = false;
      map.off('pm:create', created as Leaflet.LeafletEventHandlerFn);
      map.pm?.disableDraw();
      delete map.getContainer().dataset.drawReady;
    };
  }, [map, drawing]);
  useEffect(() => {
    if (!map || !ring || ring.length < 3) return;
    const make = () => L.polygon(ring.map(ll), { color: FENCE, weight: 2, fillOpacity: 0.15, bubblingMouseEvents: true } as Leaflet.PolylineOptions).addTo(map);
    let poly = make();
    let on = true;
    if (editable) {
      void withGeoman(map).then(() => {
        if (!on) return;
        // a polygon made before geoman first loaded has no editor: make it again
        if (!poly.pm) {
          poly.remove();
          poly = make();
        }
        poly.pm.enable({ allowSelfIntersection: false, draggable: false, snappable: false });
        poly.on('pm:edit', () => cb.current?.(ringOf(poly)));
      });
    }
    return () => {
      on = false;
      poly.pm?.disable();
      poly.remove();
    };
  }, [map, ring, editable]);
}
