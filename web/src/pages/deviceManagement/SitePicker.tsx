/** The site form's map side: click for the centre, draw / edit / clear the fence, other sites for orientation. */
import { useMemo, useState } from 'react';
import DrawMap from '../../components/deskMap/DrawMap';
import type { LonLat, MapSite } from '../../components/deskMap/types';
import { MAP } from '../../lib/constants';
import { distanceKm, formatDistance } from '../../lib/distance';
import { ringSize } from './siteFields';
import type { RailSite } from './types';

const LABELS = {
  draw: '画围栏',
  redraw: '重新画围栏',
  clear: '清除围栏',
  drawingHint: '在地图上依次点击围栏的顶点，点击第一个顶点完成',
  hint: '点击地图选择站点中心，可拖动标记微调；围栏的顶点可拖动修改',
};

interface Props {
  /** the view's centre at first (the edited site); none: the area's sites' middle */
  start?: LonLat | null;
  point: LonLat | null;
  onPoint: (p: LonLat) => void;
  ring: LonLat[] | null;
  onRing: (r: LonLat[] | null) => void;
  /** 半径 (metres) when there is no fence */
  radius?: number;
  /** the area's sites (the one edited left out) */
  others?: readonly RailSite[];
  /** the view's centre when nothing is picked yet (none: the area's operating fences) */
  home?: LonLat | null;
  /** the area whose fences and zones are drawn beneath (the chosen one, else the user's own) */
  areaId?: string | null;
}

/** Other sites drawn for orientation: those within 3 km of the view's centre (an area may have 20,000), their fences within 1.5 km. */
const SITES_KM = 3;
/** A new site's map shows the whole area: its sites nearest their middle, at most this many. */
const MAX_SITES = 3000;
const FENCES_KM = 1.5;

export default function SitePicker({ start, point, onPoint, ring, onRing, radius, others, home, areaId }: Props) {
  // the view: the edited site, else the area's fences (it follows the area); clicks do not move it
  const [view] = useState(() => start ?? null);
  // a new site: no centre, the map starts on the area's operating fences (the user's own area until a district is chosen)
  const centre = view;
  // the sites near the edited site; for a new one the area's sites nearest their middle (the view shows the whole area)
  const at = view ?? home ?? MAP.center;
  const atLon = at.lon;
  const atLat = at.lat;
  const near = useMemo(() => {
    const c = { lon: atLon, lat: atLat };
    const all = (others ?? []).map((s) => ({ s, d: distanceKm({ lon: s.siteLon, lat: s.siteLat }, c) }));
    const shown = view ? all.filter((x) => x.d < SITES_KM) : all.sort((x, y) => x.d - y.d).slice(0, MAX_SITES);
    return shown.map((x) => x.s);
  }, [others, view, atLon, atLat]);
  const sites = useMemo<MapSite[]>(() => near.map((s) => ({ id: s.siteId, name: s.siteName, lon: s.siteLon, lat: s.siteLat, flag: s.flag })), [near]);
  const polygons = useMemo(
    () =>
      near
        .filter((s) => s.gpsRail && s.gpsRail.length >= 3 && distanceKm({ lon: s.siteLon, lat: s.siteLat }, { lon: atLon, lat: atLat }) < FENCES_KM)
        .map((s) => s.gpsRail!),
    [near, atLon, atLat],
  );
  return (
    <DrawMap
      center={centre}
      areaId={areaId}
      zoom={view ? 17 : 15}
      height={470}
      sites={sites}
      polygons={polygons}
      point={point}
      onPoint={onPoint}
      radius={radius}
      ring={ring}
      onRing={onRing}
      ghost
      labels={LABELS}
      sizeTestId="site-shape"
      size={ring ? `围栏 ${ring.length} 个顶点 · 约 ${ringSize(ring)}` : radius ? `无围栏 · 半径 ${formatDistance(radius / 1000)}` : '无围栏'}
    />
  );
}
