/** Magnify groups in the capacity rule: capacity = floor(停放容量 × 满桩系数 × the largest open factor). */
import { describe, expect, it } from 'vitest';
import { capacityOf, magnifyFactors, siteStatus } from '../../src/domain/siteStatus.js';

describe('capacityOf with a group factor', () => {
  it('multiplies ceiling, full-pile value and factor, floored after rounding to 9 decimals', () => {
    expect(capacityOf(5, 1, 2)).toBe(10);
    expect(capacityOf(11, 0.5, 2)).toBe(11);
    expect(capacityOf(10, 1, 1.5)).toBe(15);
    expect(capacityOf(7, 1, 1.5)).toBe(10); // 10.5
    expect(capacityOf(25, 1.16, 1)).toBe(29);
    expect(capacityOf(25, 1, 1.16)).toBe(29); // not 28: binary noise rounded away
    expect(capacityOf(20, 0.7, 1)).toBe(14);
    expect(capacityOf(10, 0.7, 0.1)).toBe(0); // 0.7
    expect(capacityOf(100, 1.1, 1.1)).toBe(121); // 121.00000000000003
  });
  it('a factor that is absent, not positive or not finite counts as 1; so does a full-pile value ≤ 0', () => {
    expect(capacityOf(11, 0.5)).toBe(5);
    expect(capacityOf(11, 0.5, 0)).toBe(5);
    expect(capacityOf(11, 0.5, -2)).toBe(5);
    expect(capacityOf(11, 0.5, NaN)).toBe(5);
    expect(capacityOf(11, 0, 2)).toBe(22);
  });
  it('changes the status: 5 bikes in a site of ceiling 5 are 满桩, with factor 2 正常', () => {
    expect(siteStatus(5, capacityOf(5, 1)).label).toBe('满桩');
    expect(siteStatus(5, capacityOf(5, 1, 2)).label).toBe('正常');
  });
});

describe('magnifyFactors', () => {
  it('takes the largest factor of the open groups a site is in; closed groups count for nothing', () => {
    const f = magnifyFactors([
      { siteList: ['a', 'b'], factor: 2, openSwitch: true },
      { siteList: ['b', 'c'], factor: 3, openSwitch: true },
      { siteList: ['a', 'd'], factor: 5, openSwitch: false },
      { siteList: ['c'], factor: 1.5, openSwitch: true },
    ]);
    expect(Object.fromEntries(f)).toEqual({ a: 2, b: 3, c: 3 });
  });
  it('ignores factors that are not positive numbers and answers an empty map for no groups', () => {
    expect(magnifyFactors([]).size).toBe(0);
    expect(Object.fromEntries(magnifyFactors([{ siteList: ['a'], factor: 0, openSwitch: true }]))).toEqual({});
    expect(Object.fromEntries(magnifyFactors([{ siteList: ['a'], factor: NaN, openSwitch: true }]))).toEqual({});
  });
  it('a smaller factor below 1 applies when it is the only one (a group may shrink capacity)', () => {
    expect(magnifyFactors([{ siteList: ['a'], factor: 0.5, openSwitch: true }]).get('a')).toBe(0.5);
  });
});
