/** The zone form's map side: draw, redraw or clear the polygon, drag its vertices; the area's sites and other zones beneath. */
import { useMemo, useState } from 'react';
import DrawMap from '../../components/deskMap/DrawMap';
import type { LonLat, MapSite } from '../../components/deskMap/types';
import { MAX_POINTS } from './zoneGeo';

const LABELS = {
  draw: '绘制区域',
  redraw: '重新绘制',
  clear: '清除',
  drawingHint: '在地图上依次点击区域的顶点，点击第一个顶点完成',
  hint: '顶点可拖动修改；灰色虚线为其他禁停区，圆点为区域内站点',
};

interface Props {
  ring: LonLat[] | null;
  onRing: (r: LonLat[] | null) => void;
  /** where the view starts (the edited zone, else the area's sites' middle; none: the area's fences) */
  centre: LonLat | null;
  /** the area whose operating fences are drawn beneath */
  areaId?: string | null;
  zoom: number;
  sites: readonly MapSite[];
  /** other zones, grey, for orientation */
  others: readonly (readonly LonLat[])[];
}

export default function ZonePicker({ ring, onRing, centre, zoom, sites, others, areaId }: Props) {
  // the first view stays: drawing must not move the map
  const [view] = useState(centre);
  const [fit] = useState(() => ring);
  const size = ring?.length ?? 0;
  const polygons = useMemo(() => others.filter((r) => r.length >= 3), [others]);
  return (
    <DrawMap
      center={view}
      areaId={areaId}
      // the other zones are drawn grey beneath already
      backdrop={{ zones: false }}
      zoom={zoom}
      height={470}
      sites={sites}
      polygons={polygons}
      ring={ring}
      onRing={onRing}
      fit={fit}
      labels={LABELS}
      sizeTestId="zone-size"
      sizeDanger={size > MAX_POINTS}
      size={ring ? `${size} 个顶点（最多 ${MAX_POINTS} 个）` : '尚未绘制'}
    />
  );
}
