/** Times in the server's time zone: the live clock and the short times of site messages. */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
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

/** yyyy-MM-dd HH:mm:ss of an instant in the zone `tz`. */
export function formatInZone(at: Date, tz: string): string {
  const p = Object.fromEntries(
    formatter(tz)
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/**
 * Short time of a message stamped `yyyy-MM-dd HH:mm:ss` in the server's zone: HH:mm:ss when it is
 * from today there, MM-dd HH:mm for an earlier day of this year (so yesterday's 23:30 does not pass
 * for today's), yyyy-MM-dd HH:mm for an earlier year.
 */
export function messageTime(createTime: string, now: Date, tz: string): string {
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(createTime)) return createTime;
  const today = formatInZone(now, tz).slice(0, 10);
  if (createTime.startsWith(today)) return createTime.slice(11, 19);
  const day = createTime.startsWith(today.slice(0, 5)) ? createTime.slice(5, 10) : createTime.slice(0, 10);
  return `${day} ${createTime.slice(11, 16)}`;
}
