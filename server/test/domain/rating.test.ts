import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CONF,
  assess,
  bandsProblem,
  confProblem,
  fixedPoints,
  gradeOf,
  overQuotaRate,
  percent,
  periodProblem,
  pointsFor,
  previousPeriod,
  ranks,
  scoreOf,
  suggestedQuota,
  type Band,
} from '../../src/domain/rating.js';

// 数据接入率: below 90 % costs 5, 90-95 % costs 2, 95 % and more nothing
const ACCESS: Band[] = [
  { min: null, max: 90, points: 5 },
  { min: 90, max: 95, points: 2 },
];

describe('trend-rule bands', () => {
  it('a value costs the points of the band holding it, bounds [min, max)', () => {
    expect(pointsFor(89.9, ACCESS)).toBe(5);
    expect(pointsFor(90, ACCESS)).toBe(2);
    expect(pointsFor(94.99, ACCESS)).toBe(2);
    expect(pointsFor(95, ACCESS)).toBe(0);
    expect(pointsFor(-3, ACCESS)).toBe(5);
  });
  it('nothing measured costs nothing (the screen says so instead of scoring 0)', () => {
    expect(pointsFor(null, ACCESS)).toBe(0);
    expect(pointsFor(Number.NaN, ACCESS)).toBe(0);
  });
  it('refuses overlapping bands, an empty band, min ≥ max, negative points or more than the category holds', () => {
    expect(bandsProblem(ACCESS, 15)).toBeNull();
    expect(bandsProblem([], 15)).toBe('请至少设置一档扣分区间');
    expect(bandsProblem([{ min: null, max: null, points: 1 }], 15)).toBe('第 1 档须填写下限或上限');
    expect(bandsProblem([{ min: 5, max: 5, points: 1 }], 15)).toBe('第 1 档的下限须小于上限');
    expect(bandsProblem([{ min: 0, max: 5, points: -1 }], 15)).toBe('第 1 档的扣分不能为负');
    expect(bandsProblem([{ min: 0, max: 5, points: 16 }], 15)).toBe('第 1 档的扣分（16）超过所属类别的满分 15');
    expect(
      bandsProblem(
        [
          { min: null, max: 92, points: 5 },
          { min: 90, max: 95, points: 2 },
        ],
        15,
      ),
    ).toBe('扣分区间有重叠：同一数值只能落在一档');
    // touching bands do not overlap, whatever their order
    expect(
      bandsProblem(
        [
          { min: 10, max: null, points: 3 },
          { min: 5, max: 10, points: 1 },
        ],
        15,
      ),
    ).toBeNull();
  });
});

describe('score, grade, rank and quota', () => {
  const full = new Map([
    [1, 20],
    [2, 15],
  ]);
  it('takes every deduction from the base, a category never more than its full score, never below 0', () => {
    const s = scoreOf(
      100,
      [
        { categoryId: 1, points: 12 },
        { categoryId: 1, points: 11 },
        { categoryId: 2, points: 2.5 },
      ],
      full,
    );
    expect(s.score).toBe(77.5);
    expect(s.byCategory.get(1)).toBe(20);
    expect(s.byCategory.get(2)).toBe(2.5);
    expect(scoreOf(10, [{ categoryId: 1, points: 20 }], full).score).toBe(0);
    expect(scoreOf(100, [], full).score).toBe(100);
  });
  it('grades by the thresholds: A ≥ 90, B ≥ 80, C ≥ 60, D below', () => {
    expect([95, 90, 89.99, 80, 79, 60, 59.5].map((s) => gradeOf(s, DEFAULT_CONF))).toEqual(['A', 'A', 'B', 'B', 'C', 'C', 'D']);
  });
  it('ranks equal scores equally and skips after them', () => {
    const r = ranks([
      { key: 'a', score: 80 },
      { key: 'b', score: 95 },
      { key: 'c', score: 80 },
      { key: 'd', score: 70 },
    ]);
    expect([...'abcd'].map((k) => r.get(k))).toEqual([2, 1, 2, 4]);
  });
  it('suggests the quota changed by the grade’s percent, whole bikes, never negative', () => {
    expect(suggestedQuota(3000, 'A', DEFAULT_CONF)).toBe(3300);
    expect(suggestedQuota(3000, 'B', DEFAULT_CONF)).toBe(3000);
    expect(suggestedQuota(3000, 'C', DEFAULT_CONF)).toBe(2700);
    expect(suggestedQuota(1001, 'D', DEFAULT_CONF)).toBe(801);
    expect(suggestedQuota(10, 'D', { ...DEFAULT_CONF, quotaD: -100 })).toBe(0);
  });
  it('fixed items: points per finding within the rule’s maximum', () => {
    expect(fixedPoints(3, 2, null)).toBe(6);
    expect(fixedPoints(3, 2, 5)).toBe(5);
    expect(fixedPoints(-1, 2, 5)).toBe(0);
    expect(fixedPoints(3, 0.1, null)).toBe(0.3);
  });
  it('refuses a conf whose thresholds are out of order or above the base', () => {
    expect(confProblem(DEFAULT_CONF)).toBeNull();
    expect(confProblem({ ...DEFAULT_CONF, gradeB: 95 })).toBe('等级分数线须满足 A > B > C ≥ 0');
    expect(confProblem({ ...DEFAULT_CONF, baseScore: 80 })).toBe('A 级分数线不能高于基础分');
    expect(confProblem({ ...DEFAULT_CONF, baseScore: 0 })).toBe('基础分须在 1 到 1000 之间');
    expect(confProblem({ ...DEFAULT_CONF, quotaA: 150 })).toBe('配额调整须在 -100% 到 100% 之间');
  });
});

