import { useEffect, useRef, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** pixels per tick */
  step?: number;
  /** milliseconds between ticks */
  tickMs?: number;
  className?: string;
  /** changes when the content changes; scrolling restarts from the top */
  resetKey?: unknown;
  testId?: string;
}

/**
 * A list that scrolls itself upwards when it holds more than fits, pausing under the mouse and
 * starting over from the top after a short stop at the end.
 */
export default function AutoScroll({ children, step = 1, tickMs = 60, className, resetKey, testId }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const hover = useRef(false);

  useEffect(() => {
    const el = box.current;
    if (!el) return undefined;
    el.scrollTop = 0;
    let hold = 0;
    const timer = setInterval(() => {
      if (hover.current || el.scrollHeight <= el.clientHeight + 1) return;
      if (hold > 0) {
        hold -= 1;
        if (hold === 0) el.scrollTop = 0;
        return;
      }
      el.scrollTop += step;
      if (el.scrollTop + el.clientHeight >= el.scrollHeight - 1) hold = Math.round(2_000 / tickMs);
    }, tickMs);
    return () => clearInterval(timer);
  }, [step, tickMs, resetKey]);

  return (
    <div
      ref={box}
      className={`hp-scroll ${className ?? ''}`}
      data-testid={testId}
      onMouseEnter={() => (hover.current = true)}
      onMouseLeave={() => (hover.current = false)}
    >
      {children}
    </div>
  );
}
