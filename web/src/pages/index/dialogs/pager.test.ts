import { describe, expect, it } from 'vitest';
import { localPager, pager } from './HomeModal';

describe('dialog pagination (spec: total, sizes, prev, pager, next, jumper)', () => {
  it('has the jumper and the sizes in the dialogs that page their rows themselves (未上传数据车辆, 站点排名) as in the others', () => {
    const local = localPager(10);
    const remote = pager(1, 10, 100, () => {});
    for (const key of ['showQuickJumper', 'showSizeChanger', 'size'] as const) expect(local[key]).toEqual(remote[key]);
    expect(local.showQuickJumper).toBe(true);
    expect(local.showTotal(42)).toBe(remote.showTotal(42));
    expect(local.defaultPageSize).toBe(10);
  });
});
