import { describe, expect, it } from 'vitest';
import { fillStatus, siteCapacity } from './fillStatus';

describe('siteCapacity', () => {
  it('scales by the full-pile value when above 0', () => {
    expect(siteCapacity(10, 1)).toBe(10);
    expect(siteCapacity(10, 0.75)).toBe(7);
    expect(siteCapacity(9, 1.5)).toBe(13);
  });
  it('uses the ceiling when the full-pile value is 0 or less', () => {
    expect(siteCapacity(10, 0)).toBe(10);
    expect(siteCapacity(10, -1)).toBe(10);
    expect(siteCapacity(10, Number.NaN)).toBe(10);
  });
});

describe('fillStatus', () => {
  it('is 空桩 at count 0', () => {
    expect(fillStatus(0, 10)).toEqual({ label: '空桩', flag: 0 });
    expect(fillStatus(0, 0)).toEqual({ label: '空桩', flag: 0 });
  });
  it('is 满桩 when capacity is 0 and there are bikes', () => {
    expect(fillStatus(1, 0)).toEqual({ label: '满桩', flag: 2 });
    expect(fillStatus(3, 1, 0.5)).toEqual({ label: '满桩', flag: 2 });
  });
  it('applies the 0.2, 0.8 and 1 thresholds', () => {
    expect(fillStatus(1, 10)).toEqual({ label: '偏少', flag: 4 });
    expect(fillStatus(2, 10)).toEqual({ label: '正常', flag: 1 });
    expect(fillStatus(8, 10)).toEqual({ label: '正常', flag: 1 });
    expect(fillStatus(9, 10)).toEqual({ label: '偏多', flag: 3 });
    expect(fillStatus(10, 10)).toEqual({ label: '满桩', flag: 2 });
    expect(fillStatus(15, 10)).toEqual({ label: '满桩', flag: 2 });
  });
  it('uses the scaled capacity', () => {
    // capacity floor(10 × 0.5) = 5
    expect(fillStatus(5, 10, 0.5)).toEqual({ label: '满桩', flag: 2 });
    expect(fillStatus(4, 10, 0.5)).toEqual({ label: '正常', flag: 1 });
    // fullPileNum 0 → capacity 10
    expect(fillStatus(9, 10, 0)).toEqual({ label: '偏多', flag: 3 });
  });
});

describe('one rule with the server (server/src/domain/siteStatus.ts capacityOf)', () => {
  it('floors the decimal product: 25 × 1.16 is 29, not 28', () => {
    expect(siteCapacity(25, 1.16)).toBe(29);
    expect(siteCapacity(100, 0.29)).toBe(29);
    expect(siteCapacity(100, 0.57)).toBe(57);
    expect(siteCapacity(20, 0.7)).toBe(14);
    expect(siteCapacity(3, 1.1)).toBe(3);
    expect(fillStatus(29, 25, 1.16)).toEqual({ label: '满桩', flag: 2 });
    expect(fillStatus(28, 25, 1.16)).toEqual({ label: '偏多', flag: 3 });
  });
});
