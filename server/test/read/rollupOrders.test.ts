/**
 * The statistics are right whatever order the events and the job runs come in. Rides, dispatches
 * and presences go in through the open API the way a back-fill sends them (six-hour windows, the
 * hourly job only at each window's end, a ride's rent one window after its return), then after a
 * downtime (days of events, no job, then one run), then late (events for days already rolled whole,
 * a corrected rent time, a presence for a past day), then a run at an earlier instant than the
 * last. After each, every tier (hours, per-site days, months, daily rows) is compared with the raw
 * events (verifyStats), and the site ranking of every day, of the month, and of each hour of a day
 * with the events and with each other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, adminClient, type Client, type TestContext } from '../support/app.js';
import { Operator, addBrand, addSite } from '../support/world.js';
import { jobContextOf, runDailyJobs, runHourlyJobs, type JobContext } from '../../src/jobs/index.js';
import { verifyStats } from '../../src/jobs/verify.js';
import { siteRanking } from '../../src/modules/statistics/repo.js';
import { windowOf, type WindowQuery } from '../../src/modules/statistics/window.js';

const TZ = 'Asia/Shanghai';
const HOUR = 3600_000;
const SITES = ['1101080000001', '1101080000002', '1101080000003', '1101080000004'];
const LON = (i: number) => 116.31 + i * 0.002;
const OFF = { lon: 116.3, lat: 39.97 }; // in the district, in no site
const at = (day: string, minutes: number) => new Date(Date.parse(`${day}T00:00:00+08:00`) + minutes * 60_000);
const dayOf = (d: Date) => new Intl.DateTimeFormat('sv-SE', { timeZone: TZ }).format(d);
const day = (n: number) => `2024-05-${String(n).padStart(2, '0')}`;

interface Ride {
  orderId: string;
  bikeId: string;
  brand: 'mt' | 'hb';
  rentAt: Date;
  returnAt: Date;
  from: number; // site index, -1 off-site
  to: number;
}

/** A deterministic day of rides: some across the hour, some into the next day, some off-site. */
function ridesOf(d: string, n = 36): Ride[] {
  return Array.from({ length: n }, (_, i) => {
    const start = ((i * 7) % 24) * 60 + ((i * 13) % 60);
    return {
      orderId: `${d}-${i}`,
      bikeId: `${i % 2 ? 'H' : 'M'}${i}`,
      brand: i % 2 ? 'hb' : 'mt',
      rentAt: at(d, start),
      returnAt: at(d, start + 10 + ((i * 17) % 50)),
      from: i % 9 === 0 ? -1 : i % 4,
      to: i % 7 === 0 ? -1 : (i * 3 + 1) % 4,
    };
  });
}
const place = (site: number) => (site < 0 ? OFF : { lon: LON(site), lat: 39.98 });
const rent = (r: Ride) => ({ orderId: r.orderId, bikeId: r.bikeId, event: 'rent', at: r.rentAt.toISOString(), ...place(r.from) });
const ret = (r: Ride) => ({ orderId: r.orderId, bikeId: r.bikeId, event: 'return', at: r.returnAt.toISOString(), ...place(r.to) });
const dispatchesOf = (d: string) =>
  [0, 1, 2, 3, 4].map((k) => ({
    brand: (k % 2 ? 'hb' : 'mt') as 'mt' | 'hb',
    item: {
      dispatchId: `${d}-d${k}`,
      bikeId: `${k % 2 ? 'H' : 'M'}${k + 100}`,
      action: k % 2 ? 'down' : 'up',
      siteId: SITES[k % 4],
      at: at(d, 11 * 60 + k * 47).toISOString(),
    },
  }));

let t: TestContext;
let ctx: JobContext;
let admin: Client;
const op: Record<'mt' | 'hb', Operator> = {} as never;

async function post(brand: 'mt' | 'hb', path: string, items: unknown[]) {
  if (!items.length) return;
  const r = await op[brand].post(path, items);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.data.rejected).toEqual([]);
}

