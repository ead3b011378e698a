/**
 * The site ranking reads three tiers (rolled-up days, rolled-up hours, raw events). Whatever the
 * watermark of the day tables and the clock, the numbers must equal a count over the raw events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../support/app.js';
import { addBrand, addSite } from '../support/world.js';
import { RankCache, rankTiers, type RankRow } from '../../src/modules/statistics/rank.js';
import { siteRanking } from '../../src/modules/statistics/repo.js';
import { windowOf, type WindowQuery } from '../../src/modules/statistics/window.js';
import { rollupHours, rollupSiteDays, rollupSiteToday } from '../../src/jobs/rollup.js';
import { siteDaysThrough, siteWatermarks } from '../../src/shared/watermarks.js';
import { jobContextOf, type JobContext } from '../../src/jobs/index.js';

const TZ = 'Asia/Shanghai';

describe('rankTiers', () => {
  const now = new Date('2024-03-05T10:30:00+08:00'); // events from 09:00 local on
  const at = (s: string) => new Date(s).toISOString();
  it('splits a month into rolled days, rolled hours and events', () => {
    const w = windowOf({ year: 2024, month: 3 }, TZ);
    const t = rankTiers(w, '2024-03-03', TZ, now);
    expect(at(t.c1.toISOString())).toBe(at('2024-03-04T00:00:00+08:00'));
    expect(t.c2.toISOString()).toBe(at('2024-03-05T09:00:00+08:00'));
  });
  it('uses no day tier for an hour, or before the watermark reaches the window', () => {
    const hour = windowOf({ year: 2024, month: 3, day: 1, hour: 8 }, TZ);
    expect(rankTiers(hour, '2024-03-03', TZ, now).c1).toEqual(hour.from);
    const day = windowOf({ year: 2024, month: 3, day: 4 }, TZ);
    expect(rankTiers(day, '2024-03-03', TZ, now).c1).toEqual(day.from);
    expect(rankTiers(day, null, TZ, now).c1).toEqual(day.from);
  });
  it('extends the day tier over the partial day right after the watermark, and only over that one', () => {
    const month = windowOf({ year: 2024, month: 3 }, TZ);
    const partial = new Date('2024-03-05T08:00:00+08:00');
    const t = rankTiers(month, '2024-03-04', TZ, now, partial);
    expect([at(t.c1.toISOString()), t.partialDay]).toEqual([at('2024-03-05T08:00:00+08:00'), '2024-03-05']);
    expect(t.c2.toISOString()).toBe(at('2024-03-05T09:00:00+08:00'));
    const day = windowOf({ year: 2024, month: 3, day: 5 }, TZ);
    expect(rankTiers(day, '2024-03-04', TZ, now, partial)).toMatchObject({ c1: partial, partialDay: '2024-03-05' });
    // a gap between the watermark's day and the partial day, a partial ahead of the clock, a window without it
    expect(rankTiers(month, '2024-03-03', TZ, now, partial)).toMatchObject({
      c1: new Date('2024-03-04T00:00:00+08:00'),
      partialDay: null,
    });
    expect(rankTiers(month, '2024-03-04', TZ, now, new Date('2024-03-05T10:00:00+08:00')).partialDay).toBeNull();
    expect(rankTiers(windowOf({ year: 2024, month: 3, day: 4 }, TZ), '2024-03-04', TZ, now, partial).partialDay).toBeNull();
    expect(rankTiers(windowOf({ year: 2024, month: 3, day: 5, hour: 7 }, TZ), '2024-03-04', TZ, now, partial).partialDay).toBeNull();
  });

  it('reads a past window wholly from the day tables, and a current hour wholly from events', () => {
    const feb = windowOf({ year: 2024, month: 2 }, TZ);
    const t = rankTiers(feb, '2024-03-03', TZ, now);
    expect([t.c1, t.c2]).toEqual([feb.to, feb.to]);
    const cur = windowOf({ year: 2024, month: 3, day: 5, hour: 10 }, TZ);
    const c = rankTiers(cur, '2024-03-04', TZ, now);
    expect([c.c1, c.c2]).toEqual([cur.from, cur.from]);
  });
});

let t: TestContext;
let ctx: JobContext;
const SITES = ['1101080000001', '1101080000002', '1101080000003', '1101080000004'];

beforeAll(async () => {
  t = await createTestApp();
  ctx = jobContextOf(t.app.ctx);
  const brand = await addBrand(t.database, { name: '美团', account: 'mt' });
  const other = await addBrand(t.database, { name: '哈啰', account: 'hl' });
  for (const [i, id] of SITES.entries()) await addSite(t.database, { id, lon: 116.31 + i * 0.001, lat: 39.98, ceiling: 10 });
  // rents, returns and dispatches every 97 minutes from 2024-02-26 to 2024-03-05 10:29 local,
  // spread over the sites and both brands (a deterministic pattern)
  await t.database.query(
    `insert into ride_orders (brand_id, order_id, bike_id, bike_type, area_id, rent_at, rent_site_id, return_at, return_site_id, return_area_id)
     select case when g % 3 = 0 then $2::int else $1::int end, 'O' || g, 'B' || (g % 50), g % 2, '110108',
            timestamptz '2024-02-26 00:00+08' + interval '97 minutes' * g, ($3::varchar[])[1 + g % 4],
            timestamptz '2024-02-26 00:20+08' + interval '97 minutes' * g, ($3::varchar[])[1 + (g * 7) % 4], '110108'
       from generate_series(0, 8000) g
      where timestamptz '2024-02-26 00:20+08' + interval '97 minutes' * g < timestamptz '2024-03-05 10:29+08'`,
    [brand, other, SITES],
  );
  await t.database.query(
    `insert into dispatches (brand_id, dispatch_id, bike_id, bike_type, action, site_id, area_id, at)
     select $1, 'D' || g, 'B' || g, 0, case when g % 2 = 0 then 'up' else 'down' end, ($2::varchar[])[1 + (g * 3) % 4], '110108',
            timestamptz '2024-02-26 00:05+08' + interval '131 minutes' * g
       from generate_series(0, 2000) g
      where timestamptz '2024-02-26 00:05+08' + interval '131 minutes' * g < timestamptz '2024-03-05 10:29+08'`,
    [brand, SITES],
  );
}, 120_000);
afterAll(() => t?.close());

/** The ranking's counts per site, straight from the events. */
async function fromEvents(w: { from: Date; to: Date }, brandId: number | null) {
  const brand = brandId === null ? '' : ` and brand_id = ${brandId}`;
  const rows = await t.database.query<{ site: string; rent: number; ret: number; up: number; down: number }>(
    `select site, sum(rent)::int as rent, sum(ret)::int as ret, sum(up)::int as up, sum(down)::int as down from (
       select rent_site_id as site, 1 as rent, 0 as ret, 0 as up, 0 as down from ride_orders where rent_at >= $1 and rent_at < $2${brand}
       union all select return_site_id, 0, 1, 0, 0 from ride_orders where return_at >= $1 and return_at < $2${brand}
       union all select site_id, 0, 0, (action = 'up')::int, (action = 'down')::int from dispatches where at >= $1 and at < $2${brand}
     ) e group by site`,
    [w.from.toISOString(), w.to.toISOString()],
  );
  return Object.fromEntries(rows.map((r) => [r.site, { rentNum: r.rent, returnNum: r.ret, upNum: r.up, downNum: r.down }]));
}