describe('measures and periods', () => {
  it('a share in percent with one decimal, null with nothing to divide by', () => {
    expect(percent(949, 1000)).toBe(94.9);
    expect(percent(2, 3)).toBe(66.7);
    expect(percent(0, 0)).toBeNull();
  });
  it('over-quota rate: online over approved, 0 within it, null without a quota', () => {
    expect(overQuotaRate(3300, 3000)).toBe(10);
    expect(overQuotaRate(2900, 3000)).toBe(0);
    expect(overQuotaRate(10, 0)).toBeNull();
  });
  it('periods are months; the 1st assesses the month before', () => {
    expect(periodProblem('2026-11')).toBeNull();
    expect(periodProblem('2026-13')).toBe('考核周期须为 YYYY-MM（月）');
    expect(periodProblem('2026-1')).toBe('考核周期须为 YYYY-MM（月）');
    expect(previousPeriod('2026-12-01')).toBe('2026-11');
    expect(previousPeriod('2027-01-01')).toBe('2026-12');
  });
});

describe('one assessment', () => {
  const scheme = {
    conf: DEFAULT_CONF,
    categories: [
      { id: 1, fullScore: 15 },
      { id: 2, fullScore: 85 },
    ],
    trends: [{ id: 10, categoryId: 1, measure: 'dataAccess' as const, bands: ACCESS }],
    fixed: [{ id: 20, categoryId: 2, points: 2, maxPoints: 10 }],
  };
  const measures = (dataAccess: number | null) =>
    ({
      ...Object.fromEntries(
        ['offSiteReturn', 'overQuota', 'orderInTime', 'orderMedian', 'notAllowedParking', 'faultyOpen', 'illegalBikes', 'notUploaded'].map((k) => [k, null]),
      ),
      dataAccess,
    }) as never;
  it('scores every enterprise by its rules, shares ranks on equal scores, suggests no quota without one', () => {
    const r = assess(scheme, [
      { brandId: 1, measures: measures(89), findings: new Map(), quota: 1000 },
      { brandId: 2, measures: measures(null), findings: new Map([[20, 2]]), quota: null },
      { brandId: 3, measures: measures(91), findings: new Map([[20, 1]]), quota: 500 },
    ]);
    expect(r.map((x) => [x.brandId, x.score, x.grade, x.rank, x.suggestedQuota])).toEqual([
      [2, 96, 'A', 1, null],
      [3, 96, 'A', 1, 550],
      [1, 95, 'A', 3, 1100],
    ]);
    // a figure not measured costs nothing and is kept as null
    expect(r[0].outcomes).toEqual([
      { kind: 1, ruleId: 10, categoryId: 1, value: null, points: 0 },
      { kind: 2, ruleId: 20, categoryId: 2, value: 2, points: 4 },
    ]);
  });
});
