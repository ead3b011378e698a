/**
 * Issue 25 point 2: a site's usage curve (使用曲线, /api/dashboard/siteStatistics) against the site
 * ranking it is opened from (/api/statistics/siteRankAll), counted two ways at a fixed instant
 * (2024-05-02 14:20, Asia/Shanghai; no wall clock): the curve's slots added up against the site's
 * ranking row for the day, the month and the current hour, and both against the ride orders sent.
 * The hourly job ran at 13:30; rides came in after it (13:40 and 14:10): the hours the rollup has not
 * finished must count on both screens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../support/app.js';
import { Operator, addBrand, addSite, fenceTestDistricts } from '../support/world.js';
import { jobContextOf, runHourlyJobs } from '../../src/jobs/index.js';
import { siteUsage } from '../../src/modules/dashboard/charts/service.js';
import { siteRanking } from '../../src/modules/statistics/repo.js';
import { windowOf } from '../../src/modules/statistics/window.js';

const TZ = 'Asia/Shanghai';
const HD = '110108';
const at = (day: string, time: string) => `${day}T${time}:00+08:00`;
const S1 = { id: '1101080000001', lon: 116.31, lat: 39.98 };
const S2 = { id: '1101080000002', lon: 116.312, lat: 39.98 };
const NOW = new Date(at('2024-05-02', '14:20'));

let t: TestContext;
let mtId: number;
let hbId: number;
/** Rides sent: brand, rent site, rent time, return site, return time. */
const RIDES: { brand: 'mt' | 'hb'; bike: string; from: typeof S1; rentAt: string; to: typeof S1; returnAt: string }[] = [
  { brand: 'mt', bike: 'MB1', from: S1, rentAt: at('2024-05-01', '08:05'), to: S2, returnAt: at('2024-05-01', '08:30') },
  { brand: 'mt', bike: 'MB2', from: S1, rentAt: at('2024-05-02', '09:10'), to: S2, returnAt: at('2024-05-02', '09:40') },
  { brand: 'hb', bike: 'HB1', from: S2, rentAt: at('2024-05-02', '11:00'), to: S1, returnAt: at('2024-05-02', '11:20') },
  // after the hourly job of 13:30
  { brand: 'mt', bike: 'MB3', from: S1, rentAt: at('2024-05-02', '13:40'), to: S1, returnAt: at('2024-05-02', '13:55') },
  { brand: 'hb', bike: 'HB2', from: S1, rentAt: at('2024-05-02', '14:05'), to: S2, returnAt: at('2024-05-02', '14:10') },
  { brand: 'mt', bike: 'MB1', from: S2, rentAt: at('2024-05-02', '14:12'), to: S1, returnAt: at('2024-05-02', '14:15') },
];

async function send(ops: Record<'mt' | 'hb', Operator>, rides: typeof RIDES) {
  for (const r of rides) {
    for (const item of [
      { orderId: `${r.bike}-${r.rentAt.slice(5, 16).replace(/[^0-9]/g, '')}`, bikeId: r.bike, event: 'rent', at: r.rentAt, lon: r.from.lon, lat: r.from.lat },
      {
        orderId: `${r.bike}-${r.rentAt.slice(5, 16).replace(/[^0-9]/g, '')}`,
        bikeId: r.bike,
        event: 'return',
        at: r.returnAt,
        lon: r.to.lon,
        lat: r.to.lat,
        fee: 0,
      },
    ]) {
      const x = await ops[r.brand].post('/orders', [item]);
      expect(x.body.data.rejected).toEqual([]);
    }
  }
}

beforeAll(async () => {
  t = await createTestApp();
  mtId = await addBrand(t.database, { name: '美团', account: 'mt', areaId: HD });
  hbId = await addBrand(t.database, { name: '哈啰', account: 'hb', areaId: HD });
  for (const s of [S1, S2]) await addSite(t.database, { id: s.id, areaId: HD, lon: s.lon, lat: s.lat, ceiling: 10 });
  await fenceTestDistricts(t.app, t.database);
  const ops = { mt: await new Operator(t.app, 'mt').login(), hb: await new Operator(t.app, 'hb').login() };
  await ops.mt.post(
    '/bikes',
    ['MB1', 'MB2', 'MB3'].map((bikeId) => ({ bikeId, bikeType: 0 })),
  );
  await ops.hb.post(
    '/bikes',
    ['HB1', 'HB2'].map((bikeId) => ({ bikeId, bikeType: 0 })),
  );
  const before = RIDES.filter((r) => r.rentAt < at('2024-05-02', '13:30'));
  await send(ops, before);
  await runHourlyJobs(jobContextOf(t.app.ctx), new Date(at('2024-05-02', '13:30')));
  await send(ops, RIDES.slice(before.length));
});
afterAll(() => t.close());

