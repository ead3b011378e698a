import { describe, expect, it } from 'vitest';
import { normalizeFullPile } from './fullPile';

describe('normalizeFullPile', () => {
  it('keeps numeric values and the alias', () => {
    expect(normalizeFullPile({ data: 0.8, alias: '满桩系数' })).toEqual({ value: 0.8, alias: '满桩系数' });
    expect(normalizeFullPile({ data: '1.5', alias: 'x' })).toEqual({ value: 1.5, alias: 'x' });
    expect(normalizeFullPile({ data: 0, alias: 'x' })).toEqual({ value: 0, alias: 'x' });
  });
  it('falls back to 1 for non-numeric values', () => {
    expect(normalizeFullPile({ data: 'abc' }).value).toBe(1);
    expect(normalizeFullPile({ data: '' }).value).toBe(1);
    expect(normalizeFullPile({ data: null }).value).toBe(1);
    expect(normalizeFullPile({ data: Number.NaN }).value).toBe(1);
    expect(normalizeFullPile(null).value).toBe(1);
  });
  it('falls back to 满桩值 for a missing alias', () => {
    expect(normalizeFullPile({ data: 1 }).alias).toBe('满桩值');
    expect(normalizeFullPile({ data: 1, alias: '  ' }).alias).toBe('满桩值');
    expect(normalizeFullPile({ data: 1, alias: 3 }).alias).toBe('满桩值');
  });
});
