/**
 * Closes clock windows (issue 28; rules in domain/clock.ts), every minute: a window whose late time
 * ended since the last run gives each person it applies to who lacks clocks a 缺卡 warning (维护预警),
 * and their day figures (打卡统计) are recomputed from their records. The instant closed up to is
 * kept, so a restart closes what it missed (up to two days back); a run with no window ending costs
 * one small read.
 */
import type { JobContext } from './context.js';
import { localMinute, type DayWindow } from '../domain/clock.js';
import { dayStart, localDay, nextDay } from '../domain/time.js';
import * as store from '../shared/clock.js';

const MINUTE = 60_000;
const MAX_BACK_MS = 2 * 86_400_000;

export interface ClockRun {
  windows: number;
  warned: number;
  days: number;
}

export async function runClockJob(ctx: JobContext, now: Date): Promise<ClockRun> {
  const { database, tz } = ctx;
  const last = await store.closedTo(database.query.bind(database));
  const from = last ? new Date(Math.max(last.getTime(), now.getTime() - MAX_BACK_MS)) : now;
  const run: ClockRun = { windows: 0, warned: 0, days: 0 };
  if (from.getTime() >= now.getTime()) {
    if (!last) await store.setClosedTo(database.query.bind(database), now);
    return run;
  }
  const configs = await store.enabledConfigs(database.query.bind(database), tz);
  if (configs.length) {
    for (let day = localDay(from, tz); day <= localDay(now, tz); day = nextDay(day)) {
      const r = await closeDay(ctx, configs, day, from, now);
      run.windows += r.windows;
      run.warned += r.warned;
      run.days += r.days;
    }
  }
  await store.setClosedTo(database.query.bind(database), now);
  return run;
}

/** The instant a window's late time ends on `day`. */
const lateEnd = (day: string, w: DayWindow, tz: string) => new Date(dayStart(day, tz).getTime() + (w.lateUntilMin + 1) * MINUTE);

async function closeDay(ctx: JobContext, configs: Awaited<ReturnType<typeof store.enabledConfigs>>, day: string, from: Date, now: Date) {
  const { database, tz } = ctx;
  return database.tx(async (q) => {
    const tree = await store.areaTree(q);
    const people = await store.clockPeople(q);
    const closing: { person: store.Person; windows: DayWindow[]; closed: DayWindow[] }[] = [];
    for (const person of people) {
      const windows = store.personWindows(configs, person, tree, day);
      const closed = windows.filter((w) => {
        const end = lateEnd(day, w, tz).getTime();
        return end > from.getTime() && end <= now.getTime();
      });
      if (closed.length) closing.push({ person, windows, closed });
    }
    if (!closing.length) return { windows: 0, warned: 0, days: 0 };
    const done = await store.doneByWindow(
      q,
      day,
      closing.map((c) => c.person.userId),
    );
    const warnings: store.NewWarning[] = [];
    for (const { person, closed } of closing)
      for (const w of closed)
        if ((done.get(`${person.userId}|${w.start}`) ?? 0) < w.clocks) warnings.push({ person, roleId: w.roleId, day, window: w, kind: 1, recordId: null });
    const warned = await store.fileWarnings(q, warnings);
    const today = localMinute(now, tz);
    await store.storeDays(q, closing, day, day === today.day ? today.minute : null);
    return { windows: closing.reduce((n, c) => n + c.closed.length, 0), warned, days: closing.length };
  });
}