const counts = (rows: RankRow[]) =>
  Object.fromEntries(
    rows
      .filter((r) => r.rentNum + r.returnNum + r.upNum + r.downNum > 0)
      .map((r) => [r.siteId, { rentNum: r.rentNum, returnNum: r.returnNum, upNum: r.upNum, downNum: r.downNum }]),
  );

const windows: WindowQuery[] = [
  { year: 2024 },
  { year: 2024, month: 2 },
  { year: 2024, month: 3 },
  { year: 2024, month: 2, day: 29 },
  { year: 2024, month: 3, day: 2 },
  { year: 2024, month: 3, day: 4 },
  { year: 2024, month: 3, day: 5 },
  { year: 2024, month: 3, day: 5, hour: 9 },
  { year: 2024, month: 3, day: 3, hour: 18 },
];

describe('siteRanking over the tiers', () => {
  const now = new Date('2024-03-05T10:30:00+08:00');

  it('rolls whole days up in order and moves the watermark', async () => {
    await rollupHours(ctx, new Date('2024-02-26T00:00:00+08:00'), new Date('2024-03-05T09:00:00+08:00'));
    expect(await siteDaysThrough(t.database)).toBeNull();
    expect(await rollupSiteDays(ctx, '2024-03-03')).toEqual(['2024-02-26', '2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01', '2024-03-02', '2024-03-03']);
    expect(await siteDaysThrough(t.database)).toBe('2024-03-03');
    expect(await rollupSiteDays(ctx, '2024-03-03')).toEqual([]);
    const [m] = await t.database.query<{ rent: number }>(`select sum(rent_num)::int as rent from stats_site_monthly where month = '2024-03-01'`);
    const [d] = await t.database.query<{ rent: number }>(
      `select sum(rent_num)::int as rent from stats_site_daily where day between '2024-03-01' and '2024-03-03'`,
    );
    expect(m.rent).toBe(d.rent);
    expect(m.rent).toBeGreaterThan(0);
    // the days' rows since 02-26 are in the year too
    const [y] = await t.database.query<{ rent: number }>(`select sum(rent_num)::int as rent from stats_site_yearly where year = '2024-01-01'`);
    const [all] = await t.database.query<{ rent: number }>(`select sum(rent_num)::int as rent from stats_site_daily where day >= '2024-02-26'`);
    expect(y.rent).toBe(all.rent);
  });

  it('answers the same counts as the raw events for every window and brand filter', async () => {
    const brands = await t.database.query<{ id: number }>(`select id from brands order by id`);
    for (const q of windows) {
      const w = windowOf(q, TZ);
      for (const brandId of [null, brands[0].id]) {
        const r = await siteRanking(t.database, w, { areaIds: ['110108'], brandId, siteType: 0, orderBy: 'rent' }, TZ, now);
        expect(counts(r.rows), JSON.stringify(q)).toEqual(await fromEvents(w, brandId));
        expect(r.total).toBe(SITES.length);
      }
    }
  });

  it('rolls the day after the watermark as partial rows, once the watermark reaches the day before it', async () => {
    // the watermark is at 03-03: the hours of 03-04 so far are rolled, but cannot be used yet
    expect(await rollupSiteToday(ctx, new Date('2024-03-04T10:30:00+08:00'))).toEqual({
      day: '2024-03-04',
      through: new Date('2024-03-04T09:00:00+08:00'),
    });
    expect((await siteWatermarks((text, params) => t.database.query(text, params))).partial).toEqual(new Date('2024-03-04T09:00:00+08:00'));
    const w = windowOf({ year: 2024, month: 3 }, TZ);
    const r = await siteRanking(t.database, w, { areaIds: ['110108'], brandId: null, siteType: 0, orderBy: 'rent' }, TZ, now);
    expect(counts(r.rows)).toEqual(await fromEvents(w, null));
    // a day rolled whole is left alone
    expect(await rollupSiteToday(ctx, new Date('2024-03-03T12:00:00+08:00'))).toBeNull();
  });

  it('answers the same after the watermark moves on, with the partial day, and when it is gone', async () => {
    await rollupSiteDays(ctx, '2024-03-04');
    // the whole day replaced the partial rows of 03-04; 03-05 up to 09:00 is partial now
    expect(await rollupSiteToday(ctx, now)).toEqual({
      day: '2024-03-05',
      through: new Date('2024-03-05T09:00:00+08:00'),
    });
    const [{ n }] = await t.database.query<{ n: number }>(`select count(*)::int as n from stats_site_daily where day = '2024-03-05'`);
    expect(n).toBeGreaterThan(0);
    for (const through of ['2024-03-04', null]) {
      if (through === null) await t.database.query(`delete from job_runs where name = 'site_days'`);
      for (const q of windows) {
        const w = windowOf(q, TZ);
        const r = await siteRanking(t.database, w, { areaIds: ['110108'], brandId: null, siteType: 0, orderBy: 'return' }, TZ, now);
        expect(counts(r.rows), `${through} ${JSON.stringify(q)}`).toEqual(await fromEvents(w, null));
        const order = r.rows.map((x) => x.returnNum);
        expect(order).toEqual([...order].sort((a, b) => b - a));
      }
    }
  });
});

