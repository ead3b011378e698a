import { describe, expect, it } from 'vitest';
import { heatWeight } from './heat';
import { HEAT_MAX } from './constants';

describe('heatWeight', () => {
  it('weights each flag', () => {
    expect(heatWeight(0)).toBe(0);
    expect(heatWeight(4)).toBe(5);
    expect(heatWeight(3)).toBe(15);
    expect(heatWeight(2)).toBe(20);
    expect(heatWeight(1)).toBe(10);
    expect(heatWeight('2')).toBe(20);
    expect(heatWeight(undefined)).toBe(10);
  });
  it('has max 17', () => {
    expect(HEAT_MAX).toBe(17);
  });
});
