// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import type * as Leaflet from 'leaflet';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../app/queryClient';
import { logIn } from '../../test/session';
import { ok, stubFetch } from '../../test/stubFetch';
import { resetTileSetup } from '../mapTiles/tiles';
import DeskMap from './DeskMap';
import type { DeskMapProps, LonLat } from './types';

// jsdom has no canvas: a 2D context that draws nothing (Leaflet's canvas renderer only calls it)
beforeAll(async () => {
  const noop = () => undefined;
  const ctx = new Proxy({}, { get: (_, k) => (k === 'canvas' ? document.createElement('canvas') : noop) });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => ctx as unknown as CanvasRenderingContext2D);
  // a redraw the canvas renderer asked for while a test's map was being removed can still come in
  // jsdom after the renderer let go of its context (it would draw nothing anyway): skipped
  const { default: L } = await import('leaflet');
  const canvas = L.Canvas.prototype as unknown as { _redraw: () => void; _ctx?: unknown };
  const redraw = canvas._redraw;
  canvas._redraw = function (this: typeof canvas) {
    if (this._ctx) redraw.call(this);
  };
});

afterEach(() => {
  document.head.innerHTML = '';
  resetTileSetup();
  vi.unstubAllGlobals();
});

const wrap = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;

/** Leaflet runs in jsdom without a canvas: the map's layers are checked through the map itself. */
function mount(props: Partial<DeskMapProps> = {}) {
  let map: Leaflet.Map | null = null;
  const view = render(<DeskMap center={{ lon: 116.3, lat: 39.98 }} onReady={(m) => (map = m)} {...props} />, { wrapper: wrap });
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

  it('circles: coloured, a click gives the id, the tooltip is text (a name is never HTML) with its line breaks', () => {
    const onCircle = vi.fn();
    const label = '<img src=x onerror=alert(1)>站点\n美团 · 期限 09:30';
    const { map } = mount({ circles: [{ id: 'c1', lon: 116.31, lat: 39.98, radius: 7, color: '#f5222d', label }], onCircle });
    const circle = layers(map()).find((l) => 'getRadius' in l && (l as Leaflet.CircleMarker).getRadius() === 7) as Leaflet.CircleMarker;
    expect(circle.options.fillColor).toBe('#f5222d');
    const tip = circle.getTooltip()?.getContent() as HTMLElement;
    expect(tip.textContent).toBe(label);
    expect(tip.querySelector('img')).toBeNull();
    expect(tip.className).toBe('desk-map-tip');
    act(() => void circle.fire('click'));
    expect(onCircle).toHaveBeenCalledWith('c1');
  });

  it('circles with a ground range and a name: a ring of that many metres around the point, in its colour, not clickable; the name beside it', async () => {
    const { default: L } = await import('leaflet');
    const { map } = mount({ circles: [{ id: 'k1', lon: 116.31, lat: 39.98, radius: 6, color: '#1677ff', metres: 150, name: '<b>中关村</b>打卡点' }] });
    const ranges = layers(map()).filter((l) => 'getBounds' in l && 'getRadius' in l) as Leaflet.Circle[];
    expect(ranges.map((r) => [r.getRadius(), r.options.color, r.options.interactive])).toEqual([[150, '#1677ff', false]]);
    expect(ranges[0].getLatLng()).toMatchObject({ lat: 39.98, lng: 116.31 });
    // its name beside it, always shown, as text
    const name = layers(map()).find((l) => l instanceof L.Tooltip) as Leaflet.Tooltip;
    expect((name.getContent() as HTMLElement).textContent).toBe('<b>中关村</b>打卡点');
    expect(name.options.permanent).toBe(true);
    expect(name.getLatLng()).toMatchObject({ lat: 39.98, lng: 116.31 });
  });
});

const fence: LonLat[] = [
  { lon: 116.28, lat: 39.95 },
  { lon: 116.34, lat: 39.95 },
  { lon: 116.34, lat: 40.0 },
  { lon: 116.28, lat: 40.0 },
];
const zoneRing: LonLat[] = [
  { lon: 116.3, lat: 39.97 },
  { lon: 116.302, lat: 39.97 },
  { lon: 116.302, lat: 39.972 },
];
const markerHtml = (map: Leaflet.Map, className: string) =>
  layers(map)
    .filter((l) => 'getIcon' in l && ((l as Leaflet.Marker).getIcon().options as Leaflet.DivIconOptions).className === className)
    .map((l) => String(((l as Leaflet.Marker).getIcon().options as Leaflet.DivIconOptions).html));

