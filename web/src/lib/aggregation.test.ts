import { describe, expect, it } from 'vitest';
import { canSetFullPile, isAggregation } from './aggregation';

describe('isAggregation', () => {
  it('is true for aggregation 0 without an aggregationId', () => {
    expect(isAggregation({ aggregation: 0, aggregationId: null })).toBe(true);
    expect(isAggregation({ aggregation: 0, aggregationId: '' })).toBe(true);
    expect(isAggregation({ aggregation: 0 })).toBe(true);
  });
  it('is true for aggregation 1 with an aggregationId', () => {
    expect(isAggregation({ aggregation: 1, aggregationId: '110100' })).toBe(true);
    expect(isAggregation({ aggregation: '1', aggregationId: 110100 })).toBe(true);
  });
  it('is false otherwise', () => {
    expect(isAggregation({ aggregation: 0, aggregationId: '110100' })).toBe(false);
    expect(isAggregation({ aggregation: 1, aggregationId: '' })).toBe(false);
    expect(isAggregation({ aggregation: 2, aggregationId: '1' })).toBe(false);
    expect(isAggregation(null)).toBe(false);
  });
});

describe('canSetFullPile', () => {
  it('needs aggregation 0', () => {
    expect(canSetFullPile({ aggregation: 0 })).toBe(true);
    expect(canSetFullPile({})).toBe(true);
    expect(canSetFullPile({ aggregation: 1 })).toBe(false);
  });
});
