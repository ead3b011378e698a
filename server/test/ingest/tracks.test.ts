/**
 * Ride positions are kept RIDE_TRACK_DAYS (default 90; 0 for ever): the daily retention job
 * (jobs/retention) deletes the older ones in batches and leaves the recent ones and the orders alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../../src/config.js';
import { jobContextOf, runDailyJobs, type JobContext } from '../../src/jobs/index.js';
import { runRetention } from '../../src/jobs/retention/run.js';
import { createTestApp, type TestContext } from '../support/app.js';

let t: TestContext;
const DAY = 24 * 3600_000;
const now = new Date('2026-11-25T01:00:00Z');

/** `n` positions of bike `bikeId`, one a second from `from`. */
async function points(bikeId: string, from: Date, n: number) {
  await t.database.query(
    `insert into ride_points (bike_id, at, lon, lat)
     select $1, $2::timestamptz + make_interval(secs => g), 116.3, 39.9 from generate_series(0, $3 - 1) g`,
    [bikeId, from.toISOString(), n],
  );
}
/** The retention of ride positions alone, kept `days` days, without pauses. */
const pruneRideTracks = async (ctx: JobContext, days: number) => {
  const none = Object.fromEntries(Object.keys(ctx.retention!.days).map((k) => [k, 0])) as NonNullable<JobContext['retention']>['days'];
  const r = await runRetention({ ...ctx, retention: { ...ctx.retention!, pauseMs: 0, days: { ...none, ridePoints: days } } }, now);
  return { deleted: r!.deleted.ridePoints ?? 0 };
};
const count = async (bikeId: string) => (await t.database.query<{ n: number }>(`select count(*)::int as n from ride_points where bike_id = $1`, [bikeId]))[0].n;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('ride track keeping', () => {
  it('reads RIDE_TRACK_DAYS: 90 by default, 0 for ever, nonsense refused', () => {
    expect(loadConfig({}).retention.days.ridePoints).toBe(90);
    expect(loadConfig({ RIDE_TRACK_DAYS: '0' }).retention.days.ridePoints).toBe(0);
    expect(() => loadConfig({ RIDE_TRACK_DAYS: '-1' })).toThrow(ConfigError);
    expect(() => loadConfig({ RIDE_TRACK_DAYS: 'ninety' })).toThrow(ConfigError);
  });

  it('deletes the positions older than the keeping time in batches, keeps the newer ones', async () => {
    // 120,000 positions (a second apart: 33 hours) from 92 days ago, more than two batches; 30 just inside 90 days, 10 from today
    await points('OLD1', new Date(now.getTime() - 92 * DAY), 120_000);
    await points('EDGE', new Date(now.getTime() - 90 * DAY + 60_000), 30);
    await points('NEW1', new Date(now.getTime() - 3600_000), 10);
    const ctx = { ...jobContextOf({ config: loadConfig({ TZ: 'Asia/Shanghai' }), database: t.database }) };
    expect(ctx.retention!.days.ridePoints).toBe(90);
    expect(await pruneRideTracks(ctx, 0)).toEqual({ deleted: 0 });
    expect(await count('OLD1')).toBe(120_000);
    expect(await pruneRideTracks(ctx, 90)).toEqual({ deleted: 120_000 });
    expect([await count('OLD1'), await count('EDGE'), await count('NEW1')]).toEqual([0, 30, 10]);
    // a second run finds nothing more
    expect(await pruneRideTracks(ctx, 90)).toEqual({ deleted: 0 });
  });

  it('runs with the daily jobs', async () => {
    await points('OLD2', new Date(now.getTime() - 100 * DAY), 5);
    const ctx = jobContextOf({ config: loadConfig({ TZ: 'Asia/Shanghai', RIDE_TRACK_DAYS: '30' }), database: t.database });
    await runDailyJobs(ctx, now);
    // 30 days: OLD2 and EDGE go, today's stay
    expect([await count('OLD2'), await count('EDGE'), await count('NEW1')]).toEqual([0, 0, 10]);
  });
});
