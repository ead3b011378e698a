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

  it('shapes: coloured labelled polygons whose clicks give their id; the view fits a given ring', () => {
    const onShape = vi.fn();
    const ring: LonLat[] = [
      { lon: 116.4, lat: 39.9 },
      { lon: 116.41, lat: 39.9 },
      { lon: 116.41, lat: 39.91 },
    ];
    const shapes = [{ id: '7', ring, color: '#ff0000', label: '禁停区A' }];
    const { map, rerender } = mount({ shapes, onShape });
    const poly = layers(map()).find((l) => 'getLatLngs' in l) as Leaflet.Polygon;
    expect(poly.options.color).toBe('#ff0000');
    expect(poly.getTooltip()?.getContent()).toBe('禁停区A');
    act(() => void poly.fire('click'));
    expect(onShape).toHaveBeenCalledWith('7');
    const fitBounds = vi.spyOn(map(), 'fitBounds').mockImplementation(() => map());
    rerender(<DeskMap center={{ lon: 116.3, lat: 39.98 }} shapes={shapes} onShape={onShape} fit={ring} />);
    const bounds = fitBounds.mock.calls[0][0] as Leaflet.LatLngBounds;
    expect([bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()]).toEqual([116.4, 39.9, 116.41, 39.91]);
  });
});
