/**
 * The retention job (jobs/retention): each kind of raw data older than its keeping time goes, the
 * newer stays, rollups and business records are never touched; deletes go in chunks (10 rows a
 * statement: 35 old rows take 4), a time budget stops a run and the next resumes; the sync-log
 * statistics of a day stay when its logs go (sync_log_hours); the rating refuses a month whose
 * closed alerts may be gone; /api/health answers while a run goes on.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type RetentionConfig } from '../../src/config.js';
import { jobContextOf, type JobContext } from '../../src/jobs/index.js';
import { runRetention } from '../../src/jobs/retention/run.js';
import { assessArea } from '../../src/shared/ratingAssess.js';
import { adminClient, createTestApp, type Client, type TestContext } from '../support/app.js';
import { addBrand } from '../support/world.js';

let t: TestContext;
let admin: Client;
let brandId: number;
const HD = '110108';
const DAY = 86_400_000;
// 2026-11-25 09:00 in Shanghai
const now = new Date('2026-11-25T01:00:00Z');
const NONE = { pileScans: 0, pilePower: 0, ridePoints: 0, siteHistory: 0, siteMessages: 0, syncLogs: 0, closedAlerts: 0, auditLog: 0 };

/** A context keeping only the kinds given (days), no pause, the rest of the settings as given. */
function ctxOf(days: Partial<RetentionConfig['days']>, r: Partial<RetentionConfig> = {}): JobContext {
  const base = jobContextOf({ config: loadConfig({ TZ: 'Asia/Shanghai' }), database: t.database });
  return { ...base, retention: { ...base.retention!, pauseMs: 0, ...r, days: { ...NONE, ...days } } };
}

const count = async (table: string, where = 'true') => (await t.database.query<{ n: number }>(`select count(*)::int as n from ${table} where ${where}`))[0].n;

/** Rows of a kind: `n` of them tagged `tag` (a MAC, a site, a subject …), one a minute from `t0`. */
const at = `p.t0 + make_interval(mins => g)`;
const g = `from p, generate_series(0, p.n - 1) g`;
const SEED: Record<keyof typeof NONE, string> = {
  pileScans: `insert into pile_sightings (site_id, mac, area_id, at) select p.tag, 'M' || g, p.area, ${at} ${g}`,
  pilePower: `insert into pile_power (equipment_mac, at, power) select p.tag, ${at}, 50 ${g}`,
  ridePoints: `insert into ride_points (bike_id, at, lon, lat) select p.tag, ${at}, 116.3, 39.9 ${g}`,
  siteHistory: `insert into site_history (site_id, area_id, num, bike_num, ebike_num, capacity, current_bike, flag, at)
                select p.tag, p.area, 1, 1, 0, 10, '{}', 1, ${at} ${g}`,
  siteMessages: `insert into site_messages (site_id, area_id, message_type, num, bike_num, ebike_num, capacity, current_bike, at)
                 select p.tag, p.area, 'full', 1, 1, 0, 10, '{}', ${at} ${g}`,
  syncLogs: `insert into sync_logs (kind, brand_id, endpoint, at, item_count, accepted, rejected, result)
             select 'request', p.brand, p.tag, ${at}, 3, 3, 0, 'ok' ${g}`,
  // closed alerts, and as many open ones from the same time (never deleted)
  closedAlerts: `insert into abnormal_messages (abnormal_type, brand_id, area_id, subject, created_at, updated_at, closed_at)
                 select 7, p.brand, p.area, p.tag || ':' || s || ':' || g, ${at}, ${at}, case when s = 'closed' then ${at} end
                   ${g}, unnest(array['closed', 'open']) s`,
  auditLog: `insert into audit_log (at, user_id, username, user_name, area_id, method, route, summary, ip, outcome)
             select ${at}, 1, 'admin', p.tag, p.area, 'POST', '/api/x', 'x', '127.0.0.1', 'ok' ${g}`,
};

/** `n` rows of each kind given (all by default) tagged `tag`, one a minute from `from`. */
async function seed(tag: string, from: Date, n: number, kinds = Object.keys(SEED) as (keyof typeof NONE)[]) {
  for (const k of kinds) {
    await t.database.query(`with p as (select $1::varchar as tag, $2::timestamptz as t0, $3::int as n, $4::varchar as area, $5::int as brand) ${SEED[k]}`, [
      tag,
      from.toISOString(),
      n,
      HD,
      brandId,
    ]);
  }
}

