/**
 * The centre of the stage: the map (./map/HomeMap.tsx). HomeMap is small and part of the screen's
 * chunk; Leaflet and the map's code load in their own chunk (./map/preload.ts), started before the
 * panels render.
 */
import HomeMap, { type HomeMapProps } from './map/HomeMap';

export default function MapSlot({ areaId, paused }: HomeMapProps) {
  return (
    <div className="dash-map" data-testid="map-slot">
      <HomeMap areaId={areaId} paused={paused} />
    </div>
  );
}
