/** Clicks and hover on the point canvases: a site opens its info window, sites and bikes show a tooltip. */
import { useEffect, useRef } from 'react';
import type * as Leaflet from 'leaflet';
import L from './leafletSetup';
import type { PointsCanvas } from './PointsCanvas';
import type { LayerBike, LonLat } from './types';
import type { MapSite } from '../types';

export interface PointerTargets {
  sites: { layer: PointsCanvas | null; items: MapSite[] };
  bikes: { layer: PointsCanvas | null; items: LayerBike[] };
  illegal: { layer: PointsCanvas | null; items: LayerBike[] };
  /** while a polygon is being drawn, clicks belong to the drawing */
  drawing: boolean;
  /** an info window is open: no site tooltips under it */
  infoOpen: boolean;
}

type Hit = { kind: 'site'; site: MapSite } | { kind: 'bike'; text: string; at: LonLat };

export function useCanvasPointer(map: Leaflet.Map | null, targets: PointerTargets, onSite: (site: MapSite) => void) {
  const current = useRef({ targets, onSite });
  current.current = { targets, onSite };
  useEffect(() => {
    if (!map) return;
    const tip = L.tooltip({ direction: 'top', offset: [0, -8], className: 'home-map-tip', opacity: 1 });
    const under = (e: Leaflet.LeafletMouseEvent): Hit | null => {
      const t = current.current.targets;
      if (t.drawing) return null;
      if (t.sites.layer && map.hasLayer(t.sites.layer)) {
        const i = t.sites.layer.hit(e.layerPoint);
        if (i >= 0) return { kind: 'site', site: t.sites.items[i] };
      }
      for (const [{ layer, items }, label] of [
        [t.illegal, '非法车辆'],
        [t.bikes, '车辆'],
      ] as const) {
        if (!layer || !map.hasLayer(layer)) continue;
        const i = layer.hit(e.layerPoint, 2);
        if (i < 0) continue;
        const b = items[i];
        return { kind: 'bike', text: `${label} ${b.bikeId} · ${b.brandName || '未知品牌'} · ${b.time}`, at: { lon: b.bikeLon, lat: b.bikeLat } };
      }
      return null;
    };
    const onClick = (e: Leaflet.LeafletMouseEvent) => {
      const hit = under(e);
      if (hit?.kind !== 'site') return;
      map.closeTooltip(tip);
      current.current.onSite(hit.site);
    };
    let frame = 0;
    const onMove = (e: Leaflet.LeafletMouseEvent) => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const hit = under(e);
        map.getContainer().style.cursor = hit?.kind === 'site' ? 'pointer' : '';
        if (!hit || (hit.kind === 'site' && current.current.targets.infoOpen)) {
          map.closeTooltip(tip);
          return;
        }
        const text = hit.kind === 'site' ? `${hit.site.siteName} · ${hit.site.status} · ${hit.site.num} 辆` : hit.text;
        const at = hit.kind === 'site' ? L.latLng(hit.site.siteLat, hit.site.siteLon) : L.latLng(hit.at.lat, hit.at.lon);
        tip.setContent(text).setLatLng(at);
        if (!map.hasLayer(tip)) map.openTooltip(tip);
      });
    };
    const onOut = () => {
      cancelAnimationFrame(frame);
      map.closeTooltip(tip);
    };
    map.on('click', onClick);
    map.on('mousemove', onMove);
    map.on('mouseout', onOut);
    return () => {
      cancelAnimationFrame(frame);
      map.off('click', onClick);
      map.off('mousemove', onMove);
      map.off('mouseout', onOut);
      tip.remove();
    };
  }, [map]);
}
