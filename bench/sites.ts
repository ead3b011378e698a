/**
 * bench/sites: the console's site list (GET /api/site/) and the site export
 * (POST /api/device/export/site) for a city of 20,000 sites and 1,000,000 parked bikes on
 * PostgreSQL, through app.inject: p50 / p95 of the list with each one filter (50 calls each after a
 * warm-up), and the time to the last byte of the export of all 20,000 rows. Targets: p95 < 100 ms,
 * export < 5 s. Seeds a fresh database (dropped at the end), runs one site snapshot first.
 *
 *   npm run bench:sites
 *   BENCH_SITES=2000 BENCH_BIKES=100000 BENCH_CALLS=20 npm run bench:sites
 *
 * DATABASE_URL (or BENCH_DATABASE_URL) names the server; default postgres://postgres:postgres@127.0.0.1:5432/postgres.
 * BENCH_KEEP=1 BENCH_DB_NAME=name keeps the seeded database; BENCH_REUSE=1 with the same name times it again.
 */
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../server/src/config.js';
import { buildApp } from '../server/src/app.js';
import type { Database } from '../server/src/db/client.js';
import { jobContextOf } from '../server/src/jobs/index.js';
import { runSnapshot } from '../server/src/jobs/snapshot.js';
import { fmt, seedWorld } from './world.js';

process.env.BENCH_DATABASE_URL ??= process.env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

const SITES = Number(process.env.BENCH_SITES ?? 20_000);
const BIKES = Number(process.env.BENCH_BIKES ?? 1_000_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 50);
const WARM = 5;

const secs = (t: number) => ((performance.now() - t) / 1000).toFixed(1);

/**
 * Switches spread over the sites (recycle 1 in 10, key 1 in 7, no brand put 1 in 5), a quarter of
 * them in 朝阳 (110105), and bikes parked three in four at a site, denser at the low ids (so the
 * sites run from full to empty), the rest outside any.
 */
async function seed(database: Database) {
  await seedWorld(database, SITES, BIKES);
  await database.query(
    `update sites set recycle_switch = (substr(id, 7)::int % 10 = 0), major_switch = (substr(id, 7)::int % 7 = 0),
            brand_put_switch = (substr(id, 7)::int % 5 <> 0), area_id = case when substr(id, 7)::int % 4 = 0 then '110105' else area_id end`,
  );
  const step = 100_000;
  for (let from = 1; from <= BIKES; from += step) {
    const to = Math.min(BIKES, from + step - 1);
    await database.query(
      `insert into bike_live (bike_id, brand_id, bike_type, area_id, lon, lat, status, site_id, legality, reported_at, out_site_since)
       select b.bike_id, b.brand_id, b.bike_type, s.area_id,
              case when g % 4 = 0 then 116.2 + (g * 7919 % 100000) / 500000.0 else s.lon end,
              case when g % 4 = 0 then 39.9 + (g * 104729 % 100000) / 500000.0 else s.lat end,
              1, case when g % 4 = 0 then null else s.id end, 0, now() - interval '1 second' * (g % 3600),
              case when g % 4 = 0 then now() - interval '1 hour' end
         from generate_series($1::bigint, $2::bigint) g
         join bikes b on b.bike_id = 'B' || lpad(g::text, 7, '0')
         join sites s on s.id = '110108' || lpad((1 + floor(0.8 * $3 * power(((g * 7919) % 1000003) / 1000003.0, 6)))::int::text, 7, '0')`,
      [from, to, SITES],
    );
  }
  await database.query('analyze');
}

interface Timing {
  name: string;
  p50: number;
  p95: number;
  total: number;
}

