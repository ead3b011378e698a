import { useQuery } from '@tanstack/react-query';
import { App, Segmented } from 'antd';
import { useState } from 'react';
import { LIMITS, REFRESH_MS } from '../../../lib/constants';
import { useHomeStore } from '../homeStore';
import { useHomeArea, useHomePermissions, usePolling } from '../hooks';
import AutoScroll from '../parts/AutoScroll';
import { rankPeriod, type RankGrain } from '../parts/period';
import Panel from '../parts/Panel';
import QueryState from '../parts/QueryState';
import { fetchSiteRank } from '../service';
import type { RankRow } from '../types';
import './rank.css';

export const GRAINS: Array<{ value: RankGrain; label: string }> = [
  { value: 'hour', label: '时' },
  { value: 'day', label: '日' },
  { value: 'month', label: '月' },
];

const NO_SITE_WARNING = '该条数据存在问题，没有车辆编号！';

/** Locate a ranked site on the map; a row without a siteId only warns (spec §5). */
export function useLocateRankRow() {
  const { message } = App.useApp();
  const focusSite = useHomeStore((s) => s.focusSite);
  return (row: RankRow) => {
    if (!row.siteId) {
      void message.warning(NO_SITE_WARNING);
      return false;
    }
    focusSite(row.siteId);
    return true;
  };
}

/**
 * 站点排名 card of the single-brand layout (permission 64/59): rents and returns per site this
 * hour, day or month (GET /api/statistics/siteRankAll, up to 500 rows), five rows in view,
 * scrolling. Refreshed every 120 s.
 */
export default function SiteRankCard() {
  const { area, ready } = useHomeArea();
  const perms = useHomePermissions();
  const polling = usePolling(REFRESH_MS.siteRanking);
  const locate = useLocateRankRow();
  const [grain, setGrain] = useState<RankGrain>('day');
  // the current hour, day or month at each refresh
  const q = useQuery({
    queryKey: ['home', 'rank', area, grain],
    queryFn: () => fetchSiteRank(area, rankPeriod(grain)),
    enabled: ready && perms.siteRank,
    ...polling,
  });
  const rows = (q.data?.lists ?? []).slice(0, LIMITS.siteRankRows);
  return (
    <Panel
      title="站点排名"
      className="hp-rank"
      testId="panel-rank"
      extra={<Segmented size="small" value={grain} onChange={(v) => setGrain(v as RankGrain)} options={GRAINS} />}
    >
      {!perms.siteRank ? (
        <div className="hp-state hp-state-empty">无权限查看站点排名</div>
      ) : (
        <QueryState query={q} empty={rows.length === 0} emptyText="暂无站点">
          <div className="rk-row rk-head">
            <span>排名</span>
            <span>站点名称</span>
            <span>租车</span>
            <span>还车</span>
          </div>
          <AutoScroll className="rk-list" resetKey={q.dataUpdatedAt} testId="rank-list">
            {rows.map((r) => (
              <button key={`${r.rank}-${r.siteId}`} type="button" className="rk-row" onClick={() => locate(r)} title="在地图上定位">
                <span className={`rk-rank rk-rank-${Math.min(r.rank, 4)}`}>{r.rank}</span>
                <span className="rk-name">{r.siteName}</span>
                <span>{r.rentNum}</span>
                <span>{r.returnNum}</span>
              </button>
            ))}
          </AutoScroll>
        </QueryState>
      )}
    </Panel>
  );
}
