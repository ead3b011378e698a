/**
 * 在此派单: a right-click on the home map opens a small menu at that point; its one item opens the
 * 派单 dialog with the point. The map's LatLngs are GCJ-02 whatever the tiles (components/mapTiles),
 * the coordinates the sites are stored in, so the point goes to the server as it is, to 6 decimals.
 * A click, a move, a zoom or Escape closes the menu.
 */
import { useEffect, useState } from 'react';
import type * as Leaflet from 'leaflet';

/** Where the menu opens (container px) and the point it is about (GCJ-02). */
export interface PointMenu {
  x: number;
  y: number;
  lon: number;
  lat: number;
}

/** A map coordinate to the 6 decimals the sites are stored with (about 0.1 m). */
const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

/** The menu of the last right-click while `enabled`, and a way to close it. */
export function usePointMenu(map: Pick<Leaflet.Evented, 'on' | 'off'> | null, enabled: boolean): [PointMenu | null, () => void] {
  const [menu, setMenu] = useState<PointMenu | null>(null);
  useEffect(() => {
    if (!map || !enabled) {
      setMenu(null);
      return;
    }
    const open = (e: Leaflet.LeafletMouseEvent) =>
      setMenu({ x: e.containerPoint.x, y: e.containerPoint.y, lon: round6(e.latlng.lng), lat: round6(e.latlng.lat) });
    const close = () => setMenu(null);
    map.on('contextmenu', open as Leaflet.LeafletEventHandlerFn);
    map.on('click movestart zoomstart', close);
    return () => {
      map.off('contextmenu', open as Leaflet.LeafletEventHandlerFn);
      map.off('click movestart zoomstart', close);
    };
  }, [map, enabled]);
  useEffect(() => {
    if (!menu) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenu(null);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menu]);
  return [menu, () => setMenu(null)];
}

export default function PointOrderMenu({ menu, onPick }: { menu: PointMenu; onPick: (point: { lon: number; lat: number }) => void }) {
  return (
    <div className="home-map-menu" role="menu" aria-label="地图菜单" style={{ left: menu.x, top: menu.y }} data-testid="map-point-menu">
      <button type="button" role="menuitem" onClick={() => onPick({ lon: menu.lon, lat: menu.lat })}>
        在此派单
      </button>
      <span className="home-map-menu-at">
        {menu.lon.toFixed(6)}, {menu.lat.toFixed(6)}
      </span>
    </div>
  );
}
