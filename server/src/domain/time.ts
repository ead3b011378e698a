/** Times go out as `yyyy-MM-dd HH:mm:ss` in the deployment's time zone TZ, never as ISO or epoch. Pure. */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(tz: string) {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('sv-SE', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(tz, f);
  }
  return f;
}

export function formatTime(value: Date | string | number | null | undefined, tz: string): string | null {
  if (value === null || value === undefined) return null;
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return null;
  return formatter(tz).format(d);
}

/**
 * formatTime for many rows (the exports): Intl formats each UTC minute once and the seconds are appended (a zone
 * offset is a whole number of minutes; one that is not falls back to Intl for every call). Reports
 * and rides cluster in minutes, so this saves most of an export's formatting time (an Intl call
 * costs ~6 µs).
 */
export function minuteCachedFormat(tz: string) {
  const minutes = new Map<number, string | null>();
  return (d: Date): string => {
    const ms = d.getTime();
    if (Number.isNaN(ms)) return '';
    const minute = Math.floor(ms / 60_000);
    let prefix = minutes.get(minute);
    if (prefix === undefined) {
      const start = formatTime(minute * 60_000, tz) ?? '';
      prefix = start.endsWith(':00') ? start.slice(0, -2) : null;
      if (minutes.size >= 100_000) minutes.clear();
      minutes.set(minute, prefix);
    }
    if (prefix === null) return formatTime(d, tz) ?? '';
    const sec = Math.floor((ms - minute * 60_000) / 1000);
    return sec < 10 ? `${prefix}0${sec}` : prefix + sec;
  };
}

/** Parses `yyyy-MM-dd[ HH:mm[:ss]]` in TZ, or ISO 8601 with an offset; null when unreadable. */
export function parseLocalTime(text: string, tz: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!m) {
    const d = new Date(text);
    return /[zZ]|[+-]\d{2}:?\d{2}$/.test(text) && !Number.isNaN(d.getTime()) ? d : null;
  }
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  const utcGuess = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s);
  if (Number.isNaN(utcGuess)) return null;
  // shift by the zone's offset at that instant (twice, for instants near a DST change)
  let t = utcGuess - offsetMs(utcGuess, tz);
  t = utcGuess - offsetMs(t, tz);
  return new Date(t);
}

function offsetMs(t: number, tz: string): number {
  const parts = formatter(tz).format(new Date(t)); // yyyy-MM-dd HH:mm:ss
  const [date, time] = parts.split(' ');
  const [y, mo, d] = date.split('-').map(Number);
  const [h, mi, s] = time.split(':').map(Number);
  return Date.UTC(y, mo - 1, d, h, mi, s) - Math.floor(t / 1000) * 1000;
}

/** Local day `yyyy-MM-dd` of an instant in TZ. */
export function localDay(d: Date, tz: string): string {
  return formatter(tz).format(d).slice(0, 10);
}

/** Start of the local day `day` (yyyy-MM-dd) in TZ. */
export function dayStart(day: string, tz: string): Date {
  return parseLocalTime(`${day} 00:00:00`, tz)!;
}

const DAY = 86_400_000;
/** yyyy-MM-dd → days since 1970-01-01 (calendar arithmetic, no zone). */
export const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY);
/** Days since 1970-01-01 → yyyy-MM-dd. */
export const dayText = (n: number) => new Date(n * DAY).toISOString().slice(0, 10);

/** yyyy-MM-dd → the following day. */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** Today in TZ: its date and [start, end) bounds. */
export function today(tz: string, now = new Date()) {
  const day = localDay(now, tz);
  const start = dayStart(day, tz);
  return { day, start, end: dayStart(nextDay(day), tz) };
}

export const pad2 = (n: number) => String(n).padStart(2, '0');

/** Days in a month (1-12). */
export const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** `yyyy-MM-dd[ HH:mm[:ss]]` in TZ with every part in range (parseLocalTime alone rolls 13-45 over); null otherwise. */
export function strictLocalTime(text: string, tz: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0));
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo) || h > 23 || mi > 59 || s > 59) return null;
  return parseLocalTime(text.trim(), tz);
}
