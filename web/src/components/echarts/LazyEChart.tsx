import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import type { EChartProps } from './types';

export type { EChartProps } from './types';

const EChartCore = lazy(() => import('./EChartCore'));

/** An echarts chart; echarts is fetched on first use as a chunk of its own. */
export default function LazyEChart(props: EChartProps) {
  return (
    <Suspense
      fallback={
        <div style={{ width: '100%', height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center', ...props.style }}>
          <Spin size="small" />
        </div>
      }
    >
      <EChartCore {...props} />
    </Suspense>
  );
}
