/**
 * Issue 25 point 6: a past window's ranking asked while its data is still arriving (the demo's
 * back-fill) must not keep the answer it gave before the statistics job rolled the window in. The
 * day ranking is counted two ways after the rollup: the day's answer, and its 24 hour rankings
 * added up (and the rides sent); both must agree although the day was asked (and cached) before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, adminClient, userClient, type Client, type TestContext } from '../support/app.js';
import { Operator, addBrand, addSite, fenceTestDistricts } from '../support/world.js';
import { jobContextOf, runDailyJobs } from '../../src/jobs/index.js';

const HD = '110108';
const DAY = '2024-05-02';
const at = (time: string) => `${DAY}T${time}:00+08:00`;
const S1 = { id: '1101080000001', lon: 116.31, lat: 39.98 };
const S2 = { id: '1101080000002', lon: 116.312, lat: 39.98 };

let t: TestContext;
let hd: Client;
let mt: Operator;

beforeAll(async () => {
  t = await createTestApp();
  await addBrand(t.database, { name: '美团', account: 'mt', areaId: HD });
  for (const s of [S1, S2]) await addSite(t.database, { id: s.id, areaId: HD, lon: s.lon, lat: s.lat, ceiling: 10 });
  await fenceTestDistricts(t.app, t.database);
  mt = await new Operator(t.app, 'mt').login();
  const r = await mt.post(
    '/bikes',
    ['MB1', 'MB2', 'MB3'].map((bikeId) => ({ bikeId, bikeType: 0 })),
  );
  expect(r.status).toBe(200);
  const admin = await adminClient(t.app);
  hd = await userClient(t.app, admin, { username: 'hd_admin', areaId: HD, roleIds: [2] });
});
afterAll(() => t.close());

const rank = async (q: Record<string, unknown>) => {
  const r = await hd.get('/api/statistics/siteRankAll', { selfAreaId: HD, ...q });
  expect(r.body.code).toBe(200);
  return r.body.data.lists as { siteId: string; rentNum: number; returnNum: number }[];
};
const sum = (rows: { rentNum: number; returnNum: number }[]) => rows.reduce((s, r) => [s[0] + r.rentNum, s[1] + r.returnNum], [0, 0]);

describe('ranking of a past window while its data arrives', () => {
  it('answers the rolled-up day at once after the statistics run, equal to its hours added up', async () => {
    const day = { year: 2024, month: 5, day: 2 };
    // asked before the day's events arrived (and cached as a past window)
    expect(sum(await rank(day))).toEqual([0, 0]);

    const rides = [
      { id: 'r1', bike: 'MB1', from: S1, rentAt: at('08:05'), to: S2, returnAt: at('08:20') },
      { id: 'r2', bike: 'MB2', from: S1, rentAt: at('09:10'), to: S2, returnAt: at('09:40') },
      { id: 'r3', bike: 'MB3', from: S2, rentAt: at('17:30'), to: S1, returnAt: at('18:05') },
    ];
    for (const phase of ['rent', 'return'] as const) {
      const items = rides.map((x) =>
        phase === 'rent'
          ? { orderId: x.id, bikeId: x.bike, event: 'rent', at: x.rentAt, lon: x.from.lon, lat: x.from.lat }
          : { orderId: x.id, bikeId: x.bike, event: 'return', at: x.returnAt, lon: x.to.lon, lat: x.to.lat, fee: 0 },
      );
      const r = await mt.post('/orders', items);
      expect(r.body.data.rejected).toEqual([]);
    }
    // the back-fill's run after the day's midnight rolls the day in
    await runDailyJobs(jobContextOf(t.app.ctx), new Date('2024-05-03T00:30:00+08:00'));

    const hours: number[][] = [];
    for (let h = 0; h < 24; h++) hours.push(sum(await rank({ ...day, hour: h })));
    const byHours = hours.reduce((s, x) => [s[0] + x[0], s[1] + x[1]], [0, 0]);
    expect(byHours).toEqual([3, 3]);
    // the day asked again: the rollup's answer, not the one cached before it
    expect(sum(await rank(day))).toEqual(byHours);
    // and the month holding it
    expect(sum(await rank({ year: 2024, month: 5 }))).toEqual(byHours);
  });
});
