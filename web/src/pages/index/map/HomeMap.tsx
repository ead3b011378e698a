/**
 * The map of the home big screen (issue 6 B). Leaflet and its plugins load in their own chunk, so
 * the screen's panels do not wait for them.
 *
 * Props:
 * - areaId: the area to show (6 digits, sent as selfAreaId). '' shows an empty map (spec §4: with
 *   no area the map is cleared); for the user's own area pass the session's selfAreaId.
 * - paused: stop the 180 s polling (e.g. while the screen shows a dialog). An open info window
 *   stops it too, and sets homeStore.infoWindowOpen.
 *
 * The map reads homeStore.focusSiteId (another panel asks to locate a site) and exposes, on its
 * container `[data-testid="home-map"]`, `data-site-count` (sites on the canvas after the last draw)
 * and `data-sites-drawn` (of those, drawn in the current view).
 */
import { useQueryClient } from '@tanstack/react-query';
import { Button, Spin } from 'antd';
import { type ComponentType, useEffect, useState } from 'react';
import type { MapViewProps } from './MapView';
import { loadMapView, loadedMapView, preloadHomeMap } from './preload';

const box = {
  position: 'relative',
  width: '100%',
  height: '100%',
  minHeight: 320,
  background: '#061530',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 8,
  color: '#8fb3e0',
} as const;

function MapLoadFailed({ message }: { message: string }) {
  return (
    <div className="home-map" data-testid="home-map-failed" style={box} role="alert">
      {message}，请重新加载
      <Button size="small" type="primary" onClick={() => window.location.reload()}>
        重新加载
      </Button>
    </div>
  );
}

type Loaded = { view: ComponentType<MapViewProps> } | { failed: string };

/**
 * The map's chunk as state, not React.lazy: a lazy component behind <Suspense> shows its content
 * up to 300 ms after the chunk has loaded (React throttles revealing a fallback's content) and at
 * a retry's low priority; a state update from the chunk's promise renders the map at once.
 * The 120 s chunk limit of spec §8: a failed load says so instead of leaving the box empty.
 */
function useMapView(): Loaded | null {
  const [loaded, setLoaded] = useState<Loaded | null>(() => {
    const module = loadedMapView();
    return module ? { view: module.default } : null;
  });
  useEffect(() => {
    if (loaded) return;
    let live = true;
    loadMapView().then(
      (module) => live && setLoaded({ view: module.default }),
      (err: unknown) => live && setLoaded({ failed: err instanceof Error ? err.message : '地图脚本加载失败' }),
    );
    return () => {
      live = false;
    };
  }, [loaded]);
  return loaded;
}

export type HomeMapProps = MapViewProps;

export default function HomeMap(props: HomeMapProps) {
  // the sites are asked for during this first render, while Leaflet's chunk loads (the screen
  // usually did so already, see ./preload.ts; nothing when the query is cached or in flight)
  const qc = useQueryClient();
  preloadHomeMap(qc, props.areaId);
  const loaded = useMapView();
  if (!loaded)
    return (
      <div className="home-map" data-testid="home-map-loading" style={box}>
        <Spin size="small" /> 地图加载中…
      </div>
    );
  if ('failed' in loaded) return <MapLoadFailed message={loaded.failed} />;
  const MapView = loaded.view;
  return <MapView {...props} />;
}