describe('DeskMap without tiles: what makes the plain background a map', () => {
  it("no centre given: starts on the user's own area's operating fences; draws them and the enabled zones with their names", async () => {
    logIn({ permissions: 'all' });
    const fetched = stubFetch((path) => {
      if (path === '/api/area/rail') return ok([{ id: '110108', areaId: '110108', areaName: '海淀区', gpsRail: fence }]);
      if (path === '/api/forbid/') return ok({ lists: [{ id: 3, alias: '地铁口禁停', type: 1, fence: zoneRing }], total: 1, currentPage: 1, pageSize: 5000 });
      return undefined;
    });
    const { default: L } = await import('leaflet');
    const fitBounds = vi.spyOn(L.Map.prototype, 'fitBounds');
    const { map } = mount({ center: null });
    await waitFor(() => expect(markerHtml(map(), 'desk-map-zone-name')).toHaveLength(1));
    expect(fetched.last('/api/area/rail')?.url.searchParams.get('selectAreaId')).toBe('110108');
    expect(fetched.last('/api/forbid/')?.url.searchParams.get('enabled')).toBe('1');
    await waitFor(() => expect(fitBounds).toHaveBeenCalled());
    const b = fitBounds.mock.calls[0][0] as Leaflet.LatLngBounds;
    expect([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()]).toEqual([116.28, 39.95, 116.34, 40.0]);
    expect(markerHtml(map(), 'desk-map-area-name')).toEqual(['<span>海淀区 运营区域</span>']);
    expect(markerHtml(map(), 'desk-map-zone-name')).toEqual(['<span>地铁口禁停</span>']);
    const polys = layers(map()).filter((l) => 'getLatLngs' in l) as Leaflet.Polygon[];
    expect(polys.map((p) => p.options.color).sort()).toEqual(['#1677ff', '#f5222d']);
    fitBounds.mockRestore();
  });

  it("a ring to fit (a list's zones) wins over the area's fences", async () => {
    logIn({ permissions: 'all' });
    stubFetch((path) => (path === '/api/area/rail' ? ok([{ id: '110108', areaId: '110108', areaName: '海淀区', gpsRail: fence }]) : ok({ lists: [] })));
    const { default: L } = await import('leaflet');
    const fitBounds = vi.spyOn(L.Map.prototype, 'fitBounds');
    const { map } = mount({ center: null, fit: zoneRing });
    await waitFor(() => expect(markerHtml(map(), 'desk-map-area-name')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    const fitted = fitBounds.mock.calls.map((c) => (c[0] as Leaflet.LatLngBounds).getWest());
    expect(fitted).toEqual([116.3]);
    fitBounds.mockRestore();
  });

  it('another area named: its fences; backdrop false: none asked for', async () => {
    logIn({ permissions: 'all' });
    const fetched = stubFetch(() => ok([]));
    mount({ areaId: '110105', backdrop: { zones: false } });
    await waitFor(() => expect(fetched.last('/api/area/rail')?.url.searchParams.get('selectAreaId')).toBe('110105'));
    expect(fetched.last('/api/forbid/')).toBeUndefined();
    const none = stubFetch(() => ok([]));
    mount({ backdrop: false });
    await new Promise((r) => setTimeout(r, 20));
    expect(none.calls).toHaveLength(0);
  });

  it('site names where they fit from zoom 16, none in a wider view', () => {
    const w = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    const h = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(500);
    const sites = [
      { id: 'a', name: '中关村一号', lon: 116.3, lat: 39.98 },
      { id: 'b', name: '中关村二号', lon: 116.302, lat: 39.981 },
      // on top of a: the first goes left of the marker, the second has no room and is left out
      { id: 'c', name: '同位置甲', lon: 116.3, lat: 39.98 },
      { id: 'd', name: '同位置乙', lon: 116.3, lat: 39.98 },
    ];
    const { map } = mount({ sites, zoom: 17, backdrop: false });
    expect(markerHtml(map(), 'desk-map-site-name')).toEqual(['<span>中关村一号</span>', '<span>中关村二号</span>', '<span>同位置甲</span>']);
    act(() => void map().setZoom(14, { animate: false }));
    expect(markerHtml(map(), 'desk-map-site-name')).toEqual([]);
    act(() => void map().setZoom(16, { animate: false }));
    expect(markerHtml(map(), 'desk-map-site-name')).toHaveLength(3);
    w.mockRestore();
    h.mockRestore();
  });
});

function setTiles(json: unknown) {
  const el = document.createElement('meta');
  el.name = 'map-tiles';
  el.content = JSON.stringify(json);
  document.head.appendChild(el);
  resetTileSetup();
}
const TIANDITU = (layer: string) =>
  `https://t{s}.tianditu.gov.cn/${layer}_w/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=${layer}&STYLE=default&TILEMATRIXSET=w&FORMAT=tiles&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}&tk=K`;

describe('DeskMap with a tile preset', () => {
  it('天地图 (WGS-84): both layers, and GCJ-02 overlays drawn where the WGS-84 tiles have them; clicks come back in GCJ-02', async () => {
    setTiles({
      source: 'tianditu',
      coords: 'wgs84',
      layers: [
        { url: TIANDITU('vec'), subdomains: '01234567' },
        { url: TIANDITU('cva'), subdomains: '01234567' },
      ],
    });
    const { default: L } = await import('leaflet');
    const { map, container } = mount({ backdrop: false });
    expect(container.querySelector('.desk-map-plain')).toBeNull();
    expect(container.querySelector('[data-tile-coords="wgs84"]')).toBeTruthy();
    const tileLayers = layers(map()).filter((l) => 'getTileUrl' in l) as Leaflet.TileLayer[];
    expect(tileLayers.map((t) => (t as unknown as { _url: string })._url)).toEqual([TIANDITU('vec'), TIANDITU('cva')]);
    const url = tileLayers[0].getTileUrl(Object.assign(L.point(1, 2), { z: 16 }) as Leaflet.Coords);
    expect(url).toMatch(/^https:\/\/t[0-7]\.tianditu\.gov\.cn\/vec_w\/wmts\?.*&TILEMATRIX=16&TILEROW=2&TILECOL=1&tk=K$/);
    // googollee/eviltransform's Beijing pair: WGS-84 (39.911954, 116.377817) is GCJ-02 (39.91334545536069, 116.38404722455657)
    const crs = map().options.crs!;
    const gcj = L.latLng(39.91334545536069, 116.38404722455657);
    const wgs = L.latLng(39.911954, 116.377817);
    const drawn = crs.latLngToPoint(gcj, 18);
    const onTiles = L.CRS.EPSG3857.latLngToPoint(wgs, 18);
    // at zoom 18 a pixel is about 0.6 m here: the overlay lands on the tiles' pixel
    expect(Math.abs(drawn.x - onTiles.x)).toBeLessThan(0.5);
    expect(Math.abs(drawn.y - onTiles.y)).toBeLessThan(0.5);
    // without the conversion it would be ~600 m (~1000 px) off
    expect(Math.abs(L.CRS.EPSG3857.latLngToPoint(gcj, 18).x - onTiles.x)).toBeGreaterThan(500);
    // a click (container point → LatLng, as Leaflet does for clicks and drawn vertices) gives back the GCJ-02 point within a metre
    act(() => void map().setView(gcj, 18, { animate: false }));
    const back = map().containerPointToLatLng(map().latLngToContainerPoint(gcj));
    expect(back.distanceTo(gcj)).toBeLessThan(1);
  });

  it('高德 (GCJ-02): its template, and no conversion (plain Web Mercator)', async () => {
    setTiles({
      source: 'amap',
      coords: 'gcj02',
      layers: [{ url: 'https://webrd0{s}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}', subdomains: '1234' }],
    });
    const { default: L } = await import('leaflet');
    const { map } = mount({ backdrop: false });
    expect(map().options.crs).toBe(L.CRS.EPSG3857);
    const [tiles] = layers(map()).filter((l) => 'getTileUrl' in l) as Leaflet.TileLayer[];
    expect(tiles.getTileUrl(Object.assign(L.point(5, 7), { z: 16 }) as Leaflet.Coords)).toMatch(
      /^https:\/\/webrd0[1-4]\.is\.autonavi\.com\/appmaptile\?lang=zh_cn&size=1&scale=1&style=8&x=5&y=7&z=16$/,
    );
  });
});
