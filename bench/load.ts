/**
 * bench/load: many console users at once. The demo city (海淀, its sites, three operators' fleets,
 * BENCH_DAYS of back-filled history) is seeded through the real code and keeps running live while
 * BENCH_CLIENTS clients (200) each loop for BENCH_SECONDS (30) over a mix of twelve GET calls the
 * big screen and the desk screens make, over real HTTP with keep-alive, as the admin and a district
 * admin (a few sessions each). Prints requests/s, p50 / p95 / p99 overall and per call, and errors.
 *
 *   npm run bench:load                              # PostgreSQL
 *   BENCH_CLIENTS=20 npm run bench:load -- pglite   # PGlite: one connection, every query queues
 *   BENCH_POOL=40 npm run bench:load                # a larger pool (the server's default is 10)
 */
import { performance } from 'node:perf_hooks';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { loadConfig } from '../server/src/config.js';
import { buildApp } from '../server/src/app.js';
import { jobContextOf, runDailyJobs, runHourlyJobs, runMinuteJobs } from '../server/src/jobs/index.js';
import { startDemo } from '../server/src/sim/index.js';
import { hashPassword } from '../server/src/domain/password.js';
import { localDay } from '../server/src/domain/time.js';
import { freshDatabase, postgresReachable } from './db.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const DAYS = Number(process.env.BENCH_DAYS ?? 1);
/** PostgreSQL connections: the server's default pool is 10 (db/client.ts). */
const POOL = Number(process.env.BENCH_POOL ?? 10);
const TZ = 'Asia/Shanghai';
process.env.TZ = TZ;

type Kind = 'pglite' | 'postgres';

/** This file on a worker thread (Node 20 does not pass tsx's loader to workers: the worker registers it). */
const TSX_WORKER = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((m) => m.register()).then(() => import(${JSON.stringify(import.meta.url)}))`;

const secs = (t: number) => ((performance.now() - t) / 1000).toFixed(1);

/** The mix: what the big screen (数据大屏) and the desk screens ask for, by name. */
function mix(now: Date): [string, string][] {
  const a = 'selfAreaId=110108';
  const [y, m, d] = localDay(now, TZ).split('-').map(Number);
  return [
    ['user', '/api/user'],
    ['getSlider', '/api/getSlider'],
    ['area/listsAll', '/api/area/listsAll'],
    ['dashboard/get', `/api/dashboard/get?${a}&v=1&limit=200&lon=116.30&lat=39.98`],
    ['dashboard/brandBikeOnline', `/api/dashboard/brandBikeOnline?${a}&year=${y}&month=${m}&dataType=1`],
    ['abnormal/getMsgCounts', `/api/abnormal/getMsgCounts?${a}`],
    ['abnormal/getMsg', `/api/abnormal/getMsg?${a}&currentPage=1&pageSize=10`],
    ['statistics/siteRankAll', `/api/statistics/siteRankAll?${a}&year=${y}&month=${m}&day=${d}&orderBy=rent`],
    ['statistics/brandPercent', `/api/statistics/brandPercent?${a}`],
    ['statistics/tidal', `/api/statistics/tidal?${a}&year=${y}&month=${m}&day=${d}`],
    ['site list', `/api/site?${a}&currentPage=1&pageSize=10`],
    ['role/list', `/api/role/list?currentPage=1&pageSize=10`],
  ];
}

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);

async function login(base: string, username: string, password: string): Promise<string> {
  const r = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await r.json()) as { code: number; msg?: string; data?: { token: string } };
  if (!body.data?.token) throw new Error(`login ${username}: ${body.code} ${body.msg}`);
  return body.data.token;
}

interface Load {
  base: string;
  tokens: string[];
  calls: [string, string][];
  clients: number;
  seconds: number;
}

interface Result {
  ms: Map<string, number[]>;
  errors: Map<string, number>;
  bytes: Map<string, number>;
  elapsed: number;
}

/** The worker: `clients` loops over the calls for `seconds`, each call timed from request to parsed body. */
async function runClients({ base, tokens, calls, clients, seconds }: Load): Promise<Result> {
  const ms = new Map<string, number[]>(calls.map(([n]) => [n, []]));
  const errors = new Map<string, number>();
  const bytes = new Map<string, number>();
  const fail = (k: string) => errors.set(k, (errors.get(k) ?? 0) + 1);
  const started = performance.now();
  const end = started + seconds * 1000;
  const client = async (c: number) => {
    const token = tokens[c % tokens.length];
    for (let i = c; performance.now() < end; i++) {
      const [name, url] = calls[i % calls.length];
      const t = performance.now();
      try {
        const r = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
        const body = await r.arrayBuffer();
        const code = r.status === 200 ? (JSON.parse(Buffer.from(body).toString()) as { code: number }).code : r.status;
        if (code !== 200) fail(`${name} ${code}`);
        else {
          ms.get(name)!.push(performance.now() - t);
          bytes.set(name, Math.max(bytes.get(name) ?? 0, body.byteLength));
        }
      } catch (e) {
        fail(`${name} ${(e as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, c) => client(c)));
  return { ms, errors, bytes, elapsed: (performance.now() - started) / 1000 };
}

