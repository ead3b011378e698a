import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../support/app.js';
import { Operator, addBrand, addGateway, addSite, north } from '../support/world.js';
import { localDate } from '../../src/ingest/presence.js';
import { jobContextOf, runDailyJobs, runHourlyJobs, runMaintenance, runMinuteJobs, startScheduler, type JobContext } from '../../src/jobs/index.js';

let t: TestContext;
let ctx: JobContext;
let mt: Operator;
const LON = 116.31;
const LAT = 39.98;
const SITE = (n: number) => `110108000000${n}`;
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const east = (lon: number, metres: number) => lon + metres / (111_320 * Math.cos((LAT * Math.PI) / 180));

/** Parks `n` bikes of the brand at the site centre (filed first). */
async function park(prefix: string, n: number, site: { lon: number; lat: number }, type = 0) {
  const ids = Array.from({ length: n }, (_, i) => `${prefix}${i}`);
  if (!ids.length) return ids;
  await mt.post(
    '/bikes',
    ids.map((bikeId) => ({ bikeId, bikeType: type })),
  );
  const r = await mt.post(
    '/bikes/status',
    ids.map((bikeId) => ({ bikeId, status: 1, lon: site.lon, lat: site.lat, reportedAt: minutesAgo(1) })),
  );
  expect(r.status).toBe(200);
  return ids;
}

const sites = [
  { id: SITE(1), lon: LON, lat: LAT, ceiling: 10 }, // empty
  { id: SITE(2), lon: LON + 0.001, lat: LAT, ceiling: 10 }, // 1 → less
  { id: SITE(3), lon: LON + 0.002, lat: LAT, ceiling: 10 }, // 2 → exactly 20 %: normal
  { id: SITE(4), lon: LON + 0.003, lat: LAT, ceiling: 10 }, // 9 → more
  { id: SITE(5), lon: LON + 0.004, lat: LAT, ceiling: 10, brandPutSwitch: false }, // 10 → full
  { id: SITE(6), lon: LON + 0.005, lat: LAT, ceiling: 0 }, // capacity 0 with 1 → full
];

beforeAll(async () => {
  t = await createTestApp();
  ctx = jobContextOf(t.app.ctx);
  await addBrand(t.database, { name: '美团', account: 'mt' });
  for (const s of sites) await addSite(t.database, s);
  // the district's operating fence: a box around the sites
  await t.database.query(`update areas set gps_rail = $1 where id = '110108'`, [
    JSON.stringify([
      { lon: 116.29, lat: 39.97 },
      { lon: 116.33, lat: 39.97 },
      { lon: 116.33, lat: 39.99 },
      { lon: 116.29, lat: 39.99 },
      { lon: 116.29, lat: 39.97 },
    ]),
  ]);
  await t.database.query(`insert into forbid_zones (area_id, type, alias, fence) values ('110108', 1, '地铁口', $1)`, [
    JSON.stringify([
      { lon: 116.32, lat: 39.985 },
      { lon: 116.321, lat: 39.985 },
      { lon: 116.321, lat: 39.986 },
      { lon: 116.32, lat: 39.986 },
    ]),
  ]);
  mt = await new Operator(t.app, 'mt').login();
  await park('A', 1, sites[1]);
  await park('B', 2, sites[2]);
  await park('C', 9, sites[3]);
  await park('D', 7, sites[4]);
  await park('E', 3, sites[4], 1);
  await park('F', 1, sites[5]);
});
afterAll(() => t.close());

const state = async () =>
  Object.fromEntries(
    (await t.database.query<{ site_id: string; flag: number; num: number; capacity: number }>(`select site_id, flag, num, capacity from site_state`)).map(
      (r) => [r.site_id, { flag: r.flag, num: r.num, capacity: r.capacity }],
    ),
  );

