/**
 * The area's outline on the main map: each operating fence (area gpsRail, the only area polygon
 * the server holds) with its area's name on its northern edge, and, when asked, the extent of the
 * area's sites (their bounding box, from init) as a faint dotted frame.
 */
import { useEffect } from 'react';
import type * as Leaflet from 'leaflet';
import L from './leafletSetup';
import { extentBox, hasArea } from './mapLogic';
import type { AreaRail, Extent, LonLat } from './types';
import './legend.css';

const FENCE_STYLE = { color: '#40a9ff', weight: 2, opacity: 0.9, dashArray: '8 6', fillColor: '#1677ff', fillOpacity: 0.07, interactive: false };
const EXTENT_STYLE = { color: '#8fb3e0', weight: 1, opacity: 0.7, dashArray: '2 6', fill: false, interactive: false };

/** The northernmost vertex of a ring (where its name goes). */
export function northOf(ring: readonly LonLat[]): LonLat | null {
  let top: LonLat | null = null;
  for (const p of ring) if (!top || p.lat > top.lat) top = p;
  return top;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A name label on the map (not clickable). */
function nameMarker(at: LonLat, text: string, className: string): Leaflet.Marker {
  return L.marker([at.lat, at.lon], {
    icon: L.divIcon({ className, html: `<span>${escapeHtml(text)}</span>`, iconSize: undefined }),
    interactive: false,
    keyboard: false,
  });
}

/** Operating fences with their names; the sites' extent when `showExtent`. */
export function useAreaOutline(map: Leaflet.Map | null, rails: AreaRail[] | undefined, extent: Extent | null | undefined, showExtent: boolean): void {
  useEffect(() => {
    if (!map || !rails?.length) return;
    const group = L.layerGroup();
    for (const r of rails) {
      if (!r.gpsRail || r.gpsRail.length < 3) continue;
      group.addLayer(
        L.polygon(
          r.gpsRail.map((p) => [p.lat, p.lon] as [number, number]),
          FENCE_STYLE,
        ),
      );
      const top = northOf(r.gpsRail);
      if (top) group.addLayer(nameMarker(top, `${r.areaName} 运营区域`, 'home-map-area-name'));
    }
    group.addTo(map);
    return () => {
      group.remove();
    };
  }, [map, rails]);
  useEffect(() => {
    const box = extentBox(extent);
    if (!map || !showExtent || !hasArea(box)) return;
    const frame = L.rectangle(box, EXTENT_STYLE).addTo(map);
    return () => {
      frame.remove();
    };
  }, [map, extent, showExtent]);
}
