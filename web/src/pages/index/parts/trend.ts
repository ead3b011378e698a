/** The total-quantity trend (GET /api/dashboard/brandBikeOnline) as chart series. */
import { axisMax } from '../../../lib/axis';
import { brandShortName } from '../../../lib/brand';
import type { TrendBrand } from '../types';
import { distinctColors, maxOf, partialSlot, type LineSeries } from './chart';
import { periodLevel, type Period } from './period';

/** Data types of spec §4: 1 placed, 2 in-site, 3 active, 4 dispatch rate, 5 turnover rate. */
export const TREND_TYPES = [
  { value: 1, label: '投放数' },
  { value: 2, label: '站内数' },
  { value: 3, label: '活跃车辆' },
  { value: 4, label: '调度率' },
  { value: 5, label: '周转率' },
] as const;

export const ACTIVE_TYPE = 3;
export const isRate = (dataType: number) => dataType === 4 || dataType === 5;

function xLabel(level: ReturnType<typeof periodLevel>, date: string, hour: number | null): string {
  if (level === 'day') return `${hour ?? Number(date.slice(11, 13))}时`;
  if (level === 'month') return `${Number(date.slice(8, 10))}日`;
  return `${Number(date.slice(5, 7))}月`;
}

/**
 * What the slot under way holds, by the level shown (its tooltip's note); `averaged`: a month is
 * the average of its days (the trend: the days gone by), not their sum (a site's usage).
 */
export function partialNote(level: ReturnType<typeof periodLevel>, averaged = false): string {
  if (level === 'day') return '本小时截至当前';
  if (level === 'month') return '今日截至当前';
  return averaged ? '本月进行中，已过去日子的日均' : '本月截至当前';
}

/** Series per brand; slots without a value stay null (a gap), the slot under way is marked. */
export function trendChart(data: Record<string, TrendBrand> | undefined, period: Period, dataType: number) {
  const brands = Object.values(data ?? {}).sort((a, b) => a.brandId - b.brandId);
  const level = periodLevel(period);
  const first = brands[0]?.rows ?? [];
  const x = first.map((r) => xLabel(level, r.date, r.hour));
  const colors = distinctColors(brands.map(() => null));
  const series: LineSeries[] = brands.map((b, i) => ({ name: brandShortName(b.brandName), data: b.rows.map((r) => r.value), color: colors[i] }));
  const partial = partialSlot(first, partialNote(level, true));
  return { x, series, partial, yMax: isRate(dataType) ? undefined : axisMax(maxOf(series)), unit: isRate(dataType) ? '%' : '辆', empty: brands.length === 0 };
}
