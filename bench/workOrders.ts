/**
 * bench/workOrders: the work-order rules in the minute job over 20,000 sites, and an operator's
 * order poll with 100,000 orders stored (issue 27), on PostgreSQL and PGlite.
 *
 * The city: 20,000 sites, three brands; one site in ten too full, one in ten empty, the rest in
 * range (bike_live written straight in), one snapshot. Then the rules run three times: the first
 * run starts watching the 4,000 sites out of range, the run 5 minutes later opens their orders, the
 * run after that is the steady state (nothing changes: what every minute costs). Then 100,000
 * orders are written in and one enterprise polls GET /api/open/v1/workOrders (open orders, and
 * changes since a recent point), p50 / p95 over CALLS calls each.
 *
 *   npm run bench:workOrders                 # both databases
 *   BENCH_SITES=2000 npm run bench:workOrders -- pglite
 */
import { loadConfig } from '../server/src/config.js';
import { buildApp } from '../server/src/app.js';
import { jobContextOf } from '../server/src/jobs/index.js';
import { runSnapshot } from '../server/src/jobs/snapshot.js';
import { runWorkOrders } from '../server/src/jobs/workOrders.js';
import { freshDatabase, postgresReachable } from './db.js';
import { fmt, seedWorld } from './world.js';

const SITES = Number(process.env.BENCH_SITES ?? 20_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
type Kind = 'pglite' | 'postgres';

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

async function bench(kind: Kind) {
  const { database, drop } = await freshDatabase(kind);
  try {
    await seedWorld(database, SITES, 0);
    await database.query(
      `insert into brands (id, brand_name, brand_account, brand_password_hash, area_id, operation_area_id)
       select id, name, 'bench' || id, (select brand_password_hash from brands where id = 1), '110108', '["110108"]'
         from (values (2, '哈啰'), (3, '青桔')) v(id, name) on conflict do nothing`,
    );
    // per site: i % 10 = 0 → ceiling + 5 bikes (too full), 1 → none (empty), else half the ceiling
    await database.query(
      `insert into bike_live (bike_id, brand_id, bike_type, area_id, lon, lat, status, site_id, legality, reported_at)
       select s.id || '-' || g, 1 + g % 3, 0, '110108', s.lon, s.lat, 1, s.id, 0, now()
         from (select id, lon, lat, site_bike_ceiling as c, row_number() over (order by id) as i from sites) s,
              generate_series(1, case when s.i % 10 = 0 then s.c + 5 when s.i % 10 = 1 then 0 else s.c / 2 end) g`,
    );
    const config = loadConfig({ DATA_DIR: '/tmp', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', JOBS: '0', OPEN_RATE_LIMIT: '1000000' });
    const app = await buildApp(config, database, { logger: false });
    const ctx = jobContextOf(app.ctx);
    const t0 = new Date();
    await runSnapshot(ctx, t0);
    const runs: { name: string; ms: number; opened: number; closed: number }[] = [];
    for (const [name, minutes] of [
      ['first (watching starts)', 0],
      ['5 min later (orders open)', 5],
      ['steady (nothing changes)', 6],
      ['steady again', 7],
    ] as const) {
      const t = performance.now();
      const r = await runWorkOrders(ctx, new Date(t0.getTime() + minutes * 60_000));
      runs.push({ name, ms: performance.now() - t, opened: r.opened, closed: r.closed });
    }
    // 100,000 orders: a third each brand, one in ten open, changed over the last 30 days
    await database.query(
      `insert into work_orders (order_type, area_id, brand_id, site_id, place, title, state, opened_by, created_at, deadline_at, updated_at)
       select 3, '110108', 1 + g % 3, null, 'cell:' || g, '站外还车', case when g % 10 = 0 then 1 else 4 end, 'regulator',
              now() - interval '1 minute' * (g % 43200), now() - interval '1 minute' * (g % 43200) + interval '2 hours',
              now() - interval '1 minute' * (g % 43200)
         from generate_series(1, $1) g`,
      [ORDERS],
    );
    if (database.kind === 'pglite') await database.query('vacuum (analyze)');
    else await database.query('analyze work_orders');
    const login = await app.inject({ method: 'POST', url: '/api/open/v1/token', payload: { account: 'bench', password: 'Bench12345' } });
    const token = login.json().data.token as string;
    const since = new Date(Date.now() - 3600_000).toISOString();
    const polls: { name: string; url: string; n: number; ms: number[] }[] = [
      { name: 'open orders (limit 100)', url: '/api/open/v1/workOrders?state=open&limit=100', n: 0, ms: [] },
      { name: 'changed in the last hour', url: `/api/open/v1/workOrders?since=${encodeURIComponent(since)}&limit=500`, n: 0, ms: [] },
    ];
    for (const p of polls) {
      for (let i = 0; i < CALLS; i++) {
        const t = performance.now();
        const r = await app.inject({ method: 'GET', url: p.url, headers: { authorization: `Bearer ${token}` } });
        p.ms.push(performance.now() - t);
        if (r.statusCode !== 200) throw new Error(`${p.url}: ${r.statusCode} ${r.body}`);
        p.n = r.json().data.orders.length;
      }
    }
    await app.close();
    return { kind, runs, polls };
  } finally {
    await database.close().catch(() => {});
    await drop();
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
  console.log(
    `\nwork orders: ${fmt(SITES)} sites (a tenth too full, a tenth empty), ${fmt(ORDERS)} orders stored, ${CALLS} polls each, ${new Date().toISOString()}`,
  );
  for (const r of results) {
    for (const x of r.runs)
      console.log(`${r.kind.padEnd(9)} rules, ${x.name.padEnd(28)} ${x.ms.toFixed(0).padStart(6)} ms  opened ${fmt(x.opened)}, closed ${fmt(x.closed)}`);
    for (const p of r.polls)
      console.log(
        `${r.kind.padEnd(9)} poll, ${p.name.padEnd(28)} p50 ${pct(p.ms, 50).toFixed(1).padStart(6)} ms  p95 ${pct(p.ms, 95).toFixed(1).padStart(6)} ms  (${p.n} orders)`,
      );
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
