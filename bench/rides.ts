/**
 * bench/rides: the 企业管理 ride calls on a month of rides on PostgreSQL, through app.inject: the
 * out-of-site fee list for the month (GET /api/bikeOutSiteFee/getFeeList) and one day's riders
 * (getFeeUserDetails), and the ride order list (GET /api/company/getBikeRideOrderList) filtered by
 * an enterprise and a day (also returned out of site, and by duration) and by a bike over the month,
 * each with its total. The month is the 29 last days, rolled into fee_daily (the job's
 * rollupFeeDays, timed), and today, counted from the orders. Then the order export streamed over
 * HTTP with the process's peak RSS growth (timeExports; BENCH_EXPORT=0 leaves it out). p50 / p95 over
 * BENCH_CALLS calls after a warm-up. Targets (issue 14): order list p95 < 150 ms, fee list < 200 ms,
 * the month's export within 150 MB of RSS growth.
 *
 *   npm run bench:rides
 *   BENCH_DAYS=7 BENCH_RIDES_PER_DAY=50000 npm run bench:rides
 *   BENCH_REUSE=1 BENCH_DB_NAME=rides14 BENCH_ONLY=export npm run bench:rides      # the exports only
 *   BENCH_REUSE=1 BENCH_DB_NAME=rides14 BENCH_ONLY=export:朝阳 npm run bench:rides  # exports named so
 *
 * 30 days × 200,000 rides by default (6,000,000 rows), three enterprises, 20,000 sites, one ride
 * in ten returned outside every site with a fee and a rider. DATABASE_URL (or BENCH_DATABASE_URL)
 * names the server. BENCH_KEEP=1 BENCH_DB_NAME=name keeps the seeded database; BENCH_REUSE=1 with
 * the same name times it again without seeding.
 */
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../server/src/config.js';
import { buildApp } from '../server/src/app.js';
import type { Database } from '../server/src/db/client.js';
import { dayStart, dayText, dayNumber, today } from '../server/src/domain/time.js';
import { rollupFeeDays } from '../server/src/jobs/rollup.js';
import { fmt, seedWorld } from './world.js';

process.env.BENCH_DATABASE_URL ??= process.env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

const DAYS = Number(process.env.BENCH_DAYS ?? 30);
const PER_DAY = Number(process.env.BENCH_RIDES_PER_DAY ?? 200_000);
const SITES = 20_000;
const BIKES = 300_000;
const CALLS = Number(process.env.BENCH_CALLS ?? 50);
const WARM = 5;
const TZ = 'Asia/Shanghai';

const secs = (t: number) => ((performance.now() - t) / 1000).toFixed(1);

/** The last DAYS local days before today, oldest first. */
function benchDays() {
  const last = dayNumber(today(TZ).day) - 1;
  return Array.from({ length: DAYS }, (_, i) => dayText(last - DAYS + 1 + i));
}

/**
 * One day of rides in one statement: rents spread over the day, 20-minute rides, bikes of three
 * enterprises, a quarter in 朝阳; one in ten returned outside every site with a 5 元 charge and one
 * of 50,000 riders.
 */
async function seedDay(database: Database, day: string, index: number) {
  await database.query(
    `insert into ride_orders (brand_id, order_id, bike_id, bike_type, area_id, rent_at, rent_lon, rent_lat, rent_site_id,
                              return_area_id, return_at, return_lon, return_lat, return_site_id, fee, out_site_return,
                              rider_key, rider_phone)
     select 1 + g % 3, 'R' || lpad($4::int::text, 3, '0') || lpad(g::text, 7, '0'), 'B' || lpad((1 + (g * 7919 + $4::int * 31) % $3::int)::text, 7, '0'), (g % 3 = 0)::int,
            a.area, t.at, 116.3, 39.95, '110108' || lpad((1 + g % $5)::text, 7, '0'),
            a.area, t.at + interval '20 minutes', 116.31, 39.96,
            case when g % 10 = 0 then null else '110108' || lpad((1 + (g * 13) % $5)::text, 7, '0') end,
            150 + case when g % 10 = 0 then 500 else 0 end, g % 10 = 0,
            case when g % 10 = 0 then md5('rider' || (g * 104729 % 50000)::text) end,
            case when g % 10 = 0 then '138****' || lpad((g * 104729 % 50000 % 10000)::text, 4, '0') end
       from generate_series(1, $2::bigint) g,
            lateral (select $1::timestamptz + interval '1 second' * ((g * 104729) % 86400) as at) t,
            lateral (select case when g % 4 = 0 then '110105' else '110108' end as area) a`,
    [dayStart(day, TZ), PER_DAY, BIKES, index, SITES],
  );
}

