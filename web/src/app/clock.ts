/** Times in the server's time zone: the live clock and the short times of site messages. */
import { formatTime } from '../../../server/src/domain/time';

/** yyyy-MM-dd HH:mm:ss of an instant in the zone `tz`: the server's own formatter (server/src/domain/time.ts). */
export const formatInZone = (at: Date, tz: string): string => formatTime(at, tz) ?? '';

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
