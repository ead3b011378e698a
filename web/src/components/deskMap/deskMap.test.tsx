// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import type * as Leaflet from 'leaflet';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import DeskMap from './DeskMap';
import type { LonLat } from './types';

// jsdom has no canvas: a 2D context that draws nothing (Leaflet's canvas renderer only calls it)
beforeAll(() => {
  const noop = () => undefined;
  const ctx = new Proxy({}, { get: (_, k) => (k === 'canvas' ? document.createElement('canvas') : noop) });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => ctx as unknown as CanvasRenderingContext2D);
});

/** Leaflet runs in jsdom without a canvas: the map's layers are checked through the map itself. */
function mount(props: Partial<Parameters<typeof DeskMap>[0]> = {}) {
  let map: Leaflet.Map | null = null;
  const view = render(<DeskMap center={{ lon: 116.3, lat: 39.98 }} onReady={(m) => (map = m)} {...props} />);
  return { map: () => map!, ...view };
}
const layers = (map: Leaflet.Map) => {
  const out: Leaflet.Layer[] = [];
  map.eachLayer((l) => void out.push(l));
  return out;
};

describe('DeskMap', () => {
  it('shows a plain background without tiles, centred on the given point', () => {
    const { map, container } = mount();
    expect(container.querySelector('.desk-map-plain')).toBeTruthy();
    expect(map().getCenter()).toMatchObject({ lat: 39.98, lng: 116.3 });
    expect(layers(map()).some((l) => 'getTileUrl' in l)).toBe(false);
  });

  it('picker mode: a click gives the point in lon/lat (six decimals) and the point shows with its radius', () => {
    const onPoint = vi.fn();
    const { map, rerender } = mount({ onPoint });
    act(() => void map().fire('click', { latlng: { lat: 39.981234567, lng: 116.312345678 } }));
    expect(onPoint).toHaveBeenCalledWith({ lon: 116.312346, lat: 39.981235 });
    rerender(<DeskMap center={{ lon: 116.3, lat: 39.98 }} point={{ lon: 116.31, lat: 39.99 }} onPoint={onPoint} radius={30} />);
    const circle = layers(map()).find((l) => 'getRadius' in l && (l as Leaflet.Circle).getRadius() === 30) as Leaflet.Circle | undefined;
    expect(circle?.getLatLng()).toMatchObject({ lat: 39.99, lng: 116.31 });
  });

  it('no clicks for the point while drawing; a fence replaces the circle', () => {
    const onPoint = vi.fn();
    const ring: LonLat[] = [
      { lon: 116.3, lat: 39.98 },
      { lon: 116.301, lat: 39.98 },
      { lon: 116.301, lat: 39.981 },
    ];
    const { map, rerender } = mount({ onPoint, drawing: true, point: { lon: 116.3, lat: 39.98 }, radius: 20 });
    act(() => void map().fire('click', { latlng: { lat: 39.99, lng: 116.31 } }));
    expect(onPoint).not.toHaveBeenCalled();
    rerender(<DeskMap center={{ lon: 116.3, lat: 39.98 }} point={{ lon: 116.3, lat: 39.98 }} onPoint={onPoint} radius={20} ring={ring} />);
    const all = layers(map());
    expect(all.some((l) => 'getRadius' in l && (l as Leaflet.Circle).getRadius() === 20)).toBe(false);
    const poly = all.find((l) => 'getLatLngs' in l && !('getRadius' in l)) as Leaflet.Polygon;
    expect((poly.getLatLngs()[0] as Leaflet.LatLng[]).map((p) => [p.lng, p.lat])).toEqual(ring.map((p) => [p.lon, p.lat]));
  });
});
