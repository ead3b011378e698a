/**
 * bench/miPiles: 米单车管理's silent-pile list (离线设备, issue 29: p95 < 100 ms over 20,000 piles)
 * and its neighbours, on PostgreSQL and PGlite.
 *
 * The district: 2,000 sites over 海淀 with 10 piles each (20,000 piles): 70 % heard within the last
 * hour, 25 % silent between an hour and 30 days, 5 % never heard. Then, through app.inject() as the
 * admin (national scope) and at 海淀 (selfAreaId): GET /api/miApp/getNoLineList page 1, a deep page,
 * 100 a page, one site, a MAC fragment; GET getLineList page 1; p50 / p95 over CALLS calls each.
 * Last, POST exportNoLineList (the whole silent list as .xlsx, keyset pages) timed a few times.
 *
 *   npm run bench:miPiles                 # both databases
 *   BENCH_PILES=5000 npm run bench:miPiles -- pglite
 */
import { loadConfig } from '../server/src/config.js';
import { buildApp } from '../server/src/app.js';
import { freshDatabase, postgresReachable } from './db.js';
import { fmt, seedWorld } from './world.js';

const PILES = Number(process.env.BENCH_PILES ?? 20_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 100);
const PER_SITE = 10;
type Kind = 'pglite' | 'postgres';

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

async function bench(kind: Kind) {
  const { database, drop } = await freshDatabase(kind);
  try {
    const sites = Math.ceil(PILES / PER_SITE);
    await seedWorld(database, sites, 0);
    const t0 = performance.now();
    // pile g: site g / 10; h in [0, 100): < 70 heard within the hour, < 95 silent 1 h – 30 days, else never heard
    await database.query(
      `insert into piles (equipment_mac, site_id, area_id, power, last_seen_at, created_at)
       select upper(lpad(to_hex(g), 12, '0')), s.id, '110108', (g * 37) % 101,
              case when h < 70 then now() - (g % 3500) * interval '1 second'
                   when h < 95 then now() - interval '1 hour' - (g * 7919 % 2592000) * interval '1 second' end,
              now() - interval '90 days'
         from generate_series(0, $1::int - 1) g
         join (select id, row_number() over (order by id) - 1 as n from sites) s on s.n = g / $2::int
         cross join lateral (select abs(hashtext(g::text)) % 100 as h) x`,
      [PILES, PER_SITE],
    );
    const seedMs = performance.now() - t0;
    if (database.kind === 'pglite') await database.query('vacuum (analyze)');
    else await database.query('analyze');
    const [{ n: piles }] = await database.query<{ n: number }>(`select count(*)::int as n from piles`);
    const [{ id: oneSite }] = await database.query<{ id: string }>(`select id from sites order by id offset 777 limit 1`);
    const config = loadConfig({ DATA_DIR: '/tmp', TZ: 'Asia/Shanghai', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', JOBS: '0' });
    const app = await buildApp(config, database, { logger: false });
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'admin', password: 'Bench12345' } });
    const token = login.json().data.token as string;
    const calls: { name: string; url: string; total: number; ms: number[] }[] = [
      { name: 'silent, page 1 (national scope)', url: '/api/miApp/getNoLineList', total: 0, ms: [] },
      { name: 'silent, page 1 (海淀)', url: '/api/miApp/getNoLineList?selfAreaId=110108', total: 0, ms: [] },
      { name: 'silent, page 500', url: '/api/miApp/getNoLineList?currentPage=500', total: 0, ms: [] },
      { name: 'silent, 100 a page', url: '/api/miApp/getNoLineList?pageSize=100&currentPage=20', total: 0, ms: [] },
      { name: 'silent, one site', url: `/api/miApp/getNoLineList?siteId=${oneSite}`, total: 0, ms: [] },
      { name: 'silent, MAC fragment', url: '/api/miApp/getNoLineList?equipmentMac=00ab', total: 0, ms: [] },
      { name: 'online, page 1', url: '/api/miApp/getLineList', total: 0, ms: [] },
    ];
    for (const c of calls) {
      for (let i = 0; i < CALLS; i++) {
        const t = performance.now();
        const r = await app.inject({ method: 'GET', url: c.url, headers: { authorization: `Bearer ${token}` } });
        c.ms.push(performance.now() - t);
        if (r.statusCode !== 200 || r.json().code !== 200) throw new Error(`${c.url}: ${r.body}`);
        c.total = r.json().data.total;
      }
    }
    const exportMs: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      const r = await app.inject({ method: 'POST', url: '/api/miApp/exportNoLineList', headers: { authorization: `Bearer ${token}` }, payload: {} });
      exportMs.push(performance.now() - t);
      if (!String(r.headers['content-type']).includes('spreadsheetml')) throw new Error(`export: ${r.body}`);
      bytes = r.rawPayload.length;
    }
    await app.close();
    return { kind, piles, seedMs, calls, exportMs, bytes };
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
  console.log(`\nmiPiles: ${fmt(PILES)} piles, ${CALLS} calls each, ${new Date().toISOString()}`);
  for (const r of results) {
    console.log(`${r.kind.padEnd(9)} ${fmt(r.piles)} piles written in ${fmt(r.seedMs)} ms`);
    for (const c of r.calls)
      console.log(
        `${r.kind.padEnd(9)} ${c.name.padEnd(34)} p50 ${pct(c.ms, 50).toFixed(1).padStart(6)} ms  p95 ${pct(c.ms, 95).toFixed(1).padStart(6)} ms  (total ${fmt(c.total)})`,
      );
    console.log(
      `${r.kind.padEnd(9)} ${'export silent piles (.xlsx)'.padEnd(34)} p50 ${pct(r.exportMs, 50).toFixed(0).padStart(6)} ms  max ${Math.max(...r.exportMs).toFixed(0)} ms  (${fmt(r.bytes)} bytes)`,
    );
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