/** Sends the events in [from, to): returns, then rents (a ride's rent waits a window when its return is in the same one), dispatches. */
async function sendWindow(rides: Ride[], from: number, to: number, carry: Ride[]): Promise<Ride[]> {
  const inWin = (d: Date) => d.getTime() >= from && d.getTime() < to;
  const returns = rides.filter((r) => inWin(r.returnAt));
  const later = returns.filter((r) => inWin(r.rentAt));
  const rents = [...carry, ...rides.filter((r) => inWin(r.rentAt) && !later.includes(r))];
  for (const brand of ['mt', 'hb'] as const) {
    await post(brand, '/orders', returns.filter((r) => r.brand === brand).map(ret));
    await post(brand, '/orders', rents.filter((r) => r.brand === brand).map(rent));
    await post(
      brand,
      '/bikes/status',
      rides
        .filter((r) => r.brand === brand && inWin(r.returnAt))
        .map((r) => ({ bikeId: r.bikeId, status: 1, reportedAt: r.returnAt.toISOString(), ...place(r.to) })),
    );
  }
  const days = new Set(rides.map((r) => dayOf(r.rentAt)));
  for (const d of days) {
    for (const { brand, item } of dispatchesOf(d)) if (inWin(new Date(item.at))) await post(brand, '/dispatch', [item]);
  }
  return later;
}

/** Every tier equals the events for May (and the daily rows); the ranking adds up over days, hours and the month. */
async function expectTruth(label: string, now: Date) {
  const v = await verifyStats(t.database, TZ, day(1), day(10));
  expect(v.differences, `${label}: ${JSON.stringify(v.differences.slice(0, 5))}`).toEqual([]);
  const events = new Map(v.days.map((d) => [d.day, d]));
  const rank = async (q: WindowQuery) => {
    const r = await siteRanking(t.database, windowOf(q, TZ), { areaIds: ['110108'], brandId: null, siteType: 0, orderBy: 'rent' }, TZ, now);
    return { rent: r.rows.reduce((s, x) => s + x.rentNum, 0), ret: r.rows.reduce((s, x) => s + x.returnNum, 0) };
  };
  let month = { rent: 0, ret: 0 };
  for (let n = 1; n <= 10; n++) {
    const d = await rank({ year: 2024, month: 5, day: n });
    const e = events.get(day(n));
    expect(d, `${label}: ranking of ${day(n)}`).toEqual({ rent: e?.rents ?? 0, ret: e?.returns ?? 0 });
    month = { rent: month.rent + d.rent, ret: month.ret + d.ret };
  }
  expect(await rank({ year: 2024, month: 5 }), `${label}: ranking of the month`).toEqual(month);
  let hours = { rent: 0, ret: 0 };
  for (let h = 0; h < 24; h++) {
    const x = await rank({ year: 2024, month: 5, day: 2, hour: h });
    hours = { rent: hours.rent + x.rent, ret: hours.ret + x.ret };
  }
  expect(hours, `${label}: the hours of ${day(2)}`).toEqual(await rank({ year: 2024, month: 5, day: 2 }));
  return month;
}

beforeAll(async () => {
  t = await createTestApp();
  ctx = jobContextOf(t.app.ctx);
  admin = await adminClient(t.app);
  await addBrand(t.database, { name: '美团', account: 'mt' });
  await addBrand(t.database, { name: '哈啰', account: 'hb' });
  for (const [i, id] of SITES.entries()) await addSite(t.database, { id, lon: LON(i), lat: 39.98, ceiling: 10 });
  t.app.ctx.geo.invalidate();
  op.mt = await new Operator(t.app, 'mt').login();
  op.hb = await new Operator(t.app, 'hb').login();
  for (const brand of ['mt', 'hb'] as const) {
    const prefix = brand === 'mt' ? 'M' : 'H';
    await post(
      brand,
      '/bikes',
      Array.from({ length: 110 }, (_, i) => ({ bikeId: `${prefix}${i}`, bikeType: i % 3 === 0 ? 1 : 0 })),
    );
  }
}, 120_000);
afterAll(() => t?.close());

