/**
 * What a desk map shows under the caller's layers so the plain background reads as a map: the
 * operating fences (运营围栏, the area polygons the server holds) of the area and its sub-areas with
 * their names, the enabled forbidden zones (禁停围栏 orange, 禁停区 red) with their names, the sites'
 * names where they fit; and, when the caller gives no centre, a first view on the area's fences.
 */
import { useQuery } from '@tanstack/react-query';
import L from 'leaflet';
import type * as Leaflet from 'leaflet';
import { useEffect, useRef } from 'react';
import { api } from '../../app/request';
import { placeLabels } from '../../pages/index/map/labels';
import type { LonLat, MapSite } from './types';

/** Site names show from this zoom (a street's sites), never more than SITE_LABELS at once. */
const SITE_LABEL_ZOOM = 16;
const SITE_LABELS = 150;
/** Zone names show from this zoom. */
const ZONE_LABEL_ZOOM = 14;

const FENCE_STYLE = {
  color: '#1677ff',
  weight: 2,
  opacity: 0.85,
  dashArray: '8 6',
  fillColor: '#1677ff',
  fillOpacity: 0.04,
  interactive: false,
  pmIgnore: true,
};
/** 0 禁停围栏 orange, 1 禁停区 red (as the zone list's map). */
const ZONE_COLOR: Record<number, string> = { 0: '#fa8c16', 1: '#f5222d' };

export interface AreaFence {
  areaId: string;
  areaName: string;
  gpsRail: readonly LonLat[];
}
export interface BackdropZone {
  id: number;
  alias: string;
  type: number;
  fence: readonly LonLat[];
}

/** Which backdrop layers a map draws (a caller that draws the same itself turns its copy off). */
export interface BackdropOptions {
  fences?: boolean;
  zones?: boolean;
}

/** The operating fences and enabled zones of an area (and its sub-areas), fetched when asked. */
export function useBackdropData(areaId: string, opts: BackdropOptions) {
  const fences = useQuery({
    queryKey: ['deskMap', 'fences', areaId],
    queryFn: () => api.get('/area/rail', { selectAreaId: areaId }),
    enabled: !!areaId && opts.fences !== false,
    staleTime: 5 * 60_000,
  });
  const zones = useQuery({
    queryKey: ['deskMap', 'zones', areaId],
    queryFn: () => api.get('/forbid/', { selfAreaId: areaId, enabled: 1, currentPage: 1, pageSize: 5000 }).then((p) => p.lists),
    enabled: !!areaId && opts.zones !== false,
    staleTime: 5 * 60_000,
  });
  return {
    fences: opts.fences === false ? undefined : (fences.data as readonly AreaFence[] | undefined),
    zones: opts.zones === false ? undefined : (zones.data as readonly BackdropZone[] | undefined),
    /** the fences came (or failed, or are not asked for): the first view can be chosen */
    fencesSettled: !areaId || opts.fences === false || !fences.isPending,
  };
}

const ll = (p: LonLat): [number, number] => [p.lat, p.lon];

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The northernmost vertex of a ring (where its name goes). */
function northOf(ring: readonly LonLat[]): LonLat {
  return ring.reduce((top, p) => (p.lat > top.lat ? p : top), ring[0]);
}

const nameMark = (at: LonLat, text: string, className: string) =>
  L.marker(ll(at), {
    icon: L.divIcon({ className, html: `<span>${escapeHtml(text)}</span>`, iconSize: undefined }),
    interactive: false,
    keyboard: false,
    pmIgnore: true,
  } as Leaflet.MarkerOptions);

/** The operating fences (dashed blue, named on their northern edge) and the zones (dashed, named), below everything else. */
export function useBackdropLayers(map: Leaflet.Map | null, fences: readonly AreaFence[] | undefined, zones: readonly BackdropZone[] | undefined) {
  useEffect(() => {
    if (!map || !fences?.length) return;
    const group = L.layerGroup();
    for (const f of fences) {
      if (!f.gpsRail || f.gpsRail.length < 3) continue;
      group.addLayer(L.polygon(f.gpsRail.map(ll), FENCE_STYLE as Leaflet.PolylineOptions));
      group.addLayer(nameMark(northOf(f.gpsRail), `${f.areaName} 运营区域`, 'desk-map-area-name'));
    }
    group.addTo(map);
    return () => {
      group.remove();
    };
  }, [map, fences]);
  useEffect(() => {
    if (!map || !zones?.length) return;
    const group = L.layerGroup();
    for (const z of zones) {
      if (!z.fence || z.fence.length < 3) continue;
      const color = ZONE_COLOR[z.type] ?? ZONE_COLOR[1];
      const opts = { color, weight: 1.5, dashArray: '4 4', fillColor: color, fillOpacity: 0.1, interactive: false, pmIgnore: true };
      group.addLayer(L.polygon(z.fence.map(ll), opts as Leaflet.PolylineOptions));
      if (z.alias) group.addLayer(nameMark(northOf(z.fence), z.alias, 'desk-map-zone-name'));
    }
    group.addTo(map);
    return () => {
      group.remove();
    };
  }, [map, zones]);
}

