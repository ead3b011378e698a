/** echarts options of the site detail and the power curve (light desk styling). */
import dayjs, { type Dayjs } from 'dayjs';
import { formatInZone } from '../../app/clock';
import { serverTimeZone } from '../../app/config';
import { LIMITS } from '../../lib/constants';
import { flagStyle } from '../../lib/siteStatus';
import type { HistoryRow, HourStats, PowerSeries } from './detailTypes';

/** Today in the server's zone (the platform's days), whatever zone the browser is in. */
export const serverNow = (): string => formatInZone(new Date(), serverTimeZone());
export const serverDay = (): string => serverNow().slice(0, 10);
export const serverToday = (): Dayjs => dayjs(serverDay());

const grid = { left: 44, right: 24, top: 36, bottom: 28 };
const tooltip = { trigger: 'axis' };

/**
 * The day's snapshots, oldest first (the call answers the latest first, over more than the day). A
 * snapshot is written when the counts change, so the last one before the day is the state the day
 * began with: it opens the day at 00:00:00.
 */
export function todayRows(rows: readonly HistoryRow[], day: string): HistoryRow[] {
  const today = rows.filter((r) => r.time.startsWith(day)).reverse();
  const before = rows.find((r) => r.time < day);
  return before ? [{ ...before, time: `${day} 00:00:00` }, ...today] : today;
}

const at = (time: string) => time.replace(' ', 'T');

/** Count and capacity over the day as steps on a time axis up to `now`; each change in its status colour (spec §4 flags). */
export function historyOption(rows: readonly HistoryRow[], now?: string): Record<string, unknown> {
  const last = rows.at(-1);
  const tail = last && now && now > last.time ? [{ ...last, time: now, id: -1 }] : [];
  const points = [...rows, ...tail];
  return {
    grid,
    tooltip,
    legend: { top: 0, data: ['车辆数', '容量'] },
    xAxis: { type: 'time', axisLabel: { formatter: '{HH}:{mm}' } },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        name: '车辆数',
        type: 'line',
        step: 'end',
        symbolSize: 6,
        lineStyle: { color: '#8c8c8c' },
        itemStyle: { color: '#8c8c8c' },
        data: points.map((r) => ({ value: [at(r.time), r.num], symbol: r.id === -1 ? 'none' : 'circle', itemStyle: { color: flagStyle(r.flag).color } })),
      },
      {
        name: '容量',
        type: 'line',
        step: 'end',
        symbol: 'none',
        lineStyle: { type: 'dashed', color: '#ff4d4f' },
        itemStyle: { color: '#ff4d4f' },
        data: points.map((r) => [at(r.time), r.capacity]),
      },
    ],
  };
}

/** The sum over brands per hour. */
export const hourTotals = (s: HourStats | undefined): number[] =>
  (s?.hours ?? []).map((_, i) => (s?.lists ?? []).reduce((sum, b) => sum + (b.data[i] ?? 0), 0));

/** Rents and returns of each hour of today as bars. */
export function hourOption(rents: HourStats | undefined, returns: HourStats | undefined): Record<string, unknown> {
  const hours = (rents?.hours.length ?? 0) >= (returns?.hours.length ?? 0) ? (rents?.hours ?? []) : (returns?.hours ?? []);
  return {
    grid,
    tooltip,
    legend: { top: 0, data: ['租车', '还车'] },
    xAxis: { type: 'category', data: hours.map((h) => `${h}时`) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: '租车', type: 'bar', color: '#1677ff', data: hourTotals(rents) },
      { name: '还车', type: 'bar', color: '#52c41a', data: hourTotals(returns) },
    ],
  };
}

/** A pile's readings on a time axis, 0-100 %, with the low-power line (spec §9: 10 %). */
export function powerOption(s: PowerSeries | undefined): Record<string, unknown> {
  return {
    grid,
    tooltip: { ...tooltip, valueFormatter: (v: number) => `${v}%` },
    xAxis: { type: 'time' },
    yAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
    series: [
      {
        name: '电量',
        type: 'line',
        showSymbol: (s?.lists.length ?? 0) < 60,
        color: '#1677ff',
        data: (s?.lists ?? []).map((p) => [p.time.replace(' ', 'T'), p.power]),
        markLine: {
          symbol: 'none',
          silent: true,
          lineStyle: { color: '#ff4d4f', type: 'dashed' },
          label: { formatter: `低电量 ${LIMITS.lowPowerPercent}%` },
          data: [{ yAxis: LIMITS.lowPowerPercent }],
        },
      },
    ],
  };
}
