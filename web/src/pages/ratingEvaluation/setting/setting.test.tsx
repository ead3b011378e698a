// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import BandsInput, { bandsRule, bandsText } from './BandsInput';
import type { Band } from './types';

const ACCESS: Band[] = [
  { min: null, max: 90, points: 5 },
  { min: 90, max: 95, points: 2 },
];

async function check(rule: ReturnType<typeof bandsRule>, bands: Band[]) {
  const r = (rule as (f: unknown) => { validator: (_: unknown, v: Band[]) => Promise<void> })({});
  return r.validator(null, bands).then(
    () => null,
    (e: Error) => e.message,
  );
}

describe('考核设置 · 扣分档', () => {
  it('says the bands in words, with the unit', () => {
    expect(bandsText(ACCESS, '%')).toBe('< 90%：扣 5 分；90 – 95%：扣 2 分');
    expect(bandsText([{ min: 10, max: null, points: 3 }], '辆')).toBe('≥ 10 辆：扣 3 分');
  });

  it('checks the bands with the server’s own rule, against the chosen category’s full score', async () => {
    expect(
      await check(
        bandsRule(() => 15),
        ACCESS,
      ),
    ).toBeNull();
    expect(
      await check(
        bandsRule(() => 4),
        ACCESS,
      ),
    ).toBe('第 1 档的扣分（5）超过所属类别的满分 4');
    expect(
      await check(
        bandsRule(() => undefined),
        [...ACCESS, { min: 94, max: null, points: 1 }],
      ),
    ).toBe('扣分区间有重叠：同一数值只能落在一档');
  });

  it('adds a band starting where the last one ends, and removes one', () => {
    function Host() {
      const [v, setV] = useState<Band[]>([{ min: null, max: 90, points: 5 }]);
      return (
        <>
          <BandsInput value={v} onChange={setV} unit="%" />
          <output data-testid="value">{JSON.stringify(v)}</output>
        </>
      );
    }
    render(<Host />);
    fireEvent.click(screen.getByRole('button', { name: /添加一档/ }));
    expect(JSON.parse(screen.getByTestId('value').textContent!)).toEqual([
      { min: null, max: 90, points: 5 },
      { min: 90, max: null, points: 0 },
    ]);
    fireEvent.click(screen.getByRole('button', { name: '删除第 1 档' }));
    expect(JSON.parse(screen.getByTestId('value').textContent!)).toEqual([{ min: 90, max: null, points: 0 }]);
    expect((screen.getByRole('button', { name: '删除第 1 档' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