describe('site snapshot', () => {
  it('computes count, capacity and flag of every site, with messages and history', async () => {
    const r = await runMinuteJobs(ctx, new Date());
    expect(r.snapshot).toMatchObject({ sites: 6, changed: 6 });
    expect(await state()).toEqual({
      [SITE(1)]: { flag: 0, num: 0, capacity: 10 },
      [SITE(2)]: { flag: 4, num: 1, capacity: 10 },
      [SITE(3)]: { flag: 1, num: 2, capacity: 10 },
      [SITE(4)]: { flag: 3, num: 9, capacity: 10 },
      [SITE(5)]: { flag: 2, num: 10, capacity: 10 },
      [SITE(6)]: { flag: 2, num: 1, capacity: 0 },
    });
    const [full] = await t.database.query<{ bike_num: number; ebike_num: number; current_bike: unknown }>(
      `select bike_num, ebike_num, current_bike from site_state where site_id = $1`,
      [SITE(5)],
    );
    expect(full).toEqual({
      bike_num: 7,
      ebike_num: 3,
      current_bike: { nowBike: [{ brand_id: 1, brand_name: '美团', num: 7 }], nowEBike: [{ brand_id: 1, brand_name: '美团', num: 3 }] },
    });
    const messages = await t.database.query<{ site_id: string; message_type: string }>(`select site_id, message_type from site_messages order by site_id`);
    expect(messages).toEqual([
      { site_id: SITE(1), message_type: 'empty' },
      { site_id: SITE(2), message_type: 'less' },
      { site_id: SITE(4), message_type: 'more' },
      { site_id: SITE(5), message_type: 'full' },
      { site_id: SITE(6), message_type: 'full' },
    ]);
    expect((await t.database.query(`select 1 from site_history`)).length).toBe(6);
  });

  it('writes nothing new when nothing changed, and a message only when the status changes', async () => {
    const again = await runMinuteJobs(ctx, new Date());
    expect(again.snapshot).toMatchObject({ changed: 0, messages: 0 });
    // one more bike at the "more" site makes it full; one at the "normal" site keeps it normal (3/10)
    await mt.post('/bikes', [
      { bikeId: 'C9', bikeType: 0 },
      { bikeId: 'B9', bikeType: 0 },
    ]);
    await mt.post('/bikes/status', [
      { bikeId: 'C9', status: 1, lon: sites[3].lon, lat: sites[3].lat, reportedAt: minutesAgo(0.5) },
      { bikeId: 'B9', status: 1, lon: sites[2].lon, lat: sites[2].lat, reportedAt: minutesAgo(0.5) },
    ]);
    const r = await runMinuteJobs(ctx, new Date());
    expect(r.snapshot).toMatchObject({ changed: 2, messages: 1 });
    expect((await state())[SITE(4)]).toEqual({ flag: 2, num: 10, capacity: 10 });
    expect((await t.database.query(`select 1 from site_history`)).length).toBe(8);
  });

  it('applies the area full-pile value to capacities', async () => {
    await t.database.query(`update areas set full_pile_num = 0.5 where id = '110108'`);
    await runMinuteJobs(ctx, new Date());
    const after = await state();
    expect(after[SITE(3)]).toEqual({ flag: 1, num: 3, capacity: 5 }); // 3 of 5 = 60 %: normal
    expect(after[SITE(2)]).toEqual({ flag: 1, num: 1, capacity: 5 }); // 1 of 5 = exactly 20 %: normal
    expect(after[SITE(4)]).toEqual({ flag: 2, num: 10, capacity: 5 });
  });
});

const open = async (type: number) =>
  await t.database.query<{ subject: string; bike_id: string | null; site_id: string | null }>(
    `select subject, bike_id, site_id from abnormal_messages where abnormal_type = $1 and closed_at is null order by subject`,
    [type],
  );