describe('the partial day, then the whole day', () => {
  it('keeps the month table to whole days: rolling the day whole replaces its partial rows and adds it once', async () => {
    // from empty tables (the test above removed the watermark): every day rolled once, in order
    for (const sql of [
      'delete from stats_site_yearly',
      'delete from stats_site_monthly',
      'delete from stats_site_daily',
      `delete from job_runs where name in ('site_days', 'site_today')`,
    ]) {
      await t.database.query(sql);
    }
    await rollupSiteDays(ctx, '2024-03-04');
    await rollupSiteToday(ctx, new Date('2024-03-05T10:30:00+08:00'));
    await rollupHours(ctx, new Date('2024-03-05T09:00:00+08:00'), new Date('2024-03-06T00:00:00+08:00'));
    expect(await rollupSiteDays(ctx, '2024-03-05')).toEqual(['2024-03-05']);
    // each table once per brand and once for every brand together (ALL_BRANDS)
    const sums = async (table: string, where: string) => {
      const [r] = await t.database.query<{ brands: number; all: number }>(
        `select sum(rent_num) filter (where brand_id <> 0)::int as brands, sum(rent_num) filter (where brand_id = 0)::int as all
           from ${table} where ${where}`,
      );
      return [r.brands, r.all];
    };
    const rents = async (from: string) => {
      const [r] = await t.database.query<{ rent: number }>(
        `select count(*)::int as rent from ride_orders where rent_at >= $1 and rent_at < '2024-03-06T00:00:00+08:00' and rent_site_id is not null`,
        [from],
      );
      return r.rent;
    };
    const [march, year] = [await rents('2024-03-01T00:00:00+08:00'), await rents('2024-01-01T00:00:00+08:00')];
    expect(march).toBeGreaterThan(0);
    expect(year).toBeGreaterThan(march);
    expect(await sums('stats_site_monthly', `month = '2024-03-01'`)).toEqual([march, march]);
    expect(await sums('stats_site_daily', `day between '2024-03-01' and '2024-03-05'`)).toEqual([march, march]);
    expect(await sums('stats_site_yearly', `year = '2024-01-01'`)).toEqual([year, year]);
  });
});

