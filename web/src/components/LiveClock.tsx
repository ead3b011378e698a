import { useEffect, useState } from 'react';
import { formatInZone } from '../app/clock';
import { serverTimeZone } from '../app/config';

/** Live clock, yyyy-MM-dd HH:mm:ss in the server's time zone (TZ), ticking every second. */
export default function LiveClock({ className }: { className?: string }) {
  const [now, setNow] = useState(() => new Date());
  const tz = serverTimeZone();
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <time className={className} dateTime={now.toISOString()} aria-label="当前时间" title={`时区 ${tz}`}>
      {formatInZone(now, tz)}
    </time>
  );
}
