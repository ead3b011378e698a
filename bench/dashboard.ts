/**
 * bench/dashboard: the console's main read calls over HTTP for a city of 20,000 sites and 1,000,000
 * bikes with 30 days of history, on PostgreSQL and PGlite: the main dashboard call
 * (/api/dashboard/get with limit 0, 200 and 50) and the site ranking (/api/statistics/siteRankAll
 * for the current hour, day and month), p50 / p95 over 200 calls each. The history is ride orders
 * and dispatches written straight into the tables, then rolled up by the real jobs (hourly, daily,
 * per-site day and month) and one site snapshot, as the scheduler would have done.
 *
 *   npm run bench:dashboard                        # both databases
 *   BENCH_SITES=2000 BENCH_BIKES=100000 npm run bench:dashboard -- pglite
 *
 * The 200,000-row export is `npm run bench:export`.
 */
import { loadConfig } from '../server/src/config.js';
import { buildApp } from '../server/src/app.js';
import type { Database } from '../server/src/db/client.js';
import { jobContextOf, type JobContext } from '../server/src/jobs/index.js';
import { rollupDay, rollupHours, rollupSiteDays, rollupSiteToday } from '../server/src/jobs/rollup.js';
import { localDay } from '../server/src/domain/time.js';
import { runSnapshot } from '../server/src/jobs/snapshot.js';
import { parseLocalTime } from '../server/src/domain/time.js';
import { freshDatabase, postgresReachable } from './db.js';
import { fmt, seedWorld } from './world.js';

