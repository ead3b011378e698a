import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../support/app.js';
import { generateWorld, startDemo } from '../../src/sim/index.js';

const SEED = 3;
const WORLD = { sites: 30, fleetScale: 0.05 };
const world = generateWorld(SEED, WORLD);
const noop = async () => {};

let t: TestContext;
let baseUrl: string;
const count = async (sql: string, params: unknown[] = []) => (await t.database.query<{ n: number }>(sql, params))[0].n;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  // the city's demand follows the local hour (tide.ts): run it in a zone where it is now about 17:00,
  // the evening tide, so that the test does not depend on the hour it runs at (04:00 is nearly still)
  const offset = ((17 - new Date().getUTCHours() + 36) % 24) - 12;
  t = await createTestApp({ TZ: offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}` });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(() => t?.close());

describe('demo city, live', () => {
  it('sends rides and positions over HTTP in real time, and stops cleanly', async () => {
    const started = Date.now();
    const demo = await startDemo({
      app: t.app,
      database: t.database,
      baseUrl,
      log: t.app.log,
      seed: SEED,
      world: WORLD,
      jobs: { minute: noop, hourly: noop, daily: noop },
      backfillDays: 0,
      // a very busy city, so that a few seconds hold many rides (a ride itself takes minutes)
      ridesPerDay: 200_000,
      tickSeconds: 0.3,
    });
    await demo.ready;
    const since = new Date(started - 5000).toISOString();
    // up to 40 s: on a loaded machine (CI's other suites beside it) the first rides take a while
    for (let i = 0; i < 160 && (await count(`select count(*)::int as n from ride_orders where rent_at > $1`, [since])) < 5; i++) await sleep(250);
    await demo.stop();

    // every reporting bike said where it is first, then rides started and report on the way
    expect(await count(`select count(*)::int as n from bike_live`)).toBe(world.bikes.filter((b) => !b.silent).length);
    expect(await count(`select count(*)::int as n from ride_orders where rent_at > $1`, [since])).toBeGreaterThanOrEqual(5);
    expect(await count(`select count(*)::int as n from bike_live where status = 2`)).toBeGreaterThan(0);
    expect(await count(`select count(*)::int as n from sync_logs where endpoint = 'POST /orders' and result = 'ok'`)).toBeGreaterThan(0);
    expect(await count(`select count(*)::int as n from sync_logs where result <> 'ok'`)).toBe(0);
    // nothing after stop()
    const logs = await count(`select count(*)::int as n from sync_logs`);
    await sleep(1000);
    expect(await count(`select count(*)::int as n from sync_logs`)).toBe(logs);
  }, 90_000);

  it('starts again from the platform state without filing twice', async () => {
    const filings = await count(`select count(*)::int as n from sync_logs where endpoint = 'POST /bikes'`);
    const demo = await startDemo({
      app: t.app,
      database: t.database,
      baseUrl,
      log: t.app.log,
      seed: SEED,
      world: WORLD,
      jobs: { minute: noop, hourly: noop, daily: noop },
      backfillDays: 0,
      ridesPerDay: 200_000,
      tickSeconds: 0.3,
    });
    await demo.ready;
    const before = await count(`select count(*)::int as n from ride_orders`);
    for (let i = 0; i < 40 && (await count(`select count(*)::int as n from ride_orders`)) === before; i++) await sleep(250);
    await demo.stop();
    expect(await count(`select count(*)::int as n from ride_orders`)).toBeGreaterThan(before);
    expect(await count(`select count(*)::int as n from sync_logs where endpoint = 'POST /bikes'`)).toBe(filings);
  }, 60_000);
});
