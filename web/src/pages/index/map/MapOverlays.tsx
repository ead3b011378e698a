/** Small panels over the map: flow-map banner and the drawn-polygon counts (the legend is ./MapLegend.tsx). */
import { ArrowLeftOutlined, ClearOutlined } from '@ant-design/icons';
import { Button, Spin } from 'antd';
import type { PolygonCounts } from './mapLogic';

/**
 * Boxes of the panels over the map (toolbar, legend, banners, zoom and scale) in the map's own
 * pixels (the big screen is scaled with a CSS transform; Leaflet's pixels are unscaled).
 */
export function panelBoxes(wrap: HTMLElement | null): Array<{ left: number; top: number; width: number; height: number }> {
  if (!wrap) return [];
  const base = wrap.getBoundingClientRect();
  const k = wrap.offsetWidth > 0 && base.width > 0 ? wrap.offsetWidth / base.width : 1;
  const boxes = [];
  for (const el of wrap.querySelectorAll(
    '.home-map-search, .home-map-switches, .home-map-legend, .home-map-banner, .home-map-polygon, .leaflet-bottom.leaflet-right',
  )) {
    const b = el.getBoundingClientRect();
    if (b.width && b.height) boxes.push({ left: (b.left - base.left) * k, top: (b.top - base.top) * k, width: b.width * k, height: b.height * k });
  }
  return boxes;
}

export function FlowBanner({ siteName, type, count, loading, onBack }: { siteName: string; type: 1 | 2; count: number; loading: boolean; onBack: () => void }) {
  return (
    <div className="home-map-banner" role="status">
      <span className={`home-map-flow-key home-map-flow-${type}`} />
      <span>
        {siteName} · 今日{type === 1 ? '租车' : '还车'}流向 {loading ? <Spin size="small" /> : <b>{count}</b>} 条
      </span>
      <Button size="small" type="primary" icon={<ArrowLeftOutlined />} onClick={onBack}>
        返回主地图
      </Button>
    </div>
  );
}

export function PolygonPanel({ counts, onClear }: { counts: PolygonCounts | 'loading'; onClear: () => void }) {
  return (
    <div className="home-map-polygon" aria-label="多边形统计">
      <div className="home-map-polygon-title">多边形内统计</div>
      {counts === 'loading' ? (
        <Spin size="small" />
      ) : (
        <dl>
          <dt>站点</dt>
          <dd data-testid="polygon-sites">{counts.sites} 个</dd>
          <dt>车辆</dt>
          <dd data-testid="polygon-bikes">{counts.bikes} 辆</dd>
          <dt>站外还车</dt>
          <dd data-testid="polygon-returns">{counts.offSiteReturns} 辆次</dd>
        </dl>
      )}
      <Button size="small" danger icon={<ClearOutlined />} onClick={onClear}>
        清除
      </Button>
    </div>
  );
}
