/** Site ranking and tidal curves, checked against counts worked out by hand from statsWorld's tables. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, type TestContext } from '../support/app.js';
import { CY, D, HD, SITES, localDate, localHour, type StatsWorld, openStatsWorld, type StatsClients } from '../support/statsWorld.js';
import { runHourlyJobs } from '../../src/jobs/index.js';

let t: TestContext;
let w: StatsWorld;
let c: StatsClients;

beforeAll(async () => {
  ({ t, w, c } = await openStatsWorld());
});
afterAll(() => t.close());

const { S1, S2, S3, S4, S5, C1, C2 } = SITES;
type Row = [site: { id: string; name: string }, rent: number, ret: number, up?: number, down?: number];

/** The expected ranking rows, in order. */
const rows = (...r: Row[]) =>
  r.map(([s, rentNum, returnNum, upNum = 0, downNum = 0], i) => ({ rank: i + 1, siteId: s.id, siteName: s.name, rentNum, returnNum, upNum, downNum }));

async function rank(client: Client, q: Record<string, unknown>) {
  const r = await client.get('/api/statistics/siteRankAll', q);
  expect(r.body.code, r.body.message).toBe(200);
  return r.body.data;
}

describe('siteRankAll', () => {
  it('ranks a 海淀 hour (08 on 2024-03-10) by rents: S1 3 rents; S2 1 rent, 2 returns; S3 1 return', async () => {
    const expected = rows([S1, 3, 0], [S2, 1, 2], [S3, 0, 1], [S4, 0, 0], [S5, 0, 0]);
    const byParts = await rank(c.hd, { selfAreaId: HD, year: 2024, month: 3, day: 10, hour: 8 });
    expect(byParts.lists).toEqual(expected);
    expect(byParts).toMatchObject({
      total: 5,
      granularity: 'hour',
      timeLabel: '2024-03-10 08',
      startTime: '2024-03-10 08:00:00',
      endTime: '2024-03-10 09:00:00',
    });
    // dateTime wins over year/month/day/hour
    const byDateTime = await rank(c.hd, { selfAreaId: HD, year: 2023, month: 1, day: 1, hour: 0, dateTime: '2024-03-10 08' });
    expect(byDateTime.lists).toEqual(expected);
  });

  it('puts sites with records (here dispatches only: S1 down, S3 two ups at 11) before sites without any', async () => {
    const r = await rank(c.hd, { selfAreaId: HD, dateTime: '2024-03-10 11' });
    expect(r.lists).toEqual(rows([S1, 0, 0, 0, 1], [S3, 0, 0, 2, 0], [S2, 0, 0], [S4, 0, 0], [S5, 0, 0]));
  });

  it('ranks a day by rents and by returns, with dispatches (ups at S3, a down at S1)', async () => {
    const q = { selfAreaId: HD, year: 2024, month: 3, day: 10 };
    expect((await rank(c.hd, q)).lists).toEqual(rows([S1, 3, 3, 0, 1], [S2, 2, 2], [S3, 2, 1, 2], [S4, 0, 0], [S5, 0, 0]));
    expect((await rank(c.hd, { ...q, orderBy: 'return' })).lists).toEqual(rows([S1, 3, 3, 0, 1], [S2, 2, 2], [S3, 2, 1, 2], [S4, 0, 0], [S5, 0, 0]));
  });

  it('ranks a month (03-09 adds 3 rents at S2, returns at S2 and S3) and a year (02-20 adds S4 → S1)', async () => {
    const month = { selfAreaId: HD, year: 2024, month: 3 };
    expect((await rank(c.hd, month)).lists).toEqual(rows([S2, 5, 3], [S1, 3, 3, 0, 1], [S3, 2, 3, 2], [S4, 0, 0], [S5, 0, 0]));
    // returns all 3: rents break the tie
    expect((await rank(c.hd, { ...month, orderBy: 'return' })).lists).toEqual(rows([S2, 5, 3], [S1, 3, 3, 0, 1], [S3, 2, 3, 2], [S4, 0, 0], [S5, 0, 0]));
    const year = await rank(c.hd, { selfAreaId: HD, year: 2024 });
    expect(year).toMatchObject({ granularity: 'year', timeLabel: '2024', startTime: '2024-01-01 00:00:00', endTime: '2025-01-01 00:00:00' });
    expect(year.lists).toEqual(rows([S2, 5, 3], [S1, 3, 4, 0, 1], [S3, 2, 3, 2], [S4, 1, 0], [S5, 0, 0]));
    expect((await rank(c.hd, { selfAreaId: HD, year: 2024, orderBy: 'return' })).lists).toEqual(
      rows([S1, 3, 4, 0, 1], [S2, 5, 3], [S3, 2, 3, 2], [S4, 1, 0], [S5, 0, 0]),
    );
    expect((await rank(c.hd, { selfAreaId: HD, year: 2023 })).lists).toEqual(rows([S1, 0, 0], [S2, 0, 0], [S3, 0, 0], [S4, 0, 0], [S5, 0, 0]));
  });

  it('filters key sites (siteType 2: S1) and recycle sites (siteType 1: S2)', async () => {
    const q = { selfAreaId: HD, year: 2024, month: 3, day: 10 };
    expect(await rank(c.hd, { ...q, siteType: 2 })).toMatchObject({ total: 1, lists: rows([S1, 3, 3, 0, 1]) });
    expect(await rank(c.hd, { ...q, siteType: 1 })).toMatchObject({ total: 1, lists: rows([S2, 2, 2]) });
  });

  it('keeps districts apart: 朝阳 sees C1 (3 rents, 1 return, 1 down) and C2; the root sees both districts', async () => {
    const q = { year: 2024, month: 3, day: 10 };
    expect((await rank(c.cy, { ...q, selfAreaId: CY })).lists).toEqual(rows([C1, 3, 1, 0, 1], [C2, 0, 1]));
    const all = await rank(c.admin, q);
    expect(all.total).toBe(7);
    expect(all.lists).toEqual(rows([S1, 3, 3, 0, 1], [C1, 3, 1, 0, 1], [S2, 2, 2], [S3, 2, 1, 2], [C2, 0, 1], [S4, 0, 0], [S5, 0, 0]));
    const other = await c.hd.get('/api/statistics/siteRankAll', { ...q, selfAreaId: CY });
    expect(other.body).toMatchObject({ code: 5002, data: null });
  });

  it('shows an enterprise user their own brand only (美团: r1, r2, r4, r6, r7, d1, d2)', async () => {
    expect((await rank(c.ent, { selfAreaId: HD, year: 2024, month: 3, day: 10 })).lists).toEqual(
      rows([S1, 2, 2, 0, 1], [S2, 2, 1], [S3, 1, 1, 1], [S4, 0, 0], [S5, 0, 0]),
    );
  });

  it('counts yesterday (rolled up by the daily job) and the current hour (not rolled up yet), never twice', async () => {
    // by hand: y1 S3 → S1, y2 S1 → S4 yesterday; the live ride l1 S2 → S2 two minutes ago
    const l1 = { rentDay: localDate(w.live.rentAt), returnDay: localDate(w.live.returnAt) };
    const onDay = (day: string) => ({ rent: l1.rentDay === day ? 1 : 0, ret: l1.returnDay === day ? 1 : 0 });
    const [y, m, d] = w.yesterday.split('-').map(Number);
    const yl = onDay(w.yesterday);
    const expectYesterday = [
      [S1, 1, 1],
      [S3, 1, 0],
      [S2, yl.rent, yl.ret],
      [S4, 0, 1],
      [S5, 0, 0],
    ] as Row[];
    const sortRows = (list: Row[]) => [...list].sort((a, b) => b[1] - a[1] || b[2] - a[2] || (a[0].id < b[0].id ? -1 : 1));
    const [ty, tm, td] = w.today.split('-').map(Number);
    const tl = onDay(w.today);
    const hour = localHour(w.live.rentAt);
    const sameHour = localHour(w.live.returnAt) === hour && l1.returnDay === l1.rentDay;
    const [ly, lm, ld] = l1.rentDay.split('-').map(Number);
    const check = async () => {
      expect((await rank(c.hd, { selfAreaId: HD, year: y, month: m, day: d })).lists).toEqual(rows(...sortRows(expectYesterday)));
      const today = await rank(c.hd, { selfAreaId: HD, year: ty, month: tm, day: td });
      expect(today.lists.find((r: { siteId: string }) => r.siteId === S2.id)).toMatchObject({ rentNum: tl.rent, returnNum: tl.ret });
      expect(
        today.lists.filter((r: { siteId: string }) => r.siteId !== S2.id).every((r: { rentNum: number; returnNum: number }) => r.rentNum + r.returnNum === 0),
      ).toBe(true);
      const h = await rank(c.hd, { selfAreaId: HD, year: ly, month: lm, day: ld, hour });
      expect(h.lists[0]).toMatchObject({ siteId: S2.id, rentNum: 1, returnNum: sameHour ? 1 : 0 });
    };
    await check();
    await runHourlyJobs(w.ctx, new Date());
    const rolled = await t.database.query<{ n: number }>(`select count(*)::int as n from stats_hourly where site_id = $1 and hour >= $2`, [
      S2.id,
      new Date(Math.floor(w.live.rentAt.getTime() / 3600_000) * 3600_000).toISOString(),
    ]);
    expect(rolled[0].n).toBeGreaterThan(0); // the rollup now holds the live hour too
    await check();
  });

  it('answers code 400 naming the field for bad input', async () => {
    const bad = async (q: Record<string, unknown>, field: string) => {
      const r = await c.hd.get('/api/statistics/siteRankAll', { selfAreaId: HD, ...q });
      expect(r.body.code, JSON.stringify(q)).toBe(400);
      expect(r.body.message).toContain(field);
    };
    await bad({}, 'year');
    await bad({ year: 2024, month: 13 }, 'month');
    await bad({ year: 2024, month: 2, day: 30 }, 'day');
    await bad({ year: 2024, day: 3 }, 'month');
    await bad({ year: 2024, month: 3, hour: 8 }, 'day');
    await bad({ year: 2024, month: 3, day: 10, hour: 24 }, 'hour');
    await bad({ dateTime: '2024-03-10' }, 'dateTime');
    await bad({ dateTime: '2024-02-30 08' }, 'dateTime');
    await bad({ year: 2024, orderBy: 'fee' }, 'orderBy');
    await bad({ year: 2024, siteType: 3 }, 'siteType');
    await bad({ year: 1999 }, 'year');
    expect((await c.hd.get('/api/statistics/siteRankAll', { selfAreaId: 'abc', year: 2024 })).body.code).toBe(400);
  });

  it('needs the site-ranking permission (a supervisor has home but not home.siteRank)', async () => {
    expect((await c.sup.get('/api/statistics/siteRankAll', { selfAreaId: HD, year: 2024 })).body.code).toBe(5002);
    expect((await c.sup.get('/api/statistics/tidal', { selfAreaId: HD, year: 2024 })).body.code).toBe(200);
  });
});

