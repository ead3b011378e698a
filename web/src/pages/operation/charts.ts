/** echarts options of 运营统计 (light desk theme): lines or bars over the slots of a period, a share pie. */
import { PALETTE } from '../index/parts/chart';
import type { Peak } from './period';

export interface Series {
  name: string;
  data: Array<number | null>;
  type?: 'line' | 'bar';
  color?: string;
  stack?: string;
}

const grid = { left: 56, right: 24, top: 40, bottom: 32, containLabel: false };

/** Series over x labels; `peaks` marks the morning and evening peaks on the first series. */
/** `clickableX`: the x axis labels answer clicks too (drill-down by a month's or a day's label). */
export function seriesOption(
  x: string[],
  series: Series[],
  opts: { unit?: string; peaks?: { morning: Peak | null; evening: Peak | null }; clickableX?: boolean } = {},
) {
  const marks = opts.peaks
    ? [
        opts.peaks.morning && { name: '早高峰', coord: [opts.peaks.morning.hour, opts.peaks.morning.value], value: `早高峰 ${opts.peaks.morning.hour}时` },
        opts.peaks.evening && { name: '晚高峰', coord: [opts.peaks.evening.hour, opts.peaks.evening.value], value: `晚高峰 ${opts.peaks.evening.hour}时` },
      ].filter(Boolean)
    : [];
  return {
    animation: false,
    color: PALETTE,
    // room above the bars for the peaks' pins
    grid: marks.length ? { ...grid, top: 64 } : grid,
    tooltip: { trigger: 'axis' },
    legend: { top: 0, type: 'scroll' },
    // clickable labels all show (a hidden one could not be clicked)
    xAxis: { type: 'category', data: x, triggerEvent: !!opts.clickableX, ...(opts.clickableX ? { axisLabel: { interval: 0, fontSize: 10 } } : {}) },
    yAxis: { type: 'value', name: opts.unit ?? '', minInterval: opts.unit === '%' ? undefined : 1 },
    series: series.map((s, i) => ({
      name: s.name,
      type: s.type ?? 'line',
      data: s.data,
      stack: s.stack,
      smooth: false,
      connectNulls: false,
      itemStyle: s.color ? { color: s.color } : undefined,
      ...(i === 0 && marks.length
        ? {
            markPoint: { symbol: 'pin', symbolSize: 36, label: { fontSize: 10, formatter: (p: { name: string }) => p.name }, data: marks },
            markArea: {
              silent: true,
              itemStyle: { color: 'rgba(250, 173, 20, 0.08)' },
              data: [
                [{ name: '早高峰', xAxis: 6 }, { xAxis: 10 }],
                [{ name: '晚高峰', xAxis: 16 }, { xAxis: 20 }],
              ],
            },
          }
        : {}),
    })),
  };
}

/** Shares as a pie (name, value), with percentages in the labels. */
export function pieOption(items: { name: string; value: number }[], title: string) {
  return {
    animation: false,
    color: PALETTE,
    title: { text: title, left: 'center', top: 0, textStyle: { fontSize: 13 } },
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { bottom: 0, type: 'scroll' },
    series: [{ type: 'pie', radius: ['35%', '62%'], center: ['50%', '50%'], data: items, label: { formatter: '{d}%' } }],
  };
}
