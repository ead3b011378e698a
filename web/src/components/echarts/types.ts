import type { CSSProperties } from 'react';

/** The part of an echarts click event the console reads. */
interface ChartClick {
  componentType: string;
  seriesName?: string;
  seriesIndex?: number;
  dataIndex: number;
  name: string;
  value: unknown;
}

export interface EChartProps {
  /** an echarts option object (typed loosely so that callers need not import echarts) */
  option: Record<string, unknown>;
  className?: string;
  style?: CSSProperties;
  onClick?: (e: ChartClick) => void;
  /** accessible name of the chart */
  ariaLabel?: string;
}
