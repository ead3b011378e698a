/**
 * The map's legend: how many of the area's sites the map shows, the status counts of those shown
 * (and, when not all are shown, the area's totals, as the dispatch panel counts them), and the
 * lines actually drawn.
 */
import { Spin } from 'antd';
import { FLAG_STYLES, type SiteFlag } from '../../../lib/siteStatus';
import type { AreaSiteTotals, SiteSize } from './types';
import type { MapSite } from '../types';
import './legend.css';

const LEGEND_ORDER: SiteFlag[] = [2, 3, 1, 4, 0];
const TOTAL_KEY: Record<SiteFlag, keyof AreaSiteTotals> = { 0: 'empty', 1: 'normal', 2: 'full', 3: 'more', 4: 'less' };

export interface MapLegendProps {
  /** the sites on the map */
  sites: MapSite[] | undefined;
  /** the area's totals from the same answer (null: unknown) */
  totals: AreaSiteTotals | null;
  size: SiteSize;
  loading: boolean;
  /** what is drawn: operating fences, the sites' extent frame, forbidden zones */
  lines: { fence: boolean; extent: boolean; forbid: boolean };
  /** 外部站点 shown: their count and 定位 (fit the map to them) */
  external?: { stations: number; onLocate: () => void };
}

/** Status counts of a site list (an unknown flag counts as 正常, as the markers colour it). */
export function flagCounts(sites: readonly MapSite[] | undefined): Record<SiteFlag, number> {
  const counts: Record<SiteFlag, number> = { 0: 0, 1: 0, 2: 0, 3: 0, 4: 0 };
  for (const s of sites ?? []) counts[(s.flag in counts ? s.flag : 1) as SiteFlag]++;
  return counts;
}

/** True when the map holds every site of the area. */
export function showsAll(size: SiteSize, shown: number, totals: AreaSiteTotals | null): boolean {
  return size === 0 || !totals || shown >= totals.total;
}

export default function MapLegend({ sites, totals, size, loading, lines, external }: MapLegendProps) {
  const shown = sites?.length ?? 0;
  const counts = flagCounts(sites);
  const all = showsAll(size, shown, totals);
  const nearestTip = '50 / 200：离中心（首次为区域站点中心，切换时为地图中心）最近的站点；全区统计与右侧调度指引一致';
  return (
    <div className="home-map-legend" aria-label="图例" data-testid="map-legend">
      <div className="home-map-legend-total" data-testid="legend-total" title={all ? undefined : nearestTip}>
        {all ? (
          <>
            显示全部 <b>{shown}</b> 个站点
          </>
        ) : (
          <>
            显示离中心最近的 <b>{shown}</b> 个 / 共 <b>{totals!.total}</b> 个站点
          </>
        )}
        {loading && <Spin size="small" />}
      </div>
      <div className="home-map-legend-row" data-testid="legend-shown">
        {!all && <em>所示站点</em>}
        {LEGEND_ORDER.map((f) => (
          <span key={f}>
            <i className="home-map-dot" style={{ background: FLAG_STYLES[f].color }} />
            {FLAG_STYLES[f].label} {counts[f]}
          </span>
        ))}
      </div>
      {!all && totals && (
        <div className="home-map-legend-row home-map-legend-area" data-testid="legend-area">
          <em>全区</em>
          {LEGEND_ORDER.map((f) => (
            <span key={f}>
              {FLAG_STYLES[f].label} {totals[TOTAL_KEY[f]]}
            </span>
          ))}
        </div>
      )}
      {(lines.fence || lines.extent || lines.forbid) && (
        <div className="home-map-legend-row">
          {lines.fence && (
            <span>
              <i className="home-map-line home-map-line-area" />
              运营区域
            </span>
          )}
          {lines.extent && (
            <span title="区域内全部站点的外接矩形">
              <i className="home-map-line home-map-line-extent" />
              站点范围
            </span>
          )}
          {lines.forbid && (
            <span>
              <i className="home-map-line home-map-line-forbid" />
              禁停区
            </span>
          )}
        </div>
      )}
      {!!external?.stations && (
        <div className="home-map-legend-row home-map-legend-ext" data-testid="legend-external">
          <span title="区域设置中导入的外部 GBFS 站点，只读；数字为可借车辆">
            <i className="home-map-ext-key" />
            外部站点（只读）{external.stations} 个
          </span>
          <button type="button" onClick={external.onLocate}>
            定位
          </button>
        </div>
      )}
    </div>
  );
}