describe('statistics under any order of events and runs', () => {
  it('a back-fill: six-hour windows, the job only at their ends, rents a window after their returns', async () => {
    const rides = [1, 2, 3, 4].flatMap((n) => ridesOf(day(n)));
    let carry: Ride[] = [];
    for (let w = at(day(1), 0).getTime(); w < at(day(5), 0).getTime(); w += 6 * HOUR) {
      carry = await sendWindow(rides, w, w + 6 * HOUR, carry);
      const end = new Date(w + 6 * HOUR);
      await runHourlyJobs(ctx, end);
      if (dayOf(end) !== dayOf(new Date(w))) await runDailyJobs(ctx, end);
    }
    await sendWindow([], 0, 0, carry); // the last carried rents
    await runHourlyJobs(ctx, new Date(at(day(5), 0).getTime() + 5 * 60_000));
    const month = await expectTruth('back-fill', at(day(5), 5));
    expect(month.rent).toBeGreaterThan(90);
    // the API says the same as the function (the console's call, cached)
    const r = await admin.get('/api/statistics/siteRankAll', { selfAreaId: '110108', year: 2024, month: 5, day: 2 });
    expect(r.body.code).toBe(200);
    const total = (r.body.data.lists as { rentNum: number }[]).reduce((s, x) => s + x.rentNum, 0);
    const v = await verifyStats(t.database, TZ, day(2), day(2));
    expect(total).toBe(v.days[0].rents);
  });

  /**
   * The curves read from stats_area_hourly (and the events for hours not rolled or marked late) equal
   * the events of the day: rent/return per hour (运营统计 租还, the big screen's tidal curve) and the
   * trend's rides, dispatches and bikes ridden per hour.
   */
  async function expectAreaCurves(label: string, d: string) {
    const [y, m, dd] = d.split('-').map(Number);
    const raw = await t.database.query<{ h: number; kind: string; n: number }>(
      `select extract(hour from t at time zone $2)::int as h, kind, count(*)::int as n from (
       select rent_at as t, 'rent' as kind from ride_orders where area_id = '110108' and rent_at >= $1 and rent_at < $1::timestamptz + interval '1 day'
       union all
       select return_at, 'ret' from ride_orders where return_area_id = '110108' and return_at >= $1 and return_at < $1::timestamptz + interval '1 day'
       union all
       select at, 'disp' from dispatches where area_id = '110108' and action in ('up', 'down') and at >= $1 and at < $1::timestamptz + interval '1 day') e
     group by 1, 2`,
      [at(d, 0).toISOString(), TZ],
    );
    const want = (kind: string) => Array.from({ length: 24 }, (_, h) => raw.find((r) => r.h === h && r.kind === kind)?.n ?? 0);
    const flows = await admin.get('/api/statistics/rentReturn', { selfAreaId: '110108', year: y, month: m, day: dd });
    expect(flows.body.code).toBe(200);
    expect(flows.body.data.rent, `${label} ${d} rents`).toEqual(want('rent'));
    expect(flows.body.data.ret, `${label} ${d} returns`).toEqual(want('ret'));
    expect(want('rent').reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    const active = await t.database.query<{ h: number; brand: number; n: number }>(
      `select h, brand, sum(n)::int as n from (
       select extract(hour from rent_at at time zone $2)::int as h, brand_id as brand, count(distinct bike_id) as n from ride_orders
        where area_id = '110108' and rent_at >= $1 and rent_at < $1::timestamptz + interval '1 day' group by 1, 2, area_id, bike_type) x group by 1, 2`,
      [at(d, 0).toISOString(), TZ],
    );
    for (const dataType of [3, 4]) {
      const trend = await admin.get('/api/dashboard/brandBikeOnline', { selfAreaId: '110108', year: y, month: m, day: dd, dataType });
      expect(trend.body.code).toBe(200);
      const brands = Object.values(trend.body.data) as { brandId: number; rows: { hour: number; active_bike_num: number }[] }[];
      for (const b of brands) {
        const got = b.rows.map((r) => r.active_bike_num);
        expect(got, `${label} ${d} active of brand ${b.brandId}`).toEqual(
          Array.from({ length: 24 }, (_, h) => active.find((r) => r.h === h && r.brand === b.brandId)?.n ?? 0),
        );
      }
    }
  }

  it('a downtime: three days of events with no job, then one run', async () => {
    const rides = [5, 6, 7].flatMap((n) => ridesOf(day(n)));
    await sendWindow([], 0, 0, await sendWindow(rides, at(day(5), 0).getTime(), at(day(8), 120).getTime(), []));
    await runHourlyJobs(ctx, at(day(8), 3 * 60 + 10));
    await expectTruth('downtime', at(day(8), 3 * 60 + 10));
  });

  it('late reports: rides and dispatches for days rolled whole, a corrected rent time, a presence for a past day', async () => {
    const before = await verifyStats(t.database, TZ, day(2), day(2));
    const late = ridesOf(day(2), 12).map((r) => ({ ...r, orderId: `late-${r.orderId}`, bikeId: `${r.bikeId.slice(0, 1)}${Number(r.bikeId.slice(1)) + 50}` }));
    await sendWindow([], 0, 0, await sendWindow(late, at(day(2), 0).getTime(), at(day(3), 120).getTime(), []));
    await post('mt', '/dispatch', [{ dispatchId: 'late-d', bikeId: 'M105', action: 'up', siteId: SITES[2], at: at(day(3), 15 * 60).toISOString() }]);
    // a rent re-sent with a corrected time: the ride moves from 05-06 to 05-04
    const moved = ridesOf(day(6))[5];
    await post('hb', '/orders', [{ ...rent(moved), at: at(day(4), 9 * 60).toISOString() }]);
    // a bike first seen on 05-01, reported only now
    await post('mt', '/bikes/status', [{ bikeId: 'M108', status: 1, reportedAt: at(day(1), 600).toISOString(), ...place(0) }]);
    const marks = await t.database.query<{ n: number }>(`select count(*)::int as n from stats_dirty`);
    expect(marks[0].n).toBeGreaterThan(0);
    // marked hours are read from the events until the job rolls them again: the curves are right at once
    await expectAreaCurves('late, not rolled yet', day(2));
    await expectAreaCurves('late, not rolled yet', day(4));
    await runHourlyJobs(ctx, at(day(8), 4 * 60 + 10));
    expect((await t.database.query<{ n: number }>(`select count(*)::int as n from stats_dirty`))[0].n).toBe(0);
    await expectTruth('late', at(day(8), 4 * 60 + 10));
    await expectAreaCurves('late, rolled', day(2));
    await expectAreaCurves('late, rolled', day(4));
    const after = await verifyStats(t.database, TZ, day(2), day(2));
    expect(after.days[0].rents).toBeGreaterThan(before.days[0].rents);
    // 投放 and 站内 of a day are the brand figures as at its last snapshot (not events): a late presence
    // leaves them, and the rollup re-run keeps them; 站内 never passes 投放
    const bad = await t.database.query(`select day from stats_daily where site_num > online_num`);
    expect(bad).toEqual([]);
  });

  it('a run at an earlier instant than the last one changes nothing that is right', async () => {
    await runDailyJobs(ctx, at(day(3), 30));
    await runHourlyJobs(ctx, at(day(6), 12 * 60));
    await expectTruth('earlier run', at(day(8), 5 * 60));
  });

  it('finds a wrong row for every brand together, in the day, month and year tables', async () => {
    for (const [table, key] of [
      ['stats_site_daily', 'day'],
      ['stats_site_monthly', 'month'],
      ['stats_site_yearly', 'year'],
    ] as const) {
      const bump = (n: number) =>
        t.database.query(
          `update ${table} set rent_num = rent_num + $1 where (${key}, site_id) = (select ${key}, site_id from ${table} where brand_id = 0 and rent_num > 0 order by 1, 2 limit 1) and brand_id = 0`,
          [n],
        );
      await bump(1);
      const v = await verifyStats(t.database, TZ, day(1), day(10));
      await bump(-1);
      expect(
        v.differences.map((d) => [d.table, d.key.endsWith(' / 0')]),
        table,
      ).toContainEqual([table, true]);
    }
    expect((await verifyStats(t.database, TZ, day(1), day(10))).differences).toEqual([]);
  });

  it('events of the current hour reach the statistics at the next run, unmarked', async () => {
    const now = new Date();
    const r: Ride = {
      orderId: 'now-1',
      bikeId: 'M109',
      brand: 'mt',
      rentAt: new Date(Math.max(now.getTime() - 60_000, Math.floor(now.getTime() / HOUR) * HOUR)),
      returnAt: now,
      from: 1,
      to: 2,
    };
    await post('mt', '/orders', [rent(r)]);
    await post('mt', '/orders', [ret(r)]);
    expect((await t.database.query<{ n: number }>(`select count(*)::int as n from stats_dirty`))[0].n).toBe(0);
    await runHourlyJobs(ctx, now);
    const today = dayOf(now);
    const v = await verifyStats(t.database, TZ, today, today);
    expect(v.differences).toEqual([]);
    const [h] = await t.database.query<{ n: number }>(`select coalesce(sum(rent_num), 0)::int as n from stats_hourly where hour >= $1 and site_id <> ''`, [
      new Date(Math.floor(r.rentAt.getTime() / HOUR) * HOUR).toISOString(),
    ]);
    expect(h.n).toBe(1);
  });
});