/** The zoom as a class of the map's container: names hide below their zoom (CSS), so a wide view stays readable. */
export function useZoomClasses(map: Leaflet.Map | null) {
  useEffect(() => {
    if (!map) return;
    const el = map.getContainer();
    const set = () => {
      const z = map.getZoom();
      el.classList.toggle('desk-map-far', z < ZONE_LABEL_ZOOM);
    };
    set();
    map.on('zoomend', set);
    return () => {
      map.off('zoomend', set);
    };
  }, [map]);
}

/** Site names where they fit (no two overlapping), from SITE_LABEL_ZOOM, redrawn when the view moves. */
export function useSiteLabels(map: Leaflet.Map | null, sites: readonly MapSite[] | undefined) {
  useEffect(() => {
    if (!map || !sites?.length) return;
    const group = L.layerGroup().addTo(map);
    const draw = () => {
      group.clearLayers();
      if (map.getZoom() < SITE_LABEL_ZOOM) return;
      const bounds = map.getBounds().pad(0.05);
      const shown = sites.filter((s) => s.name && bounds.contains(ll(s)));
      const x = new Float64Array(shown.length);
      const y = new Float64Array(shown.length);
      shown.forEach((s, i) => {
        const p = map.latLngToContainerPoint(ll(s));
        x[i] = p.x;
        y[i] = p.y;
      });
      const size = map.getSize();
      const placed = placeLabels(
        shown.map((s) => s.name ?? ''),
        shown.keys(),
        x,
        y,
        5,
        { left: 0, top: 0, width: size.x, height: size.y },
        [],
        SITE_LABELS,
      );
      for (const p of placed) {
        const s = shown[p.i];
        // the name's left end and vertical middle, back to the map
        const at = map.containerPointToLatLng([p.x, p.y]);
        group.addLayer(
          L.marker(at, {
            icon: L.divIcon({ className: 'desk-map-site-name', html: `<span>${escapeHtml(s.name ?? '')}</span>`, iconSize: [0, 0], iconAnchor: [0, 8] }),
            interactive: false,
            keyboard: false,
            pmIgnore: true,
          } as Leaflet.MarkerOptions),
        );
      }
    };
    draw();
    map.on('moveend zoomend', draw);
    return () => {
      map.off('moveend zoomend', draw);
      group.remove();
    };
  }, [map, sites]);
}

/** The box of some rings, as Leaflet bounds; null when there is nothing. */
function boundsOf(rings: readonly (readonly LonLat[])[]): Leaflet.LatLngBounds | null {
  const pts = rings.flat();
  return pts.length ? L.latLngBounds(pts.map(ll)) : null;
}

/**
 * The first view when the caller gives no centre: the area's operating fences (each new area's once
 * they arrive), else the given sites' box; the user's own area when no other is named.
 */
export function useStartAtArea(
  map: Leaflet.Map | null,
  enabled: boolean,
  areaId: string,
  fences: { fences: readonly AreaFence[] | undefined; fencesSettled: boolean },
  sites: readonly MapSite[] | undefined,
) {
  const done = useRef<string | null>(null);
  const { fences: list, fencesSettled } = fences;
  useEffect(() => {
    if (!map || !enabled || !fencesSettled || done.current === areaId) return;
    const rings = (list ?? []).map((f) => f.gpsRail).filter((r) => r && r.length >= 3);
    const box = boundsOf(rings) ?? (sites?.length ? boundsOf([sites]) : null);
    if (!box) return;
    map.fitBounds(box, { padding: [24, 24], maxZoom: 17 });
    done.current = areaId;
  }, [map, enabled, fencesSettled, areaId, list, sites]);
}
