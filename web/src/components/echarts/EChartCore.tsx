/**
 * The echarts canvas itself. Loaded only through LazyEChart, so echarts stays out of the initial
 * bundle: only the charts and components the console uses are registered.
 */
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, MarkAreaComponent, MarkPointComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import type { EChartProps } from './types';

echarts.use([
  LineChart,
  BarChart,
  PieChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  TitleComponent,
  DataZoomComponent,
  MarkPointComponent,
  MarkAreaComponent,
  CanvasRenderer,
]);

export default function EChartCore({ option, className, style, onClick, ariaLabel }: EChartProps) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const click = useRef(onClick);
  click.current = onClick;

  useEffect(() => {
    if (!el.current) return undefined;
    const instance = echarts.init(el.current, undefined, { renderer: 'canvas' });
    chart.current = instance;
    instance.on('click', (p) => click.current?.(p as unknown as Parameters<NonNullable<EChartProps['onClick']>>[0]));
    const ro = new ResizeObserver(() => instance.resize());
    ro.observe(el.current);
    return () => {
      ro.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option as echarts.EChartsCoreOption, { notMerge: true });
  }, [option]);

  return <div ref={el} className={className} style={{ width: '100%', height: '100%', ...style }} role="img" aria-label={ariaLabel} />;
}
