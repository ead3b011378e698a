/**
 * Marks for the rollup job (stats_dirty): the hours before the current one that a write touches.
 * The job rolls the current and the previous hour up anyway; an event for an earlier hour (a late
 * report, a corrected time) or a presence for an earlier day would otherwise never reach the
 * statistics. A mark is written in the statement that writes the event, so neither exists alone.
 */
const HOUR = 3600_000;

/** Start of the hour an instant falls in (whole-hour zones: the same as in TZ). */
export const hourStart = (t: number) => Math.floor(t / HOUR) * HOUR;

/** The distinct starts (ISO) of the hours before the current one among `times`. */
export function lateHours(times: Iterable<Date>, now = Date.now()): string[] {
  const current = hourStart(now);
  const out = new Set<number>();
  for (const d of times) {
    const t = d.getTime();
    if (t < current) out.add(hourStart(t));
  }
  return [...out].map((t) => new Date(t).toISOString());
}

/** A CTE (`, name as (...)`) that marks the hours in parameter `$n` (timestamptz[]). */
export const markCte = (name: string, n: number) => `, ${name} as (insert into stats_dirty (hour) select unnest($${n}::timestamptz[]) on conflict do nothing)`;
