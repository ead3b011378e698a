/**
 * bench/retention (issue 31), on the embedded database (a fresh data directory): how the demo city's
 * database grows per bike and day with and without retention, what a retention run costs, whether
 * /api/health answers over HTTP meanwhile, and what happens to the WAL.
 *
 *   npm run bench:retention                          # soak: DAYS (90) back-filled, the daily job keeping the defaults
 *   RETAIN=off npm run bench:retention               # the same soak keeping everything, then one catch-up run timed
 *   MODE=live MINUTES=30 npm run bench:retention     # the city live for MINUTES after DAYS (1) of history
 *   MODE=catchup ROWS=1000000 npm run bench:retention   # ROWS old rows of every kind (generate_series), then one run timed
 *   RETAIN_PILE_POWER_DAYS=7 … npm run bench:retention   # any RETAIN_* / RIDE_TRACK_DAYS as the server reads them
 *
 * The soak runs the daily jobs (rollups, then the retention) after each simulated day and, as the
 * live scheduler does every hour, a vacuum and a checkpoint after them (once a simulated day here;
 * MAINTENANCE=0 leaves them out, as the demo's own back-fill does).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../server/src/config.js';
import { openDatabase, type Database } from '../server/src/db/client.js';
import { bootstrap } from '../server/src/db/bootstrap.js';
import { buildApp } from '../server/src/app.js';
import { jobContextOf, runDailyJobs, runHourlyJobs, runMaintenance, runMinuteJobs, startScheduler, type JobContext } from '../server/src/jobs/index.js';
import { runRetention } from '../server/src/jobs/retention/run.js';
import { startDemo } from '../server/src/sim/index.js';

const TZ = 'Asia/Shanghai';
process.env.TZ = TZ;
const MODE = process.env.MODE ?? 'soak';
const DAYS = Number(process.env.DAYS ?? (MODE === 'live' ? 1 : 90));
const MINUTES = Number(process.env.MINUTES ?? 30);
const RETAIN = process.env.RETAIN !== 'off';
/** The tables that grow: the raw kinds retention trims, then what it never does. */
const TRIMMED = ['pile_sightings', 'pile_power', 'ride_points', 'site_history', 'site_messages', 'sync_logs', 'abnormal_messages', 'audit_log'];
const KEPT = [
  'bikes',
  'bike_live',
  'bike_days',
  'ride_orders',
  'dispatches',
  'stats_hourly',
  'stats_area_hourly',
  'stats_daily',
  'stats_site_daily',
  'work_orders',
  'work_order_events',
  'not_uploaded_bikes',
  'sync_log_hours',
];
const MB = 1024 * 1024;
const mb = (bytes: number) => (bytes / MB).toFixed(1);
const secs = (t: number) => ((performance.now() - t) / 1000).toFixed(1);

/** Bytes of a directory on disk (du), 0 when missing. */
function du(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return Number(execFileSync('du', ['-sb', dir]).toString().split('\t')[0]);
}

interface Sizes {
  tables: Record<string, { rows: number; bytes: number }>;
  /** pgdata without pg_wal, and pg_wal */
  data: number;
  wal: number;
}

async function sizes(database: Database, dataDir: string): Promise<Sizes> {
  const tables: Sizes['tables'] = {};
  for (const t of [...TRIMMED, ...KEPT]) {
    const [r] = await database.query<{ rows: number; bytes: string }>(
      `select (select count(*)::int from ${t}) as rows, pg_total_relation_size('${t}')::text as bytes`,
    );
    tables[t] = { rows: r.rows, bytes: Number(r.bytes) };
  }
  const pg = path.join(dataDir, 'pgdata');
  const wal = du(path.join(pg, 'pg_wal'));
  return { tables, data: du(pg) - wal, wal };
}

const sum = (s: Sizes, tables: string[]) => tables.reduce((a, t) => a + (s.tables[t]?.bytes ?? 0), 0);

