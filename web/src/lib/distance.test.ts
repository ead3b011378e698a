import { describe, expect, it } from 'vitest';
import { distanceKm, distanceText, formatDistance } from './distance';

describe('distanceKm', () => {
  it('is zero for the same point', () => {
    expect(distanceKm({ lon: 116.4, lat: 39.9 }, { lon: 116.4, lat: 39.9 })).toBe(0);
  });
  it('uses the 6378.137 km radius', () => {
    // one degree of latitude = 2πR/360
    const d = distanceKm({ lon: 0, lat: 0 }, { lon: 0, lat: 1 });
    expect(d).toBeCloseTo((2 * Math.PI * 6378.137) / 360, 9);
  });
  it('is symmetric', () => {
    const a = { lon: 116.397428, lat: 39.90923 };
    const b = { lon: 121.4737, lat: 31.2304 };
    expect(distanceKm(a, b)).toBeCloseTo(distanceKm(b, a), 9);
    expect(distanceKm(a, b)).toBeGreaterThan(1060);
    expect(distanceKm(a, b)).toBeLessThan(1070);
  });
});

describe('formatDistance', () => {
  it('shows metres under 1 km', () => {
    expect(formatDistance(0)).toBe('0m');
    expect(formatDistance(0.85)).toBe('850m');
    expect(formatDistance(0.0004)).toBe('0m');
    expect(formatDistance(0.9994)).toBe('999m');
  });
  it('shows km with two decimals from 1 km', () => {
    expect(formatDistance(1)).toBe('1.00km');
    expect(formatDistance(0.9996)).toBe('1.00km');
    expect(formatDistance(12.345678)).toBe('12.35km');
  });
  it('gives empty text for bad input', () => {
    expect(formatDistance(Number.NaN)).toBe('');
    expect(formatDistance(-1)).toBe('');
    expect(formatDistance(Number.POSITIVE_INFINITY)).toBe('');
  });
  it('formats a distance between two points', () => {
    expect(distanceText({ lon: 116.397428, lat: 39.90923 }, { lon: 116.397428, lat: 39.91823 })).toBe('1.00km');
  });
});