/** The rows of each kind tagged `tag`. */
async function counts(tag: string) {
  return {
    pileScans: await count('pile_sightings', `site_id = '${tag}'`),
    pilePower: await count('pile_power', `equipment_mac = '${tag}'`),
    ridePoints: await count('ride_points', `bike_id = '${tag}'`),
    siteHistory: await count('site_history', `site_id = '${tag}'`),
    siteMessages: await count('site_messages', `site_id = '${tag}'`),
    syncLogs: await count('sync_logs', `endpoint = '${tag}'`),
    closedAlerts: await count('abnormal_messages', `subject like '${tag}:closed:%'`),
    auditLog: await count('audit_log', `user_name = '${tag}'`),
  };
}
const all = (n: number) => Object.fromEntries(Object.keys(NONE).map((k) => [k, n]));

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t.app);
  brandId = await addBrand(t.database, { name: '留存单车', account: 'retain_brand' });
});
afterAll(() => t.close());

describe('retention', () => {
  it('keeps a past day’s sync-log statistics when its logs go (rolled into sync_log_hours first)', async () => {
    // 6 calls an hour apart on 2026-10-01 from 10:00 Shanghai, every other one partly rejected
    const day = '2026-10-01';
    await t.database.query(
      `insert into sync_logs (kind, brand_id, endpoint, at, item_count, accepted, rejected, result)
       select 'request', $1, 'LOGS', timestamptz '2026-10-01 10:00+08' + make_interval(hours => g), 3, 3 - (g % 2), g % 2,
              case when g % 2 = 1 then 'partial' else 'ok' end from generate_series(0, 5) g`,
      [brandId],
    );
    const stats = async () => (await admin.get('/api/statistics/tidalRequestLog', { selfAreaId: HD, date: day })).body.data.lists;
    const before = await stats();
    expect(before.filter((h: any) => h.requestNum).map((h: any) => [h.hour, h.requestNum, h.partialNum, h.itemNum, h.rejectedNum])).toEqual([
      [10, 1, 0, 3, 0],
      [11, 1, 1, 3, 1],
      [12, 1, 0, 3, 0],
      [13, 1, 1, 3, 1],
      [14, 1, 0, 3, 0],
      [15, 1, 1, 3, 1],
    ]);
    const run = await runRetention(ctxOf({ syncLogs: 30 }), now);
    expect(run!.rolledHours).toBeGreaterThanOrEqual(6);
    expect(await count('sync_logs', `endpoint = 'LOGS'`)).toBe(0);
    expect(await stats()).toEqual(before);
    // a second run rolls nothing again
    expect((await runRetention(ctxOf({ syncLogs: 30 }), now))!.rolledHours).toBe(0);
    expect(await stats()).toEqual(before);
  });

  it('deletes each kind older than its keeping time, keeps the newer, and leaves rollups and records alone', async () => {
    // 30 days kept: cut at 2026-10-26 00:00 Shanghai. OLD: 5 rows from 40 days ago; NEW: 5 rows from 20 days ago
    await seed('OLD', new Date(now.getTime() - 40 * DAY), 5);
    await seed('NEW', new Date(now.getTime() - 20 * DAY), 5);
    const old = new Date(now.getTime() - 40 * DAY).toISOString();
    await t.database.query(`insert into stats_daily (day, area_id, brand_id, bike_type, ride_num) values ('2026-10-01', $1, $2, 0, 9)`, [HD, brandId]);
    await t.database.query(`insert into bike_days (day, bike_id, brand_id, bike_type, area_id) values ('2026-10-01', 'OLD', $1, 0, $2)`, [brandId, HD]);
    await t.database.query(`insert into ride_orders (brand_id, order_id, bike_id, bike_type, area_id, rent_at) values ($1, 'R1', 'OLD', 0, $2, $3)`, [
      brandId,
      HD,
      old,
    ]);
    await t.database.query(
      `insert into dispatches (brand_id, dispatch_id, bike_id, bike_type, action, site_id, area_id, at) values ($1, 'D1', 'OLD', 0, 'up', 'S', $2, $3)`,
      [brandId, HD, old],
    );
    const days = Object.fromEntries(Object.keys(NONE).map((k) => [k, 30])) as RetentionConfig['days'];
    const run = await runRetention(ctxOf(days), now);
    expect(run).toMatchObject({ done: true, resumeAt: null, deleted: all(5) });
    expect(await counts('OLD')).toEqual(all(0));
    expect(await counts('NEW')).toEqual(all(5));
    // open alerts stay however old; rollups, presence, orders and dispatches are never trimmed
    expect(await count('abnormal_messages', `subject like 'OLD:open:%'`)).toBe(5);
    expect([await count('stats_daily'), await count('bike_days'), await count('ride_orders'), await count('dispatches')]).toEqual([1, 1, 1, 1]);
    // a kind kept for ever (0) is not touched; a second run finds nothing
    await seed('OLD2', new Date(now.getTime() - 40 * DAY), 2);
    expect((await runRetention(ctxOf({ pilePower: 30 }), now))!.deleted).toEqual({ pilePower: 2 });
    expect(await counts('OLD2')).toEqual({ ...all(2), pilePower: 0 });
    expect((await runRetention(ctxOf(days), now))!.deleted).toEqual({ ...all(2), pilePower: undefined });
    expect((await runRetention(ctxOf(days), now))!.deleted).toEqual({});
    // a closed alert a work order lists stays
    await seed('LINKED', new Date(now.getTime() - 40 * DAY), 1, ['closedAlerts']);
    await t.database.query(
      `with o as (insert into work_orders (order_type, area_id, brand_id, place, title, state, opened_by, created_at, deadline_at, updated_at)
                  values (7, $1, $2, 'area', '非法车辆', 4, 'rule', now(), now(), now()) returning id)
       insert into work_order_alerts (abnormal_id, order_id) select a.id, o.id from abnormal_messages a, o where a.subject = 'LINKED:closed:0'`,
      [HD, brandId],
    );
    expect((await runRetention(ctxOf(days), now))!.deleted).toEqual({});
    expect(await count('abnormal_messages', `subject = 'LINKED:closed:0'`)).toBe(1);
    // the run is recorded in job_runs: finished (cursor 0), at its time
    expect((await t.database.query(`select cursor::int as cursor, last_run_at as at from job_runs where name = 'retention'`))[0]).toEqual({
      cursor: 0,
      at: now,
    });
  });

  it('deletes in chunks: 35 old rows at 10 a statement take 4 statements', async () => {
    await seed('CHUNK', new Date(now.getTime() - 50 * DAY), 35, ['siteHistory']);
    const run = await runRetention(ctxOf({ siteHistory: 30 }, { chunkRows: 10 }), now);
    expect(run).toMatchObject({ statements: 4, deleted: { siteHistory: 35 }, done: true });
    expect(await count('site_history', `site_id = 'CHUNK'`)).toBe(0);
  });

  it('stops when its time budget is spent; the next run resumes at the kind where it stopped', async () => {
    await seed('BUDGET', new Date(now.getTime() - 50 * DAY), 35, ['siteMessages', 'auditLog']);
    const ctx = ctxOf({ siteMessages: 30, auditLog: 30 }, { chunkRows: 10, budgetSeconds: 0 });
    const runs = [];
    // a budget of 0: every run makes one statement (a run always moves on by one)
    for (let i = 0; i < 4; i++) runs.push(await runRetention(ctx, now));
    expect(runs.map((r) => [r!.statements, r!.deleted.siteMessages ?? 0, r!.done, r!.resumeAt])).toEqual([
      [1, 10, false, 'siteMessages'],
      [1, 10, false, 'siteMessages'],
      [1, 10, false, 'siteMessages'],
      // the last 5: siteMessages is done, the budget stops the run before the audit log
      [1, 5, false, 'auditLog'],
    ]);
    expect((await t.database.query(`select cursor::int as c from job_runs where name = 'retention'`))[0].c).toBe(8);
    expect(await count('site_messages', `site_id = 'BUDGET'`)).toBe(0);
    expect(await count('audit_log', `user_name = 'BUDGET'`)).toBe(35);
    // with budget left, the next run resumes at the audit log and finishes
    const last = await runRetention(ctxOf({ siteMessages: 30, auditLog: 30 }, { chunkRows: 10 }), now);
    expect(last).toMatchObject({ deleted: { auditLog: 35 }, done: true, resumeAt: null });
  });

  it('refuses to assess a month whose closed alerts may be gone', async () => {
    const refused = async (month: string) => {
      const e = await assessArea(t.database, HD, [HD], month, 'Asia/Shanghai', null, now).catch((x: Error) => x);
      return (e as Error).message.includes('告警明细已过保留期限');
    };
    // (the runs above kept closed alerts 30 days: start as if none had run)
    await t.database.query(`delete from job_runs where name = 'retention_closedAlerts'`);
    expect([await refused('2026-09'), await refused('2026-10')]).toEqual([false, false]);
    // kept 62 days: cut at 2026-09-24 00:00 Shanghai, September may have lost alerts, October not
    await runRetention(ctxOf({ closedAlerts: 62 }), now);
    expect([await refused('2026-09'), await refused('2026-10')]).toEqual([true, false]);
    // kept 30 days: cut at 2026-10-26; keeping longer again does not move the cut back
    await runRetention(ctxOf({ closedAlerts: 30 }), now);
    await runRetention(ctxOf({ closedAlerts: 62 }), now);
    expect([await refused('2026-09'), await refused('2026-10')]).toEqual([true, true]);
    // November is whole (it fails further on: no scheme in this area)
    await expect(assessArea(t.database, HD, [HD], '2026-11', 'Asia/Shanghai', null, now)).rejects.toThrow('尚未设置考核类别');
  });

  it('answers /api/health while a run goes on (the embedded database serves between two statements)', async () => {
    await t.database.query(
      `insert into site_history (site_id, area_id, num, bike_num, ebike_num, capacity, current_bike, flag, at)
       select 'BUSY', $1, 1, 1, 0, 10, '{}', 1, $2::timestamptz + make_interval(secs => g) from generate_series(1, 20000) g`,
      [HD, new Date(now.getTime() - 60 * DAY).toISOString()],
    );
    let running = true;
    const started = Date.now();
    const job = runRetention(ctxOf({ siteHistory: 30 }, { chunkRows: 500, pauseMs: 5 }), now).finally(() => (running = false));
    const during: number[] = [];
    // a client asking every 10 ms (its requests arrive as events, as over HTTP; a loop of awaited
    // injects alone would never let the job's pause end)
    while (running && Date.now() - started < 30_000) {
      await sleep(10);
      const t0 = performance.now();
      const r = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(r.json()).toMatchObject({ code: 200, data: { status: 'ok' } });
      if (running) during.push(performance.now() - t0);
    }
    const run = await job;
    expect(run).toMatchObject({ deleted: { siteHistory: 20_000 }, statements: 41, done: true });
    expect(during.length).toBeGreaterThanOrEqual(10);
    expect(Math.max(...during)).toBeLessThan(1000);
  });

  it('summarises the BRIN ranges it emptied again: once refilled with new rows, a search for old ones does not read them', async () => {
    const rows = (tag: string, from: Date, n = 40_000) =>
      t.database.query(
        `insert into pile_power (equipment_mac, at, power) select $1 || g, $2::timestamptz + make_interval(secs => g), 50 from generate_series(1, $3) g`,
        [tag, from.toISOString(), n],
      );
    // old rows (a pile each: no skip scan over the primary key), then newer ones after them (kept: the table is not
    // emptied), summarised as rows are long after they came
    await rows('BRIN-OLD', new Date(now.getTime() - 60 * DAY));
    await rows('BRIN-KEEP', new Date(now.getTime() - 2 * DAY), 2000);
    await t.database.query('vacuum pile_power');
    const run = await runRetention(ctxOf({ pilePower: 30 }, { chunkRows: 10_000 }), now);
    expect(run!.deleted.pilePower).toBe(40_000);
    // the freed pages take the new rows
    await t.database.query('vacuum pile_power');
    await rows('BRIN-NEW', new Date(now.getTime() - DAY));
    await t.database.query('analyze pile_power');
    const [{ pages }] = await t.database.query<{ pages: number }>(`select (pg_relation_size('pile_power') / 8192)::int as pages`);
    const read = await t.database.tx(async (q) => {
      await q('set local enable_seqscan = off');
      const [row] = await q<{ 'QUERY PLAN': [{ Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number } }] }>(
        `explain (analyze, buffers, format json) select ctid from pile_power where at < $1 limit 5000`,
        [new Date(now.getTime() - 30 * DAY).toISOString()],
      );
      const plan = row['QUERY PLAN'][0].Plan;
      return plan['Shared Hit Blocks'] + plan['Shared Read Blocks'];
    });
    // over two ranges of 128 pages refilled: without summarising them again the search reads them all (311 pages, measured)
    expect(pages).toBeGreaterThan(256);
    expect(read).toBeLessThan(20);
  });
});