/**
 * Per table: rows, rows added, size, bytes a row (with its indexes), and the growth per bike and day
 * as rows added × bytes a row (steadier over a short run than the size, which moves by whole pages
 * and by what a vacuum frees); then the sums and the data directory itself.
 */
function report(label: string, a: Sizes, b: Sizes, bikes: number, days: number) {
  console.log(`\n${label}: ${bikes} bikes over ${days.toFixed(2)} days`);
  console.log('  table                     rows      added        MB   B/row  B/bike/day');
  const grown = (t: string) => {
    const x = b.tables[t];
    const added = x.rows - (a.tables[t]?.rows ?? 0);
    return { x, added, perRow: x.rows ? x.bytes / x.rows : 0, perBikeDay: x.rows ? (added * x.bytes) / x.rows / bikes / days : 0 };
  };
  for (const t of [...TRIMMED, ...KEPT]) {
    const g = grown(t);
    console.log(
      `  ${t.padEnd(22)} ${String(g.x.rows).padStart(10)} ${String(g.added).padStart(10)} ${mb(g.x.bytes).padStart(9)} ${g.perRow.toFixed(0).padStart(7)} ${g.perBikeDay.toFixed(0).padStart(11)}`,
    );
  }
  const per = (tables: string[]) => tables.reduce((x, t) => x + grown(t).perBikeDay, 0) / 1024;
  const perBikeDay = (bytes: number) => `${(bytes / bikes / days / 1024).toFixed(2)} KB`;
  console.log(`  trimmed kinds ${mb(sum(b, TRIMMED))} MB, rows added ${per(TRIMMED).toFixed(2)} KB per bike a day`);
  console.log(`  never trimmed ${mb(sum(b, KEPT))} MB, rows added ${per(KEPT).toFixed(2)} KB per bike a day`);
  console.log(`  data directory without WAL ${mb(b.data)} MB (from ${mb(a.data)}: ${perBikeDay(b.data - a.data)} per bike a day); pg_wal ${mb(b.wal)} MB`);
}

