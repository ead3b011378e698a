/**
 * bench/ingest: bike-status updates per second through the HTTP open API (batches of 1,000, two
 * concurrent clients) into PGlite and PostgreSQL, beside two floors measured in the same run on the
 * same rows: a bare batched upsert (INSERT ... SELECT FROM unnest ... ON CONFLICT DO UPDATE) and a
 * bare COPY. Also the site snapshot over the same city.
 *
 *   npm run bench:ingest                        # both databases, 1,000,000 bikes, 20,000 sites
 *   BENCH_BIKES=200000 npm run bench:ingest -- pglite
 *   BENCH_RIDING=0.1 npm run bench:ingest      # one bike in ten reports itself rented (ride tracks)
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { loadConfig } from '../server/src/config.js';
import { buildApp } from '../server/src/app.js';
import type { Database } from '../server/src/db/client.js';
import { jobContextOf } from '../server/src/jobs/index.js';
import { runSnapshot } from '../server/src/jobs/snapshot.js';
import { freshDatabase, postgresReachable } from './db.js';
import { bikeId, fmt, positions, seedWorld } from './world.js';

const BIKES = Number(process.env.BENCH_BIKES ?? 1_000_000);
const SITES = Number(process.env.BENCH_SITES ?? 20_000);
const BATCH = 1000;
const CLIENTS = 2;
/** BENCH_RIDING=0.1: that share of the bikes reports itself rented (status 2), whose positions go into ride tracks. */
const RIDING_SHARE = Number(process.env.BENCH_RIDING ?? 0);
const RIDING = RIDING_SHARE > 0 ? Math.max(1, Math.round(1 / RIDING_SHARE)) : 0;

type Kind = 'pglite' | 'postgres';

interface Result {
  kind: Kind;
  httpCold: number;
  httpWarm: number;
  upsert: number;
  copy: number;
  snapshotMs: number[];
}

function bodies(pos: { lon: Float64Array; lat: Float64Array }, reportedAt: string): string[] {
  const out: string[] = [];
  for (let b = 0; b < BIKES; b += BATCH) {
    const items = [];
    for (let i = b; i < Math.min(BIKES, b + BATCH); i++) {
      items.push({ bikeId: bikeId(i), status: RIDING && i % RIDING === 0 ? 2 : 1, lon: pos.lon[i], lat: pos.lat[i], reportedAt });
    }
    out.push(JSON.stringify({ items }));
  }
  return out;
}

/** Two clients take batches from a shared queue; answers rows per second. */
async function runHttp(base: string, token: string, batches: string[]): Promise<number> {
  let next = 0;
  let accepted = 0;
  const started = performance.now();
  const client = async () => {
    for (;;) {
      const i = next++;
      if (i >= batches.length) return;
      const r = await fetch(`${base}/api/open/v1/bikes/status`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: batches[i],
      });
      const body = (await r.json()) as { data: { accepted: number } };
      if (r.status !== 200) throw new Error(`batch ${i}: HTTP ${r.status} ${JSON.stringify(body).slice(0, 300)}`);
      accepted += body.data.accepted;
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  if (accepted !== BIKES) throw new Error(`accepted ${accepted} of ${BIKES}`);
  return BIKES / ((performance.now() - started) / 1000);
}

/** The same rows as the HTTP path writes, already placed, with the bare upsert statement. */
async function runBareUpsert(database: Database, rows: { siteId: (string | null)[]; lon: Float64Array; lat: Float64Array }, reportedAt: string) {
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    for (;;) {
      const b = next;
      next += BATCH;
      if (b >= BIKES) return;
      const n = Math.min(BATCH, BIKES - b);
      const ids = Array.from({ length: n }, (_, k) => bikeId(b + k));
      await database.query(
        `insert into bike_live as l (bike_id, brand_id, bike_type, area_id, lon, lat, status, site_id, in_area, in_forbid, legality, reported_at)
         select u.id, 1, 0, '110108', u.lon, u.lat, 1, u.site, true, false, 0, $5::timestamptz
           from unnest($1::varchar[], $2::float8[], $3::float8[], $4::varchar[]) as u(id, lon, lat, site)
         on conflict (bike_id) do update set lon = excluded.lon, lat = excluded.lat, status = excluded.status,
           site_id = excluded.site_id, reported_at = excluded.reported_at
         where l.reported_at < excluded.reported_at`,
        [ids, Array.from(rows.lon.subarray(b, b + n)), Array.from(rows.lat.subarray(b, b + n)), rows.siteId.slice(b, b + n), reportedAt],
      );
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, worker));
  return BIKES / ((performance.now() - started) / 1000);
}

function csv(rows: { siteId: (string | null)[]; lon: Float64Array; lat: Float64Array }, reportedAt: string) {
  const lines: string[] = [];
  for (let i = 0; i < BIKES; i++) lines.push(`${bikeId(i)},1,0,110108,${rows.lon[i]},${rows.lat[i]},1,${rows.siteId[i] ?? ''},t,f,0,${reportedAt}`);
  return lines.join('\n') + '\n';
}

