/**
 * `npm run verify:stats [-- --from yyyy-MM-dd] [--to yyyy-MM-dd]`: recomputes every day of the range
 * from the raw events and compares each statistics tier with it (jobs/verify.ts). Prints one line a
 * day and every difference; exits 1 when there is one. Reads the database of DATABASE_URL or
 * DATA_DIR (an embedded database is locked by a running server: stop it first).
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { localDay } from './domain/time.js';
import { verifyStats } from './jobs/verify.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

async function main() {
  const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } });
  for (const [name, v] of Object.entries(values)) {
    if (v !== undefined && !DAY.test(v)) throw new ConfigError(`--${name} must be a day as yyyy-MM-dd, got "${v}"`);
  }
  const config = loadConfig();
  process.env.TZ = config.tz;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const to = values.to ?? localDay(new Date(), config.tz);
    let from = values.from;
    if (!from) {
      const [row] = await database.query<{ t: Date | null }>(`select min(rent_at) as t from ride_orders`);
      from = row?.t ? localDay(new Date(row.t), config.tz) : to;
    }
    const started = performance.now();
    const r = await verifyStats(database, config.tz, from, to);
    for (const d of r.days) {
      const bad = r.differences.filter((x) => x.day === d.day && x.table !== 'stats_site_monthly').length;
      console.log(`${d.day}  rents at sites ${String(d.rents).padStart(7)}  returns ${String(d.returns).padStart(7)}  ${bad ? `${bad} differences` : 'ok'}`);
    }
    const months = new Set(r.differences.filter((x) => x.table === 'stats_site_monthly').map((x) => x.day));
    for (const m of months)
      console.log(`${m.slice(0, 7)}     month rows: ${r.differences.filter((x) => x.day === m && x.table === 'stats_site_monthly').length} differences`);
    for (const x of r.differences) console.log(`DIFF ${x.table} ${x.day} ${x.key}: ${x.counts}`);
    const secs = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      r.differences.length
        ? `${r.differences.length} differences between the statistics and the events (${from} to ${to}, ${secs} s)`
        : `statistics equal the events for every day from ${from} to ${to} (${secs} s)`,
    );
    process.exitCode = r.differences.length ? 1 : 0;
  } finally {
    await database.close();
  }
}

main().catch((e) => {
  console.error(e instanceof ConfigError ? `error: ${e.message}` : e);
  process.exit(2);
});
