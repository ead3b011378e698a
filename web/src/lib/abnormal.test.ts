import { describe, expect, it } from 'vitest';
import { ABNORMAL_TYPES, abnormalTypeLabel } from './abnormal';

describe('abnormal types', () => {
  it('has fourteen labels', () => {
    expect(Object.keys(ABNORMAL_TYPES)).toHaveLength(14);
    expect(abnormalTypeLabel(1)).toBe('站外还车');
    expect(abnormalTypeLabel(7)).toBe('非法车辆');
    expect(abnormalTypeLabel('8')).toBe('非允许站点上架');
    expect(abnormalTypeLabel(13)).toBe('站外停放');
    expect(abnormalTypeLabel(14)).toBe('区域外停放');
  });
  it('labels unknown types', () => {
    expect(abnormalTypeLabel(0)).toBe('未知异常');
    expect(abnormalTypeLabel(15)).toBe('未知异常');
    expect(abnormalTypeLabel(null)).toBe('未知异常');
  });
});