/** 24 hourly points with the given non-zero hours; counts are [bikeRent, eBikeRent, bikeReturn, eBikeReturn]. */
function hours(nonZero: Record<number, [number, number, number, number]>, mold = 1) {
  return Array.from({ length: 24 }, (_, hour) => {
    const [a, b, cc, d] = nonZero[hour] ?? [0, 0, 0, 0];
    return { hour, ...counts([a, b, cc, d], mold) };
  });
}
function counts([a, b, cc, d]: [number, number, number, number], mold = 1) {
  return { bike_rent_num: a, e_bike_rent_num: b, bike_return_num: cc, e_bike_return_num: d, bike_num: mold === 2 ? cc : a, e_bike_num: mold === 2 ? d : b };
}

async function tidal(client: Client, q: Record<string, unknown>) {
  const r = await client.get('/api/statistics/tidal', q);
  expect(r.body.code, r.body.message).toBe(200);
  return r.body.data;
}

describe('tidal', () => {
  // 2024-03-10 in 海淀, by hand: rents 08 → 3 bikes (r1 r2 r3) + 1 e-bike (r4); 09 → 2 bikes (r6 r7) + 1 e-bike (r5);
  // returns 08 → 3 bikes (r1 r2 r3); 09 → 1 bike (r6) + 2 e-bikes (r4 r5); 10 → 1 bike (r7, outside the sites)
  const D_HOURS = { 8: [3, 1, 3, 0], 9: [2, 1, 1, 2], 10: [0, 0, 1, 0] } as Record<number, [number, number, number, number]>;
  // March 2024 adds 03-09: rents 12 → 2 (r10 r11), 13 → 1 (r12); returns 12 → 2, 13 → 1
  const MARCH = counts([8, 2, 8, 2]);

  it('gives a day hour by hour with its day and month totals', async () => {
    const d = await tidal(c.hd, { selfAreaId: HD, year: 2024, month: 3, day: 10 });
    expect(d.series).toEqual([{ date: D, hours: hours(D_HOURS), total: counts([5, 2, 5, 2]) }]);
    expect(d.dayTotal).toEqual({ date: D, ...counts([5, 2, 5, 2]) });
    expect(d.monthTotal).toEqual({ date: '2024-03', ...MARCH });
    expect(d.mold).toBeNull();
    const returns = await tidal(c.hd, { selfAreaId: HD, year: 2024, month: 3, day: 10, mold: 2 });
    expect(returns.series[0].hours).toEqual(hours(D_HOURS, 2));
    expect(returns.series[0].hours[9]).toMatchObject({ bike_num: 1, e_bike_num: 2 });
  });

  it('gives a month and a year as 24-hour profiles', async () => {
    const m = await tidal(c.hd, { selfAreaId: HD, year: 2024, month: 3 });
    expect(m.series).toEqual([{ date: '2024-03', hours: hours({ ...D_HOURS, 12: [2, 0, 2, 0], 13: [1, 0, 1, 0] }), total: MARCH }]);
    expect(m).toMatchObject({ dayTotal: null, monthTotal: { date: '2024-03', ...MARCH } });
    // 2024-02-20 adds r13: rent 10:00, return 10:30
    const y = await tidal(c.hd, { selfAreaId: HD, year: 2024 });
    expect(y.series[0].hours).toEqual(hours({ ...D_HOURS, 10: [1, 0, 2, 0], 12: [2, 0, 2, 0], 13: [1, 0, 1, 0] }));
    expect(y).toMatchObject({ dayTotal: null, monthTotal: null });
  });

  it('gives seven days for the 7-day curve, the last day and its month as totals', async () => {
    const days = ['2024-03-04', '2024-03-05', '2024-03-06', '2024-03-07', '2024-03-08', '2024-03-09', '2024-03-10'];
    const g = await tidal(c.hd, { selfAreaId: HD, dateGroup: [...days].reverse().join(',') });
    expect(g.series.map((s: { date: string }) => s.date)).toEqual(days);
    expect(g.series.map((s: { total: { bike_rent_num: number } }) => s.total.bike_rent_num)).toEqual([0, 0, 0, 0, 0, 3, 5]);
    expect(g.series[5].hours).toEqual(hours({ 12: [2, 0, 2, 0], 13: [1, 0, 1, 0] }));
    expect(g.dayTotal).toEqual({ date: D, ...counts([5, 2, 5, 2]) });
    expect(g.monthTotal).toEqual({ date: '2024-03', ...MARCH });
  });

  it('attributes rides outside sites to their own district (美团 returns at 10:05 in 海淀 and 10:20 in 朝阳)', async () => {
    const d = await tidal(c.cy, { selfAreaId: CY, year: 2024, month: 3, day: 10 });
    // 朝阳 by hand: rents 10 → r14, 18 → r8 r9; returns 10 → r14 (outside the sites), 18 → r8 r9
    expect(d.series[0].hours).toEqual(hours({ 10: [1, 0, 1, 0], 18: [2, 0, 2, 0] }));
    expect((await c.hd.get('/api/statistics/tidal', { selfAreaId: CY, year: 2024 })).body.code).toBe(5002);
  });

  it('answers code 400 naming the field for bad input', async () => {
    const bad = async (q: Record<string, unknown>, field: string) => {
      const r = await c.hd.get('/api/statistics/tidal', { selfAreaId: HD, ...q });
      expect(r.body.code, JSON.stringify(q)).toBe(400);
      expect(r.body.message).toContain(field);
    };
    await bad({}, 'year');
    await bad({ dateGroup: '2024-03-01,2024-03-02,2024-03-03,2024-03-04,2024-03-05,2024-03-06,2024-03-07,2024-03-08' }, 'dateGroup');
    await bad({ dateGroup: '2024-03-01,yesterday' }, 'dateGroup');
    await bad({ dateGroup: '2024-02-30' }, 'dateGroup');
    await bad({ year: 2024, day: 3 }, 'month');
    await bad({ year: 2024, mold: 3 }, 'mold');
  });
});