async function bench(kind: Kind) {
  console.log(`[${kind}] the demo city with ${DAYS} days of history`);
  const t0 = performance.now();
  // the pool the server opens by default (bench/db.ts gives the other benches 8 connections)
  const { database, drop } = await freshDatabase(kind, { poolSize: POOL });
  try {
    const config = loadConfig({ DATA_DIR: '/tmp', TZ, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', JOBS: '0' });
    const app = await buildApp(config, database, { logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as import('node:net').AddressInfo).port}`;
    const ctx = jobContextOf(app.ctx);
    const demo = await startDemo({
      app,
      database,
      baseUrl: base,
      log: app.log,
      backfillDays: DAYS,
      jobs: { minute: (t) => runMinuteJobs(ctx, t).then(() => undefined), hourly: (t) => runHourlyJobs(ctx, t), daily: (t) => runDailyJobs(ctx, t) },
    });
    await demo.ready;
    const [{ sites, bikes, rides }] = await database.query<{ sites: number; bikes: number; rides: number }>(
      `select (select count(*)::int from sites) as sites, (select count(*)::int from bikes) as bikes, (select count(*)::int from ride_orders) as rides`,
    );
    console.log(`  ${sites} sites, ${bikes} bikes, ${rides} rides; seeded and back-filled in ${secs(t0)} s; the city keeps running live`);
    // a district admin (海淀) with the admin's roles
    await database.query(
      `insert into users (username, password_hash, name, phone, area_id, user_level, status) values ('haidian', $1, '海淀管理员', '13900000001', '110108', 2, 0)`,
      [await hashPassword('Bench12345')],
    );
    await database.query(
      `insert into user_roles (user_id, role_id) select (select id from users where username = 'haidian'), role_id
         from user_roles where user_id = (select id from users where username = 'admin')`,
    );
    const tokens: string[] = [];
    for (let i = 0; i < 4; i++) tokens.push(await login(base, 'admin', 'Bench12345'), await login(base, 'haidian', 'Bench12345'));
    // BENCH_SKIP=listsAll leaves out the calls whose name holds the text (what one call costs the rest)
    const calls = mix(new Date()).filter(([name]) => !process.env.BENCH_SKIP || !name.includes(process.env.BENCH_SKIP));
    // what the running city alone takes of the server's event loop, before the clients start
    const idle0 = performance.eventLoopUtilization();
    await new Promise((r) => setTimeout(r, 5000));
    console.log(`  server event loop busy ${(performance.eventLoopUtilization(idle0).utilization * 100).toFixed(0)} % with the city alone (5 s)`);
    const refused: string[] = [];
    for (const [name, url] of calls) {
      const r = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${tokens[0]}` } });
      const body = await r.text();
      if (r.status !== 200 || (JSON.parse(body) as { code: number }).code !== 200) refused.push(`${name}: HTTP ${r.status} ${body.slice(0, 300)}`);
    }
    if (refused.length) throw new Error(`the mix is refused:\n${refused.join('\n')}`);

    // the clients run on a worker thread: the server's event loop is its own, as with clients elsewhere
    const elu0 = performance.eventLoopUtilization();
    const cpu0 = process.cpuUsage();
    const worker = new Worker(TSX_WORKER, {
      eval: true,
      workerData: { base, tokens, calls, clients: CLIENTS, seconds: SECONDS } satisfies Load,
    });
    const { ms, errors, bytes, elapsed } = await new Promise<Result>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    // how busy the server's one thread was while the load ran
    const elu = performance.eventLoopUtilization(elu0).utilization;
    const cpu = process.cpuUsage(cpu0);
    console.log(
      `  server event loop busy ${(elu * 100).toFixed(0)} %, process CPU ${((cpu.user + cpu.system) / 1e6 / elapsed).toFixed(2)} cores (server and clients)`,
    );
    await demo.stop();
    await app.close();

    const all = [...ms.values()].flat().sort((x, y) => x - y);
    const errorCount = [...errors.values()].reduce((s, n) => s + n, 0);
    const line = (name: string, xs: number[]) =>
      `  ${name.padEnd(28)} ${String(xs.length).padStart(7)} ok   p50 ${pct(xs, 50).toFixed(0).padStart(5)} ms   p95 ${pct(xs, 95).toFixed(0).padStart(5)} ms   p99 ${pct(xs, 99).toFixed(0).padStart(5)} ms`;
    for (const [name, xs] of ms)
      console.log(
        `${line(
          name,
          xs.sort((x, y) => x - y),
        )}   ${bytes.get(name) ?? 0} bytes`,
      );
    console.log(line('all', all));
    for (const [k, n] of errors) console.log(`  error ${k}: ${n}`);
    return { kind, rps: all.length / elapsed, p50: pct(all, 50), p95: pct(all, 95), p99: pct(all, 99), errors: errorCount };
  } finally {
    await database.close().catch(() => {});
    await drop();
  }
}

async function main() {
  const asked = process.argv.slice(2).filter((x) => x === 'pglite' || x === 'postgres') as Kind[];
  const results = [];
  for (const kind of asked.length ? asked : (['postgres'] as Kind[])) {
    if (kind === 'postgres' && !(await postgresReachable())) {
      console.log('[postgres] not reachable (set BENCH_DATABASE_URL); skipped');
      continue;
    }
    results.push(await bench(kind));
  }
  console.log(`\nload: ${CLIENTS} clients × ${SECONDS} s, 12 console calls, the demo city live, ${new Date().toISOString()}`);
  for (const r of results)
    console.log(
      `${r.kind.padEnd(9)} ${r.rps.toFixed(0).padStart(5)} requests/s   p50 ${r.p50.toFixed(0)} ms   p95 ${r.p95.toFixed(0)} ms   p99 ${r.p99.toFixed(0)} ms   ${r.errors} errors`,
    );
}

if (isMainThread)
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
else void runClients(workerData as Load).then((r) => parentPort!.postMessage(r));
