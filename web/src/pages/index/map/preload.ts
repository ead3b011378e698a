/**
 * Starts the map's slow parts as early as the home screen knows its area: the sites request (for
 * 全部, 20,000 sites and more, several MB) and the map's chunk (MapView with Leaflet). Called while the screen's
 * first render runs, so the sites request leaves before the panels' requests (the server answers
 * them roughly in arrival order) and the map does not wait for its script after the answer.
 * Idempotent: nothing when the query is cached or in flight (as usePrefetchQuery).
 */
import type { QueryClient } from '@tanstack/react-query';
import { loadWithTimeout } from '../../../app/lazyScreen';
import { MAP } from '../../../lib/constants';
import { loadSize } from './sizeChoice';
import { mapSitesQuery } from './useMapData';

type MapViewModule = typeof import('./MapView');
let mapView: Promise<MapViewModule> | null = null;
let loaded: MapViewModule | null = null;

/** The map's chunk (Leaflet and its plugins), loaded once; a failed load may be retried. */
export function loadMapView(): Promise<MapViewModule> {
  mapView ??= loadWithTimeout(() => import('./MapView')).then(
    (module) => (loaded = module),
    (err: unknown) => {
      mapView = null;
      throw err;
    },
  );
  return mapView;
}

/** The map's chunk when it has loaded already (HomeMap then renders it at once), else null. */
export function loadedMapView(): MapViewModule | null {
  return loaded;
}

/**
 * `early`: called by the screen before its panels. The default count (50) shares the panels'
 * dashboard call, whose 1 s delay (spec §9) is theirs to keep: then only the chunk starts early.
 */
export function preloadHomeMap(qc: QueryClient, areaId: string, { early = false }: { early?: boolean } = {}): void {
  const size = loadSize();
  if (areaId && !(early && size === MAP.defaultSiteSize)) {
    const query = mapSitesQuery(areaId, size, null);
    if (!qc.getQueryState(query.queryKey)) void qc.prefetchQuery(query);
  }
  loadMapView().catch(() => {
    // told by HomeMap when it renders
  });
}
