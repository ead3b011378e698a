import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../support/app.js';
import { generateWorld, startDemo, type DemoJobs } from '../../src/sim/index.js';

const SEED = 11;
const WORLD = { sites: 60, fleetScale: 0.1 };
// a Wednesday noon in Beijing: the replay covers Monday 00:00 to Wednesday 12:00
const NOW = Date.parse('2025-03-05T12:00:00+08:00');

let t: TestContext;
const calls = { minute: [] as number[], hourly: [] as number[], daily: [] as number[] };
/** What GET /api/health said of the history at some of the back-fill's minute jobs, and after it. */
type History = { loading: boolean; from: string | null; to: string | null; reached: string | null; percent: number | null };
const health = async (): Promise<History> => (await t.app.inject({ method: 'GET', url: '/api/health' })).json().data.history;
const during: Array<{ at: number; history: History }> = [];
let after: History;
const jobs: DemoJobs = {
  minute: async (d) => {
    calls.minute.push(d.getTime());
    if (calls.minute.length % 5 === 1) during.push({ at: d.getTime(), history: await health() });
  },
  hourly: async (d) => void calls.hourly.push(d.getTime()),
  daily: async (d) => void calls.daily.push(d.getTime()),
};
const world = generateWorld(SEED, WORLD);
const count = async (sql: string, params: unknown[] = []) => (await t.database.query<{ n: number }>(sql, params))[0].n;

beforeAll(async () => {
  t = await createTestApp();
  const demo = await startDemo({
    app: t.app,
    database: t.database,
    baseUrl: 'http://127.0.0.1:1',
    log: t.app.log,
    seed: SEED,
    world: WORLD,
    ridesPerDay: 800,
    jobs,
    backfillDays: 2,
    live: false,
    now: NOW,
  });
  await demo.ready;
  after = await health();
  await demo.stop();
}, 300_000);
afterAll(() => t?.close());

