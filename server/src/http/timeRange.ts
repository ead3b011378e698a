/** The optional startTime / endTime of list and export queries, read in TZ. */
import { parseLocalTime, strictLocalTime } from '../domain/time.js';
import { badRequest } from './envelope.js';

const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(2100, 11, 31);

/** Optional `yyyy-MM-dd HH:mm:ss` bounds; 400 naming the field when unreadable or reversed. */
export function timeRange(q: { startTime?: string; endTime?: string }, tz: string) {
  const parse = (v: string | undefined, field: string) => {
    if (v === undefined || v.trim() === '') return undefined;
    // a local time must name a real one (2026-02-30 or 25:00 is refused, not rolled over); ISO with an offset as Date reads it
    const d = /^\d{4}-\d{2}-\d{2}( |$)/.test(v.trim()) ? strictLocalTime(v, tz) : parseLocalTime(v, tz);
    if (!d) throw badRequest(`参数 ${field} 格式应为 yyyy-MM-dd HH:mm:ss`);
    if (!(d.getTime() >= EARLIEST && d.getTime() <= LATEST)) throw badRequest(`参数 ${field} 超出可查询的时间范围（1970-2100 年）`);
    return d;
  };
  const from = parse(q.startTime, 'startTime');
  const to = parse(q.endTime, 'endTime');
  if (from && to && to < from) throw badRequest('参数 endTime 不能早于 startTime');
  return { from, to: to ? new Date(to.getTime() + inclusiveSpanMs(q.endTime!.trim())) : undefined };
}

/** An end time includes the unit it names: a whole day, minute or second. */
function inclusiveSpanMs(text: string): number {
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return 86_400_000;
  if (/[ T]\d{2}:\d{2}$/.test(text)) return 60_000;
  if (/[ T]\d{2}:\d{2}:\d{2}$/.test(text)) return 1000;
  return 0;
}
