import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { FOREVER, tick, validityFrom, validityOf, validityRule } from './rules';
import type { PermissionMenu } from './types';

const tree: PermissionMenu[] = [
  {
    id: 1,
    key: 'warn',
    name: '异常列表',
    children: [
      { id: 101, key: 'warn.handle', name: '处理异常' },
      { id: 102, key: 'warn.export', name: '导出异常' },
    ],
  },
];

describe('permission ticks', () => {
  it('a menu takes and drops its buttons; a button brings its menu', () => {
    expect(tick(tree, [], 1, true)).toEqual([1, 101, 102]);
    expect(tick(tree, [1, 101, 102], 1, false)).toEqual([]);
    expect(tick(tree, [], 102, true)).toEqual([1, 102]);
    expect(tick(tree, [1, 102], 102, false)).toEqual([1]);
  });
});

describe('validity', () => {
  it('is a date or 长期有效, never a day before today unless kept', async () => {
    expect(validityFrom('2026-12-31 23:59:59')).toBe('2026-12-31');
    expect(validityFrom(null)).toBe(FOREVER);
    expect(validityOf(FOREVER)).toBeNull();
    expect(validityOf(undefined)).toBeNull();
    expect(validityOf('2026-12-24')).toBe('2026-12-24');
    const check = (kept: string | undefined, v: string) => (validityRule(kept) as { validator: (r: unknown, v: unknown) => Promise<void> }).validator({}, v);
    const yesterday = dayjs().subtract(1, 'day').format('YYYY-MM-DD');
    await expect(check(undefined, yesterday)).rejects.toThrow('有效期不能早于今天');
    await expect(check(yesterday, yesterday)).resolves.toBeUndefined(); // an expired account's date, unchanged
    await expect(check(undefined, dayjs().format('YYYY-MM-DD'))).resolves.toBeUndefined();
    await expect(check(undefined, FOREVER)).resolves.toBeUndefined();
  });
});
