/** The desk map's labelled shapes (several coloured polygons, e.g. a list's zones) and the view fitted to a ring. */
import L from 'leaflet';
import type * as Leaflet from 'leaflet';
import { useEffect, useRef } from 'react';
import type { LonLat, MapCircle, MapShape, PathPoint } from './types';

const ll = (p: LonLat): [number, number] => [p.lat, p.lon];

/** Read-only polygons, each with its colour and a permanent label; a click on one gives its id. */
export function useShapes(map: Leaflet.Map | null, shapes: readonly MapShape[] | undefined, onShape: ((id: string) => void) | undefined) {
  const cb = useRef(onShape);
  cb.current = onShape;
  useEffect(() => {
    if (!map || !shapes?.length) return;
    const group = L.layerGroup(
      shapes
        .filter((s) => s.ring.length >= 3)
        .map((s) => {
          const color = s.color ?? '#fa541c';
          const opts = { color, weight: s.selected ? 3 : 2, fillColor: color, fillOpacity: s.selected ? 0.3 : 0.15, pmIgnore: true } as Leaflet.PolylineOptions;
          const poly = L.polygon([s.ring.map(ll), ...(s.holes ?? []).map((h) => h.map(ll))], opts);
          if (s.label) poly.bindTooltip(s.label, { permanent: true, direction: 'center', className: 'desk-map-label' });
          poly.on('click', () => cb.current?.(s.id));
          return poly;
        }),
    ).addTo(map);
    return () => {
      group.remove();
    };
  }, [map, shapes]);
}

/** Fits the view to `ring` whenever a new ring (by identity) is given. */
export function useFit(map: Leaflet.Map | null, ring: readonly LonLat[] | null | undefined) {
  useEffect(() => {
    if (!map || !ring?.length) return;
    map.fitBounds(L.latLngBounds(ring.map(ll)), { padding: [24, 24], maxZoom: 18 });
  }, [map, ring]);
}

/** A tooltip's content as text (names come from users: never HTML), its line breaks kept. */
function textTip(text: string): HTMLElement {
  const el = document.createElement('div');
  el.className = 'desk-map-tip';
  el.textContent = text;
  return el;
}

/** Vector circles (pixel radius, e.g. sized by a count), each coloured and with a tooltip, and its ground range (`metres`) when given; a click gives its id. */
export function useCircles(map: Leaflet.Map | null, circles: readonly MapCircle[] | undefined, onCircle: ((id: string) => void) | undefined) {
  const cb = useRef(onCircle);
  cb.current = onCircle;
  useEffect(() => {
    if (!map || !circles?.length) return;
    const ranges = circles
      .filter((c) => c.metres)
      .map((c) =>
        L.circle(ll(c), {
          radius: c.metres!,
          color: c.color,
          weight: c.selected ? 2 : 1,
          dashArray: '4 3',
          fillOpacity: 0.08,
          interactive: false,
          pmIgnore: true,
        } as Leaflet.CircleOptions),
      );
    // names beside their circles, always shown (text, never HTML)
    const names = circles
      .filter((c) => c.name)
      .map((c) =>
        L.tooltip({ permanent: true, direction: 'right', offset: [c.radius + 2, 0], className: 'desk-map-label', interactive: false })
          .setLatLng(ll(c))
          .setContent(textTip(c.name!)),
      );
    const group = L.featureGroup([
      ...ranges,
      ...names,
      ...circles.map((c) => {
        const m = L.circleMarker(ll(c), { radius: c.radius, color: c.color, weight: c.selected ? 3 : 1, fillColor: c.color, fillOpacity: 0.45 });
        // auto: beside the circle, so one near the map's top edge keeps its tooltip in view
        if (c.label) m.bindTooltip(textTip(c.label), { direction: 'auto' });
        m.on('click', () => cb.current?.(c.id));
        return m;
      }),
    ]).addTo(map);
    return () => {
      group.remove();
    };
  }, [map, circles]);
}

const PATH = '#1677ff';

/** A line through the points in order, each a small dot or a labelled marker (借 / 还) with its tooltip; not interactive beyond that. */
export function usePath(map: Leaflet.Map | null, path: readonly PathPoint[] | undefined) {
  useEffect(() => {
    if (!map || !path?.length) return;
    const line = L.polyline(path.map(ll), { color: PATH, weight: 3, opacity: 0.8, interactive: false, pmIgnore: true } as Leaflet.PolylineOptions);
    const marks = path.map((p) => {
      const m = p.label
        ? L.marker(ll(p), {
            icon: L.divIcon({
              className: 'desk-map-label',
              html: `<span style="background:${p.color ?? PATH}">${p.label}</span>`,
              iconSize: [24, 24],
              iconAnchor: [12, 12],
            }),
            keyboard: false,
          })
        : L.circleMarker(ll(p), { radius: 4, weight: 1, color: '#ffffff', fillColor: p.color ?? PATH, fillOpacity: 1 });
      return p.title ? m.bindTooltip(p.title, { direction: 'top' }) : m;
    });
    const group = L.layerGroup([line, ...marks]).addTo(map);
    return () => {
      group.remove();
    };
  }, [map, path]);
}