async function timeList(app: FastifyInstance, token: string, name: string, query: Record<string, string>): Promise<Timing> {
  const ms: number[] = [];
  let total = 0;
  for (let i = 0; i < WARM + CALLS; i++) {
    // the first five pages in turn, as an operator pages through
    const q = new URLSearchParams({ ...query, currentPage: String(1 + (i % 5)), pageSize: '20' });
    const t = performance.now();
    const res = await app.inject({ method: 'GET', url: `/api/site/?${q}`, headers: { authorization: `Bearer ${token}` } });
    const elapsed = performance.now() - t;
    const body = res.json() as { code: number; message: string; data: { total: number } };
    if (body.code !== 200) throw new Error(`${name}: ${body.code} ${body.message}`);
    total = body.data.total;
    if (i >= WARM) ms.push(elapsed);
  }
  ms.sort((a, b) => a - b);
  const at = (p: number) => ms[Math.min(ms.length - 1, Math.ceil((p / 100) * ms.length) - 1)];
  return { name, p50: at(50), p95: at(95), total };
}

async function main() {
  const { freshDatabase, postgresReachable, PG_URL } = await import('./db.js');
  if (!(await postgresReachable())) throw new Error(`PostgreSQL not reachable at ${PG_URL} (set DATABASE_URL)`);
  console.log(`[postgres] seeding ${fmt(SITES)} sites, ${fmt(BIKES)} bikes`);
  let t = performance.now();
  // BENCH_KEEP=1 BENCH_DB_NAME=x keeps the database; BENCH_REUSE=1 with the same name times it again without seeding
  const { database, drop, reused } = await freshDatabase('postgres', { reuse: !!process.env.BENCH_REUSE && !!process.env.BENCH_DB_NAME });
  try {
    if (!reused) {
      await seed(database);
      console.log(`  seeded in ${secs(t)} s`);
    } else console.log(`  reusing the kept database ${process.env.BENCH_DB_NAME}`);
    const app = await buildApp(loadConfig({ DATA_DIR: '/tmp', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', JOBS: '0' }), database, { logger: false });
    await app.ready();
    t = performance.now();
    const snap = await runSnapshot(jobContextOf(app.ctx), new Date());
    console.log(`  site snapshot in ${secs(t)} s (${fmt(snap.sites)} sites)`);
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'admin', password: 'Bench12345' } });
    const token = (login.json() as { data: { token: string } }).data.token;

    const filters: [string, Record<string, string>][] = [
      ['none', {}],
      ['siteName', { siteName: '站点1101080001' }],
      ['siteId', { siteId: '11010800123' }],
      ...[1, 2, 3, 4].map((s): [string, Record<string, string>] => [`status=${s}`, { status: String(s) }]),
      ['recycleSwitch=1', { recycleSwitch: '1' }],
      ['majorSwitch=1', { majorSwitch: '1' }],
      ['brandPutSwitch=0', { brandPutSwitch: '0' }],
      ['selfAreaId=110105', { selfAreaId: '110105' }],
    ];
    const out: Timing[] = [];
    for (const [name, q] of filters) {
      const r = await timeList(app, token, name, q);
      console.log(
        `  GET /api/site/ ${name.padEnd(18)} p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms  (${fmt(r.total)} sites)`,
      );
      out.push(r);
    }

    t = performance.now();
    const res = await app.inject({ method: 'POST', url: '/api/device/export/site', payload: {}, headers: { authorization: `Bearer ${token}` } });
    const exportMs = performance.now() - t;
    if (!String(res.headers['content-type']).includes('spreadsheetml')) throw new Error(`export: ${res.body.slice(0, 300)}`);
    console.log(`  POST /api/device/export/site (all) ${(exportMs / 1000).toFixed(2)} s to the last byte, ${(res.rawPayload.length / 1e6).toFixed(1)} MB`);
    await app.close();

    const worst = out.reduce((a, b) => (b.p95 > a.p95 ? b : a));
    console.log(`\nsites: ${fmt(SITES)} sites, ${fmt(BIKES)} bikes, ${CALLS} calls each, ${new Date().toISOString()}`);
    console.log(`list p95 worst ${worst.p95.toFixed(1)} ms (${worst.name}) ${worst.p95 < 100 ? 'OK' : 'OVER'} target 100 ms`);
    console.log(`export ${(exportMs / 1000).toFixed(2)} s ${exportMs < 5000 ? 'OK' : 'OVER'} target 5 s`);
  } finally {
    await database.close().catch(() => {});
    if (process.env.BENCH_KEEP) console.log(`  kept the database`);
    else await drop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
