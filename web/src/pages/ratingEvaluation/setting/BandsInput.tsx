/**
 * A trend rule's bands: rows of 下限 ≤ 数值 < 上限 → 扣分, with 添加一档 and 删除. The form's value is
 * `[{ min, max, points }]` (null: unbounded); the checks (no overlap, points within the category's
 * full score) are the server's own pure rule (domain/rating.ts bandsProblem), run as the form's rule.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, InputNumber, Space } from 'antd';
import type { Rule } from 'antd/es/form';
import { bandsProblem } from '../../../../../server/src/domain/rating';
import type { Band } from './types';

/** The most bands a rule holds (the server's bound). */
const MAX_BANDS = 10;

/** The form rule of the bands field; `fullScore`: the chosen category's (unknown: no cap checked here). */
export const bandsRule =
  (fullScore: () => number | undefined): Rule =>
  () => ({
    validator: async (_, v: Band[] | undefined) => {
      const problem = bandsProblem(v ?? [], fullScore() ?? Infinity);
      if (problem) throw new Error(problem);
    },
  });

export default function BandsInput({ value, onChange, id, unit }: { value?: Band[]; onChange?: (v: Band[]) => void; id?: string; unit: string }) {
  const bands = value ?? [];
  const set = (i: number, part: keyof Band, v: number | null) =>
    onChange?.(bands.map((b, j) => (j === i ? { ...b, [part]: part === 'points' ? (v ?? 0) : v } : b)));
  return (
    <div id={id} className="rate-bands">
      {bands.map((b, i) => (
        <Space key={i} align="center" className="rate-band">
          <InputNumber value={b.min} onChange={(v) => set(i, 'min', v)} placeholder="不限" aria-label={`第 ${i + 1} 档下限`} style={{ width: 96 }} />
          <span>≤ 数值 &lt;</span>
          <InputNumber value={b.max} onChange={(v) => set(i, 'max', v)} placeholder="不限" aria-label={`第 ${i + 1} 档上限`} style={{ width: 96 }} />
          <span className="rate-band-unit">{unit}</span>
          <span>扣</span>
          <InputNumber value={b.points} min={0} step={0.5} onChange={(v) => set(i, 'points', v)} aria-label={`第 ${i + 1} 档扣分`} style={{ width: 80 }} />
          <span>分</span>
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={`删除第 ${i + 1} 档`}
            disabled={bands.length <= 1}
            onClick={() => onChange?.(bands.filter((_, j) => j !== i))}
          />
        </Space>
      ))}
      <Button
        type="dashed"
        icon={<PlusOutlined />}
        disabled={bands.length >= MAX_BANDS}
        onClick={() => onChange?.([...bands, { min: bands.at(-1)?.max ?? null, max: null, points: 0 }])}
      >
        添加一档
      </Button>
    </div>
  );
}

/** Bands in words: 「< 90：扣 5 分；90 – 95：扣 2 分」. */
export function bandsText(bands: readonly Band[], unit: string): string {
  const u = unit === '%' ? '%' : ` ${unit}`;
  return bands
    .map((b) => {
      const range = b.min === null ? `< ${b.max}${u}` : b.max === null ? `≥ ${b.min}${u}` : `${b.min} – ${b.max}${u}`;
      return `${range}：扣 ${b.points} 分`;
    })
    .join('；');
}
