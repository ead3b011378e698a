/** The zone form's map side: draw, redraw or clear the polygon, drag its vertices; the area's sites and other zones beneath. */
import { Alert, Button, Space, Spin, Typography } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import type { LonLat, MapSite } from '../../components/deskMap/types';
import { MAX_POINTS } from './zoneGeo';

const DeskMap = lazy(() => import('../../components/deskMap/DeskMap'));

interface Props {
  ring: LonLat[] | null;
  onRing: (r: LonLat[] | null) => void;
  /** where the view starts (the edited zone, else the area's sites' middle) */
  centre: LonLat;
  zoom: number;
  sites: readonly MapSite[];
  /** other zones, grey, for orientation */
  others: readonly (readonly LonLat[])[];
}

export default function ZonePicker({ ring, onRing, centre, zoom, sites, others }: Props) {
  const [drawing, setDrawing] = useState(false);
  // the first view stays: drawing must not move the map
  const [view] = useState(centre);
  const [fit] = useState(() => ring);
  const finish = (r: LonLat[] | null) => {
    setDrawing(false);
    onRing(r);
  };
  const size = ring?.length ?? 0;
  const polygons = useMemo(() => others.filter((r) => r.length >= 3), [others]);
  return (
    <div className="zone-picker">
      <div className="zone-picker-bar">
        <Space wrap>
          {drawing ? (
            <Button onClick={() => setDrawing(false)}>取消绘制</Button>
          ) : (
            <Button type={ring ? 'default' : 'primary'} onClick={() => setDrawing(true)}>
              {ring ? '重新绘制' : '绘制区域'}
            </Button>
          )}
          <Button disabled={!ring || drawing} onClick={() => onRing(null)}>
            清除
          </Button>
        </Space>
        <Typography.Text type={size > MAX_POINTS ? 'danger' : 'secondary'} data-testid="zone-size">
          {ring ? `${size} 个顶点（最多 ${MAX_POINTS} 个）` : '尚未绘制'}
        </Typography.Text>
      </div>
      <Alert
        type="info"
        showIcon
        className="zone-picker-hint"
        title={drawing ? '在地图上依次点击区域的顶点，点击第一个顶点完成' : '顶点可拖动修改；灰色虚线为其他禁停区，圆点为区域内站点'}
      />
      <Suspense fallback={<Spin className="regional-map-loading" />}>
        <DeskMap
          center={view}
          zoom={zoom}
          height={470}
          sites={sites}
          polygons={polygons}
          ring={ring}
          onRing={drawing ? finish : onRing}
          drawing={drawing}
          fit={fit}
        />
      </Suspense>
    </div>
  );
}
