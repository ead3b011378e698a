/**
 * Clock-in rules (issue 28, field work). Pure.
 *
 * A config says which role of an area (and optionally one enterprise) clocks on which weekdays, in
 * which windows (local HH:mm), how many times per window. For one person and day the windows of
 * every config that applies are merged (the same window twice counts once, with the larger number
 * of clocks). A clock in a window is 正常; after its end but within `lateMinutes` it is 迟到 (it
 * counts, and is a warning); farther than the radius it is 范围外 (it does not count, and is a
 * warning); at any other time it is 非打卡时段 (kept, not counted). When a window's late time is
 * over, every clock it still lacks is 缺卡 (missing) and the person gets a 缺卡 warning.
 */
import { formatTime } from './time.js';

export const CLOCK_RESULTS: Record<number, string> = { 1: '正常', 2: '迟到', 3: '范围外', 4: '非打卡时段' };
export type ClockResult = 1 | 2 | 3 | 4;
export const WARN_KINDS: Record<number, string> = { 1: '缺卡', 2: '迟到', 3: '范围外' };
export type WarnKind = 1 | 2 | 3;

/** clockRole of the console's filters and the to-do link: 1 运维人员 (role 31), 2 监督员 (role 32). */
export const CLOCK_ROLES: Record<number, number> = { 1: 31, 2: 32 };
export const CLOCK_ROLE_IDS = Object.values(CLOCK_ROLES);

export interface ClockWindow {
  start: string;
  end: string;
}

export interface ClockConfig {
  id: number;
  areaId: string;
  brandId: number | null;
  roleId: number;
  /** 1 Monday .. 7 Sunday */
  days: number[];
  windows: ClockWindow[];
  clocksPerWindow: number;
  radius: number | null;
  lateMinutes: number;
  enabled: boolean;
  /** when it was saved (local day and minute): its windows count from then on, never before */
  since?: { day: string; minute: number };
}

/** A person as the rules see them: their area, enterprise and roles. */
export interface ClockPerson {
  areaId: string;
  brandId: number | null;
  roleIds: readonly number[];
}

