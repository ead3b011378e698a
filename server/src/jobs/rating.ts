/**
 * 评级考核's monthly assessment (issue 30): from 02:00 on the 1st (local; the month's last day is
 * rolled up by then), every area with a scheme set up before that month ended gets the month before
 * assessed, once: an area already assessed for it (by the job or a regulator) or whose month is
 * closed is left alone. Run by the
 * hourly job, so a process down over the 1st still does it when it comes back.
 */
import { previousPeriod } from '../domain/rating.js';
import { localMinute } from '../domain/clock.js';
import { areasDue, assessArea } from '../shared/ratingAssess.js';
import { periodOf } from '../shared/ratingMeasures.js';
import type { JobContext } from './context.js';

/** The first local minute of the 1st from which the month before is due. */
const DUE_MINUTE = 120;

export async function assessLastMonth(ctx: JobContext, now: Date): Promise<{ period: string; areas: number; failed: number } | null> {
  const { day, minute } = localMinute(now, ctx.tz);
  if (day.endsWith('-01') && minute < DUE_MINUTE) return null;
  const period = previousPeriod(day);
  const due = await areasDue(ctx.database, period, periodOf(period, ctx.tz).end);
  let failed = 0;
  for (const a of due) {
    // one area's failure (its scheme half edited) does not keep the others, nor the hourly jobs after it, from running
    await assessArea(ctx.database, a.areaId, a.areaIds, period, ctx.tz, null, now).catch(() => failed++);
  }
  return { period, areas: due.length - failed, failed };
}
