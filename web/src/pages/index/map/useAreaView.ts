/**
 * The map's view per area: fitted to the area's sites once they arrive (and again when the area
 * changes), capped at the zoom of the site-count choice; after that the user's pan and zoom stay.
 */
import { useEffect, type MutableRefObject } from 'react';
import type * as Leaflet from 'leaflet';
import { MAP } from '../../../lib/constants';
import { openingView, zoomForSize } from './mapLogic';
import type { AreaRail, SiteSize } from './types';
import type { InitData, MapSite } from '../types';

export interface AreaViewData {
  init: InitData | undefined;
  /** the sites on the map (undefined while loading) */
  sites: MapSite[] | undefined;
  sitesFailed: boolean;
  rails: AreaRail[] | undefined;
  railsPending: boolean;
}

/** Room kept free of sites at the edges: the toolbar above, the legend below. */
const PAD_TOP_LEFT: [number, number] = [40, 110];
const PAD_BOTTOM_RIGHT: [number, number] = [40, 90];

/**
 * `viewed` holds the area whose view was set (by this fit, or by a locate that came first); it is
 * cleared here when the area changes.
 */
export function useAreaView(map: Leaflet.Map | null, areaId: string, size: SiteSize, data: AreaViewData, viewed: MutableRefObject<string>): void {
  const { init, sites, sitesFailed, rails, railsPending } = data;
  useEffect(() => {
    viewed.current = '';
  }, [areaId, viewed]);
  useEffect(() => {
    if (!map) return;
    if (!areaId) {
      map.setView([MAP.center.lat, MAP.center.lon], zoomForSize(size));
      return;
    }
    if (viewed.current === areaId) return;
    // wait for the sites (unless their call failed); without sites, for the area's extent and fences
    if (!sites && !sitesFailed) return;
    if (!sites?.length && (!init || railsPending)) return;
    viewed.current = areaId;
    const centre = init ? { lon: init.area.lon, lat: init.area.lat } : MAP.center;
    const target = openingView(sites ?? [], init?.area.extent, rails, centre);
    const maxZoom = zoomForSize(size);
    if ('box' in target) map.fitBounds(target.box, { paddingTopLeft: PAD_TOP_LEFT, paddingBottomRight: PAD_BOTTOM_RIGHT, maxZoom, animate: false });
    else map.setView([target.centre.lat, target.centre.lon], maxZoom, { animate: false });
    // the size choice is read when the view is set, not followed (choosing a size sets its own view)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, areaId, init, sites, sitesFailed, rails, railsPending, viewed]);
}
