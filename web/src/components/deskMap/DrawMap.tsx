/**
 * The draw bar over a desk map, shared by every form that draws one polygon (site fence, forbidden
 * zone, operating fence): draw / cancel / clear buttons, a size text, a hint, and the lazy DeskMap
 * below in Suspense. It holds only whether a drawing is under way; the ring is the caller's.
 */
import { Alert, Button, Space, Spin, Typography } from 'antd';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { DeskMapProps, LonLat } from './types';
import './deskMap.css';

const DeskMap = lazy(() => import('./DeskMap'));

interface DrawMapLabels {
  /** the button when there is no ring yet (e.g. 画围栏) */
  draw: string;
  /** the button when there is one (e.g. 重新绘制) */
  redraw: string;
  /** the clear button (e.g. 清除) */
  clear: string;
  /** the hint while drawing and otherwise */
  drawingHint: string;
  hint: string;
}

export interface DrawMapProps extends Omit<DeskMapProps, 'ring' | 'onRing' | 'drawing'> {
  ring: LonLat[] | null;
  onRing: (r: LonLat[] | null) => void;
  labels: DrawMapLabels;
  /** the text right of the buttons (vertex count, size) */
  size: ReactNode;
  /** the size text in red (too many vertices, a bad ring) */
  sizeDanger?: boolean;
  /** data-testid of the size text */
  sizeTestId?: string;
  /** the draw button filled as primary when there is no ring; ghost: outlined */
  ghost?: boolean;
  /** read-only: no buttons, vertices not draggable */
  readOnly?: boolean;
  /** more buttons after clear (e.g. 保存) */
  extra?: ReactNode;
}

export default function DrawMap({ ring, onRing, labels, size, sizeDanger, sizeTestId, ghost, readOnly, extra, ...map }: DrawMapProps) {
  const [drawing, setDrawing] = useState(false);
  const finish = (r: LonLat[] | null) => {
    setDrawing(false);
    onRing(r);
  };
  return (
    <div className="desk-draw">
      <div className="desk-draw-bar">
        {!readOnly && (
          <Space wrap>
            {drawing ? (
              <Button onClick={() => setDrawing(false)}>取消绘制</Button>
            ) : (
              <Button type={ring ? 'default' : 'primary'} ghost={ghost && !ring} onClick={() => setDrawing(true)}>
                {ring ? labels.redraw : labels.draw}
              </Button>
            )}
            <Button disabled={!ring || drawing} onClick={() => onRing(null)}>
              {labels.clear}
            </Button>
            {extra}
          </Space>
        )}
        <Typography.Text type={sizeDanger ? 'danger' : 'secondary'} className="desk-draw-size" data-testid={sizeTestId}>
          {size}
        </Typography.Text>
      </div>
      <Alert type="info" showIcon className="desk-draw-hint" title={drawing ? labels.drawingHint : labels.hint} />
      <Suspense fallback={<Spin className="desk-draw-loading" />}>
        <DeskMap {...map} ring={ring} onRing={readOnly ? undefined : drawing ? finish : onRing} drawing={drawing} />
      </Suspense>
    </div>
  );
}
