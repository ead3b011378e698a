/**
 * Issue 25 points 1 and 4: the trend's 投放 (placed) and 站内 of a day against the brand figures the
 * big screen, the 品牌 tab and 总量设置 show (brandPercent / areaVerify), counted two ways at fixed
 * instants around a local midnight (no wall clock): 2024-05-01 all four filed bikes report, with an
 * illegal (never filed) one; after midnight only one of them has reported yet, a fifth bike is filed,
 * and the jobs of the first hour run (the midnight case that used to give the month 投放 0).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, createTestApp, userClient, type Client, type TestContext } from '../support/app.js';
import { Operator, addBrand, addSite, fenceTestDistricts } from '../support/world.js';
import { jobContextOf, runHourlyJobs, runMinuteJobs } from '../../src/jobs/index.js';
import { brandTrend } from '../../src/shared/brandTrend.js';

const TZ = 'Asia/Shanghai';
const HD = '110108';
const at = (day: string, time: string) => new Date(`${day}T${time}:00+08:00`);
const S1 = { id: '1101080000001', lon: 116.31, lat: 39.98 };
const OFF = { lon: 116.32, lat: 39.975 };

let t: TestContext;
let hd: Client;
let mtId: number;

beforeAll(async () => {
  t = await createTestApp();
  mtId = await addBrand(t.database, { name: '美团', account: 'mt', areaId: HD });
  await addSite(t.database, { id: S1.id, areaId: HD, lon: S1.lon, lat: S1.lat, ceiling: 10 });
  await fenceTestDistricts(t.app, t.database);
  const mt = await new Operator(t.app, 'mt').login();
  await mt.post(
    '/bikes',
    ['MB1', 'MB2', 'MB3', 'MB4'].map((bikeId) => ({ bikeId, bikeType: 0 })),
  );
  await t.database.query(`update bikes set filed_at = $1`, [at('2024-04-20', '09:00').toISOString()]);
  const ctx = jobContextOf(t.app.ctx);
  // 05-01: three in the site, one off-site, and an illegal bike in the site
  const report = (bikeId: string, p: { lon: number; lat: number }, when: Date) => ({ bikeId, status: 1, ...p, reportedAt: when.toISOString(), bikeType: 0 });
  const r1 = await mt.post('/bikes/status', [
    report('MB1', S1, at('2024-05-01', '10:00')),
    report('MB2', S1, at('2024-05-01', '10:00')),
    report('MB3', S1, at('2024-05-01', '10:00')),
    report('MB4', OFF, at('2024-05-01', '10:00')),
    report('MX9', S1, at('2024-05-01', '10:00')),
  ]);
  expect(r1.status).toBe(200);
  await runMinuteJobs(ctx, at('2024-05-01', '10:05'));
  await runHourlyJobs(ctx, at('2024-05-01', '10:05'));
  await runMinuteJobs(ctx, at('2024-05-01', '23:59'));
  await runHourlyJobs(ctx, at('2024-05-01', '23:59'));
  // after midnight: MB1 reports again, MB5 is filed (not yet reporting)
  await mt.post('/bikes/status', [report('MB1', S1, at('2024-05-02', '00:10'))]);
  await mt.post('/bikes', [{ bikeId: 'MB5', bikeType: 0 }]);
  await t.database.query(`update bikes set filed_at = $1 where bike_id = 'MB5'`, [at('2024-05-02', '00:12').toISOString()]);
  await runMinuteJobs(ctx, at('2024-05-02', '00:20'));
  await runHourlyJobs(ctx, at('2024-05-02', '00:30'));
  const admin = await adminClient(t.app);
  hd = await userClient(t.app, admin, { username: 'hd_admin', areaId: HD, roleIds: [2] });
});
afterAll(() => t.close());

const NOW = at('2024-05-02', '00:40');

describe('投放 and 站内 of the trend against the brand figures', () => {
  it('today’s placed and in-site bikes are the big screen’s, filed bikes only, with 站内 ≤ 投放', async () => {
    const shares = (await hd.get('/api/statistics/brandPercent', { selfAreaId: HD })).body.data;
    const verify = (await hd.get('/api/statistics/areaVerify', { selfAreaId: HD })).body.data.lists[0];
    // the brand figures: 5 filed, 4 online (MX9 is illegal: apart), 3 of them in the site
    expect([shares.PutBikeNum, shares.BrandBikeNum, shares.SiteBikeNum, verify.abnormal]).toEqual([5, 4, 3, 1]);
    expect(verify.onlineNum).toBe(shares.BrandBikeNum);
    const month = await brandTrend(t.database, [HD], { year: 2024, month: 5, dataType: 1 }, TZ, NOW);
    const today = month[mtId].rows[1];
    expect(today).toMatchObject({ date: '2024-05-02', partial: true });
    expect([today.online_num, today.site_num]).toEqual([shares.BrandBikeNum, shares.SiteBikeNum]);
    // the day before, as at its last snapshot: the same four filed bikes online, three in the site
    expect([month[mtId].rows[0].online_num, month[mtId].rows[0].site_num]).toEqual([4, 3]);
    for (const r of month[mtId].rows) if (r.online_num !== null) expect(r.site_num!).toBeLessThanOrEqual(r.online_num);
    // every hour of today so far repeats today's figure
    const hours = await brandTrend(t.database, [HD], { year: 2024, month: 5, day: 2, dataType: 1 }, TZ, NOW);
    expect(hours[mtId].rows[0].value).toBe(shares.BrandBikeNum);
  });

  it('in the first hour of a day the month is the whole days’ placed bikes, and yesterday’s filed count stays yesterday’s', async () => {
    const year = await brandTrend(t.database, [HD], { year: 2024, dataType: 1 }, TZ, NOW);
    const may = year[mtId].rows[4];
    expect(may).toMatchObject({ date: '2024-05', online_num: 4, site_num: 3 });
    const month = await brandTrend(t.database, [HD], { year: 2024, month: 5, dataType: 1 }, TZ, NOW);
    // MB5 was filed after midnight: not one of 05-01's filed bikes
    expect(month[mtId].rows[0].filed_num).toBe(4);
    expect(month[mtId].rows[1].filed_num).toBe(5);
  });
});
