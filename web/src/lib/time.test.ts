import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './time';

describe('time formats', () => {
  it('formats date-times with a 24-hour clock', () => {
    expect(formatDateTime(new Date(2024, 0, 5, 13, 4, 9))).toBe('2024-01-05 13:04:09');
    expect(formatDateTime('2024-12-31 23:59:59')).toBe('2024-12-31 23:59:59');
  });
  it('formats dates', () => {
    expect(formatDate(new Date(2024, 1, 29, 8))).toBe('2024-02-29');
    expect(formatDate('2023-07-01 10:00:00')).toBe('2023-07-01');
  });
  it('gives empty text for missing or invalid values', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