interface Timing {
  name: string;
  p50: number;
  p95: number;
  total: number;
}

async function time(app: FastifyInstance, token: string, name: string, url: string, queries: Record<string, string>[]): Promise<Timing> {
  const ms: number[] = [];
  let total = 0;
  for (let i = 0; i < WARM + CALLS; i++) {
    const q = new URLSearchParams(queries[i % queries.length]);
    const t = performance.now();
    const res = await app.inject({ method: 'GET', url: `${url}?${q}`, headers: { authorization: `Bearer ${token}` } });
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

/**
 * The ride order export over HTTP (a listening server, the file read as it streams): rows, size, wall
 * time and the process's peak RSS growth over its baseline after a GC (run with --expose-gc). A
 * month of one enterprise in 朝阳 (a quarter of its rides), a month of its out-of-site returns, and
 * the whole month, which holds more rows than a worksheet and is refused with what to do.
 */
async function timeExports(database: Database, token: string, month: { startTime: string; endTime: string }, only?: string) {
  const app = await buildApp(loadConfig({ DATA_DIR: '/tmp', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', JOBS: '0' }), database, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as import('node:net').AddressInfo).port}`;
  const lines: string[] = [];
  const run = async (name: string, body: Record<string, unknown>) => {
    if (only && !name.includes(only)) return;
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    const heapBase = process.memoryUsage().heapUsed;
    let peak = baseline;
    let heapPeak = heapBase;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peak = Math.max(peak, m.rss);
      heapPeak = Math.max(heapPeak, m.heapUsed);
    }, 20);
    const t = performance.now();
    const res = await fetch(`${base}/api/company/exportBikeRideOrderList`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    let bytes = 0;
    let text = '';
    if (res.headers.get('content-type')?.includes('spreadsheetml')) {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
    } else text = await res.text();
    clearInterval(sampler);
    const secs = ((performance.now() - t) / 1000).toFixed(1);
    lines.push(
      text
        ? `export ${name}: refused in ${secs} s: ${text.slice(0, 160)}`
        : `export ${name}: ${(bytes / 1e6).toFixed(1)} MB .xlsx in ${secs} s; peak RSS growth ${((peak - baseline) / 1e6).toFixed(0)} MB` +
            ` (heap in use ${(heapBase / 1e6).toFixed(0)} → peak ${(heapPeak / 1e6).toFixed(0)} MB)${global.gc ? '' : ' (no --expose-gc)'}`,
    );
    console.log(`  ${lines.at(-1)}`);
  };
  const m = { startTime: `${month.startTime} 00:00:00`, endTime: `${month.endTime} 23:59:59` };
  const [{ n }] = await database.query<{ n: number }>(
    `select count(*)::int as n from ride_orders where brand_id = 2 and area_id = '110105' and rent_at >= $1 and rent_at < $2`,
    [dayStart(month.startTime, TZ), dayStart(dayText(dayNumber(month.endTime) + 1), TZ)],
  );
  await run(`month, 哈啰 in 朝阳 (${fmt(n)} rows)`, { ...m, brandId: 2, selfAreaId: '110105' });
  await run('month, 哈啰 out of site', { ...m, brandId: 2, returnType: 'out' });
  await run('the whole month', m);
  await app.close();
  return lines;
}

async function main() {
  const { freshDatabase, postgresReachable, PG_URL } = await import('./db.js');
  if (!(await postgresReachable())) throw new Error(`PostgreSQL not reachable at ${PG_URL} (set DATABASE_URL)`);
  const days = benchDays();
  const { database, drop, reused } = await freshDatabase('postgres', { reuse: !!process.env.BENCH_REUSE && !!process.env.BENCH_DB_NAME });
  try {
    if (!reused) {
      console.log(`[postgres] seeding ${DAYS} days × ${fmt(PER_DAY)} rides (${days[0]} … ${days.at(-1)})`);
      const t = performance.now();
      await seedWorld(database, SITES, 0);
      await database.query(
        `insert into brands (id, brand_name, brand_account, brand_password_hash, area_id, operation_area_id)
         select id, name, 'bench' || id, 'x', '110108', '["110108", "110105"]' from (values (2, '哈啰'), (3, '青桔')) v(id, name)
         on conflict do nothing`,
      );
      for (const [i, day] of days.entries()) await seedDay(database, day, i);
      // today as well: the fee list counts it from the orders (not rolled up yet)
      await seedDay(database, today(TZ).day, days.length);
      // what autovacuum does after a bulk load: statistics, and the visibility map for index-only scans
      await database.query('vacuum analyze ride_orders');
      console.log(`  seeded in ${secs(t)} s`);
    } else console.log(`  reusing the kept database ${process.env.BENCH_DB_NAME}`);
    // the statistics job's fee step: every whole day into fee_daily (a no-op when the kept database has it)
    const tr = performance.now();
    const rolled = await rollupFeeDays({ database, tz: TZ, overdueHours: 24, offsiteMinutes: 30, staleHours: 24 }, new Date());
    if (rolled) console.log(`  fee_daily: ${rolled.first} … ${rolled.last} rolled in ${secs(tr)} s`);
    const app = await buildApp(loadConfig({ DATA_DIR: '/tmp', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', JOBS: '0' }), database, { logger: false });
    await app.ready();
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'admin', password: 'Bench12345' } });
    const token = (login.json() as { data: { token: string } }).data.token;
    // a month to today: 29 rolled days and today's orders
    const month = { startTime: days[1], endTime: today(TZ).day };
    const someDays = days.slice(-10);
    // BENCH_ONLY=export: the exports only; BENCH_ONLY=export:text: the exports whose name holds the text
    const only = process.env.BENCH_ONLY;
    const exportsOnly = only === 'export' || only?.startsWith('export:');
    const timings = async () => [
      await time(app, token, 'fee list, the month', '/api/bikeOutSiteFee/getFeeList', [month]),
      await time(app, token, 'fee list, month, one brand', '/api/bikeOutSiteFee/getFeeList', [{ ...month, brandId: '2' }]),
      await time(
        app,
        token,
        'fee riders, a brand and day',
        '/api/bikeOutSiteFee/getFeeUserDetails',
        someDays.map((d) => ({ brandId: '1', startTime: d, endTime: d })),
      ),
      await time(
        app,
        token,
        'orders, a brand and day',
        '/api/company/getBikeRideOrderList',
        someDays.map((d) => ({ brandId: '2', startTime: `${d} 00:00:00`, endTime: `${d} 23:59:59` })),
      ),
      await time(
        app,
        token,
        'orders, brand, day, out of site',
        '/api/company/getBikeRideOrderList',
        someDays.map((d) => ({ brandId: '2', startTime: `${d} 00:00:00`, endTime: `${d} 23:59:59`, returnType: 'out' })),
      ),
      await time(
        app,
        token,
        'orders, brand, day, 15-30 min',
        '/api/company/getBikeRideOrderList',
        someDays.map((d) => ({ brandId: '2', startTime: `${d} 00:00:00`, endTime: `${d} 23:59:59`, minMinutes: '15', maxMinutes: '30' })),
      ),
      await time(
        app,
        token,
        'orders, a bike over the month',
        '/api/company/getBikeRideOrderList',
        [17, 4242, 99_999, 123_456].map((n) => ({
          bikeId: `B${String(n).padStart(7, '0')}`,
          startTime: `${month.startTime} 00:00:00`,
          endTime: `${month.endTime} 23:59:59`,
        })),
      ),
    ];
    const out = exportsOnly ? [] : await timings();
    await app.close();
    const exports = process.env.BENCH_EXPORT === '0' ? [] : await timeExports(database, token, month, only?.startsWith('export:') ? only.slice(7) : undefined);
    console.log(`\nrides: ${DAYS} days × ${fmt(PER_DAY)} rides, ${CALLS} calls each, ${new Date().toISOString()}`);
    for (const r of out) {
      const target = r.name.startsWith('fee list') ? 200 : 150;
      console.log(
        `  ${r.name.padEnd(30)} p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms  total ${fmt(r.total).padStart(9)}  ${r.p95 < target ? 'OK' : 'OVER'} target ${target} ms`,
      );
    }
    for (const e of exports) console.log(`  ${e}`);
    console.log(`  load average ${(await import('node:fs')).readFileSync('/proc/loadavg', 'utf8').trim()}`);
  } finally {
    await database.close().catch(() => {});
    if (process.env.BENCH_KEEP) console.log(`  kept the database`);
    else await drop();
  }
}

main().then(
  () => process.exit(0), // a pool left open would hold the process
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
