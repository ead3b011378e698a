/**
 * 运营统计 租还 (issue 15): rents and returns per brand and bike type over the hours of a day or the
 * days of a month, counted from ride orders by the tidal query (repo.tidalRows), so the figures are
 * the big screen's tidal curve split by brand. Pure shaping here; the query is in repo.ts.
 */
import type { Static } from 'typebox';
import type { Database } from '../../db/client.js';
import { daysInMonth } from '../../domain/time.js';
import { brandNames, brandsOf } from '../../shared/brands.js';
import * as repo from './repo.js';
import type { FlowQuery as FlowQueryT } from './schemas.js';
import { windowOf, type Window } from './window.js';

export type FlowQuery = Static<typeof FlowQueryT>;

interface FlowLine {
  brandId: number;
  brandName: string;
  /** 0 bicycle, 1 e-bike */
  bikeType: number;
  /** aligned with `slots` */
  rent: number[];
  ret: number[];
  rentTotal: number;
  returnTotal: number;
}

export interface Flows {
  granularity: 'day' | 'month';
  label: string;
  /** hours 0-23 of the day, or days 1..n of the month */
  slots: number[];
  lists: FlowLine[];
  rent: number[];
  ret: number[];
  rentTotal: number;
  returnTotal: number;
}

/** The window of a flows query: a day (year, month, day) or a month (year, month); the schema requires year and month. */
function flowWindow(q: FlowQuery, tz: string): Window {
  return windowOf({ year: q.year, month: q.month, day: q.day }, tz);
}

export async function flows(database: Database, s: { areaIds: string[]; brandId: number | null }, q: FlowQuery, tz: string): Promise<Flows> {
  const w = flowWindow(q, tz);
  const byDay = w.granularity === 'day';
  const slots = byDay ? Array.from({ length: 24 }, (_, h) => h) : Array.from({ length: daysInMonth(q.year, q.month) }, (_, d) => d + 1);
  const [rows, names, present] = await Promise.all([repo.tidalRows(database, s, [w], tz), brandNames(database), brandsOf(database, s.areaIds)]);
  const lines = new Map<string, FlowLine>();
  const line = (brandId: number, bikeType: number) => {
    const k = `${brandId}|${bikeType}`;
    let l = lines.get(k);
    if (!l) {
      const zeros = () => slots.map(() => 0);
      l = { brandId, brandName: names.get(brandId)?.brandName ?? '', bikeType, rent: zeros(), ret: zeros(), rentTotal: 0, returnTotal: 0 };
      lines.set(k, l);
    }
    return l;
  };
  // every brand of the area shows (with zeros), an enterprise user's own only
  for (const b of present) if (s.brandId === null || b.brandId === s.brandId) for (const t of [0, 1]) line(b.brandId, t);
  for (const r of rows) {
    const i = byDay ? r.hour : Number(r.day.slice(8, 10)) - 1;
    const l = line(r.brandId, r.bikeType === 1 ? 1 : 0);
    if (r.kind === 1) {
      l.rent[i] += r.n;
      l.rentTotal += r.n;
    } else {
      l.ret[i] += r.n;
      l.returnTotal += r.n;
    }
  }
  const lists = [...lines.values()].sort((a, b) => a.brandId - b.brandId || a.bikeType - b.bikeType);
  const sum = (pick: (l: FlowLine) => number[]) => slots.map((_, i) => lists.reduce((t, l) => t + pick(l)[i], 0));
  const rent = sum((l) => l.rent);
  const ret = sum((l) => l.ret);
  return {
    granularity: byDay ? 'day' : 'month',
    label: w.label,
    slots,
    lists,
    rent,
    ret,
    rentTotal: rent.reduce((a, b) => a + b, 0),
    returnTotal: ret.reduce((a, b) => a + b, 0),
  };
}

/** Spreadsheet rows of the flows: one per slot, brand and bike type, only the chosen slots (export dialog). */
export function flowRows(f: Flows, chosen: Set<number> | null) {
  const out: { time: string; brandName: string; bikeType: string; rent: number; ret: number; net: number }[] = [];
  f.slots.forEach((slot, i) => {
    if (chosen && !chosen.has(slot)) return;
    const time = f.granularity === 'day' ? `${f.label} ${String(slot).padStart(2, '0')}:00` : `${f.label}-${String(slot).padStart(2, '0')}`;
    for (const l of f.lists) {
      out.push({ time, brandName: l.brandName, bikeType: l.bikeType === 1 ? '电动车' : '自行车', rent: l.rent[i], ret: l.ret[i], net: l.rent[i] - l.ret[i] });
    }
  });
  return out;
}
