/**
 * bench/operation: every call of the 运营统计 screen (#/operation) over HTTP on PostgreSQL, for the
 * city of bench/dashboard.ts (20,000 sites, 1,000,000 bikes, 30 days of 200,000 rides a day rolled
 * up by the real jobs). The world is the dashboard bench's own: when the database BENCH_DB_NAME
 * (default sbs_bench_operation) does not exist yet, `bench/dashboard.ts postgres` seeds it and
 * keeps it (BENCH_KEEP), then this bench reuses it; BENCH_DROP=1 drops it at the end.
 *
 * Every call web/src/pages/operation makes, at every period its views ask for, exports included.
 * No answer cache is counted: the calls of these views keep none, except the site ranking's
 * RankCache, so siteRankAll is timed on its query (repo.siteRanking, what the route runs on a miss).
 * p50 / p95 over BENCH_CALLS calls per view (parameters vary over days, months, data types, sites);
 * BENCH_ONLY=text times the calls whose name holds it. A database seeded without the hourly job
 * (bench/dashboard.ts rolls the tiers itself) gets one run of it first, as the scheduler would. The
 * minute snapshot runs three times before the 品牌 calls (they read the brand counts it keeps), timed.
 *
 *   npm run bench:operation
 *   BENCH_SITES=2000 BENCH_RIDES=20000 BENCH_DB_NAME=op_small npm run bench:operation
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';
import { loadConfig } from '../server/src/config.js';
import { buildApp } from '../server/src/app.js';
import { localDay } from '../server/src/domain/time.js';
import { siteRanking } from '../server/src/modules/statistics/repo.js';
import { windowOf } from '../server/src/modules/statistics/window.js';
import { PG_URL, freshDatabase, postgresReachable } from './db.js';
import { fmt } from './world.js';
import { jobContextOf, runHourlyJobs } from '../server/src/jobs/index.js';
import { runSnapshot } from '../server/src/jobs/snapshot.js';

const NAME = process.env.BENCH_DB_NAME ?? 'sbs_bench_operation';
const CALLS = Number(process.env.BENCH_CALLS ?? 60);
const SITES = Number(process.env.BENCH_SITES ?? 20_000);
const TZ = 'Asia/Shanghai';
const pad = (n: number) => String(n).padStart(2, '0');

async function exists() {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    return (await c.query(`select 1 from pg_database where datname = $1`, [NAME])).rowCount === 1;
  } finally {
    await c.end();
  }
}

interface Timing {
  name: string;
  p50: number;
  p95: number;
  max: number;
}

async function time(name: string, n: number, run: (i: number) => Promise<unknown>): Promise<Timing> {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await run(i);
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const at = (p: number) => ms[Math.min(ms.length - 1, Math.ceil((p / 100) * ms.length) - 1)];
  const r = { name, p50: at(50), p95: at(95), max: ms[ms.length - 1] };
  console.log(`  ${name.padEnd(40)} p50 ${r.p50.toFixed(1).padStart(7)} ms   p95 ${r.p95.toFixed(1).padStart(7)} ms   max ${r.max.toFixed(0).padStart(5)} ms`);
  return r;
}

async function main() {
  if (!(await postgresReachable())) {
    console.log('[postgres] not reachable (set BENCH_DATABASE_URL); skipped');
    return;
  }
  if (!(await exists())) {
    console.log(`[postgres] seeding ${NAME} with bench/dashboard.ts (kept for this bench)`);
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'bench/dashboard.ts', 'postgres'], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_KEEP: '1', BENCH_DB_NAME: NAME, BENCH_CALLS: '5' },
    });
    if (r.status !== 0) throw new Error('seeding failed');
  }
  process.env.BENCH_DB_NAME = NAME;
  const { database } = await freshDatabase('postgres', { reuse: true });
  const [{ rides, days }] = await database.query<{ rides: number; days: number }>(
    `select count(*)::int as rides, count(distinct (rent_at at time zone '${TZ}')::date)::int as days from ride_orders`,
  );
  const [{ sites }] = await database.query<{ sites: number }>(`select count(*)::int as sites from sites`);
  console.log(`[postgres] ${NAME}: ${fmt(sites)} sites, ${fmt(rides)} ride orders over ${days} days`);
  const config = loadConfig({ DATA_DIR: '/tmp', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', JOBS: '0' });
  const app = await buildApp(config, database, { logger: false });
  // as the scheduler leaves it: the statistics job's watermark ('stats_hours') and its per-area hours
  // (migration 0014 fills stats_area_hourly up to the watermark); a database seeded without the job
  // has no watermark (bench/dashboard.ts rolls some hours itself, so stats_area_hourly is not empty),
  // and every hour of it would be read from the orders
  const [{ n: watermark }] = await database.query<{ n: number }>(`select count(*)::int as n from job_runs where name = 'stats_hours' and cursor is not null`);
  if (!watermark) {
    const t = performance.now();
    await runHourlyJobs(jobContextOf(app.ctx), new Date());
    // as autovacuum leaves a table in use: the catch-up re-rolled every day after the seeding had
    // rolled it, so each month and year row was updated some 60 times (a day adds to them once)
    await database.query('vacuum full stats_site_monthly, stats_site_yearly');
    await database.query('vacuum analyze');
    console.log(`  the hourly statistics job (catching up ${days} days) in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  // the minute snapshot, as the scheduler runs it: the brand calls sum its brand_live_counts (migration
  // 0019), so it runs before they are timed; three runs show what its brand count refresh costs
  for (let i = 0; i < 3; i++) {
    const s = await runSnapshot(jobContextOf(app.ctx), new Date());
    console.log(`  minute snapshot ${s.ms} ms, of which the brand counts (one grouped scan of bike_live and bikes) ${s.brandMs} ms`);
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as import('node:net').AddressInfo).port}`;
  const login = (await (
    await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'Bench12345' }),
    })
  ).json()) as { data: { token: string } };
  const headers = { authorization: `Bearer ${login.data.token}` };
  const url = (path: string) => `${base}/api${path}${path.includes('?') ? '&' : '?'}selfAreaId=110108`;
  const get = async (path: string) => {
    const r = await fetch(url(path), { headers });
    const body = (await r.json()) as { code: number; message: string };
    if (body.code !== 200) throw new Error(`${path}: ${body.code} ${body.message}`);
    return body;
  };
  // an export: the whole .xlsx read
  const file = async (path: string) => {
    const r = await fetch(url(path), { headers });
    const b = await r.arrayBuffer();
    if (!String(r.headers.get('content-type')).includes('spreadsheetml')) throw new Error(`${path}: ${Buffer.from(b).toString().slice(0, 200)}`);
    return b;
  };
  const now = new Date();
  const [y, m] = localDay(now, TZ).split('-').map(Number);
  // the days of the history: today and the 29 before it
  const dayOf = (i: number) => {
    const d = new Date(now.getTime() - (i % Math.max(1, days)) * 86_400_000);
    const [yy, mm, dd] = localDay(d, TZ).split('-').map(Number);
    return { year: yy, month: mm, day: dd, q: `year=${yy}&month=${mm}&day=${dd}` };
  };
  const prevMonth = m === 1 ? { year: y - 1, month: 12 } : { year: y, month: m - 1 };
  const monthOf = (i: number) => (i % 2 ? prevMonth : { year: y, month: m });
  const mq = (i: number) => `year=${monthOf(i).year}&month=${monthOf(i).month}`;
  const site = (i: number) => `110108${String(1 + ((i * 7919) % SITES)).padStart(7, '0')}`;
  const rank = (q: Parameters<typeof windowOf>[0], i: number) =>
    siteRanking(database, windowOf(q, TZ), { areaIds: ['110108'], brandId: null, siteType: i % 3, orderBy: i % 2 ? 'return' : 'rent' }, TZ);
  const sevenDays = (i: number) =>
    Array.from({ length: 7 }, (_, k) => {
      const d = dayOf(i + k);
      return `${d.year}-${pad(d.month)}-${pad(d.day)}`;
    }).join(',');
  const n = CALLS;
  // every call of web/src/pages/operation, at every period its views ask for
  const calls: [string, (i: number) => Promise<unknown>][] = [
    ['趋势 brandBikeOnline year', (i) => get(`/dashboard/brandBikeOnline?year=${y}&dataType=${1 + (i % 5)}`)],
    ['趋势 brandBikeOnline month', (i) => get(`/dashboard/brandBikeOnline?${mq(i)}&dataType=${1 + (i % 5)}`)],
    ['趋势 brandBikeOnline day', (i) => get(`/dashboard/brandBikeOnline?${dayOf(i).q}&dataType=${1 + (i % 5)}`)],
    ['趋势 brandBikeOnlineOutput year (xlsx)', () => file(`/dashboard/brandBikeOnlineOutput?year=${y}`)],
    ['趋势 brandBikeOnlineOutput month (xlsx)', (i) => file(`/dashboard/brandBikeOnlineOutput?${mq(i)}`)],
    ['趋势 brandBikeOnlineOutput day (xlsx)', (i) => file(`/dashboard/brandBikeOnlineOutput?${dayOf(i).q}`)],
    ['租还 rentReturn day', (i) => get(`/statistics/rentReturn?${dayOf(i).q}`)],
    ['租还 rentReturn month', (i) => get(`/statistics/rentReturn?${mq(i)}`)],
    ['租还 rentReturnOut day (xlsx)', (i) => file(`/statistics/rentReturnOut?${dayOf(i).q}`)],
    ['租还 rentReturnOut month (xlsx)', (i) => file(`/statistics/rentReturnOut?${mq(i)}`)],
    ['租还 tidal 7-day dateGroup', (i) => get(`/statistics/tidal?mold=1&dateGroup=${sevenDays(i)}`)],
    ['租还 tidalSites day', (i) => get(`/statistics/tidalSites?${dayOf(i).q}&limit=100`)],
    ['租还 tidalSites month', (i) => get(`/statistics/tidalSites?${mq(i)}&limit=100`)],
    ['站点 siteRankAll hour (query, no cache)', (i) => rank({ ...dayOf(i), hour: 6 + (i % 17) }, i)],
    ['站点 siteRankAll day (query, no cache)', (i) => rank(dayOf(i), i)],
    ['站点 siteRankAll month (query, no cache)', (i) => rank(monthOf(i), i)],
    ['站点 siteRankAll year (query, no cache)', (i) => rank({ year: y }, i)],
    ['站点 siteRankAllOut day (xlsx)', (i) => file(`/statistics/siteRankAllOut?${dayOf(i).q}`)],
    ['站点 siteRankAllOut month (xlsx)', (i) => file(`/statistics/siteRankAllOut?${mq(i)}`)],
    ['站点 siteStatistics year', (i) => get(`/dashboard/siteStatistics?siteId=${site(i)}&year=${y}`)],
    ['站点 siteStatistics month', (i) => get(`/dashboard/siteStatistics?siteId=${site(i)}&${mq(i)}`)],
    ['站点 siteStatistics day', (i) => get(`/dashboard/siteStatistics?siteId=${site(i)}&${dayOf(i).q}`)],
    ['品牌 areaVerify', () => get('/statistics/areaVerify')],
    ['品牌 brandPercent', () => get('/statistics/brandPercent')],
    ['品牌 brandPercentNew', () => get('/statistics/brandPercentNew')],
  ];
  const only = process.env.BENCH_ONLY;
  const out: Timing[] = [];
  for (const [name, run] of calls) if (!only || name.includes(only)) out.push(await time(name, n, run));
  await app.close();
  await database.close();
  if (process.env.BENCH_DROP) {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(`drop database if exists ${NAME} with (force)`);
    await c.end();
  }
  const load = fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`\noperation: ${fmt(sites)} sites, ${fmt(rides)} rides over ${days} days, ${n} calls each, ${new Date().toISOString()}, load ${load}`);
  console.log(`| call | p50 ms | p95 ms | max ms |\n|---|---:|---:|---:|`);
  for (const t of out) console.log(`| ${t.name} | ${t.p50.toFixed(1)} | ${t.p95.toFixed(1)} | ${t.max.toFixed(0)} |`);
  const slow = out.filter((t) => t.p95 >= 200);
  console.log(slow.length ? `p95 ≥ 200 ms: ${slow.map((t) => t.name).join(', ')}` : 'every view call p95 < 200 ms');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
