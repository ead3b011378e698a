/**
 * Days on which bikes reported (placed/online statistics): written at ingest, once per bike and
 * local day. Each process remembers what it already wrote today, so the hot path usually writes
 * nothing; a repeat from another process is absorbed by the primary key.
 */
import type { Database } from '../db/client.js';
import { markCte } from './late.js';

interface Seen {
  bikeId: string;
  brandId: number;
  bikeType: number;
  areaId: string;
  reportedAt: Date;
}

/** Recent local days as [start, end) instants, so that most calls do no time-zone arithmetic. */
const dayRanges: { start: number; end: number; day: string; tz: string | undefined }[] = [];

/** yyyy-MM-dd of an instant in the process time zone (main sets process.env.TZ from config). */
export function localDate(d: Date): string {
  const t = d.getTime();
  const tz = process.env.TZ;
  for (const r of dayRanges) if (t >= r.start && t < r.end && r.tz === tz) return r.day;
  const y = d.getFullYear();
  const m = d.getMonth();
  const n = d.getDate();
  const day = `${y}-${m < 9 ? '0' : ''}${m + 1}-${n < 10 ? '0' : ''}${n}`;
  // local midnights (Date handles a daylight-saving day of 23 or 25 hours)
  dayRanges.unshift({ start: new Date(y, m, n).getTime(), end: new Date(y, m, n + 1).getTime(), day, tz });
  dayRanges.length = Math.min(dayRanges.length, 4);
  return day;
}

/** The local midnight (epoch ms) of the day an instant falls on, in the process time zone. */
function localDayStart(d: Date): number {
  const day = localDate(d);
  const tz = process.env.TZ;
  return dayRanges.find((r) => r.day === day && r.tz === tz)!.start;
}

/** The distinct local midnights (ISO) of the days before today among `times` (presence days). */
export function lateDays(times: Iterable<Date>, now = Date.now()): string[] {
  const today = localDayStart(new Date(now));
  const out = new Set<number>();
  for (const d of times) if (d.getTime() < today) out.add(localDayStart(d));
  return [...out].map((t) => new Date(t).toISOString());
}

const MAX_DAYS_KEPT = 3;
const written = new WeakMap<Database, Map<string, Set<string>>>();

function daysOf(database: Database) {
  let days = written.get(database);
  if (!days) written.set(database, (days = new Map()));
  return days;
}

/** What this process already wrote for a database: has(day, bike) / add(day, bike). */
export function presenceSet(database: Database) {
  const days = daysOf(database);
  return {
    has: (day: string, bikeId: string) => days.get(day)?.has(bikeId) ?? false,
    add(day: string, bikeId: string) {
      let set = days.get(day);
      if (!set) {
        days.set(day, (set = new Set()));
        if (days.size > MAX_DAYS_KEPT) days.delete([...days.keys()].sort()[0]);
      }
      set.add(bikeId);
    },
  };
}

export async function recordPresence(database: Database, rows: Seen[]) {
  const days = daysOf(database);
  const fresh: (Seen & { day: string })[] = [];
  for (const r of rows) {
    const day = localDate(r.reportedAt);
    let set = days.get(day);
    if (!set) {
      days.set(day, (set = new Set()));
      if (days.size > MAX_DAYS_KEPT) days.delete([...days.keys()].sort()[0]);
    }
    if (set.has(r.bikeId)) continue;
    fresh.push({ ...r, day });
  }
  if (!fresh.length) return;
  // a presence on a day before today changes that day's placed count: marked for the rollup
  const late = lateDays(fresh.map((r) => r.reportedAt));
  await database.query(
    `with p as (insert into bike_days (day, bike_id, brand_id, bike_type, area_id)
     select * from unnest($1::date[], $2::varchar[], $3::int[], $4::smallint[], $5::varchar[]) on conflict do nothing)${late.length ? markCte('m', 6) : ''}
     select 1`,
    [
      fresh.map((r) => r.day),
      fresh.map((r) => r.bikeId),
      fresh.map((r) => r.brandId),
      fresh.map((r) => r.bikeType),
      fresh.map((r) => r.areaId),
      ...(late.length ? [late] : []),
    ],
  );
  for (const r of fresh) days.get(r.day)?.add(r.bikeId);
}
