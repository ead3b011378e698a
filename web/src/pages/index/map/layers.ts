/** Imperative Leaflet layers of the home map, each as a hook on the map instance. */
import { useEffect, useRef, useState } from 'react';
import type * as Leaflet from 'leaflet';
import { HEAT_MAX, MAP } from '../../../lib/constants';
import L from './leafletSetup';
import { PointsCanvas, type PointData, type PointsOptions } from './PointsCanvas';
import { heatPoints, isLocated, type FlowLine } from './mapLogic';
import type { ForbidZone } from './types';
import type { MapSite } from '../types';

/** Panes above the vector overlay (400) and below markers (600) and popups (700). */
export const PANES = { heat: 410, bikes: 430, sites: 450, illegal: 452, flow: 455 } as const;

function ensurePane(map: Leaflet.Map, name: keyof typeof PANES): string {
  if (!map.getPane(name)) {
    const pane = map.createPane(name);
    pane.style.zIndex = String(PANES[name]);
    pane.style.pointerEvents = 'none';
  }
  return name;
}

/** A PointsCanvas on the map; shown when `visible`, fed with `data`. */
export function usePointsLayer(
  map: Leaflet.Map | null,
  pane: keyof typeof PANES,
  options: Omit<PointsOptions, 'pane'>,
  data: PointData | null,
  visible: boolean,
): PointsCanvas | null {
  const [layer, setLayer] = useState<PointsCanvas | null>(null);
  const opts = useRef(options);
  opts.current = options;
  useEffect(() => {
    if (!map) return;
    const l = new PointsCanvas({
      pane: ensurePane(map, pane),
      radius: (z) => opts.current.radius(z),
      outline: options.outline,
      labelMinZoom: options.labelMinZoom,
      labelAvoid: () => opts.current.labelAvoid?.() ?? [],
      onDrawn: (drawn, total, labels) => opts.current.onDrawn?.(drawn, total, labels),
    });
    setLayer(l);
    return () => {
      l.remove();
      setLayer(null);
    };
    // created once per map; options are read through the ref
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, pane]);
  useEffect(() => {
    layer?.setData(data);
  }, [layer, data]);
  useEffect(() => {
    if (!map || !layer) return;
    if (visible) layer.addTo(map);
    else layer.remove();
  }, [map, layer, visible]);
  return layer;
}

/** Forbidden zones (with the fences toggle); the area's operating fences are in ./areaOutline.ts. */
export function useBoundaries(map: Leaflet.Map | null, zones: ForbidZone[] | undefined, showZones: boolean) {
  useEffect(() => {
    if (!map || !zones?.length || !showZones) return;
    const group = L.layerGroup(
      zones
        .filter((z) => z.fence?.length >= 3)
        .map((z) =>
          L.polygon(
            z.fence.map((p) => [p.lat, p.lon] as [number, number]),
            // 1 禁停区 solid red, 0 禁停围栏 dashed
            { color: '#ff4d4f', weight: 1.5, dashArray: z.type === 0 ? '4 4' : undefined, fillColor: '#ff4d4f', fillOpacity: 0.16, interactive: false },
          ),
        ),
    ).addTo(map);
    return () => {
      group.remove();
    };
  }, [map, zones, showZones]);
}

const MAX_FENCES = 3000;

/** Site fences (polygon, or circle of `length` metres) of the sites in view, from zoom 17 on. */
export function useSiteFences(map: Leaflet.Map | null, sites: MapSite[] | undefined, show: boolean) {
  useEffect(() => {
    if (!map || !sites?.length || !show) return;
    const group = L.layerGroup().addTo(map);
    const style = { color: '#69b1ff', weight: 1.5, fillColor: '#69b1ff', fillOpacity: 0.12, interactive: false };
    const refresh = () => {
      group.clearLayers();
      if (map.getZoom() < MAP.fenceMinZoom) return;
      const view = map.getBounds().pad(0.2);
      let n = 0;
      for (const s of sites) {
        if (n >= MAX_FENCES) break;
        if (!isLocated(s.siteLon, s.siteLat) || !view.contains([s.siteLat, s.siteLon])) continue;
        n++;
        if (s.gpsRail && s.gpsRail.length >= 3)
          group.addLayer(
            L.polygon(
              s.gpsRail.map((p) => [p.lat, p.lon] as [number, number]),
              style,
            ),
          );
        else group.addLayer(L.circle([s.siteLat, s.siteLon], { ...style, radius: s.length > 0 ? s.length : 20 }));
      }
    };
    refresh();
    map.on('moveend', refresh);
    return () => {
      map.off('moveend', refresh);
      group.remove();
    };
  }, [map, sites, show]);
}

