/**
 * The demo city's 桩测未上传车辆 (issue 29 point 4): after a day's back-fill with the real hourly jobs,
 * 青桔's seeded MAC rule has matched its silent bikes the piles hear (filed, never reported), and
 * nothing it reports; the seeded BLE-name rules match the silent bikes of every operator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../support/app.js';
import { generateWorld, startDemo } from '../../src/sim/index.js';
import { jobContextOf, runHourlyJobs } from '../../src/jobs/index.js';
import { localDay } from '../../src/domain/time.js';

const SEED = 20241129;
const WORLD = { sites: 40, fleetScale: 0.2 };
const world = generateWorld(SEED, WORLD);
const noop = async () => undefined;
let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
  const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const ctx = jobContextOf(t.app.ctx);
  const demo = await startDemo({
    app: t.app,
    database: t.database,
    baseUrl,
    log: t.app.log,
    seed: SEED,
    world: WORLD,
    jobs: { minute: noop, hourly: (d) => runHourlyJobs(ctx, d), daily: noop },
    backfillDays: 1,
    live: false,
    fieldCrew: false,
  });
  await demo.ready;
  await demo.stop();
}, 600_000);
afterAll(() => t?.close());

describe('demo city: bikes heard but not uploaded', () => {
  it('青桔 has a MAC rule that matched its silent bikes, and only them', async () => {
    const qj = world.brands.find((b) => b.account === 'qingju')!;
    const rules = await t.database.query<{ namePrefix: string }>(
      `select r.name_prefix as "namePrefix" from mac_rules r join brands b on b.id = r.brand_id where r.kind = 2 and b.brand_account = 'qingju'`,
    );
    expect(rules).toEqual([{ namePrefix: 'E0B6F50' }]);
    const silent = new Set(world.bikes.filter((b) => b.brand === qj.index && b.silent && b.home >= 0).map((b) => b.id));
    expect(silent.size).toBeGreaterThan(0);
    const rows = await t.database.query<{ bikeId: string }>(`select distinct bike_id as "bikeId" from not_uploaded_bikes where kind = 2`);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(silent.has(r.bikeId), r.bikeId).toBe(true);
    const names = await t.database.query<{ bikeId: string }>(`select distinct bike_id as "bikeId" from not_uploaded_bikes where kind = 1`);
    const allSilent = new Set(world.bikes.filter((b) => b.silent).map((b) => b.id));
    expect(names.length).toBeGreaterThanOrEqual(rows.length);
    for (const r of names) expect(allSilent.has(r.bikeId), r.bikeId).toBe(true);
  });

  it('grades 海淀 after the back-fill (评级考核): this month (the day before is a month covered in part), each enterprise with a score, 数据接入率 from the fleet filed before the history, its 桩测未上传车辆 counted for 青桔', async () => {
    const cats = await t.database.query<{ n: number; sum: number }>(
      `select count(*)::int as n, sum(full_score)::float8 as sum from examine_categories where area_id = $1 and deleted_at is null`,
      [world.areaId],
    );
    expect(cats[0]).toEqual({ n: 5, sum: 100 });
    const graded = await t.database.query<{ period: string; n: number }>(
      `select period, count(*)::int as n from examine_results where area_id = $1 group by 1 order by 1`,
      [world.areaId],
    );
    expect(graded.map((g) => g.period)).toEqual([localDay(new Date(), t.app.ctx.config.tz).slice(0, 7)]);
    for (const g of graded) expect(g.n).toBe(world.brands.length);
    const [qj] = await t.database.query<{ measures: Record<string, number | null> }>(
      `select r.measures from examine_results r join brands b on b.id = r.brand_id where b.brand_account = 'qingju' order by r.period desc limit 1`,
    );
    expect(qj.measures.notUploaded).toBeGreaterThan(0);
    expect(qj.measures.dataAccess).not.toBeNull();
    // the fleet was filed before the back-fill began: a back-filled past day counts its filed bikes (数据接入率's denominator)
    const yesterday = localDay(new Date(Date.now() - 86_400_000), t.app.ctx.config.tz);
    const [filed] = await t.database.query<{ n: number }>(
      `select coalesce(sum(filed_num), 0)::int as n from stats_daily where day = $1::date and area_id = $2`,
      [yesterday, world.areaId],
    );
    expect(filed.n).toBeGreaterThan(0);
  });
});