/** The site's row of the ranking of a window, as of NOW. */
async function rankRow(site: typeof S1, q: Parameters<typeof windowOf>[0], brandId: number | null = null) {
  const w = windowOf(q, TZ);
  const r = await siteRanking(t.database, w, { areaIds: [HD], brandId, siteType: 0, orderBy: 'rent' }, TZ, NOW);
  const row = r.rows.find((x) => x.siteId === site.id)!;
  return [row.rentNum, row.returnNum];
}

/** The curve's slots added up, as of NOW. */
async function curveSum(site: typeof S1, q: { year: number; month?: number; day?: number; dataType?: number }, brandId: number | null = null) {
  const rows = await siteUsage(t.database, { siteId: site.id, areaId: HD, capacity: 10 }, q, TZ, NOW, brandId);
  return { total: [rows.reduce((s, r) => s + (r.rent_num ?? 0), 0), rows.reduce((s, r) => s + (r.return_num ?? 0), 0)], rows };
}

/** Rents at and returns to the site in [from, to), from the rides sent. */
const byEvents = (site: typeof S1, from: string, to: string, brand?: 'mt' | 'hb') => {
  const mine = RIDES.filter((r) => !brand || r.brand === brand);
  return [
    mine.filter((r) => r.from === site && r.rentAt >= from && r.rentAt < to).length,
    mine.filter((r) => r.to === site && r.returnAt >= from && r.returnAt < to).length,
  ];
};

describe('usage curve against the site ranking', () => {
  it('adds up to the ranking row for the day, the month and the year, the hours the rollup has not finished included', async () => {
    for (const site of [S1, S2]) {
      const day = await curveSum(site, { year: 2024, month: 5, day: 2, dataType: 1 });
      expect(day.total).toEqual(await rankRow(site, { year: 2024, month: 5, day: 2 }));
      expect(day.total).toEqual(byEvents(site, at('2024-05-02', '00:00'), at('2024-05-03', '00:00')));
      const month = await curveSum(site, { year: 2024, month: 5, dataType: 2 });
      expect(month.total).toEqual(await rankRow(site, { year: 2024, month: 5 }));
      expect(month.total).toEqual(byEvents(site, at('2024-05-01', '00:00'), at('2024-06-01', '00:00')));
      const year = await curveSum(site, { year: 2024, dataType: 3 });
      expect(year.total).toEqual(await rankRow(site, { year: 2024 }));
    }
  });

  it('shows the current, incomplete hour as the hour ranking does', async () => {
    const day = await curveSum(S1, { year: 2024, month: 5, day: 2, dataType: 1 });
    const current = day.rows[14];
    expect(current.partial).toBe(true);
    expect([current.rent_num, current.return_num]).toEqual(await rankRow(S1, { year: 2024, month: 5, day: 2, hour: 14 }));
    expect([current.rent_num, current.return_num]).toEqual([1, 1]);
    // the hour the job ran in, finished since but not rolled again
    expect([day.rows[13].rent_num, day.rows[13].return_num]).toEqual(await rankRow(S1, { year: 2024, month: 5, day: 2, hour: 13 }));
    expect([day.rows[13].rent_num, day.rows[13].return_num]).toEqual([1, 1]);
  });

  it('counts an enterprise user’s own brand only, as their ranking does', async () => {
    for (const [brandId, brand] of [
      [mtId, 'mt'],
      [hbId, 'hb'],
    ] as const) {
      const day = await curveSum(S1, { year: 2024, month: 5, day: 2, dataType: 1 }, brandId);
      expect(day.total).toEqual(await rankRow(S1, { year: 2024, month: 5, day: 2 }, brandId));
      expect(day.total).toEqual(byEvents(S1, at('2024-05-02', '00:00'), at('2024-05-03', '00:00'), brand));
    }
  });
});
