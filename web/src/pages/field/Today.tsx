/** Today's clock windows (from nearby's `today`): each window's hours, how many clocks are done, and its state. */
import { Tag } from 'antd';
import { localTime } from './queue';
import type { ClockWindow, Nearby } from './types';

const STATE: Record<ClockWindow['state'], { text: string; color: string }> = {
  waiting: { text: '未开始', color: 'default' },
  open: { text: '可打卡', color: 'processing' },
  late: { text: '迟到时段', color: 'warning' },
  done: { text: '已完成', color: 'success' },
  missed: { text: '缺卡', color: 'error' },
};

/** Today's windows of an answer, none when the answer is of another day (one kept on the phone since yesterday). */
export function todayOf(nearby: Nearby | undefined, now = Date.now()): Nearby['today'] | null {
  return nearby && nearby.today.day === localTime(now).slice(0, 10) ? nearby.today : null;
}

export function TodayWindows({ today, compact }: { today: Nearby['today']; compact?: boolean }) {
  if (!today.windows.length) return compact ? null : <p className="field-hint">今天没有打卡要求。</p>;
  return (
    <ul className={`field-windows${compact ? ' is-compact' : ''}`} aria-label="今日打卡时段">
      {today.windows.map((w) => {
        const s = STATE[w.state] ?? STATE.waiting;
        return (
          <li key={`${w.start}-${w.end}`} className="field-window">
            <span className="field-window-time">
              {w.start}–{w.end}
            </span>
            <span className="field-window-count">
              已打 {w.done}/{w.clocks}
              {w.late ? `（迟到 ${w.late}）` : ''}
            </span>
            <Tag color={s.color}>{s.text}</Tag>
          </li>
        );
      })}
    </ul>
  );
}
