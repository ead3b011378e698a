/**
 * bench/gbfs: the GBFS feeds (issue 32) of a city of 20,000 sites (half of them fenced) and
 * 200,000 parked bikes on PostgreSQL, over HTTP on the loopback (a listening server and a keep-alive
 * client that counts the bytes, as a feed reader would receive them) with a third-party key of the area: the
 * first station_status after a snapshot (the build of every feed of the area), then p50 / p95 of
 * station_status (200 calls after a warm-up; a call ends with its last byte), gzip and 304 answers. Target: p95 < 20 ms after the
 * first build. Seeds a fresh database (dropped at the end), runs one site snapshot first.
 *
 *   npm run bench:gbfs
 *   BENCH_SITES=2000 BENCH_BIKES=20000 BENCH_CALLS=50 npm run bench:gbfs
 *
 * DATABASE_URL (or BENCH_DATABASE_URL) names the server; default postgres://postgres:postgres@127.0.0.1:5432/postgres.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { loadConfig } from '../server/src/config.js';
import { buildApp } from '../server/src/app.js';
import type { Database } from '../server/src/db/client.js';
import { jobContextOf } from '../server/src/jobs/index.js';
import { runSnapshot } from '../server/src/jobs/snapshot.js';
import { fmt, seedWorld } from './world.js';

process.env.BENCH_DATABASE_URL ??= process.env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

const SITES = Number(process.env.BENCH_SITES ?? 20_000);
const BIKES = Number(process.env.BENCH_BIKES ?? 200_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const WARM = 10;
const URL = '/api/feed/v1/gbfs/110108/station_status.json';

/** Every other site fenced (a square of about 40 m), bikes parked at the sites, a key of 110108. */
async function seed(database: Database) {
  await seedWorld(database, SITES, BIKES);
  await database.query(
    `update sites set gps_rail = jsonb_build_array(jsonb_build_object('lon', lon - 0.0002, 'lat', lat - 0.0002), jsonb_build_object('lon', lon + 0.0002, 'lat', lat - 0.0002),
                                                   jsonb_build_object('lon', lon + 0.0002, 'lat', lat + 0.0002), jsonb_build_object('lon', lon - 0.0002, 'lat', lat + 0.0002))
      where substr(id, 7)::int % 2 = 0`,
  );
  await database.query(
    `insert into bike_live (bike_id, brand_id, bike_type, area_id, lon, lat, status, site_id, legality, reported_at)
     select b.bike_id, b.brand_id, b.bike_type, s.area_id, s.lon, s.lat, 1, s.id, 0, now()
       from generate_series(1, $1::int) g
       join bikes b on b.bike_id = 'B' || lpad(g::text, 7, '0')
       join sites s on s.id = '110108' || lpad((1 + (g * 7919) % $2::int)::text, 7, '0')`,
    [BIKES, SITES],
  );
  const key = `tpk_${randomBytes(32).toString('base64url')}`;
  await database.query(
    `insert into third_party_keys (name, phone, area_id, expires_at, status, key_hash, key_prefix, creator_id)
     values ('bench', '13900000000', '110108', now() + interval '1 day', 0, $1, $2, (select min(id) from users))`,
    [createHash('sha256').update(key).digest('hex'), key.slice(0, 10)],
  );
  await database.query('analyze');
  return key;
}

/** One GET over HTTP: its status, headers and body bytes (not decoded: what a reader receives). */
function get(base: string, agent: http.Agent, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(`${base}${URL}`, { agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function time(base: string, agent: http.Agent, headers: Record<string, string>, expect: number) {
  const ms: number[] = [];
  let bytes = 0;
  for (let i = 0; i < WARM + CALLS; i++) {
    const t = performance.now();
    const res = await get(base, agent, headers);
    const elapsed = performance.now() - t;
    if (res.status !== expect) throw new Error(`${res.status} ${res.body.subarray(0, 200).toString()}`);
    bytes = res.body.length;
    if (i >= WARM) ms.push(elapsed);
  }
  ms.sort((a, b) => a - b);
  const at = (p: number) => ms[Math.min(ms.length - 1, Math.ceil((p / 100) * ms.length) - 1)];
  return { p50: at(50), p95: at(95), bytes };
}

async function main() {
  const { freshDatabase, postgresReachable, PG_URL } = await import('./db.js');
  if (!(await postgresReachable())) throw new Error(`PostgreSQL not reachable at ${PG_URL} (set DATABASE_URL)`);
  console.log(`[postgres] seeding ${fmt(SITES)} sites, ${fmt(BIKES)} bikes`);
  let t = performance.now();
  const { database, drop } = await freshDatabase('postgres');
  try {
    const key = await seed(database);
    console.log(`  seeded in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const app = await buildApp(
      loadConfig({ DATA_DIR: '/tmp', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', JOBS: '0', GBFS_RATE_LIMIT: '1000000' }),
      database,
      {
        logger: false,
      },
    );
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    await runSnapshot(jobContextOf(app.ctx), new Date());
    const auth = { authorization: `Bearer ${key}` };
    t = performance.now();
    const first = await get(base, agent, auth);
    const buildMs = performance.now() - t;
    if (first.status !== 200) throw new Error(`${first.status} ${first.body.subarray(0, 200).toString()}`);
    const stations = (JSON.parse(first.body.toString()) as { data: { stations: unknown[] } }).data.stations.length;
    console.log(
      `  first station_status (builds the area's feeds) ${buildMs.toFixed(0)} ms, ${fmt(stations)} stations, ${(first.body.length / 1e6).toFixed(1)} MB`,
    );
    const plain = await time(base, agent, auth, 200);
    console.log(`  station_status          p50 ${plain.p50.toFixed(1)} ms  p95 ${plain.p95.toFixed(1)} ms  (${(plain.bytes / 1e6).toFixed(1)} MB)`);
    const gz = await time(base, agent, { ...auth, 'accept-encoding': 'gzip' }, 200);
    console.log(`  station_status gzip     p50 ${gz.p50.toFixed(1)} ms  p95 ${gz.p95.toFixed(1)} ms  (${(gz.bytes / 1e6).toFixed(2)} MB)`);
    const etag = String(first.headers.etag);
    const same = await time(base, agent, { ...auth, 'if-none-match': etag }, 304);
    console.log(`  station_status 304      p50 ${same.p50.toFixed(1)} ms  p95 ${same.p95.toFixed(1)} ms`);
    agent.destroy();
    await app.close();
    console.log(`\ngbfs: ${fmt(SITES)} sites, ${fmt(BIKES)} bikes, ${CALLS} calls each, ${new Date().toISOString()}`);
    console.log(`station_status p95 ${plain.p95.toFixed(1)} ms ${plain.p95 < 20 ? 'OK' : 'OVER'} target 20 ms (first build ${buildMs.toFixed(0)} ms)`);
  } finally {
    await database.close().catch(() => {});
    await drop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
