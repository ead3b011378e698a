/**
 * The demo's field crew against the real server over HTTP: startDemo sets up the crew's accounts,
 * clock sites and clock config once (again: nothing twice), then the crew works through yesterday
 * (its records made "offline" at their times, within the 48 hours the field app allows) with the
 * real field calls; the clock job closes the windows. The desk calls (打卡记录, 打卡统计, 维护预警,
 * 待办) then show what the crew did, figure for figure.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, createTestApp, type Client, type TestContext } from '../support/app.js';
import { generateWorld, startDemo } from '../../src/sim/index.js';
import { seedCrew } from '../../src/sim/seed.js';
import { CREW_CONFIG, crewOf } from '../../src/sim/crew.js';
import { FieldCrew } from '../../src/sim/fieldCrew.js';
import { fleetView } from '../../src/sim/fieldRecords.js';
import { fetchFieldTransport } from '../../src/sim/fieldClient.js';
import { jobContextOf } from '../../src/jobs/index.js';
import { runClockJob } from '../../src/jobs/clock.js';
import { dayNumber, dayText, localDay, parseLocalTime } from '../../src/domain/time.js';

const TZ = 'Asia/Shanghai';
const SEED = 5;
const WORLD = { sites: 40, fleetScale: 0.02 };
const world = generateWorld(SEED, WORLD);
const crew = crewOf(world);
const maintainers = crew.members.filter((m) => m.roleId === 31);
const yesterday = dayText(dayNumber(localDay(new Date(), TZ)) - 1);
const at = (hhmm: string) => parseLocalTime(`${yesterday} ${hhmm}`, TZ)!.getTime();
const noop = async () => {};

let t: TestContext;
let admin: Client;
let baseUrl: string;
const count = async (sql: string, params: unknown[] = []) => (await t.database.query<{ n: number }>(sql, params))[0].n;

beforeAll(async () => {
  t = await createTestApp({ UPLOAD_PER_MINUTE: '1000' });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await adminClient(t.app);
}, 120_000);
afterAll(() => t?.close());

describe('demo field crew, on the real server', () => {
  it('is set up once with the city: accounts with their roles and operators, clock sites, the clock config', async () => {
    const start = () =>
      startDemo({
        app: t.app,
        database: t.database,
        baseUrl,
        log: t.app.log,
        seed: SEED,
        world: WORLD,
        jobs: { minute: noop, hourly: noop, daily: noop },
        backfillDays: 0,
        live: false,
      });
    const demo = await start();
    await demo.ready;
    await demo.stop();
    expect(await seedCrew(t.database, world, crew)).toBe(false);
    const again = await start();
    await again.ready;
    await again.stop();

    expect(await count(`select count(*)::int as n from clock_sites where deleted_at is null`)).toBe(crew.clockSites.length);
    expect(await count(`select count(*)::int as n from clock_configs where deleted_at is null`)).toBe(1);
    const users = await t.database.query<{ username: string; roleId: number; brand: string | null; areaId: string }>(
      `select u.username, ur.role_id as "roleId", b.brand_account as brand, u.area_id as "areaId"
         from users u join user_roles ur on ur.user_id = u.id left join brands b on b.id = u.brand_id where u.username = any($1::varchar[])`,
      [crew.members.map((m) => m.username)],
    );
    expect(users).toHaveLength(crew.members.length);
    for (const m of crew.members) {
      const u = users.find((x) => x.username === m.username)!;
      expect(u).toMatchObject({ roleId: m.roleId, areaId: '110108', brand: m.brand === null ? null : world.brands[m.brand].account });
    }
    const configs = await admin.get('/api/clockRecord/getClockConfigList', { areaId: '110108' });
    expect(configs.body.data.lists[0]).toMatchObject({
      name: CREW_CONFIG.name,
      roleId: 31,
      days: CREW_CONFIG.days,
      windows: CREW_CONFIG.windows,
      clocksPerWindow: 1,
      lateMinutes: 60,
      radius: null,
      enabled: true,
    });
    const sites = await admin.get('/api/clock/getClockSiteList', { areaId: '110108', pageSize: 100 });
    expect(sites.body.data.total).toBe(crew.clockSites.length);
    expect(sites.body.data.lists.filter((s: { brandId: number | null }) => s.brandId === null)).toHaveLength(2);
  }, 120_000);

  it('works through a day with the field calls; the desk shows its clocks, day figures and warnings, and the to-do counts them', async () => {
    // the config as if saved days ago, so that yesterday's windows count
    await t.database.query(`update clock_configs set created_at = now() - interval '3 days'`);
    const lines: { level: string; msg: string; obj: unknown }[] = [];
    const log = {
      info: (obj: unknown, msg: string) => lines.push({ level: 'info', msg, obj }),
      warn: (obj: unknown, msg: string) => lines.push({ level: 'warn', msg, obj }),
      error: (obj: unknown, msg: string) => lines.push({ level: 'error', msg, obj }),
    } as unknown as ConstructorParameters<typeof FieldCrew>[0]['log'];
    const from = at('06:30');
    // the windows do not change in this test: the phones look at them every four hours, not every half hour
    const c = new FieldCrew({
      world,
      crew,
      transport: fetchFieldTransport(baseUrl),
      seed: SEED,
      tz: TZ,
      log,
      fleet: fleetView(world, null),
      start: from,
      refreshMinutes: 240,
    });
    for (let now = from; now <= at('20:30'); now += 60_000) await c.tick(now);
    expect(lines.filter((l) => l.level !== 'info')).toEqual([]);
    expect(c.pending()).toBe(0);
    expect(c.stats.unexpected).toBe(0);
    // the clock job closes yesterday's windows (缺卡)
    const ctx = jobContextOf(t.app.ctx);
    await runClockJob(ctx, new Date(at('00:00')));
    await runClockJob(ctx, new Date(at('23:59')));

    const s = c.stats;
    const clocks = s.clocks[1] + s.clocks[2] + s.clocks[3] + s.clocks[4];
    expect(clocks).toBeGreaterThanOrEqual(maintainers.length);
    expect(s.clocks[4]).toBe(0);
    const day = { startTime: yesterday, endTime: yesterday, areaId: '110108', pageSize: 1000 };
    const records = (await admin.get('/api/clockRecord/getUserClockRecordList', day)).body.data;
    expect(records.total).toBe(clocks);
    for (const r of [1, 2, 3]) expect(records.lists.filter((x: { result: number }) => x.result === r)).toHaveLength(s.clocks[r]);
    for (const r of records.lists) {
      expect(r.photos).toHaveLength(1);
      expect(r.distance).toBeLessThanOrEqual(r.result === 3 ? 1000 : r.radius);
    }

    const stats = (await admin.get('/api/clockRecord/getClockStatisticsDayList', day)).body.data;
    expect(stats.total).toBe(maintainers.length);
    const sum = (k: string) => stats.lists.reduce((n: number, x: Record<string, number>) => n + x[k], 0);
    expect(sum('required')).toBe(maintainers.length * 2);
    expect(sum('done')).toBe(records.lists.filter((x: { result: number }) => x.result <= 2).length);
    expect(sum('done') + sum('missing')).toBe(maintainers.length * 2);
    expect(sum('late')).toBe(s.clocks[2]);
    expect(sum('outOfRange')).toBe(s.clocks[3]);

    const warnings = (await admin.get('/api/clockRecord/getClockWarnList', day)).body.data;
    const kind = (k: number) => warnings.lists.filter((w: { kind: number }) => w.kind === k).length;
    expect(kind(1)).toBe(sum('missing'));
    expect(kind(2)).toBe(s.clocks[2]);
    expect(kind(3)).toBe(s.clocks[3]);

    // patrols of filed bikes found their operator; reports and proposals wait for the regulator
    expect(await count(`select count(*)::int as n from patrol_records`)).toBe(s.patrols);
    expect(s.patrols).toBeGreaterThan(5);
    expect(await count(`select count(*)::int as n from patrol_records where brand_id is null and result <> 4`)).toBe(0);
    expect(await count(`select count(*)::int as n from violation_reports`)).toBe(s.reports);
    expect(await count(`select count(*)::int as n from site_applications`)).toBe(s.siteApplies);
    expect(await count(`select count(*)::int as n from pile_installs`)).toBe(s.installs);
    expect(await count(`select count(*)::int as n from uploads where owner_id is null`)).toBe(0);
    const pend = (await admin.get('/api/statistics/pend', { selfAreaId: '110108' })).body.data;
    expect(pend.dispatchWarnPend).toBeGreaterThanOrEqual(warnings.total);
    expect(pend.accusePend).toBe(s.reports);
    expect(pend.siteApplyPend).toBe(s.siteApplies);

    // sent again (a phone's queue after a restart): stored once
    const again = new FieldCrew({ world, crew, transport: fetchFieldTransport(baseUrl), seed: SEED, tz: TZ, log, fleet: fleetView(world, null), start: from });
    for (let now = from; now <= at('10:30'); now += 60_000) await again.tick(now);
    expect(again.stats.repeated).toBeGreaterThan(0);
    expect((await admin.get('/api/clockRecord/getUserClockRecordList', day)).body.data.total).toBe(clocks);
  }, 240_000);
});
