import { describe, expect, it } from 'vitest';
import { axisMax } from './axis';

describe('axisMax', () => {
  it('picks the smallest step at or above the max', () => {
    expect(axisMax(0)).toBe(4);
    expect(axisMax(-3)).toBe(4);
    expect(axisMax(4)).toBe(4);
    expect(axisMax(4.1)).toBe(8);
    expect(axisMax(9)).toBe(16);
    expect(axisMax(17)).toBe(30);
    expect(axisMax(30)).toBe(30);
    expect(axisMax(31)).toBe(50);
    expect(axisMax(50)).toBe(50);
  });
  it('keeps larger maxima', () => {
    expect(axisMax(51)).toBe(51);
    expect(axisMax(1234)).toBe(1234);
  });
  it('falls back to the first step for bad input', () => {
    expect(axisMax(Number.NaN)).toBe(4);
  });
});
