import { describe, expect, it } from 'vitest';
import { FEATURE_PERMISSIONS, hasPermission } from './permission';

const perms = [
  { id: 64, name: '首页', children: [60, 59] },
  { id: '7', children: [] },
];

describe('hasPermission', () => {
  it('allows an existing entry', () => {
    expect(hasPermission(perms, 64)).toBe(true);
    expect(hasPermission(perms, 7)).toBe(true);
    expect(hasPermission(perms, '64')).toBe(true);
  });
  it('checks the child id when given', () => {
    expect(hasPermission(perms, ...FEATURE_PERMISSIONS.totalRing)).toBe(true);
    expect(hasPermission(perms, ...FEATURE_PERMISSIONS.siteRanking)).toBe(true);
    expect(hasPermission(perms, ...FEATURE_PERMISSIONS.totalTrend)).toBe(false);
    expect(hasPermission(perms, 7, 1)).toBe(false);
  });
  it('denies missing entries and empty lists', () => {
    expect(hasPermission(perms, 65)).toBe(false);
    expect(hasPermission([], 64)).toBe(false);
    expect(hasPermission(null, 64, 60)).toBe(false);
  });
  it('always allows show', () => {
    expect(hasPermission([], 'show')).toBe(true);
    expect(hasPermission(undefined, 'show', 1)).toBe(true);
  });
  it('tolerates entries without children', () => {
    expect(hasPermission([{ id: 1 }], 1, 2)).toBe(false);
  });
});
