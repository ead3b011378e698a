/** The clock rules (domain/clock.ts): windows of a day, a clock's result, a day's figures, the config form's checks. */
import { describe, expect, it } from 'vitest';
import {
  applies,
  classify,
  dayFigures,
  localMinute,
  minutesOf,
  weekdayOf,
  windowProblem,
  windowState,
  windowsOfDay,
  type ClockConfig,
} from '../../src/domain/clock.js';

const config = (over: Partial<ClockConfig> = {}): ClockConfig => ({
  id: 1,
  areaId: '110108',
  brandId: null,
  roleId: 31,
  days: [1, 2, 3, 4, 5],
  windows: [
    { start: '07:00', end: '09:00' },
    { start: '17:00', end: '19:00' },
  ],
  clocksPerWindow: 1,
  radius: null,
  lateMinutes: 60,
  enabled: true,
  ...over,
});
// 2026-11-27 is a Friday, 2026-11-28 a Saturday
const FRI = '2026-11-27';
const SAT = '2026-11-28';

describe('windows of a day', () => {
  it('knows the weekday and the minutes', () => {
    expect(weekdayOf(FRI)).toBe(5);
    expect(weekdayOf('2026-11-29')).toBe(7);
    expect(minutesOf('17:30')).toBe(1050);
    expect(localMinute(new Date('2026-11-27T00:30:00Z'), 'Asia/Shanghai')).toEqual({ day: FRI, minute: 8 * 60 + 30 });
  });

  it('takes the configured days only, and merges the same window of two configs', () => {
    expect(windowsOfDay([config()], SAT)).toEqual([]);
    const w = windowsOfDay([config(), config({ id: 2, days: [5], windows: [{ start: '07:00', end: '09:30' }], clocksPerWindow: 2, radius: 300 })], FRI);
    expect(w.map((x) => [x.start, x.end, x.clocks, x.lateUntilMin, x.radius])).toEqual([
      ['07:00', '09:30', 2, 9 * 60 + 30 + 60, 300],
      ['17:00', '19:00', 1, 20 * 60, null],
    ]);
    expect(windowsOfDay([config({ enabled: false })], FRI)).toEqual([]);
  });

  it('counts a config’s windows only from when it was saved', () => {
    expect(windowsOfDay([config({ since: { day: SAT, minute: 0 } })], FRI)).toEqual([]);
    expect(windowsOfDay([config({ since: { day: FRI, minute: 8 * 60 } })], FRI).map((w) => w.start)).toEqual(['17:00']);
    expect(windowsOfDay([config({ since: { day: '2026-11-01', minute: 600 } })], FRI)).toHaveLength(2);
  });

  it('applies to the role, the area below and the enterprise named', () => {
    const within = (a: string, b: string) => a === b || (b === '110100' && a.startsWith('1101'));
    const p = { areaId: '110108', brandId: 7, roleIds: [31] };
    expect(applies(config(), p, within)).toBe(true);
    expect(applies(config({ areaId: '110100' }), p, within)).toBe(true);
    expect(applies(config({ areaId: '110105' }), p, within)).toBe(false);
    expect(applies(config({ roleId: 32 }), p, within)).toBe(false);
    expect(applies(config({ brandId: 8 }), p, within)).toBe(false);
    expect(applies(config({ brandId: 7 }), p, within)).toBe(true);
  });
});

describe('a clock’s result', () => {
  const w = windowsOfDay([config()], FRI);
  it('is 正常 in a window, 迟到 after it within the late minutes, 非打卡时段 otherwise', () => {
    expect(classify(w, minutesOf('07:00'), 10, 100)).toMatchObject({ result: 1, window: { start: '07:00' } });
    expect(classify(w, minutesOf('09:00'), 10, 100).result).toBe(1);
    expect(classify(w, minutesOf('09:01'), 10, 100)).toMatchObject({ result: 2, window: { start: '07:00' } });
    expect(classify(w, minutesOf('10:00'), 10, 100).result).toBe(2);
    expect(classify(w, minutesOf('10:01'), 10, 100)).toMatchObject({ result: 4, window: null });
    expect(classify(w, minutesOf('06:59'), 10, 100).result).toBe(4);
  });
  it('is 范围外 beyond the radius: the config’s when it sets one, else the clock site’s', () => {
    expect(classify(w, minutesOf('08:00'), 101, 100)).toMatchObject({ result: 3, radius: 100 });
    const wide = windowsOfDay([config({ radius: 500 })], FRI);
    expect(classify(wide, minutesOf('08:00'), 400, 100)).toMatchObject({ result: 1, radius: 500 });
  });
});

describe('a day’s figures', () => {
  const w = windowsOfDay([config({ clocksPerWindow: 2 })], FRI);
  it('counts done up to the window’s clocks, late among them, missing only for windows over', () => {
    const records = [
      { windowStart: '07:00', result: 1 },
      { windowStart: '07:00', result: 2 },
      { windowStart: '07:00', result: 1 },
      { windowStart: '17:00', result: 3 },
      { windowStart: null, result: 4 },
    ];
    // at noon: the morning is over (done 2 of 2, one late... but two normal ones cover it), the evening not yet
    expect(dayFigures(w, records, minutesOf('12:00'))).toEqual({ required: 4, done: 2, late: 0, missing: 0, outOfRange: 1 });
    // the day over: the evening lacks both clocks
    expect(dayFigures(w, records, null)).toEqual({ required: 4, done: 2, late: 0, missing: 2, outOfRange: 1 });
    expect(dayFigures(w, [{ windowStart: '07:00', result: 2 }], null)).toEqual({ required: 4, done: 1, late: 1, missing: 3, outOfRange: 0 });
    expect(dayFigures([], records, null)).toEqual({ required: 0, done: 0, late: 0, missing: 0, outOfRange: 0 });
  });
  it('tells the field app each window’s state', () => {
    const [morning] = w;
    expect(windowState(morning, 0, minutesOf('06:00'))).toBe('waiting');
    expect(windowState(morning, 1, minutesOf('08:00'))).toBe('open');
    expect(windowState(morning, 2, minutesOf('08:00'))).toBe('done');
    expect(windowState(morning, 0, minutesOf('09:30'))).toBe('late');
    expect(windowState(morning, 1, minutesOf('11:00'))).toBe('missed');
  });
});

describe('the config form’s windows', () => {
  it('need a start before the end and no overlap, late minutes included', () => {
    expect(windowProblem([], 30)).toBe('请至少设置一个打卡时段');
    expect(windowProblem([{ start: '09:00', end: '08:00' }], 30)).toBe('打卡时段 09:00-08:00 的开始时间须早于结束时间');
    expect(
      windowProblem(
        [
          { start: '07:00', end: '09:00' },
          { start: '09:20', end: '10:00' },
        ],
        30,
      ),
    ).toBe('打卡时段 07:00-09:00（含迟到 30 分钟）与 09:20-10:00 重叠');
    expect(
      windowProblem(
        [
          { start: '17:00', end: '19:00' },
          { start: '07:00', end: '09:00' },
        ],
        30,
      ),
    ).toBeNull();
  });
});