/** COPY of the same rows into an empty table shaped like bike_live. */
async function runCopy(kind: Kind, database: Database, url: string | undefined, text: string) {
  await database.query(`drop table if exists bench_copy`);
  await database.query(`create table bench_copy (like bike_live including defaults)`);
  const cols = '(bike_id, brand_id, bike_type, area_id, lon, lat, status, site_id, in_area, in_forbid, legality, reported_at)';
  const started = performance.now();
  if (kind === 'postgres') {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await pipeline(Readable.from([text]), client.query(copyFrom(`copy bench_copy ${cols} from stdin with (format csv)`)));
    await client.end();
  } else {
    await database.pglite!.query(`copy bench_copy ${cols} from '/dev/blob' with (format csv)`, [], { blob: new Blob([text]) });
  }
  const rate = BIKES / ((performance.now() - started) / 1000);
  const [{ n }] = await database.query<{ n: number }>(`select count(*)::int as n from bench_copy`);
  if (n !== BIKES) throw new Error(`COPY stored ${n}`);
  await database.query(`drop table bench_copy`);
  return rate;
}

async function bench(kind: Kind): Promise<Result> {
  const t0 = performance.now();
  const { database, url, drop } = await freshDatabase(kind);
  try {
    const grid = await seedWorld(database, SITES, BIKES);
    const pos = positions(grid, BIKES, 7);
    console.log(`[${kind}] seeded ${fmt(SITES)} sites, ${fmt(BIKES)} filed bikes in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const config = loadConfig({ DATA_DIR: '/tmp', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', JOBS: '0', OPEN_RATE_LIMIT: '1000000' });
    const app = await buildApp(config, database, { logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as import('node:net').AddressInfo).port}`;
    const tok = (await (
      await fetch(`${base}/api/open/v1/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account: 'bench', password: 'Bench12345' }),
      })
    ).json()) as { data: { token: string } };

    // every timed phase starts from the same state: dead rows vacuumed, a fresh checkpoint (so each
    // pays the same full-page writes; otherwise the later phase rides on the earlier one's)
    // (PostgreSQL's autovacuum and the server's hourly maintenance on PGlite keep a running server
    // in this state)
    const settle = async () => {
      await database.query('vacuum (analyze)');
      await database.query('checkpoint').catch(() => {});
    };
    const now = Date.now() - 10 * 60_000;
    const at = (k: number) => new Date(now + k * 1000).toISOString();
    await settle();
    const httpCold = await runHttp(base, tok.data.token, bodies(pos, at(1)));
    console.log(`[${kind}] HTTP, first report of the day (live state + presence): ${fmt(httpCold)} rows/s`);
    await settle();
    const httpWarm = await runHttp(base, tok.data.token, bodies(pos, at(2)));
    console.log(`[${kind}] HTTP, later reports: ${fmt(httpWarm)} rows/s`);

    const placed = await database.query<{ bikeId: string; siteId: string | null }>(
      `select bike_id as "bikeId", site_id as "siteId" from bike_live order by bike_id`,
    );
    const rows = { siteId: placed.map((p) => p.siteId), lon: pos.lon, lat: pos.lat };
    await settle();
    const upsert = await runBareUpsert(database, rows, at(3));
    console.log(`[${kind}] bare batched upsert: ${fmt(upsert)} rows/s`);
    await settle();
    const copy = await runCopy(kind, database, url, csv(rows, at(4)));
    console.log(`[${kind}] bare COPY: ${fmt(copy)} rows/s`);

    const ctx = jobContextOf(app.ctx);
    const snapshotMs: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      await runSnapshot(ctx, new Date());
      snapshotMs.push(Math.round(performance.now() - t));
    }
    console.log(`[${kind}] site snapshot (${fmt(SITES)} sites, ${fmt(BIKES)} bikes): ${snapshotMs.join(' / ')} ms (first, then unchanged)`);
    await app.close();
    return { kind, httpCold, httpWarm, upsert, copy, snapshotMs };
  } finally {
    await database.close().catch(() => {});
    await drop();
  }
}

async function main() {
  const asked = process.argv.slice(2).filter((a) => a === 'pglite' || a === 'postgres') as Kind[];
  const kinds: Kind[] = asked.length ? asked : ['postgres', 'pglite'];
  const results: Result[] = [];
  for (const kind of kinds) {
    if (kind === 'postgres' && !(await postgresReachable())) {
      console.log('[postgres] not reachable (set BENCH_DATABASE_URL); skipped');
      continue;
    }
    results.push(await bench(kind));
  }
  console.log(`\ningest: ${fmt(BIKES)} bikes, ${fmt(SITES)} sites, batches of ${BATCH}, ${CLIENTS} clients, ${new Date().toISOString()}`);
  console.log('db        HTTP first/day  HTTP later   bare upsert   bare COPY    later/upsert  snapshot ms');
  for (const r of results) {
    console.log(
      `${r.kind.padEnd(9)} ${fmt(r.httpCold).padStart(12)}/s ${fmt(r.httpWarm).padStart(10)}/s ${fmt(r.upsert).padStart(11)}/s ${fmt(r.copy).padStart(10)}/s ${(r.httpWarm / r.upsert).toFixed(2).padStart(13)} ${String(r.snapshotMs[0]).padStart(12)}`,
    );
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