const SITES = Number(process.env.BENCH_SITES ?? 20_000);
const BIKES = Number(process.env.BENCH_BIKES ?? 1_000_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 30);
/** Rides per day over the city (each a rent and a return); dispatches are a twentieth of it. */
const RIDES = Number(process.env.BENCH_RIDES ?? 200_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const TZ = 'Asia/Shanghai';
const HOUR = 3600_000;
const DAY = 24 * HOUR;

type Kind = 'pglite' | 'postgres';

const secs = (t: number) => ((performance.now() - t) / 1000).toFixed(1);

/** Three brands; bikes parked three in four at a site (its centre ± 10 m), the rest outside any. */
async function seedLive(database: Database) {
  await database.query(
    `insert into brands (id, brand_name, brand_account, brand_password_hash, area_id, operation_area_id)
     select id, name, 'bench' || id, (select brand_password_hash from brands where id = 1), '110108', '["110108"]'
       from (values (2, '哈啰'), (3, '青桔')) v(id, name) on conflict do nothing`,
  );
  const step = 100_000;
  for (let from = 1; from <= BIKES; from += step) {
    const to = Math.min(BIKES, from + step - 1);
    await database.query(`update bikes set brand_id = 1 + (substr(bike_id, 2)::int % 3) where bike_id between $1 and $2`, [
      `B${String(from).padStart(7, '0')}`,
      `B${String(to).padStart(7, '0')}`,
    ]);
    await database.query(
      `insert into bike_live (bike_id, brand_id, bike_type, area_id, lon, lat, status, site_id, legality, reported_at, out_site_since)
       select b.bike_id, b.brand_id, b.bike_type, '110108',
              case when g % 4 = 0 then 116.2 + (g * 7919 % 100000) / 500000.0 else s.lon + ((g % 21) - 10) * 0.000001 end,
              case when g % 4 = 0 then 39.9 + (g * 104729 % 100000) / 500000.0 else s.lat + ((g % 17) - 8) * 0.000001 end,
              1, case when g % 4 = 0 then null else s.id end, 0, now() - interval '1 second' * (g % 3600),
              case when g % 4 = 0 then now() - interval '1 hour' end
         from generate_series($1::bigint, $2::bigint) g
         join bikes b on b.bike_id = 'B' || lpad(g::text, 7, '0')
         join sites s on s.id = '110108' || lpad((1 + (g * 7919) % $3)::text, 7, '0')`,
      [from, to, SITES],
    );
  }
}

/** One local day of rides and dispatches (06:00-23:00), only up to `until`. */
async function seedDay(database: Database, dayStart: Date, d: number, until: Date) {
  const span = Math.max(0, Math.min(17 * HOUR, until.getTime() - dayStart.getTime() - 6 * HOUR - 30 * 60_000));
  if (span <= 0) return;
  await database.query(
    `insert into ride_orders (brand_id, order_id, bike_id, bike_type, area_id, rent_at, rent_lon, rent_lat, rent_site_id,
                              return_area_id, return_at, return_lon, return_lat, return_site_id, fee)
     select 1 + g % 3, $1::int::text || '-' || g, 'B' || lpad((1 + (g * 7919 + $1::int) % $4)::text, 7, '0'), (g % 3 = 0)::int, '110108',
            t, s1.lon, s1.lat, s1.id, '110108', t + interval '1 minute' * (5 + g % 25), s2.lon, s2.lat, s2.id, 150
       from (select g, $2::timestamptz + interval '6 hours' + interval '1 millisecond' * ((g::bigint * 2654435761) % $5) as t
               from generate_series(1::bigint, $3::bigint) g) x
       join sites s1 on s1.id = '110108' || lpad((1 + (g * 31 + $1::int) % $6)::text, 7, '0')
       join sites s2 on s2.id = '110108' || lpad((1 + (g * 131 + $1::int * 7) % $6)::text, 7, '0')`,
    [d, dayStart.toISOString(), Math.round((RIDES * span) / (17 * HOUR)), BIKES, span, SITES],
  );
  await database.query(
    `insert into dispatches (brand_id, dispatch_id, bike_id, bike_type, action, site_id, area_id, at)
     select 1 + g % 3, $1::int::text || '-' || g, 'B' || lpad((1 + (g * 104729 + $1::int) % $4)::text, 7, '0'), (g % 3 = 0)::int,
            case when g % 2 = 0 then 'up' else 'down' end, '110108' || lpad((1 + (g * 17 + $1::int) % $6)::text, 7, '0'), '110108',
            $2::timestamptz + interval '6 hours' + interval '1 millisecond' * ((g::bigint * 2654435761) % $5)
       from generate_series(1::bigint, $3::bigint) g`,
    [d, dayStart.toISOString(), Math.round((RIDES * span) / (17 * HOUR) / 20), BIKES, span, SITES],
  );
}

async function seedHistory(database: Database, ctx: JobContext, now: Date) {
  const today = localDay(now, TZ);
  const midnight = parseLocalTime(`${today} 00:00`, TZ)!;
  let t = performance.now();
  for (let d = DAYS - 1; d >= 0; d--) await seedDay(database, new Date(midnight.getTime() - d * DAY), DAYS - 1 - d, now);
  const [{ n }] = await database.query<{ n: number }>(`select count(*)::int as n from ride_orders`);
  console.log(`  ${fmt(n)} ride orders over ${DAYS} days written in ${secs(t)} s`);
  t = performance.now();
  const first = new Date(midnight.getTime() - (DAYS - 1) * DAY);
  for (let d = 0; d < DAYS; d++) {
    const from = new Date(first.getTime() + d * DAY);
    await rollupHours(ctx, from, new Date(Math.min(from.getTime() + DAY, now.getTime())));
    await rollupDay(ctx, localDay(from, TZ));
  }
  console.log(`  hourly and daily rollups of ${DAYS} days in ${secs(t)} s`);
  t = performance.now();
  await rollupSiteDays(ctx, localDay(new Date(now.getTime() - DAY), TZ));
  // as the hourly job leaves it: today's completed hours as partial day rows
  await rollupSiteToday(ctx, now);
  console.log(`  per-site day and month rollups in ${secs(t)} s`);
  await database.query('analyze');
  t = performance.now();
  await runSnapshot(ctx, now);
  console.log(`  site snapshot in ${secs(t)} s`);
}

interface Timing {
  name: string;
  /** The first call (caches empty). */
  cold: number;
  p50: number;
  p95: number;
  bytes: number;
}

async function timeCalls(base: string, token: string, name: string, urls: string[]): Promise<Timing> {
  const ms: number[] = [];
  let bytes = 0;
  // the first call after a snapshot fills the caches: timed apart
  const t0 = performance.now();
  await fetch(`${base}${urls[0]}`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.arrayBuffer());
  const cold = performance.now() - t0;
  for (let i = 0; i < CALLS; i++) {
    const t = performance.now();
    const r = await fetch(`${base}${urls[i % urls.length]}`, { headers: { authorization: `Bearer ${token}` } });
    const body = await r.arrayBuffer();
    ms.push(performance.now() - t);
    if (r.status !== 200) throw new Error(`${name}: HTTP ${r.status} ${Buffer.from(body).toString().slice(0, 300)}`);
    const code = (JSON.parse(Buffer.from(body).toString()) as { code: number }).code;
    if (code !== 200) throw new Error(`${name}: code ${code}`);
    bytes = body.byteLength;
  }
  ms.sort((a, b) => a - b);
  const at = (p: number) => ms[Math.min(ms.length - 1, Math.ceil((p / 100) * ms.length) - 1)];
  return { name, cold, p50: at(50), p95: at(95), bytes };
}

async function bench(kind: Kind) {
  console.log(`[${kind}] seeding ${fmt(SITES)} sites, ${fmt(BIKES)} bikes, ${DAYS} days of ${fmt(RIDES)} rides`);
  const t0 = performance.now();
  // BENCH_KEEP=1 BENCH_DB_NAME=x keeps the PostgreSQL database; BENCH_REUSE=1 with the same name times it again
  const { database, drop, reused } = await freshDatabase(kind, { reuse: !!process.env.BENCH_REUSE && !!process.env.BENCH_DB_NAME });
  try {
    if (!reused) {
      await seedWorld(database, SITES, BIKES);
      await seedLive(database);
      console.log(`  sites, bikes and live positions in ${secs(t0)} s`);
    } else console.log(`  reusing the kept database ${process.env.BENCH_DB_NAME}`);
    const config = loadConfig({ DATA_DIR: '/tmp', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', JOBS: '0' });
    const app = await buildApp(config, database, { logger: false });
    const ctx = jobContextOf(app.ctx);
    const now = new Date();
    if (!reused) await seedHistory(database, ctx, now);
    else {
      await runSnapshot(ctx, now);
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
    const token = login.data.token;
    const [y, m, d] = localDay(now, TZ).split('-').map(Number);
    const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: TZ, hour: '2-digit', hourCycle: 'h23' }).format(now));
    const a = 'selfAreaId=110108';
    // centres spread over the city for the nearest-sites calls
    const centres = Array.from({ length: 20 }, (_, i) => `lon=${(116.21 + (i % 5) * 0.04).toFixed(3)}&lat=${(39.91 + Math.floor(i / 5) * 0.045).toFixed(3)}`);
    const rank = (w: string) => [`/api/statistics/siteRankAll?${a}&${w}&orderBy=rent`, `/api/statistics/siteRankAll?${a}&${w}&orderBy=return`];
    const out: Timing[] = [];
    for (const [name, urls] of [
      ['dashboard/get limit=0 (all sites)', [`/api/dashboard/get?${a}&v=1&limit=0`]],
      ['dashboard/get limit=200', centres.map((c) => `/api/dashboard/get?${a}&v=2&limit=200&${c}`)],
      ['dashboard/get limit=50', centres.map((c) => `/api/dashboard/get?${a}&v=2&limit=50&${c}`)],
      [
        'siteRankAll hour',
        rank(`dateTime=${encodeURIComponent(`${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')} ${String(hour).padStart(2, '0')}`)}`),
      ],
      ['siteRankAll day', rank(`year=${y}&month=${m}&day=${d}`)],
      ['siteRankAll month', rank(`year=${y}&month=${m}`)],
    ] as [string, string[]][]) {
      const r = await timeCalls(base, token, name, urls);
      console.log(
        `  ${name.padEnd(34)} cold ${r.cold.toFixed(0).padStart(5)} ms   p50 ${r.p50.toFixed(1).padStart(7)} ms   p95 ${r.p95.toFixed(1).padStart(7)} ms   ${fmt(r.bytes)} bytes`,
      );
      out.push(r);
    }
    await app.close();
    return { kind, out };
  } finally {
    await database.close().catch(() => {});
    // BENCH_KEEP=1 keeps the PostgreSQL database for a closer look (psql)
    if (process.env.BENCH_KEEP && kind === 'postgres') console.log(`  kept the database`);
    else await drop();
  }
}

async function main() {
  const asked = process.argv.slice(2).filter((x) => x === 'pglite' || x === 'postgres') as Kind[];
  const results = [];
  for (const kind of asked.length ? asked : (['postgres', 'pglite'] as Kind[])) {
    if (kind === 'postgres' && !(await postgresReachable())) {
      console.log('[postgres] not reachable (set BENCH_DATABASE_URL); skipped');
      continue;
    }
    results.push(await bench(kind));
  }
  console.log(`\ndashboard: ${fmt(SITES)} sites, ${fmt(BIKES)} bikes, ${DAYS} days × ${fmt(RIDES)} rides, ${CALLS} calls each, ${new Date().toISOString()}`);
  for (const r of results) {
    for (const t of r.out)
      console.log(
        `${r.kind.padEnd(9)} ${t.name.padEnd(34)} cold ${t.cold.toFixed(0).padStart(5)} ms  p50 ${t.p50.toFixed(1).padStart(7)} ms  p95 ${t.p95.toFixed(1).padStart(7)} ms`,
      );
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
