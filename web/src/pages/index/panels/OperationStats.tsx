import { useQuery } from '@tanstack/react-query';
import { Segmented } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import LazyEChart from '../../../components/echarts/LazyEChart';
import { axisMax } from '../../../lib/axis';
import { brandShortName } from '../../../lib/brand';
import { REFRESH_MS } from '../../../lib/constants';
import { historyLoading, useHistoryLoad } from '../HistoryBanner';
import { useHomeArea, usePolling } from '../hooks';
import { Figure } from '../parts/bits';
import { distinctColors, lineOption, maxOf } from '../parts/chart';
import { lastSevenDays } from '../parts/period';
import Panel from '../parts/Panel';
import QueryState from '../parts/QueryState';
import { fetchRentToday, fetchReturnToday, fetchTidal } from '../service';
import type { FlowToday, TidalData } from '../types';
import './operation.css';

type Mold = 1 | 2;
type View = 'week' | 'today';

const sum = (c: { bike_num: number; e_bike_num: number } | null | undefined) => (c ? c.bike_num + c.e_bike_num : 0);

/** The seven days end today: today's point is so far (dashed segment, hollow point, 今日截至当前). */
export function weekChart(t: TidalData | undefined, today: string) {
  const series = t?.series ?? [];
  const x = series.map((s) => s.date.slice(5));
  const lines = [
    { name: '自行车', data: series.map((s) => s.total.bike_num), color: '#40a9ff' },
    { name: '电动车', data: series.map((s) => s.total.e_bike_num), color: '#ffc53d' },
  ];
  const index = series.findIndex((s) => s.date === today);
  return lineOption(x, lines, { yMax: axisMax(maxOf(lines)), unit: '次', area: true, partial: index < 0 ? undefined : { index, note: '今日截至当前' } });
}

/** Today's hours so far: the current hour's bars hollow (本小时截至当前). */
function todayChart(f: FlowToday | undefined) {
  const lists = f?.lists ?? [];
  const colors = distinctColors(lists.map(() => null));
  const series = lists.map((l, i) => ({ name: brandShortName(l.brandName), data: l.data, color: colors[i], type: 'bar' as const }));
  const hours = f?.hours ?? [];
  const partial = hours.length ? { index: hours.length - 1, note: '本小时截至当前' } : undefined;
  return lineOption(
    hours.map((h) => `${h}时`),
    series,
    { yMax: axisMax(maxOf(series)), unit: '次', partial },
  );
}

/**
 * 运营统计: the month's and today's rents (or returns) and the seven-day curve from
 * GET /api/statistics/tidal, or today's hourly counts per brand (siteRentStatistics /
 * siteReturnStatistics). Refreshed every 150 s.
 */
export default function OperationStats() {
  const { area, ready } = useHomeArea();
  const polling = usePolling(REFRESH_MS.rentalStats);
  const [mold, setMold] = useState<Mold>(1);
  const [view, setView] = useState<View>('week');
  const tidal = useQuery({
    queryKey: ['home', 'tidal', area, mold],
    // the seven days end today at each refresh
    queryFn: () => fetchTidal(area, { dateGroup: lastSevenDays().join(','), mold }),
    enabled: ready,
    ...polling,
  });
  const today = useQuery({
    queryKey: ['home', mold === 1 ? 'rentToday' : 'returnToday', area],
    queryFn: () => (mold === 1 ? fetchRentToday(area) : fetchReturnToday(area)),
    enabled: ready && view === 'today',
    ...polling,
  });
  const word = mold === 1 ? '租车' : '还车';
  const t = tidal.data;
  // while history loads, this month's and today's data have not all arrived: no number of the past shown as now
  const loading = historyLoading(useHistoryLoad());
  const todays = (n: number) => (loading ? '载入中' : n);
  const option = useMemo(() => (view === 'week' ? weekChart(t, dayjs().format('YYYY-MM-DD')) : todayChart(today.data)), [view, t, today.data]);
  return (
    <Panel
      title="运营统计"
      className="hp-operation"
      testId="panel-operation"
      extra={
        <Segmented
          size="small"
          value={mold}
          onChange={(v) => setMold(v as Mold)}
          options={[
            { value: 1, label: '租车' },
            { value: 2, label: '还车' },
          ]}
        />
      }
    >
      <QueryState query={tidal}>
        <div className="op-figures" data-testid="operation-figures">
          <Figure
            label={`本月${word}（${t?.monthTotal?.date ?? ''}）`}
            value={todays(sum(t?.monthTotal))}
            unit={loading ? undefined : '次'}
            testId="fig-month"
          />
          <Figure label={`今日${word}`} value={todays(sum(t?.dayTotal))} unit={loading ? undefined : '次'} testId="fig-day" />
          <Figure label="今日自行车" value={todays(t?.dayTotal?.bike_num ?? 0)} unit={loading ? undefined : '次'} testId="fig-day-bike" />
          <Figure label="今日电动车" value={todays(t?.dayTotal?.e_bike_num ?? 0)} unit={loading ? undefined : '次'} testId="fig-day-ebike" />
        </div>
        <div className="op-chart-head">
          <Segmented
            size="small"
            value={view}
            onChange={(v) => setView(v as View)}
            options={[
              { value: 'week', label: '近7日' },
              { value: 'today', label: '今日分时' },
            ]}
          />
        </div>
        <div className="op-chart">
          {view === 'week' ? (
            <LazyEChart option={option} ariaLabel={`近7日${word}曲线`} />
          ) : (
            <QueryState query={today} empty={(today.data?.lists.length ?? 0) === 0} emptyText="暂无品牌数据">
              <LazyEChart option={option} ariaLabel={`今日分时${word}`} />
            </QueryState>
          )}
        </div>
      </QueryState>
    </Panel>
  );
}