describe('RankCache', () => {
  const f = { areaIds: ['110108'], brandId: null, siteType: 0, orderBy: 'rent' as const };
  it('loads once per key while fresh: 30 s for a window reaching the live hours, 10 min for a past one', async () => {
    let clock = Date.parse('2024-03-05T10:30:00+08:00');
    const cache = new RankCache(30_000, 600_000, 500, () => clock);
    let loads = 0;
    const load = async () => (loads++, { rows: [], total: loads });
    const today = windowOf({ year: 2024, month: 3, day: 5 }, TZ);
    const past = windowOf({ year: 2024, month: 3, day: 1 }, TZ);
    expect((await cache.get(today, f, 0, load)).total).toBe(1);
    expect((await cache.get(today, f, 0, load)).total).toBe(1);
    expect((await cache.get(today, { ...f, orderBy: 'return' }, 0, load)).total).toBe(2);
    expect((await cache.get(today, { ...f, areaIds: ['110105'] }, 0, load)).total).toBe(3);
    expect((await cache.get(past, f, 0, load)).total).toBe(4);
    clock += 31_000;
    expect((await cache.get(today, f, 0, load)).total).toBe(5);
    expect((await cache.get(past, f, 0, load)).total).toBe(4);
    clock += 600_000;
    expect((await cache.get(past, f, 0, load)).total).toBe(6);
    // a statistics run finished (the generation moved on): the past window is loaded again at once
    expect((await cache.get(past, f, 1, load)).total).toBe(7);
    expect((await cache.get(past, f, 1, load)).total).toBe(7);
  });
  it('forgets a failed load and keeps at most `max` keys', async () => {
    const cache = new RankCache(30_000, 600_000, 2);
    const w = (day: number) => windowOf({ year: 2024, month: 3, day }, TZ);
    await expect(cache.get(w(1), f, 0, () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    let loads = 0;
    const load = async () => (loads++, { rows: [], total: 0 });
    await cache.get(w(1), f, 0, load);
    expect(loads).toBe(1);
    await cache.get(w(2), f, 0, load);
    await cache.get(w(3), f, 0, load);
    await cache.get(w(1), f, 0, load); // evicted as the oldest
    expect(loads).toBe(4);
  });
});
