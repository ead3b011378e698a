/** Times go out as `yyyy-MM-dd HH:mm:ss` in TZ (DESIGN.md). Pure. */

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
