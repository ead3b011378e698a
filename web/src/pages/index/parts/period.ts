/** Time windows the home screen asks for, in the browser's local time (the server's TZ). */
import dayjs, { type Dayjs } from 'dayjs';

export interface Period {
  year: number;
  month?: number;
  day?: number;
}

/** Trend default (spec §4): the day (hourly) on the 1st of a month, otherwise the month (daily). */
export function defaultTrendPeriod(now: Dayjs = dayjs()): Period {
  const base = { year: now.year(), month: now.month() + 1 };
  return now.date() === 1 ? { ...base, day: 1 } : base;
}

/** The seven days ending today, yyyy-MM-dd, oldest first (the tidal dateGroup). */
export function lastSevenDays(now: Dayjs = dayjs()): string[] {
  return Array.from({ length: 7 }, (_, i) => now.subtract(6 - i, 'day').format('YYYY-MM-DD'));
}

export type RankGrain = 'hour' | 'day' | 'month';

/** Ranking window of the current hour, day or month. */
export function rankPeriod(grain: RankGrain, now: Dayjs = dayjs()) {
  const year = now.year();
  const month = now.month() + 1;
  if (grain === 'month') return { year, month };
  if (grain === 'day') return { year, month, day: now.date() };
  return { year, dateTime: now.format('YYYY-MM-DD HH') };
}

/** The level a period stands at: year (months), month (days) or day (hours). */
export function periodLevel(p: Period): 'year' | 'month' | 'day' {
  if (p.day !== undefined) return 'day';
  if (p.month !== undefined) return 'month';
  return 'year';
}

export function periodLabel(p: Period): string {
  const level = periodLevel(p);
  if (level === 'year') return `${p.year}年`;
  if (level === 'month') return `${p.year}年${p.month}月`;
  return `${p.year}年${p.month}月${p.day}日`;
}

/** One level down from a clicked point: a month of a year, a day of a month; null at day level. */
export function drillDown(p: Period, index: number): Period | null {
  const level = periodLevel(p);
  if (level === 'year') return { year: p.year, month: index + 1 };
  if (level === 'month') return { year: p.year, month: p.month, day: index + 1 };
  return null;
}

/** Years of the year selector: this year and four before it. */
export function yearOptions(prior: number, now: Dayjs = dayjs()): number[] {
  return Array.from({ length: prior + 1 }, (_, i) => now.year() - i);
}