describe('abnormal detection, each type', () => {
  it('1 off-site return and 6 return to a full site, at ingest, once per order', async () => {
    const items = [
      { orderId: 'R1', bikeId: 'A0', event: 'rent', at: minutesAgo(20), lon: sites[1].lon, lat: sites[1].lat },
      { orderId: 'R1', bikeId: 'A0', event: 'return', at: minutesAgo(5), lon: LON, lat: north(LAT, 300) },
      { orderId: 'R2', bikeId: 'B0', event: 'rent', at: minutesAgo(20), lon: sites[2].lon, lat: sites[2].lat },
      { orderId: 'R2', bikeId: 'B0', event: 'return', at: minutesAgo(4), lon: sites[4].lon, lat: sites[4].lat },
    ];
    expect((await mt.post('/orders', items)).status).toBe(200);
    await mt.post('/orders', items);
    expect((await open(1)).map((a) => a.subject)).toEqual(['order:1:R1']);
    expect(await open(6)).toEqual([{ subject: 'order:1:R2', bike_id: 'B0', site_id: SITE(5) }]);
  });

  it('3 overdue return: a rent older than OVERDUE_HOURS with no return, closed by the return', async () => {
    await mt.post('/orders', [{ orderId: 'R3', bikeId: 'A0', event: 'rent', at: minutesAgo(25 * 60), lon: LON, lat: LAT }]);
    await runMinuteJobs(ctx, new Date());
    expect((await open(3)).map((a) => a.subject)).toEqual(['order:1:R3']);
    await mt.post('/orders', [{ orderId: 'R3', bikeId: 'A0', event: 'return', at: minutesAgo(1), lon: sites[1].lon, lat: sites[1].lat }]);
    await runMinuteJobs(ctx, new Date());
    expect(await open(3)).toEqual([]);
  });

  it('4 abnormal site: a pile under 10 % power, or every pile silent for an hour', async () => {
    await addGateway(t.database, { account: 'gw' });
    const gw = await new Operator(t.app, 'gw').login();
    await gw.post('/piles/scan', [
      { equipmentMac: 'AA:00:00:00:00:01', siteId: SITE(1), power: 8, at: minutesAgo(1), seen: [] },
      { equipmentMac: 'AA:00:00:00:00:02', siteId: SITE(2), power: 90, at: minutesAgo(61), seen: [] },
      { equipmentMac: 'AA:00:00:00:00:03', siteId: SITE(3), power: 90, at: minutesAgo(2), seen: [] },
    ]);
    await runMinuteJobs(ctx, new Date());
    expect((await open(4)).map((a) => a.site_id)).toEqual([SITE(1), SITE(2)]);
    await gw.post('/piles/scan', [{ equipmentMac: 'AA:00:00:00:00:01', siteId: SITE(1), power: 100, at: minutesAgo(0.5), seen: [] }]);
    await runMinuteJobs(ctx, new Date());
    expect((await open(4)).map((a) => a.site_id)).toEqual([SITE(2)]);
  });

  it('7 illegal bike: reports but never filed; closed once filed', async () => {
    await mt.post('/bikes/status', [{ bikeId: 'ILL1', status: 1, lon: sites[1].lon, lat: sites[1].lat, reportedAt: minutesAgo(1) }]);
    await runMinuteJobs(ctx, new Date());
    expect((await open(7)).map((a) => a.bike_id)).toEqual(['ILL1']);
    await runMinuteJobs(ctx, new Date());
    expect((await t.database.query(`select 1 from abnormal_messages where abnormal_type = 7`)).length).toBe(1); // de-duplicated
    await mt.post('/bikes', [{ bikeId: 'ILL1', bikeType: 0 }]);
    await runMinuteJobs(ctx, new Date());
    expect(await open(7)).toEqual([]);
  });

  it('8 shelving at a site that does not allow it', async () => {
    await mt.post('/dispatch', [
      { dispatchId: 'UP1', bikeId: 'D0', action: 'up', siteId: SITE(5), at: minutesAgo(3) },
      { dispatchId: 'UP2', bikeId: 'A0', action: 'up', siteId: SITE(2), at: minutesAgo(3) },
      { dispatchId: 'DN1', bikeId: 'D1', action: 'down', siteId: SITE(5), at: minutesAgo(3) },
    ]);
    expect((await open(8)).map((a) => a.subject)).toEqual(['dispatch:1:UP1']);
  });

  it('9-12 request anomalies: failed return, rent, up and down records', async () => {
    const r = await mt.post('/orders', [
      { orderId: 'BAD1', bikeId: 'A0', event: 'return', at: 'yesterday', lon: LON, lat: LAT },
      { orderId: 'BAD2', bikeId: 'A0', event: 'rent', at: minutesAgo(1), lon: 999, lat: LAT },
    ]);
    expect(r.status).toBe(400);
    const d = await mt.post('/dispatch', [
      { dispatchId: 'BAD3', bikeId: 'A0', action: 'up', siteId: 'nope', at: minutesAgo(1) },
      { dispatchId: 'BAD4', bikeId: 'A0', action: 'down', siteId: SITE(1), at: 'x' },
    ]);
    expect(d.status).toBe(400);
    const rows = await t.database.query<{ abnormal_type: number; detail: string }>(
      `select abnormal_type, detail from abnormal_messages where abnormal_type between 9 and 12 order by abnormal_type`,
    );
    expect(rows.map((x) => x.abnormal_type)).toEqual([9, 10, 11, 12]);
    expect(rows[2].detail).toBe('站点 nope 不存在');
  });

  it('13 off-site placement after OFFSITE_MINUTES, or at once in a forbidden zone; 14 outside the area fence', async () => {
    await mt.post('/bikes', [
      { bikeId: 'OUT1', bikeType: 0 },
      { bikeId: 'OUT2', bikeType: 0 },
      { bikeId: 'FZ1', bikeType: 0 },
      { bikeId: 'FAR1', bikeType: 0 },
    ]);
    await mt.post('/bikes/status', [
      { bikeId: 'OUT1', status: 1, lon: east(LON, -400), lat: LAT, reportedAt: minutesAgo(31) },
      { bikeId: 'OUT2', status: 1, lon: east(LON, -500), lat: LAT, reportedAt: minutesAgo(5) },
      { bikeId: 'FZ1', status: 1, lon: 116.3205, lat: 39.9855, reportedAt: minutesAgo(1) },
      { bikeId: 'FAR1', status: 1, lon: 116.5, lat: 39.9, reportedAt: minutesAgo(1) },
    ]);
    await runMinuteJobs(ctx, new Date());
    expect((await open(13)).map((a) => a.bike_id)).toEqual(expect.arrayContaining(['OUT1', 'FZ1']));
    expect((await open(13)).map((a) => a.bike_id)).not.toContain('OUT2');
    expect((await open(14)).map((a) => a.bike_id)).toEqual(['FAR1']);
    // back in a site: both close
    await mt.post('/bikes/status', [
      { bikeId: 'OUT1', status: 1, lon: sites[1].lon, lat: sites[1].lat, reportedAt: minutesAgo(0.2) },
      { bikeId: 'FAR1', status: 1, lon: sites[1].lon, lat: sites[1].lat, reportedAt: minutesAgo(0.2) },
    ]);
    await runMinuteJobs(ctx, new Date());
    expect((await open(13)).map((a) => a.bike_id)).toEqual(['FZ1']);
    expect(await open(14)).toEqual([]);
  });
});