/** Canvas support, needed by the heat map. */
export function canvasSupported(): boolean {
  try {
    return !!document.createElement('canvas').getContext?.('2d');
  } catch {
    return false;
  }
}

/** Heat map of the sites with the weights of spec §9. */
export function useHeatLayer(map: Leaflet.Map | null, sites: MapSite[] | undefined, show: boolean) {
  useEffect(() => {
    if (!map || !show || !sites) return;
    // minOpacity 0: empty sites (weight 0) add nothing; maxZoom 14 (the 全部 zoom): full weights from there on
    const heat = L.heatLayer(heatPoints(sites), { max: HEAT_MAX, radius: 22, blur: 18, minOpacity: 0, maxZoom: 14 }).addTo(map);
    return () => {
      heat.remove();
    };
  }, [map, sites, show]);
}

const FLOW_COLOURS = { 1: '#faad14', 2: '#36cfc9' } as const;

/** Lines of a flow map with a dot at each other end; fits the view to them. */
export function useFlowLayer(map: Leaflet.Map | null, lines: FlowLine[] | null, type: 1 | 2, centre: { lat: number; lon: number } | null) {
  useEffect(() => {
    if (!map || !lines || !centre) return;
    const colour = FLOW_COLOURS[type];
    const pane = ensurePane(map, 'flow');
    const renderer = L.canvas({ pane });
    const group = L.featureGroup();
    for (const line of lines) {
      const end = type === 1 ? line.to : line.from;
      group.addLayer(
        L.polyline(
          [
            [line.from.lat, line.from.lon],
            [line.to.lat, line.to.lon],
          ],
          { color: colour, weight: 1.5, opacity: 0.75, interactive: false, renderer },
        ),
      );
      group.addLayer(L.circleMarker([end.lat, end.lon], { radius: 3, color: colour, weight: 1, fillOpacity: 0.9, interactive: false, renderer }));
    }
    group.addLayer(
      L.circleMarker([centre.lat, centre.lon], { radius: 9, color: '#ffffff', weight: 2, fillColor: colour, fillOpacity: 1, interactive: false, renderer }),
    );
    group.addTo(map);
    const b = group.getBounds();
    if (lines.length && b.isValid()) map.fitBounds(b.pad(0.15), { maxZoom: 17 });
    else map.setView([centre.lat, centre.lon], MAP.selectedSiteZoom - 2);
    return () => {
      group.remove();
      renderer.remove();
    };
  }, [map, lines, type, centre]);
}

/** A pulsing ring on the located site and, after a bike search, a dot on the bike. */
export function useFocusMarkers(map: Leaflet.Map | null, site: { lat: number; lon: number } | null, bike: { lat: number; lon: number } | null) {
  useEffect(() => {
    if (!map || !site) return;
    const m = L.marker([site.lat, site.lon], {
      icon: L.divIcon({ className: 'home-map-focus', iconSize: [36, 36], html: '<span></span>' }),
      interactive: false,
      keyboard: false,
    }).addTo(map);
    return () => {
      m.remove();
    };
  }, [map, site]);
  useEffect(() => {
    if (!map || !bike) return;
    const m = L.marker([bike.lat, bike.lon], {
      icon: L.divIcon({ className: 'home-map-bike', iconSize: [14, 14] }),
      interactive: false,
      keyboard: false,
    }).addTo(map);
    return () => {
      m.remove();
    };
  }, [map, bike]);
}
