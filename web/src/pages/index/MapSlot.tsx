/**
 * The centre of the stage: the map built in ./map/HomeMap.tsx (default export, props
 * { areaId, paused }). It is looked up with import.meta.glob, so the screen builds and runs before
 * that file exists; until then this slot says so.
 */
import { Spin } from 'antd';
import { lazy, Suspense, type ComponentType } from 'react';

export interface HomeMapProps {
  areaId: string;
  paused?: boolean;
}

const found = import.meta.glob<{ default: ComponentType<HomeMapProps> }>('./map/HomeMap.tsx');
const load = found['./map/HomeMap.tsx'];
const HomeMap = load ? lazy(load) : null;

export default function MapSlot({ areaId, paused }: HomeMapProps) {
  return (
    <div className="dash-map" data-testid="map-slot">
      {HomeMap ? (
        <Suspense
          fallback={
            <div className="hp-state">
              <Spin />
              <span>地图加载中…</span>
            </div>
          }
        >
          <HomeMap areaId={areaId} paused={paused} />
        </Suspense>
      ) : (
        <div className="hp-state hp-state-empty">地图区域（map/HomeMap.tsx 尚未提供）</div>
      )}
    </div>
  );
}
