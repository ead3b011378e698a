/**
 * Time windows of the statistics calls, in TZ: year / month / day / hour (or `dateTime`
 * `yyyy-MM-dd HH`), and day lists (`dateGroup`). Pure: no I/O; bad input → code 400 naming the field.
 */
import type { Static } from 'typebox';
import { badRequest } from '../../http/envelope.js';
import { daysInMonth, parseLocalTime } from '../../domain/time.js';
import type { RankQuery } from './schemas.js';

type Granularity = 'hour' | 'day' | 'month' | 'year';

export interface Window {
  granularity: Granularity;
  /** Inclusive start and exclusive end instants. */
  from: Date;
  to: Date;
  /** `yyyy`, `yyyy-MM`, `yyyy-MM-dd` or `yyyy-MM-dd HH`. */
  label: string;
}

/** The window fields of the ranking's querystring (the other window queries use a subset of them). */
export type WindowQuery = Pick<Static<typeof RankQuery>, 'year' | 'month' | 'day' | 'hour' | 'dateTime'>;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Local midnight (or hour) of a calendar date; month and day may overflow (Date.UTC normalises them). */
function at(tz: string, year: number, month: number, day: number, hour = 0): Date {
  const d = new Date(Date.UTC(year, month - 1, day));
  const text = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(hour)}:00`;
  return parseLocalTime(text, tz)!;
}

function checkDate(year: number, month: number, day: number, field: string) {
  if (year < 2000 || year > 2100) throw badRequest(`参数 ${field} 的年份应在 2000~2100 之间`);
  if (month < 1 || month > 12) throw badRequest(`参数 ${field} 的月份应为 1~12`);
  if (day < 1 || day > daysInMonth(year, month)) throw badRequest(`参数 ${field} 的日期超出该月天数`);
}

/** The window asked for: `dateTime` wins; else year, with month, day and hour narrowing it. */
export function windowOf(q: WindowQuery, tz: string): Window {
  const dt = q.dateTime?.trim();
  if (dt) {
    const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2})(?::\d{2}(?::\d{2})?)?$/.exec(dt);
    if (!m) throw badRequest('参数 dateTime 格式应为 yyyy-MM-dd HH');
    const [y, mo, d, h] = m.slice(1).map(Number);
    checkDate(y, mo, d, 'dateTime');
    if (h > 23) throw badRequest('参数 dateTime 的小时应为 0~23');
    return hourWindow(tz, y, mo, d, h);
  }
  if (q.year === undefined) throw badRequest('缺少参数 year，请选择年份');
  const { year, month, day, hour } = q;
  if (day !== undefined && month === undefined) throw badRequest('缺少参数 month：按日统计时需同时给出月份');
  if (hour !== undefined && day === undefined) throw badRequest('缺少参数 day：按小时统计时需同时给出日期');
  if (month !== undefined) checkDate(year, month, 1, 'month');
  if (day !== undefined) checkDate(year, month!, day, 'day');
  if (hour !== undefined) return hourWindow(tz, year, month!, day!, hour);
  if (day !== undefined) {
    return { granularity: 'day', from: at(tz, year, month!, day), to: at(tz, year, month!, day + 1), label: `${year}-${pad(month!)}-${pad(day)}` };
  }
  if (month !== undefined) {
    return { granularity: 'month', from: at(tz, year, month, 1), to: at(tz, year, month + 1, 1), label: `${year}-${pad(month)}` };
  }
  checkDate(year, 1, 1, 'year');
  return { granularity: 'year', from: at(tz, year, 1, 1), to: at(tz, year + 1, 1, 1), label: String(year) };
}

function hourWindow(tz: string, y: number, mo: number, d: number, h: number): Window {
  const from = at(tz, y, mo, d, h);
  return { granularity: 'hour', from, to: new Date(from.getTime() + 3600_000), label: `${y}-${pad(mo)}-${pad(d)} ${pad(h)}` };
}

/** The day window of `yyyy-MM-dd`. */
export function dayWindow(date: string, tz: string, field = 'date'): Window {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  if (!m) throw badRequest(`参数 ${field} 格式应为 yyyy-MM-dd`);
  const [y, mo, d] = m.slice(1).map(Number);
  checkDate(y, mo, d, field);
  return { granularity: 'day', from: at(tz, y, mo, d), to: at(tz, y, mo, d + 1), label: `${y}-${pad(mo)}-${pad(d)}` };
}

/** The month window holding the day `yyyy-MM-dd`. */
export function monthOfDay(date: string, tz: string): Window {
  const [y, mo] = date.split('-').map(Number);
  return { granularity: 'month', from: at(tz, y, mo, 1), to: at(tz, y, mo + 1, 1), label: `${y}-${pad(mo)}` };
}

/** `dateGroup`: 1 to 7 distinct comma-separated days, answered in calendar order. */
export function dateGroupOf(text: string, tz: string): Window[] {
  const parts = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!parts.length) throw badRequest('参数 dateGroup 不能为空');
  if (parts.length > 7) throw badRequest('参数 dateGroup 最多 7 天');
  const days = [...new Set(parts)].map((p) => dayWindow(p, tz, 'dateGroup'));
  return days.sort((a, b) => a.from.getTime() - b.from.getTime());
}