describe('demo city back-fill', () => {
  it('says through /api/health that history is loading, up to which time, until it is done', () => {
    expect(during.length).toBeGreaterThan(3);
    const shanghai = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);
    for (const { at, history } of during) {
      expect(history.loading).toBe(true);
      expect(history.from).toBe('2025-03-03 00:00:00');
      expect(history.to).toBe('2025-03-05 12:00:00');
      // the minute job of a window runs before its end is reported reached
      expect(history.reached! < shanghai(at)).toBe(true);
    }
    const reached = during.map((d) => d.history.reached!);
    expect([...reached].sort()).toEqual(reached);
    expect(during[0].history.percent).toBe(0);
    expect(during.at(-1)!.history.percent).toBeGreaterThan(90);
    expect(after).toEqual({ loading: false, from: null, to: null, reached: null, percent: null });
  });

  it('seeds the district: fence, sites, operators, gateway, piles, MAC rules, forbidden zones', async () => {
    const [area] = await t.database.query<{ rail: unknown[] }>(`select gps_rail as rail from areas where id = '110108'`);
    expect(area.rail.length).toBeGreaterThanOrEqual(8);
    expect(await count(`select count(*)::int as n from sites where area_id = '110108'`)).toBe(60);
    expect(await count(`select count(*)::int as n from brands`)).toBe(3);
    // a BLE-name rule per operator, and 青桔's MAC rule (米单车管理 · 匹配规则)
    expect(await count(`select count(*)::int as n from mac_rules where kind = 1`)).toBe(3);
    expect(await count(`select count(*)::int as n from mac_rules where kind = 2`)).toBe(1);
    expect(await count(`select count(*)::int as n from brand_quotas`)).toBe(3);
    expect(await count(`select count(*)::int as n from gateways`)).toBe(1);
    expect(await count(`select count(*)::int as n from piles`)).toBe(world.sites.reduce((n, s) => n + s.bleNum, 0));
    expect(await count(`select count(*)::int as n from forbid_zones where type = 1`)).toBe(world.zones.length);
  });

  it('files the legal fleet through the open API', async () => {
    expect(await count(`select count(*)::int as n from bikes`)).toBe(world.bikes.filter((b) => b.filed).length);
    expect(await count(`select count(*)::int as n from sync_logs where endpoint = 'POST /bikes' and result = 'ok'`)).toBe(3);
  });

  it('replays rides, dispatch and pile scans into the platform', async () => {
    expect(await count(`select count(*)::int as n from ride_orders where rent_at is not null and return_at is not null`)).toBeGreaterThan(1000);
    expect(await count(`select count(*)::int as n from ride_orders where rent_at < return_at`)).toBe(
      await count(`select count(*)::int as n from ride_orders where return_at is not null`),
    );
    expect(await count(`select count(*)::int as n from ride_orders where out_site_return`)).toBeGreaterThan(0);
    expect(await count(`select count(*)::int as n from dispatches where action = 'up'`)).toBeGreaterThan(0);
    expect(await count(`select count(*)::int as n from dispatches where action = 'down'`)).toBeGreaterThan(0);
    expect(await count(`select count(*)::int as n from pile_power`)).toBeGreaterThan(100);
    expect(await count(`select count(*)::int as n from pile_sightings where bike_id is not null`)).toBeGreaterThan(100);
    expect(await count(`select count(*)::int as n from bike_days`)).toBeGreaterThan(world.bikes.length);
    // nothing was refused: every call went through in full
    expect(await count(`select count(*)::int as n from sync_logs where result <> 'ok'`)).toBe(0);
    const kinds = (await t.database.query<{ kind: string }>(`select distinct kind from sync_logs order by 1`)).map((r) => r.kind);
    expect(kinds).toEqual(['bike', 'dispatch', 'pile', 'request']);
    // nothing after the end of the replay
    expect(await count(`select count(*)::int as n from ride_orders where rent_at > $1 or return_at > $1`, [new Date(NOW).toISOString()])).toBe(0);
  });

  it('reports every bike but the silent ones; unfiled bikes are illegal', async () => {
    const reporting = world.bikes.filter((b) => !b.silent);
    expect(await count(`select count(*)::int as n from bike_live`)).toBe(reporting.length);
    const illegal = world.bikes.filter((b) => !b.filed).map((b) => b.id);
    expect(await count(`select count(*)::int as n from bike_live where legality = 1`)).toBe(illegal.length);
    expect(await count(`select count(*)::int as n from bike_live where legality = 1 and bike_id = any($1::varchar[])`, [illegal])).toBe(illegal.length);
    const silent = world.bikes.filter((b) => b.silent).map((b) => b.id);
    expect(silent.length).toBeGreaterThan(0);
    expect(await count(`select count(*)::int as n from bike_live where bike_id = any($1::varchar[])`, [silent])).toBe(0);
  });

  it('reports a few faulty bikes and illegal devices, opened and closed by the reports', async () => {
    const rows = await t.database.query<{ type: number; all: number; open: number }>(
      `select abnormal_type as type, count(*)::int as all, count(*) filter (where closed_at is null)::int as open
         from abnormal_messages where abnormal_type in (2, 5) group by 1 order by 1`,
    );
    const [devices, faults] = rows;
    expect(devices).toMatchObject({ type: 2 });
    expect(devices.open).toBeGreaterThan(0);
    expect(faults).toMatchObject({ type: 5 });
    expect(faults.all).toBeGreaterThan(faults.open); // some were repaired (closed by a later report)
    expect(faults.open).toBeGreaterThan(0);
    expect(faults.open).toBeLessThan(world.bikes.length * 0.02);
    const open = await t.database.query<{ subject: string; brand_id: number | null; site_id: string | null; detail: string }>(
      `select subject, brand_id, site_id, detail from abnormal_messages where abnormal_type in (2, 5) and closed_at is null order by subject`,
    );
    for (const m of open) {
      expect(m.site_id !== null || m.subject.startsWith('bike:')).toBe(true);
      if (m.subject.startsWith('device:')) expect(m.detail).toMatch(/^蓝牙桩 .+ 发现非法设备 0C:/);
      else expect(m.brand_id).not.toBeNull();
    }
  });

  it('runs the jobs at simulated times: minute windows, every hour, after each day', () => {
    const from = Date.parse('2025-03-03T00:00:00+08:00');
    expect(calls.minute.length).toBeGreaterThanOrEqual(60);
    expect(Math.min(...calls.minute)).toBeGreaterThan(from);
    expect(Math.max(...calls.minute)).toBe(NOW);
    const fine = Date.parse('2025-03-04T00:00:00+08:00');
    for (let i = 1; i < calls.minute.length; i++) {
      expect(calls.minute[i] - calls.minute[i - 1]).toBeLessThanOrEqual(calls.minute[i] <= fine ? 6 * 3600_000 : 30 * 60_000);
    }
    // every hour of the last day and today rolled up (today's hours again at the end); earlier ones
    // at each six-hour window's end, and all of each day again by the daily job after it
    const hours = new Set(calls.hourly);
    for (let h = fine + 3600_000; h <= NOW; h += 3600_000) expect(hours.has(h)).toBe(true);
    for (let h = from + 6 * 3600_000; h <= fine; h += 6 * 3600_000) expect(hours.has(h)).toBe(true);
    expect(calls.daily).toEqual([Date.parse('2025-03-04T00:00:00+08:00'), Date.parse('2025-03-05T00:00:00+08:00')]);
  });

  it('is deterministic for a seed', async () => {
    const rows = await t.database.query(
      `select (select count(*)::int from ride_orders) as orders, (select count(*)::int from ride_orders where out_site_return) as "offSite",
              (select count(*)::int from dispatches) as dispatches, (select count(*)::int from pile_power) as scans,
              (select count(*)::int from bike_live where site_id is null) as "outside"`,
    );
    expect(rows[0]).toMatchInlineSnapshot(`
      {
        "dispatches": 171,
        "offSite": 99,
        "orders": 1913,
        "outside": 7,
        "scans": 1908,
      }
    `);
  });

  it('starts again without seeding, filing or back-filling twice', async () => {
    const before = await count(`select count(*)::int as n from ride_orders`);
    const logs = await count(`select count(*)::int as n from sync_logs`);
    // the log says what happens: no back-fill (a restart used to say "back-filling history")
    const said: string[] = [];
    const log = new Proxy(t.app.log, {
      get: (l, k) => (k === 'info' ? (...a: unknown[]) => said.push(String(a.find((x) => typeof x === 'string'))) : Reflect.get(l, k)),
    });
    const demo = await startDemo({
      app: t.app,
      database: t.database,
      baseUrl: 'http://127.0.0.1:1',
      log,
      seed: SEED,
      world: WORLD,
      ridesPerDay: 800,
      jobs,
      backfillDays: 2,
      live: false,
      now: NOW,
    });
    await demo.ready;
    await demo.stop();
    expect(said).toContain('demo city: history already there, no back-fill; resuming live');
    expect(said.filter((m) => m.includes('back-filling'))).toEqual([]);
    expect(await count(`select count(*)::int as n from ride_orders`)).toBe(before);
    expect(await count(`select count(*)::int as n from sync_logs`)).toBe(logs);
    expect(await count(`select count(*)::int as n from brands`)).toBe(3);
    expect(await count(`select count(*)::int as n from sites`)).toBe(60);
  });
});
