import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { FOREVER, tick, validityOf, validityOptions } from './rules';
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
  it('offers 长期有效, the current date and spans ending at 23:59:59', () => {
    const opts = validityOptions('2026-12-31 23:59:59', dayjs('2026-11-24'));
    expect(opts[0]).toEqual({ value: FOREVER, label: '长期有效' });
    expect(opts[1].value).toBe('2026-12-31 23:59:59');
    expect(opts[2]).toEqual({ value: '2026-12-24 23:59:59', label: '1 个月（至 2026-12-24）' });
    expect(validityOf(FOREVER)).toBeNull();
    expect(validityOf(undefined)).toBeNull();
    expect(validityOf('2026-12-24 23:59:59')).toBe('2026-12-24 23:59:59');
  });
});
