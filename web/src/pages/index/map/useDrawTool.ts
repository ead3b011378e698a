/** Polygon drawing with leaflet-geoman; the finished ring is handed back and drawn read-only. */
import { useEffect, useRef } from 'react';
import type * as Leaflet from 'leaflet';
import type {} from '@geoman-io/leaflet-geoman-free';
import { toast } from '../../../app/feedback';
import L from './leafletSetup';
import type { LonLat } from './types';

/** Loads geoman and gives a map created before it its `pm` (geoman adds it to new maps only). */
async function withGeoman(map: Leaflet.Map): Promise<void> {
  await import('./geomanSetup');
  if (!map.pm) {
    // L.PM.Map is geoman's map controller (not in its type declarations)
    const PMMap = (L.PM as unknown as { Map: new (m: Leaflet.Map) => Leaflet.PM.PMMap }).Map;
    map.pm = new PMMap(map);
    map.pm.setGlobalOptions({});
  }
}

const COLOUR = '#ffd666';

/** While `active`, the next polygon drawn on the map is passed to `onDone` (then drawing stops). */
export function useDrawTool(map: Leaflet.Map | null, active: boolean, onDone: (ring: LonLat[]) => void) {
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    if (!map || !active) return;
    let on = true;
    const onCreate = (e: { layer: Leaflet.Layer }) => {
      const layer = e.layer as Leaflet.Polygon;
      const latlngs = layer.getLatLngs();
      const first = (Array.isArray(latlngs[0]) ? latlngs[0] : latlngs) as Leaflet.LatLng[];
      layer.remove();
      done.current(first.map((p) => ({ lon: p.lng, lat: p.lat })));
    };
    withGeoman(map).then(
      () => {
        if (!on) return;
        map.pm.setLang('zh');
        map.pm.enableDraw('Polygon', {
          snappable: false,
          allowSelfIntersection: false,
          templineStyle: { color: COLOUR },
          hintlineStyle: { color: COLOUR, dashArray: [5, 5] },
          pathOptions: { color: COLOUR },
        });
        map.on('pm:create', onCreate as Leaflet.LeafletEventHandlerFn);
        // clicks now place vertices (geoman loads lazily: the first clicks could be lost before)
        map.getContainer().dataset.drawReady = '1';
      },
      () => toast().error('绘制工具加载失败，请刷新页面后重试'),
    );
    return () => {
      on = false;
      map.off('pm:create', onCreate as Leaflet.LeafletEventHandlerFn);
      map.pm?.disableDraw();
      delete map.getContainer().dataset.drawReady;
    };
  }, [map, active]);
}

/** The drawn polygon, not interactive (clicks reach the sites under it). */
export function useDrawnPolygon(map: Leaflet.Map | null, ring: LonLat[] | null) {
  useEffect(() => {
    if (!map || !ring) return;
    const poly = L.polygon(
      ring.map((p) => [p.lat, p.lon] as [number, number]),
      { color: COLOUR, weight: 2, fillColor: COLOUR, fillOpacity: 0.12, interactive: false, pmIgnore: true } as Leaflet.PolylineOptions,
    ).addTo(map);
    return () => {
      poly.remove();
    };
  }, [map, ring]);
}
