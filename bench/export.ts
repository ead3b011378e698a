/**
 * bench/export: a 200,000-row export (车辆统计 / bikeOut) streamed over HTTP — wall time and the
 * server process's peak RSS growth while it streams.
 *
 *   npm run bench:export                 # both databases
 *   BENCH_ROWS=50000 npm run bench:export -- pglite
 */
import { loadConfig } from '../server/src/config.js';
import { buildApp } from '../server/src/app.js';
import { freshDatabase, postgresReachable } from './db.js';
import { fmt, positions, seedWorld } from './world.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 200_000);
type Kind = 'pglite' | 'postgres';

async function bench(kind: Kind) {
  const { database, drop } = await freshDatabase(kind);
  try {
    const grid = await seedWorld(database, 2000, ROWS);
    const pos = positions(grid, ROWS, 3);
    await database.query(
      `insert into bike_live (bike_id, brand_id, bike_type, area_id, lon, lat, status, reported_at)
       select 'B' || lpad(g::text, 7, '0'), 1, (g % 3 = 0)::int, '110108', u.lon, u.lat, 1, now()
         from unnest($1::float8[], $2::float8[]) with ordinality as u(lon, lat, g)`,
      [Array.from(pos.lon), Array.from(pos.lat)],
    );
    const app = await buildApp(loadConfig({ DATA_DIR: '/tmp', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', JOBS: '0' }), database, { logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as import('node:net').AddressInfo).port}`;
    const login = (await (
      await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'Bench12345' }),
      })
    ).json()) as { data: { token: string } };
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const t = performance.now();
    const res = await fetch(`${base}/api/statistics/bikeOut?selfAreaId=110108&brandIds=1`, { headers: { authorization: `Bearer ${login.data.token}` } });
    if (res.status !== 200 || !res.headers.get('content-type')?.includes('spreadsheetml')) throw new Error(`export: HTTP ${res.status} ${await res.text()}`);
    let bytes = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
    const seconds = (performance.now() - t) / 1000;
    clearInterval(sampler);
    await app.close();
    console.log(
      `[${kind}] ${fmt(ROWS)} rows → ${(bytes / 1e6).toFixed(1)} MB .xlsx in ${seconds.toFixed(1)} s; peak RSS growth ${((peak - baseline) / 1e6).toFixed(0)} MB`,
    );
    return { kind, seconds, growthMb: (peak - baseline) / 1e6, mb: bytes / 1e6 };
  } finally {
    await database.close().catch(() => {});
    await drop();
  }
}

async function main() {
  const asked = process.argv.slice(2).filter((a) => a === 'pglite' || a === 'postgres') as Kind[];
  const out = [];
  for (const kind of asked.length ? asked : (['postgres', 'pglite'] as Kind[])) {
    if (kind === 'postgres' && !(await postgresReachable())) continue;
    out.push(await bench(kind));
  }
  console.log(`\nexport: ${fmt(ROWS)} rows (bikeOut, 车辆统计.xlsx)`);
  for (const r of out)
    console.log(`${r.kind.padEnd(9)} ${r.seconds.toFixed(1).padStart(6)} s  ${r.mb.toFixed(1).padStart(6)} MB  peak RSS +${r.growthMb.toFixed(0)} MB`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
