/**
 * Times the demo city's first start on a fresh embedded database: seed, filing and the full
 * back-fill with the real jobs, then prints the figures and what the database holds.
 *
 *   npm run bench:backfill                             # 30 days, real jobs
 *   DAYS=7 JOBS=none npm run bench:backfill            # the simulator's own share
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { loadConfig } from '../server/src/config.js';
import { openDatabase } from '../server/src/db/client.js';
import { bootstrap } from '../server/src/db/bootstrap.js';
import { buildApp } from '../server/src/app.js';
import { jobContextOf, runDailyJobs, runHourlyJobs, runMinuteJobs } from '../server/src/jobs/index.js';
import { describeWorld, startDemo, type DemoJobs } from '../server/src/sim/index.js';

const env = process.env;
process.env.TZ = env.TZ || 'Asia/Shanghai';
const days = Number(env.DAYS ?? 30);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbs-measure-'));
const log = Fastify({ logger: { level: env.LOG_LEVEL ?? 'info' } }).log;
const secs = (t: number) => Number(((performance.now() - t) / 1000).toFixed(1));

const t0 = performance.now();
const database = await openDatabase(env.PERSIST ? { dataDir } : {});
await database.migrate();
await bootstrap(database, { adminPassword: 'Measure12345', dataDir });
const config = loadConfig({ DATA_DIR: dataDir, TZ: process.env.TZ, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
const app = await buildApp(config, database, { logger: false });
await app.ready();
const setup = secs(t0);

const ctx = jobContextOf(app.ctx);
const jobTime = { minute: [0, 0], hourly: [0, 0], daily: [0, 0] };
const timed = (name: keyof typeof jobTime, fn: (c: typeof ctx, now: Date) => Promise<unknown>) => async (now: Date) => {
  const t = performance.now();
  await fn(ctx, now);
  jobTime[name][0]++;
  jobTime[name][1] += performance.now() - t;
};
const none = async () => {};
const jobs: DemoJobs =
  env.JOBS === 'none'
    ? { minute: none, hourly: none, daily: none }
    : { minute: timed('minute', runMinuteJobs), hourly: timed('hourly', runHourlyJobs), daily: timed('daily', runDailyJobs) };

const cpu0 = process.cpuUsage();
const t1 = performance.now();
const demo = await startDemo({
  app,
  database,
  baseUrl: 'http://127.0.0.1:1',
  log,
  jobs,
  backfillDays: days,
  live: false,
  ridesPerDay: env.RIDES ? Number(env.RIDES) : undefined,
});
await demo.ready;
const total = secs(t1);
const cpu = process.cpuUsage(cpu0);
const cpuSeconds = Number(((cpu.user + cpu.system) / 1e6).toFixed(1));
await demo.stop();

const counts: Record<string, number> = {};
for (const t of [
  'bikes',
  'bike_live',
  'bike_days',
  'ride_orders',
  'dispatches',
  'pile_power',
  'pile_sightings',
  'sync_logs',
  'site_history',
  'site_messages',
  'abnormal_messages',
  'stats_hourly',
  'stats_daily',
]) {
  counts[t] = (await database.query<{ n: number }>(`select count(*)::int as n from ${t}`))[0].n;
}
const alerts = await database.query(
  `select abnormal_type as type, count(*)::int as n, count(*) filter (where closed_at is null)::int as open from abnormal_messages group by 1 order by 1`,
);
const jobsSeconds = Object.fromEntries(Object.entries(jobTime).map(([k, [n, ms]]) => [k, { runs: n, seconds: Number((ms / 1000).toFixed(1)) }]));
console.log(
  JSON.stringify(
    {
      days,
      setupSeconds: setup,
      demoStartSeconds: total,
      demoStartCpuSeconds: cpuSeconds,
      jobs: jobsSeconds,
      load: os.loadavg().map((x) => x.toFixed(1)),
      counts,
      alerts,
    },
    null,
    1,
  ),
);
console.log(JSON.stringify(describeWorld((await import('../server/src/sim/world.js')).generateWorld())));
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
