/** Small panels over the map: legend, flow-map banner and the drawn-polygon counts. */
import { ArrowLeftOutlined, ClearOutlined } from '@ant-design/icons';
import { Button, Spin } from 'antd';
import { FLAG_STYLES, type SiteFlag } from '../../../lib/siteStatus';
import type { PolygonCounts } from './mapLogic';
import type { MapSite } from './types';

const LEGEND_ORDER: SiteFlag[] = [2, 3, 1, 4, 0];

export function Legend({ sites, loading }: { sites: MapSite[] | undefined; loading: boolean }) {
  const counts: Record<number, number> = { 0: 0, 1: 0, 2: 0, 3: 0, 4: 0 };
  for (const s of sites ?? []) counts[s.flag in counts ? s.flag : 1]++;
  return (
    <div className="home-map-legend" aria-label="图例">
      <span className="home-map-legend-total">
        站点 <b>{sites?.length ?? 0}</b> {loading && <Spin size="small" />}
      </span>
      {LEGEND_ORDER.map((f) => (
        <span key={f}>
          <i className="home-map-dot" style={{ background: FLAG_STYLES[f].color }} />
          {FLAG_STYLES[f].label} {counts[f]}
        </span>
      ))}
      <span>
        <i className="home-map-line home-map-line-area" />
        运营区域
      </span>
      <span>
        <i className="home-map-line home-map-line-forbid" />
        禁停区
      </span>
    </div>
  );
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
