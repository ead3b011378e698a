/**
 * Tidal curves (潮汐): rents and returns per hour of day and bike type, counted from ride_orders
 * (index (area_id, rent_at) / (area_id, return_at)), so that rides outside sites are attributed to
 * the right district and the current hour is always included.
 *
 * Shape (documented for the console):
 *   { mold, series: [{ date, hours: [24 × {hour, ...Counts}], total: Counts }], dayTotal, monthTotal }
 *   Counts = { bike_rent_num, e_bike_rent_num, bike_return_num, e_bike_return_num, bike_num, e_bike_num }
 *   bike_num / e_bike_num repeat the rent counts (mold 1 or none) or the return counts (mold 2).
 *   - dateGroup (≤ 7 days): one series per day; dayTotal = the last day, monthTotal = that day's month.
 *   - year + month + day: one series (that day); dayTotal = the day, monthTotal = its month.
 *   - year + month: one series (the month's 24-hour profile, summed over its days); monthTotal = the month.
 *   - year: one series (the year's 24-hour profile); no day or month total.
 */
import type { Static } from 'typebox';
import type { Database } from '../../db/client.js';
import * as repo from './repo.js';
import type { Counts as CountsT, TidalQuery as TidalQueryT } from './schemas.js';
import { dateGroupOf, monthOfDay, windowOf, type Window } from './window.js';

export type Counts = Static<typeof CountsT>;

interface Scope {
  areaIds: string[];
  brandId: number | null;
}

type DayHours = Map<string, Counts[]>;

const zero = (): Counts => ({
  bike_rent_num: 0,
  e_bike_rent_num: 0,
  bike_return_num: 0,
  e_bike_return_num: 0,
  bike_num: 0,
  e_bike_num: 0,
});

function add(into: Counts, c: Counts) {
  for (const k of Object.keys(into) as (keyof Counts)[]) into[k] += c[k];
  return into;
}

/** Counts per local day and hour over the given (non-overlapping) windows. */
async function countsByDayHour(database: Database, s: Scope, ranges: Window[], tz: string, mold: number | null): Promise<DayHours> {
  const rows = await repo.tidalRows(database, s, ranges, tz);
  const out: DayHours = new Map();
  for (const r of rows) {
    let hours = out.get(r.day);
    if (!hours) out.set(r.day, (hours = Array.from({ length: 24 }, zero)));
    const c = hours[r.hour];
    const e = r.bikeType === 1;
    if (r.kind === 1) c[e ? 'e_bike_rent_num' : 'bike_rent_num'] += r.n;
    else c[e ? 'e_bike_return_num' : 'bike_return_num'] += r.n;
  }
  for (const hours of out.values()) for (const c of hours) pick(c, mold);
  return out;
}

function pick(c: Counts, mold: number | null) {
  c.bike_num = mold === 2 ? c.bike_return_num : c.bike_rent_num;
  c.e_bike_num = mold === 2 ? c.e_bike_return_num : c.e_bike_rent_num;
  return c;
}

/** 24 hourly points summed over the days of `data` that fall in `days` (all when undefined). */
function profile(data: DayHours, days?: Set<string>) {
  const hours = Array.from({ length: 24 }, zero);
  for (const [day, hs] of data) if (!days || days.has(day)) hs.forEach((c, i) => add(hours[i], c));
  return hours;
}

const totalOf = (hours: Counts[]) => hours.reduce((t, c) => add(t, c), zero());

function series(date: string, hours: Counts[]) {
  return { date, hours: hours.map((c, hour) => ({ hour, ...c })), total: totalOf(hours) };
}

export type TidalQuery = Static<typeof TidalQueryT>;

export async function tidal(database: Database, s: Scope, q: TidalQuery, tz: string) {
  const mold = q.mold ?? null;
  if (q.dateGroup?.trim()) {
    const days = dateGroupOf(q.dateGroup, tz);
    const last = days[days.length - 1];
    const month = monthOfDay(last.label, tz);
    const [data, monthData] = await Promise.all([countsByDayHour(database, s, days, tz, mold), countsByDayHour(database, s, [month], tz, mold)]);
    const list = days.map((d) => series(d.label, profile(data, new Set([d.label]))));
    return {
      mold,
      series: list,
      dayTotal: { date: last.label, ...list[list.length - 1].total },
      monthTotal: { date: month.label, ...totalOf(profile(monthData)) },
    };
  }
  const w = windowOf({ year: q.year, month: q.month, day: q.day }, tz);
  if (w.granularity === 'day') {
    const month = monthOfDay(w.label, tz);
    const data = await countsByDayHour(database, s, [month], tz, mold);
    const one = series(w.label, profile(data, new Set([w.label])));
    return {
      mold,
      series: [one],
      dayTotal: { date: w.label, ...one.total },
      monthTotal: { date: month.label, ...totalOf(profile(data)) },
    };
  }
  const data = await countsByDayHour(database, s, [w], tz, mold);
  const one = series(w.label, profile(data));
  return {
    mold,
    series: [one],
    dayTotal: null,
    monthTotal: w.granularity === 'month' ? { date: w.label, ...one.total } : null,
  };
}
