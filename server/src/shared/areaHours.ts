/**
 * Which hours of a period the read side takes from stats_area_hourly and which from the events
 * (issue 15): the tidal curve, 运营统计's rent/return view and the day-level trend count the same
 * figures either way, so a call reads the rolled hours from the rollup and only the rest from
 * ride_orders and dispatches:
 * - rolled: hours before both liveSince(now) (the hourly job may not have finished the previous hour)
 *   and one hour before the 'stats_hours' watermark (the job's last run re-rolled the hour before the
 *   one it ran in; the hour it ran in may have taken events after it);
 * - live: the hours after that, and every rolled hour ingest marked in stats_dirty (a late report, a
 *   corrected time) that the job has not rolled again yet.
 * Read the split and the rows in one snapshot (repeatable read): the job deletes a mark in the
 * transaction that rolls its hour again.
 */
import type { Query } from '../db/client.js';
import { liveSince } from './watermarks.js';

const HOUR = 3600_000;

export interface Span {
  from: Date;
  to: Date;
}

export interface HourSplit {
  /** Spans read from stats_area_hourly, less the `skip` hours. */
  rolled: Span[];
  /** Marked hours inside the rolled spans (ISO), read from the events instead. */
  skip: string[];
  /** Spans read from the events: the tails after the rolled part and the `skip` hours. */
  live: Span[];
}

/** The split of the (whole-hour, non-overlapping) windows at `now`. */
export async function splitHours(query: Query, windows: Span[], now: Date): Promise<HourSplit> {
  const [row] = await query<{ cursor: string | number | null }>(`select cursor from job_runs where name = 'stats_hours'`);
  const mark = row?.cursor == null ? null : Number(row.cursor) - HOUR;
  const edge = mark === null ? -Infinity : Math.min(liveSince(now).getTime(), Math.floor(mark / HOUR) * HOUR);
  const out: HourSplit = { rolled: [], skip: [], live: [] };
  for (const w of windows) {
    const cut = Math.max(w.from.getTime(), Math.min(w.to.getTime(), edge));
    if (cut > w.from.getTime()) out.rolled.push({ from: w.from, to: new Date(cut) });
    if (cut < w.to.getTime()) out.live.push({ from: new Date(cut), to: w.to });
  }
  if (out.rolled.length) {
    const marks = await query<{ hour: Date | string }>(
      `select hour from stats_dirty d join unnest($1::timestamptz[], $2::timestamptz[]) r(f, u) on d.hour >= r.f and d.hour < r.u`,
      [out.rolled.map((s) => s.from.toISOString()), out.rolled.map((s) => s.to.toISOString())],
    );
    for (const m of marks) {
      const h = new Date(m.hour);
      out.skip.push(h.toISOString());
      out.live.push({ from: h, to: new Date(h.getTime() + HOUR) });
    }
  }
  return out;
}

/**
 * `(column >= $i and column < $j or …)` over the spans, their bounds pushed onto `params` ('false'
 * without spans). Bounds as plain parameters, not an unnest joined in: the planner then sees each
 * range and takes the index (joined to an unnest of unknown ranges it scanned every ride order).
 */
export function spanWhere(column: string, spans: Span[], params: unknown[]) {
  if (!spans.length) return 'false';
  return `(${spans
    .map((s) => {
      params.push(s.from.toISOString(), s.to.toISOString());
      return `${column} >= $${params.length - 1}::timestamptz and ${column} < $${params.length}::timestamptz`;
    })
    .join(' or ')})`;
}

/** The statements of a read that knows its ranges: JIT compiling costs more than running them (the estimate of a wide range passes jit_above_cost). */
export const NO_JIT = 'set local jit = off';
