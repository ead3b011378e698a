/**
 * The clock site dialog's map: a click (or a drag of the marker) picks the position, the range is the
 * radius around it; the area's sites near it and the other clock sites with their ranges for
 * orientation. The view follows a position set outside the map (a site chosen), not a click.
 */
import { Alert, Spin } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { LonLat, MapCircle, MapSite } from '../../../components/deskMap/types';
import { metresBetween } from './geo';
import type { AreaSite, ClockSite } from './types';

const DeskMap = lazy(() => import('../../../components/deskMap/DeskMap'));

/** Sites drawn around the position (an area may have 20,000). */
const SITES_M = 2000;
const MAX_SITES = 2000;

interface Props {
  point: LonLat | null;
  onPoint: (p: LonLat) => void;
  radius: number | null;
  /** the area whose fences are drawn beneath (the chosen one, else the user's own) */
  areaId?: string;
  sites: readonly AreaSite[];
  /** the other clock sites (the one edited left out) */
  others: readonly ClockSite[];
}

export default function ClockSitePicker({ point, onPoint, radius, areaId, sites, others }: Props) {
  // the view: the position when the dialog opened, then each position set from outside the map
  const [view, setView] = useState<LonLat | null>(point);
  // the last position picked on the map: the view stays where the user is looking
  const picked = useRef<LonLat | null>(null);
  const lon = point?.lon;
  const lat = point?.lat;
  useEffect(() => {
    if (lon === undefined || lat === undefined || (picked.current?.lon === lon && picked.current.lat === lat)) return;
    setView({ lon, lat });
  }, [lon, lat]);
  const near = useMemo<MapSite[]>(() => {
    const at = view;
    const all = sites.map((s) => ({ id: s.siteId, name: s.siteName, lon: s.siteLon, lat: s.siteLat, flag: s.flag }));
    return (at ? all.filter((s) => metresBetween(s, at) < SITES_M) : all).slice(0, MAX_SITES);
  }, [sites, view]);
  const circles = useMemo<MapCircle[]>(
    () =>
      others.map((c) => ({
        id: String(c.id),
        lon: c.lon,
        lat: c.lat,
        radius: 4,
        color: '#8c8c8c',
        metres: c.radius,
        label: `${c.name}（已有打卡点）`,
        name: c.name,
      })),
    [others],
  );
  return (
    <div>
      <Alert
        type="info"
        showIcon
        className="clock-pick-hint"
        title="点击地图选择打卡点位置，可拖动标记微调；选择站点时取站点位置。蓝色圆为打卡范围，灰色为已有打卡点。"
      />
      <Suspense fallback={<Spin className="duty-map-loading" />}>
        <DeskMap
          center={view}
          zoom={16}
          areaId={areaId}
          height={460}
          sites={near}
          circles={circles}
          point={point}
          onPoint={(p) => {
            picked.current = p;
            onPoint(p);
          }}
          radius={radius}
        />
      </Suspense>
    </div>
  );
}
