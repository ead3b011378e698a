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
import { lazy, Suspense } from 'react';
import type { MapViewProps } from './MapView';
import { loadMapView, preloadHomeMap } from './preload';

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

// the 120 s chunk limit of spec §8; a failed load says so instead of leaving the box empty
const MapView = lazy(() =>
  loadMapView().catch((err: unknown) => ({
    default: () => <MapLoadFailed message={err instanceof Error ? err.message : '地图脚本加载失败'} />,
  })),
);

export type HomeMapProps = MapViewProps;

export default function HomeMap(props: HomeMapProps) {
  // the sites are asked for during this first render, while Leaflet's chunk loads (the screen
  // usually did so already, see ./preload.ts; nothing when the query is cached or in flight)
  const qc = useQueryClient();
  preloadHomeMap(qc, props.areaId);
  return (
    <Suspense
      fallback={
        <div className="home-map" data-testid="home-map-loading" style={box}>
          <Spin size="small" /> 地图加载中…
        </div>
      }
    >
      <MapView {...props} />
    </Suspense>
  );
}