describe('rollups', () => {
  it('computes hourly and daily statistics from stored events, the same on a re-run', async () => {
    const now = new Date();
    await runHourlyJobs(ctx, now);
    const sum = async () =>
      (
        await t.database.query<{ rent: number; ret: number; up: number; down: number }>(
          `select sum(rent_num)::int as rent, sum(return_num)::int as ret, sum(up_num)::int as up, sum(down_num)::int as down
           from stats_hourly where hour >= now() - interval '2 hours'`,
        )
      )[0];
    // rents R1, R2 (20 min ago), returns R1, R2, R3 (R3's rent was 25 h ago), ups UP1, UP2, down DN1
    expect(await sum()).toEqual({ rent: 2, ret: 3, up: 2, down: 1 });
    await runHourlyJobs(ctx, now);
    expect(await sum()).toEqual({ rent: 2, ret: 3, up: 2, down: 1 });
    const [day] = await t.database.query<{ online: number; active: number; rides: number; disp: number }>(
      `select sum(online_num)::int as online, sum(active_bike_num)::int as active, sum(ride_num)::int as rides, sum(dispatch_num)::int as disp
         from stats_daily where day = (now() at time zone 'Asia/Shanghai')::date`,
    );
    expect(day.rides).toBe(2);
    expect(day.active).toBe(2);
    expect(day.disp).toBe(3);
    // bikes that reported today: 23 parked at the start, C9, B9, ILL1, OUT1, OUT2, FZ1, FAR1
    expect(day.online).toBe(30);
    await runDailyJobs(ctx, now); // yesterday: nothing but R3's rent
    const [y] = await t.database.query<{ rides: number }>(
      `select coalesce(sum(ride_num), 0)::int as rides from stats_daily where day = (now() at time zone 'Asia/Shanghai')::date - 1`,
    );
    // R3 was rented 25 hours ago: yesterday, unless it is now before 01:00 (then the day before)
    const yesterday = localDate(new Date(now.getTime() - 24 * 3600_000));
    expect(y.rides).toBe(localDate(new Date(now.getTime() - 25 * 3600_000)) === yesterday ? 1 : 0);
  });
});

describe('maintenance', () => {
  it('vacuums and analyzes the embedded database (no autovacuum there); leaves PostgreSQL to its own', async () => {
    const ran = await runMaintenance(ctx);
    expect(ran).toBe(t.database.kind === 'pglite');
    if (!ran) return;
    const [bikes] = await t.database.query<{ analyzed: boolean; tuples: number }>(
      `select last_analyze is not null as analyzed, (select reltuples from pg_class where relname = 'bikes')::int as tuples
         from pg_stat_user_tables where relname = 'bikes'`,
    );
    expect(bikes.analyzed).toBe(true);
    const [{ n }] = await t.database.query<{ n: number }>(`select count(*)::int as n from bikes`);
    expect(bikes.tuples).toBe(n);
  });
});

describe('scheduler', () => {
  it('runs the minute jobs every SNAPSHOT_SECONDS (here 1 s) and stops', { timeout: 60_000 }, async () => {
    const snapshots = async () =>
      (await t.database.query<{ at: Date | null }>(`select last_run_at as at from job_runs where name = 'snapshot'`))[0]?.at?.getTime() ?? 0;
    const seen = new Set<number>();
    const scheduler = startScheduler(ctx, t.app.log, 1000);
    // the first run 2 s after the start (it rolls the hour up too), then one each second
    for (const until = Date.now() + 30_000; seen.size < 4 && Date.now() < until;) {
      seen.add(await snapshots());
      await new Promise((r) => setTimeout(r, 200));
    }
    await scheduler.stop();
    expect(seen.size).toBeGreaterThanOrEqual(4); // the last run before the scheduler (or none), then three of its runs
    const last = await snapshots();
    await new Promise((r) => setTimeout(r, 2_500));
    expect(await snapshots()).toBe(last);
  });
});