/** One window of a person's day, in minutes of the day: [start, end] normal, (end, lateUntil] late. */
export interface DayWindow {
  start: string;
  end: string;
  startMin: number;
  endMin: number;
  lateUntilMin: number;
  clocks: number;
  /** the config's radius, when it sets one (else the clock site's) */
  radius: number | null;
  roleId: number;
}

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function minutesOf(hhmm: string): number {
  const m = HHMM.exec(hhmm);
  if (!m) throw new Error(`not a time of day: ${hhmm}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

export const hhmmOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The weekday of a yyyy-MM-dd day, 1 Monday .. 7 Sunday. */
export function weekdayOf(day: string): number {
  const d = new Date(`${day}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

/** The local day and minute of the day of an instant. */
export function localMinute(at: Date, tz: string): { day: string; minute: number } {
  const text = formatTime(at, tz)!;
  return { day: text.slice(0, 10), minute: Number(text.slice(11, 13)) * 60 + Number(text.slice(14, 16)) };
}

/**
 * What is wrong with a config's windows (Chinese, for the form), or null: each start before its end,
 * none overlapping another (late time included: a late clock must belong to one window only).
 */
export function windowProblem(windows: readonly ClockWindow[], lateMinutes: number): string | null {
  if (!windows.length) return '请至少设置一个打卡时段';
  const spans = windows.map((w) => ({ w, s: minutesOf(w.start), e: minutesOf(w.end) })).sort((a, b) => a.s - b.s);
  for (const x of spans) if (x.s >= x.e) return `打卡时段 ${x.w.start}-${x.w.end} 的开始时间须早于结束时间`;
  for (let i = 1; i < spans.length; i++) {
    const prev = spans[i - 1];
    if (spans[i].s <= prev.e + lateMinutes)
      return `打卡时段 ${prev.w.start}-${prev.w.end}（含迟到 ${lateMinutes} 分钟）与 ${spans[i].w.start}-${spans[i].w.end} 重叠`;
  }
  return null;
}

/** Does the config apply to the person (`within(area, ancestor)`: the area tree)? */
export function applies(c: ClockConfig, p: ClockPerson, within: (areaId: string, ancestor: string) => boolean): boolean {
  return c.enabled && p.roleIds.includes(c.roleId) && within(p.areaId, c.areaId) && (c.brandId === null || c.brandId === p.brandId);
}

/**
 * The windows of a person's day from the configs that apply to them, merged by start (the same
 * start twice is one window: the later end, the larger number of clocks), in order. A config's
 * window counts only if it starts after the config was saved (no 缺卡 for a day before it existed).
 */
export function windowsOfDay(configs: readonly ClockConfig[], day: string): DayWindow[] {
  const weekday = weekdayOf(day);
  const byStart = new Map<string, DayWindow>();
  for (const c of configs) {
    if (!c.enabled || !c.days.includes(weekday)) continue;
    if (c.since && c.since.day > day) continue;
    for (const w of c.windows) {
      const startMin = minutesOf(w.start);
      const endMin = minutesOf(w.end);
      if (c.since && c.since.day === day && startMin < c.since.minute) continue;
      const lateUntilMin = Math.min(endMin + c.lateMinutes, 24 * 60 - 1);
      const had = byStart.get(w.start);
      if (!had)
        byStart.set(w.start, { start: w.start, end: w.end, startMin, endMin, lateUntilMin, clocks: c.clocksPerWindow, radius: c.radius, roleId: c.roleId });
      else {
        if (endMin > had.endMin) Object.assign(had, { end: w.end, endMin });
        had.clocks = Math.max(had.clocks, c.clocksPerWindow);
        had.lateUntilMin = Math.max(had.lateUntilMin, lateUntilMin);
        if (c.radius !== null) had.radius = Math.max(had.radius ?? 0, c.radius);
      }
    }
  }
  return [...byStart.values()].sort((a, b) => a.startMin - b.startMin);
}

/** The radius a clock is checked against: the window's config's if it sets one, else the clock site's. */
const radiusFor = (window: DayWindow | null, siteRadius: number) => window?.radius ?? siteRadius;

/**
 * A clock at `minute` of the day, `distance` metres from the clock site: the window it counts for
 * (null: none) and its result.
 */
export function classify(
  windows: readonly DayWindow[],
  minute: number,
  distance: number,
  siteRadius: number,
): { window: DayWindow | null; result: ClockResult; radius: number } {
  const inWindow = windows.find((w) => minute >= w.startMin && minute <= w.endMin);
  const late = inWindow ? undefined : windows.find((w) => minute > w.endMin && minute <= w.lateUntilMin);
  const window = inWindow ?? late ?? null;
  const radius = radiusFor(window, siteRadius);
  if (!window) return { window, result: 4, radius };
  if (distance > radius) return { window, result: 3, radius };
  return { window, result: inWindow ? 1 : 2, radius };
}

export interface DayRecord {
  windowStart: string | null;
  result: number;
}

export interface DayFigures {
  required: number;
  done: number;
  late: number;
  missing: number;
  outOfRange: number;
}

/**
 * One person's day: required (clocks of every window), done (正常 and 迟到, at most the window's
 * clocks), late (of those done), missing (what windows whose late time is over still lack), out of
 * range. `nowMinute`: the minute of the day it is now, for today; null for a day that is over.
 */
export function dayFigures(windows: readonly DayWindow[], records: readonly DayRecord[], nowMinute: number | null): DayFigures {
  const f: DayFigures = { required: 0, done: 0, late: 0, missing: 0, outOfRange: 0 };
  for (const w of windows) {
    const mine = records.filter((r) => r.windowStart === w.start);
    const normal = mine.filter((r) => r.result === 1).length;
    const lateClocks = mine.filter((r) => r.result === 2).length;
    const done = Math.min(normal + lateClocks, w.clocks);
    f.required += w.clocks;
    f.done += done;
    // the clocks done count normal ones first: late only where the normal ones fall short
    f.late += Math.max(0, done - normal);
    f.outOfRange += mine.filter((r) => r.result === 3).length;
    if (nowMinute === null || nowMinute > w.lateUntilMin) f.missing += w.clocks - done;
  }
  return f;
}

/** The state of a window for the field app at `minute` of today. */
export function windowState(w: DayWindow, done: number, minute: number): 'waiting' | 'open' | 'late' | 'done' | 'missed' {
  if (done >= w.clocks) return 'done';
  if (minute < w.startMin) return 'waiting';
  if (minute <= w.endMin) return 'open';
  if (minute <= w.lateUntilMin) return 'late';
  return 'missed';
}
