/**
 * Time rules of 运营统计: the time type of a period (spec §4 trend data: year → month → day, the
 * default day on the 1st of a month, otherwise month), its query parameters, and the morning and
 * evening peaks of an hourly curve. The period helpers themselves are the big screen's.
 */
import dayjs, { type Dayjs } from 'dayjs';
import { defaultTrendPeriod, periodLevel, type Period } from '../index/parts/period';

export type TimeType = 'day' | 'month' | 'year';

/** The period of a time type around a date. */
export function periodOf(type: TimeType, d: Dayjs): Period {
  if (type === 'year') return { year: d.year() };
  if (type === 'month') return { year: d.year(), month: d.month() + 1 };
  return { year: d.year(), month: d.month() + 1, day: d.date() };
}

/** The first instant of a period, as a date picker value. */
export const dateOf = (p: Period): Dayjs => dayjs(new Date(p.year, (p.month ?? 1) - 1, p.day ?? 1));

/** A period read from the URL (year, month, day), or the default one. */
export function periodFromParams(params: URLSearchParams, fallback: Period = defaultTrendPeriod()): Period {
  const n = (k: string) => {
    const v = params.get(k);
    return v !== null && /^\d+$/.test(v) ? Number(v) : undefined;
  };
  const year = n('year');
  if (year === undefined) return fallback;
  const month = n('month');
  const day = month === undefined ? undefined : n('day');
  return { year, month, day };
}

/** A period as URL parameters (absent levels removed). */
export function periodParams(p: Period): Record<string, string> {
  const out: Record<string, string> = { year: String(p.year) };
  if (p.month !== undefined) out.month = String(p.month);
  if (p.day !== undefined) out.day = String(p.day);
  return out;
}

/** One level up (day → month → year); null at the year. */
export function drillUp(p: Period): Period | null {
  const level = periodLevel(p);
  if (level === 'day') return { year: p.year, month: p.month };
  if (level === 'month') return { year: p.year };
  return null;
}

export interface Peak {
  hour: number;
  value: number;
}

/**
 * Morning (06-10 时) and evening (16-20 时) peaks of 24 hourly values: the busiest hour of each
 * window, none when the window is empty.
 */
export function peaksOf(values: readonly number[]): { morning: Peak | null; evening: Peak | null } {
  const best = (from: number, to: number): Peak | null => {
    let p: Peak | null = null;
    for (let h = from; h <= to; h++) if ((values[h] ?? 0) > 0 && (!p || values[h] > p.value)) p = { hour: h, value: values[h] };
    return p;
  };
  return { morning: best(6, 10), evening: best(16, 20) };
}

/** The page's area (selfAreaId) as a URL parameter: a view writing its own filters keeps it. */
export const areaParam = (area: string): Record<string, string> => (area ? { selfAreaId: area } : {});
