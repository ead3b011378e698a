import { describe, expect, it } from 'vitest';
import { PROGRESS_BLUE, PROGRESS_RED, progressColor, progressPercent } from './progress';

describe('progressPercent', () => {
  it('floors ratio × 100', () => {
    expect(progressPercent(0)).toBe(0);
    expect(progressPercent(0.5)).toBe(50);
    expect(progressPercent(0.999)).toBe(99);
    expect(progressPercent(1)).toBe(100);
    expect(progressPercent(1.2345)).toBe(123);
  });
  it('is not fooled by floating-point noise', () => {
    expect(progressPercent(0.29)).toBe(29);
    expect(progressPercent(0.57)).toBe(57);
  });
  it('gives 0 for non-finite ratios', () => {
    expect(progressPercent(Number.NaN)).toBe(0);
    expect(progressPercent(Number.POSITIVE_INFINITY)).toBe(0);
  });
});

describe('progressColor', () => {
  it('is red only above 100', () => {
    expect(progressColor(101)).toBe(PROGRESS_RED);
    expect(progressColor(100)).toBe(PROGRESS_BLUE);
    expect(progressColor(0)).toBe(PROGRESS_BLUE);
  });
});