async function open(dataDir: string) {
  const database = await openDatabase({ dataDir });
  await database.migrate();
  await bootstrap(database, { adminPassword: 'Bench12345', dataDir });
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => /^RETAIN_|^RIDE_TRACK_DAYS$/.test(k))) as Record<string, string>;
  const config = loadConfig({ DATA_DIR: dataDir, TZ, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', JOBS: '0', ...env });
  const app = await buildApp(config, database, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as import('node:net').AddressInfo).port}`;
  const ctx: JobContext = { ...jobContextOf(app.ctx), retention: RETAIN ? config.retention : undefined };
  return { database, config, app, base, ctx };
}

/**
 * One retention run at `now` with `ctx`'s settings while a client asks GET /api/health every 100 ms
 * over HTTP; the run's figures, the answers' times and the WAL before and after.
 */
async function timedRun(o: Awaited<ReturnType<typeof open>>, dataDir: string, ctx: JobContext, now: Date, during = (_on: boolean) => {}) {
  const before = await sizes(o.database, dataDir);
  const times: number[] = [];
  let running = true;
  const probe = (async () => {
    while (running) {
      const t = performance.now();
      const r = await fetch(`${o.base}/api/health`);
      await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`health ${r.status}`);
      times.push(performance.now() - t);
      await new Promise((res) => setTimeout(res, 100));
    }
  })();
  const t0 = performance.now();
  during(true);
  const run = await runRetention(ctx, now);
  during(false);
  running = false;
  await probe;
  const after = await sizes(o.database, dataDir);
  const sorted = [...times].sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)].toFixed(0);
  const deleted = Object.values(run!.deleted).reduce((a, n) => a + n, 0);
  console.log(`\nretention run: ${JSON.stringify(run)}`);
  console.log(`  ${deleted} rows in ${secs(t0)} s (${(deleted / ((performance.now() - t0) / 1000)).toFixed(0)} rows/s), ${run!.statements} statements`);
  console.log(`  /api/health over HTTP meanwhile: ${times.length} answers, p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, max ${sorted.at(-1)?.toFixed(0)} ms`);
  console.log(`  pg_wal ${mb(before.wal)} MB before, ${mb(after.wal)} MB after (its checkpoint ${run!.checkpoint ? 'done' : 'not done'})`);
  const t1 = performance.now();
  await runMaintenance(o.ctx);
  const vacuumed = await sizes(o.database, dataDir);
  console.log(`  then vacuum (analyze) and checkpoint (the hourly maintenance) in ${secs(t1)} s: pg_wal ${mb(vacuumed.wal)} MB, data ${mb(vacuumed.data)} MB`);
  return vacuumed;
}

async function soak() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbs-retain-'));
  const o = await open(dataDir);
  const t0 = performance.now();
  const a = await sizes(o.database, dataDir);
  let dailyMs = 0;
  const demo = await startDemo({
    app: o.app,
    database: o.database,
    baseUrl: o.base,
    log: o.app.log,
    backfillDays: DAYS,
    live: false,
    jobs: {
      minute: (t) => runMinuteJobs(o.ctx, t).then(() => undefined),
      hourly: (t) => runHourlyJobs(o.ctx, t),
      daily: async (t) => {
        const d = performance.now();
        await runDailyJobs(o.ctx, t);
        if (process.env.MAINTENANCE !== '0') await runMaintenance(o.ctx);
        dailyMs += performance.now() - d;
      },
    },
  });
  await demo.ready;
  await demo.stop();
  const [{ bikes }] = await o.database.query<{ bikes: number }>(`select count(*)::int as bikes from bikes`);
  console.log(
    `back-filled ${DAYS} days in ${secs(t0)} s (daily jobs with vacuum and checkpoint ${(dailyMs / 1000).toFixed(1)} s), retention ${RETAIN ? JSON.stringify(o.config.retention.days) : 'off'}`,
  );
  const b = await sizes(o.database, dataDir);
  report(`soak, retention ${RETAIN ? 'on' : 'off'}`, a, b, bikes, DAYS);
  if (!RETAIN && process.env.CATCHUP !== '0') {
    // the same database, retention switched on: the first run catches up on everything past its keeping time
    const after = await timedRun(o, dataDir, { ...o.ctx, retention: o.config.retention }, new Date());
    report('after the catch-up run (sizes of the same database; space freed for reuse, not returned)', a, after, bikes, DAYS);
  }
  await o.app.close();
  await o.database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function live() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbs-retain-live-'));
  const o = await open(dataDir);
  const t0 = performance.now();
  const demo = await startDemo({
    app: o.app,
    database: o.database,
    baseUrl: o.base,
    log: o.app.log,
    backfillDays: DAYS,
    jobs: {
      minute: (t) => runMinuteJobs(o.ctx, t).then(() => undefined),
      hourly: (t) => runHourlyJobs(o.ctx, t),
      daily: (t) => runDailyJobs(o.ctx, t),
    },
  });
  await demo.ready;
  const scheduler = startScheduler(o.ctx, o.app.log);
  const [{ bikes }] = await o.database.query<{ bikes: number }>(`select count(*)::int as bikes from bikes`);
  console.log(`back-filled ${DAYS} days in ${secs(t0)} s; the city runs live for ${MINUTES} minutes with the scheduler`);
  // the first live minutes fill what the back-fill left coarse (every bike's first live report): measure after them
  await new Promise((r) => setTimeout(r, 5 * 60_000));
  await runMaintenance(o.ctx);
  const a = await sizes(o.database, dataDir);
  const t1 = performance.now();
  await new Promise((r) => setTimeout(r, MINUTES * 60_000));
  await runMaintenance(o.ctx);
  const b = await sizes(o.database, dataDir);
  report('live (after a vacuum and a checkpoint at both ends)', a, b, bikes, (performance.now() - t1) / 86_400_000);
  await scheduler.stop();
  await demo.stop();
  await o.app.close();
  await o.database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** Old rows of each kind: ROWS of them (a tenth for the audit log and closed alerts), a second apart, 400 to 1,200 days old. */
const SYNTH: Record<string, string> = {
  pile_sightings: `insert into pile_sightings (site_id, mac, area_id, at) select 'S' || (g % 500), 'M' || g, '110108', $1::timestamptz + make_interval(secs => g) from generate_series(1, $2) g`,
  pile_power: `insert into pile_power (equipment_mac, at, power) select 'P' || (g % 2000), $1::timestamptz + make_interval(secs => g), 50 from generate_series(1, $2) g`,
  ride_points: `insert into ride_points (bike_id, at, lon, lat) select 'B' || (g % 20000), $1::timestamptz + make_interval(secs => g), 116.3, 39.9 from generate_series(1, $2) g`,
  site_history: `insert into site_history (site_id, area_id, num, bike_num, ebike_num, capacity, current_bike, flag, at)
                 select 'S' || (g % 500), '110108', 5, 3, 2, 20, '{"nowBike": []}', 1, $1::timestamptz + make_interval(secs => g) from generate_series(1, $2) g`,
  site_messages: `insert into site_messages (site_id, area_id, message_type, num, bike_num, ebike_num, capacity, current_bike, at)
                  select 'S' || (g % 500), '110108', 'full', 5, 3, 2, 20, '{"nowBike": []}', $1::timestamptz + make_interval(secs => g) from generate_series(1, $2) g`,
  sync_logs: `insert into sync_logs (kind, brand_id, endpoint, at, item_count, accepted, rejected, result, duration_ms)
              select 'request', 1, '/orders', $1::timestamptz + make_interval(secs => g), 100, 100, 0, 'ok', 20 from generate_series(1, $2) g`,
  abnormal_messages: `insert into abnormal_messages (abnormal_type, brand_id, area_id, subject, created_at, updated_at, closed_at, detail)
                      select 7, 1, '110108', 'bike:X' || g, $1::timestamptz + make_interval(secs => g), $1::timestamptz + make_interval(secs => g),
                             $1::timestamptz + make_interval(secs => g), '非法车辆' from generate_series(1, $2 / 10) g`,
  audit_log: `insert into audit_log (at, user_id, username, user_name, area_id, method, route, summary, ip, outcome)
              select $1::timestamptz + make_interval(secs => g), 1, 'admin', '管理员', '110108', 'POST', '/api/site/edit', '编辑站点', '127.0.0.1', 'ok'
                from generate_series(1, $2 / 10) g`,
};

async function catchup() {
  const ROWS = Number(process.env.ROWS ?? 1_000_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbs-retain-catchup-'));
  const o = await open(dataDir);
  const t0 = performance.now();
  const from = new Date(Date.now() - 1200 * 86_400_000).toISOString();
  for (const sql of Object.values(SYNTH)) await o.database.query(sql, [from, ROWS]);
  await runMaintenance(o.ctx);
  console.log(`${ROWS} old rows a kind (a tenth for closed alerts and the audit log) written, vacuumed and checkpointed in ${secs(t0)} s`);
  // every statement's time (the longest one is what a request may wait for on the embedded database)
  const query = o.database.query.bind(o.database);
  const slow: { ms: number; text: string }[] = [];
  let recording = false;
  o.database.query = (async (text: string, params?: unknown[]) => {
    const t = performance.now();
    try {
      return await query(text, params);
    } finally {
      if (recording) slow.push({ ms: performance.now() - t, text: text.replace(/\s+/g, ' ').slice(0, 60) });
    }
  }) as typeof o.database.query;
  await timedRun(o, dataDir, { ...o.ctx, retention: o.config.retention }, new Date(), (on) => (recording = on));
  slow.sort((a, b) => b.ms - a.ms);
  console.log(
    `  slowest statements: ${slow
      .slice(0, 4)
      .map((x) => `${x.ms.toFixed(0)} ms (${x.text})`)
      .join('; ')}`,
  );
  await o.app.close();
  await o.database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await (MODE === 'live' ? live() : MODE === 'catchup' ? catchup() : soak());
