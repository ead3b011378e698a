import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import LazyEChart from '../../../../components/echarts/LazyEChart';
import { REFRESH_MS } from '../../../../lib/constants';
import { openDialog } from '../../dialogs/dialogStore';
import { useHomeArea, usePolling } from '../../hooks';
import { lineOption } from '../../parts/chart';
import { defaultTrendPeriod, periodLabel } from '../../parts/period';
import QueryState from '../../parts/QueryState';
import { trendChart } from '../../parts/trend';
import { fetchBrandTrend } from '../../service';

/** 总量曲线 (permission 64/134): bikes placed per brand over the default period; opens the trend dialog. */
export default function TrendTab() {
  const { area, ready } = useHomeArea();
  const polling = usePolling(REFRESH_MS.mapAndRing);
  const [period] = useState(() => defaultTrendPeriod());
  const q = useQuery({
    queryKey: ['home', 'trend', area, period, 1],
    queryFn: () => fetchBrandTrend(area, { ...period, dataType: 1 }),
    enabled: ready,
    ...polling,
  });
  const chart = useMemo(() => trendChart(q.data, period, 1), [q.data, period]);
  const option = useMemo(() => lineOption(chart.x, chart.series, { yMax: chart.yMax, unit: chart.unit, area: true, partial: chart.partial }), [chart]);
  return (
    <div className="tm-trend" data-testid="trend-tab">
      <div className="tm-trend-head">
        <span>{periodLabel(period)} 投放数</span>
        <Button size="small" type="link" onClick={() => openDialog({ kind: 'trend' })}>
          查看趋势
        </Button>
      </div>
      <div className="tm-trend-chart">
        <QueryState query={q} empty={chart.empty} emptyText="暂无品牌数据">
          <LazyEChart option={option} ariaLabel="总量曲线" onClick={() => openDialog({ kind: 'trend' })} />
        </QueryState>
      </div>
    </div>
  );
}
