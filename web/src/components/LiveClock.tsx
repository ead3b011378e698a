import { useEffect, useState } from 'react';
import { formatDateTime } from '../lib/time';

/** Live clock, yyyy-MM-dd HH:mm:ss, ticking every second. */
export default function LiveClock({ className }: { className?: string }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <time className={className} dateTime={now.toISOString()} aria-label="当前时间">
      {formatDateTime(now)}
    </time>
  );
}
