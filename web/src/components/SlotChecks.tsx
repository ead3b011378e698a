/**
 * The slots of an export (spec §5): for a day its hours, for a month its days, for a year its
 * months, as checkboxes with 全选 and a count of those chosen. The big screen's 站点使用统计 export
 * and 运营统计's exports show the same picker.
 */
import { Checkbox, Typography } from 'antd';
import type { Dayjs } from 'dayjs';

export type TimeType = 'day' | 'month' | 'year';

/** The slots of a time type: hours 0-23 of a day, days of the month, months 1-12. */
export function slotsOf(type: TimeType, date: Dayjs): number[] {
  if (type === 'day') return Array.from({ length: 24 }, (_, h) => h);
  if (type === 'month') return Array.from({ length: date.daysInMonth() }, (_, d) => d + 1);
  return Array.from({ length: 12 }, (_, m) => m + 1);
}

const slotLabel = (type: TimeType, n: number) => (type === 'day' ? `${n}时` : type === 'month' ? `${n}日` : `${n}月`);

export default function SlotChecks({ type, slots, chosen, onChange }: { type: TimeType; slots: number[]; chosen: number[]; onChange: (v: number[]) => void }) {
  const all = chosen.length === slots.length;
  return (
    <>
      <Checkbox checked={all} indeterminate={chosen.length > 0 && !all} onChange={(e) => onChange(e.target.checked ? slots : [])}>
        全选
      </Checkbox>
      <Checkbox.Group value={chosen} onChange={(v) => onChange(v as number[])} style={{ display: 'flex', flexWrap: 'wrap', gap: 6 }}>
        {slots.map((n) => (
          <Checkbox key={n} value={n} style={{ width: 72, marginInlineStart: 0 }}>
            {slotLabel(type, n)}
          </Checkbox>
        ))}
      </Checkbox.Group>
      <Typography.Text type="secondary">
        已选 {chosen.length} / {slots.length} 项
      </Typography.Text>
    </>
  );
}
