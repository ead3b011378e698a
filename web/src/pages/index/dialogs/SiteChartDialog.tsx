import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useMemo } from 'react';
import LazyEChart from '../../../components/echarts/LazyEChart';
import { useHomeStore } from '../homeStore';
import { useHomeArea } from '../hooks';
import { axisStyle, legend, tooltip } from '../parts/chart';
import { fetchDashboard } from '../service';
import type { MapSite } from '../types';
import HomeModal from './HomeModal';
import { useDialogs } from './dialogStore';

/** Sites drawn at most (the map's largest site-count choice). */
const SITE_CHART_MAX = 200;

function chartOption(sites: MapSite[]) {
  const names = sites.map((s) => s.siteName);
  return {
    grid: { left: 8, right: 24, top: 28, bottom: 8, containLabel: true },
    tooltip: { ...tooltip, axisPointer: { type: 'shadow' } },
    legend,
    xAxis: { type: 'value', minInterval: 1, ...axisStyle },
    yAxis: { type: 'category', data: names, inverse: true, ...axisStyle, axisLabel: { ...axisStyle.axisLabel, width: 160, overflow: 'truncate' } },
    series: [
      {
        name: '车辆数',
        type: 'bar',
        data: sites.map((s) => s.num),
        itemStyle: { color: '#40a9ff' },
        barMaxWidth: 10,
        label: { show: true, position: 'right', color: '#cfe3ff', fontSize: 11 },
      },
      { name: '车位数', type: 'bar', data: sites.map((s) => s.capacity), itemStyle: { color: '#597ef7', opacity: 0.55 }, barMaxWidth: 10 },
    ],
  };
}

/**
 * 站点图: the sites of one fill status (GET /api/dashboard/get with the status filter f) with their
 * bike count and slot count (capacity); clicking a bar locates the site.
 */
export default function SiteChartDialog({ title, f, flag, count }: { title: string; f?: 1 | 2 | 3 | 4; flag?: number; count: number }) {
  const { area, ready } = useHomeArea();
  const focusSite = useHomeStore((s) => s.focusSite);
  const closeAll = useDialogs((s) => s.closeAll);
  // 正常 has no status filter: read up to the cap of all sites and keep flag 1
  const limit = flag === undefined ? Math.min(Math.max(count, 1), SITE_CHART_MAX) : SITE_CHART_MAX;
  const q = useQuery({ queryKey: ['home', 'siteChart', area, f, limit], queryFn: () => fetchDashboard(area, { limit, f }), enabled: ready });
  const sites = useMemo(() => {
    const list = (q.data?.map ?? []).filter((s) => flag === undefined || s.flag === flag);
    return list.sort((a, b) => b.num - a.num).slice(0, SITE_CHART_MAX);
  }, [q.data, flag]);
  const option = useMemo(() => chartOption(sites), [sites]);
  return (
    <HomeModal title={`${title}（${count} 个）`} width={900}>
      {count > sites.length && !q.isPending ? <Typography.Paragraph type="secondary">显示离区域中心最近的 {sites.length} 个站点</Typography.Paragraph> : null}
      {q.isPending ? (
        <div className="hp-state">加载中…</div>
      ) : q.isError ? (
        <div className="hp-state">加载失败</div>
      ) : sites.length === 0 ? (
        <div className="hp-state hp-state-empty">暂无站点</div>
      ) : (
        <div style={{ height: Math.max(240, sites.length * 28 + 60) }} data-testid="site-chart">
          <LazyEChart
            option={option}
            ariaLabel={title}
            onClick={(e) => {
              const s = sites[e.dataIndex];
              if (!s) return;
              focusSite(s.siteId);
              closeAll();
            }}
          />
        </div>
      )}
    </HomeModal>
  );
}
