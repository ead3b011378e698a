/**
 * A config's clock windows as a list of start–end times (HH:mm) with 添加时段 and 删除: the form's value
 * is `[{ start, end }]`, an end or start not yet picked ''. Checks (start before end, no overlap) are
 * the form's rule (windowsRule).
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Space, TimePicker } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { windowProblem } from '../../../../../server/src/domain/clock';
import type { ClockWindow } from './types';

const FORMAT = 'HH:mm';
/** The most windows a config holds (the server's bound). */
const MAX_WINDOWS = 6;
const toDayjs = (hhmm: string): Dayjs | null => {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  return m ? dayjs().startOf('day').hour(Number(m[1])).minute(Number(m[2])) : null;
};

/** The windows' problem in Chinese, or null: each complete, start before end, none overlapping (late minutes included). */
export function windowsMessage(windows: readonly ClockWindow[] | undefined, lateMinutes: number): string | null {
  const list = windows ?? [];
  if (list.some((w) => !w.start || !w.end)) return '请填写每个打卡时段的开始和结束时间';
  return windowProblem(list, Number.isFinite(lateMinutes) && lateMinutes > 0 ? lateMinutes : 0);
}

/** The form rule of the windows field, reading 迟到时限 (lateMinutes) beside it. */
export const windowsRule: Rule = ({ getFieldValue }) => ({
  validator: async (_, v: ClockWindow[] | undefined) => {
    const problem = windowsMessage(v, Number(getFieldValue('lateMinutes') ?? 0));
    if (problem) throw new Error(problem);
  },
});

export default function TimeWindows({ value, onChange, id }: { value?: ClockWindow[]; onChange?: (v: ClockWindow[]) => void; id?: string }) {
  const windows = value ?? [];
  const set = (i: number, part: 'start' | 'end', t: Dayjs | null) =>
    onChange?.(windows.map((w, j) => (j === i ? { ...w, [part]: t ? t.format(FORMAT) : '' } : w)));
  return (
    <div id={id} className="clock-windows">
      {windows.map((w, i) => (
        <Space key={i} className="clock-window" align="center">
          <TimePicker
            format={FORMAT}
            value={toDayjs(w.start)}
            onChange={(t) => set(i, 'start', t)}
            placeholder="开始"
            aria-label={`时段 ${i + 1} 开始`}
            needConfirm={false}
          />
          <span>至</span>
          <TimePicker
            format={FORMAT}
            value={toDayjs(w.end)}
            onChange={(t) => set(i, 'end', t)}
            placeholder="结束"
            aria-label={`时段 ${i + 1} 结束`}
            needConfirm={false}
          />
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={`删除时段 ${i + 1}`}
            disabled={windows.length <= 1}
            onClick={() => onChange?.(windows.filter((_, j) => j !== i))}
          />
        </Space>
      ))}
      <Button
        type="dashed"
        icon={<PlusOutlined />}
        disabled={windows.length >= MAX_WINDOWS}
        title={windows.length >= MAX_WINDOWS ? `最多 ${MAX_WINDOWS} 个时段` : undefined}
        onClick={() => onChange?.([...windows, { start: '', end: '' }])}
      >
        添加时段
      </Button>
    </div>
  );
}
