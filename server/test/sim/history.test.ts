/** The demo's default history and the months it grades (评级考核): two whole months before this one, and this one so far. */
import { describe, expect, it } from 'vitest';
import { gradedPeriods, historyDays } from '../../src/sim/seed.js';
import { localDay } from '../../src/domain/time.js';
import { replayStart } from '../../src/sim/backfill.js';

const TZ = 'Asia/Shanghai';
const at = (local: string) => new Date(`${local}+08:00`);

describe('the demo history', () => {
  it('starts on the 1st of the month before last, local time', () => {
    for (const [now, days, from] of [
      ['2026-11-28T15:00:00', 88, '2026-09-01'],
      ['2026-12-01T00:30:00', 61, '2026-10-01'],
      ['2026-03-31T23:59:00', 89, '2026-01-01'],
      ['2026-01-15T08:00:00', 75, '2025-11-01'],
      ['2026-02-01T07:30:00', 62, '2025-12-01'],
    ] as const) {
      const n = at(now);
      expect(historyDays(n, TZ)).toBe(days);
      expect(localDay(new Date(replayStart(n.getTime(), historyDays(n, TZ), TZ)), TZ)).toBe(from);
    }
  });

  it('grades the months covered whole and this one so far, never a month it covers in part', () => {
    expect(gradedPeriods('2026-09-01', at('2026-11-28T15:00:00'), TZ)).toEqual(['2026-09', '2026-10', '2026-11']);
    expect(gradedPeriods('2025-11-01', at('2026-01-15T08:00:00'), TZ)).toEqual(['2025-11', '2025-12', '2026-01']);
    // a 30-day back-fill from 10-29 covers October in part: only November is graded
    expect(gradedPeriods('2026-10-29', at('2026-11-28T15:00:00'), TZ)).toEqual(['2026-11']);
    expect(gradedPeriods('2026-11-27', at('2026-11-28T15:00:00'), TZ)).toEqual(['2026-11']);
  });
});
