/** Fresh benchmark databases: PGlite in a temp directory, or a new PostgreSQL database. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../server/src/db/client.js';
import { bootstrap } from '../server/src/db/bootstrap.js';

export const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function freshDatabase(
  kind: 'pglite' | 'postgres',
  opts: { reuse?: boolean; poolSize?: number } = {},
): Promise<{ database: Database; url?: string; reused?: boolean; drop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbs-bench-'));
  if (kind === 'pglite') {
    const database = await openDatabase({ dataDir });
    await database.migrate();
    await bootstrap(database, { adminPassword: 'Bench12345', dataDir });
    return { database, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = process.env.BENCH_DB_NAME ?? `sbs_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  const u = new URL(PG_URL);
  u.pathname = `/${name}`;
  // BENCH_DB_NAME with reuse: a database kept by an earlier run (BENCH_KEEP) is used as it is
  const kept = opts.reuse && (await admin.query(`select 1 from pg_database where datname = $1`, [name])).rowCount === 1;
  if (kept) {
    const database = await openDatabase({ databaseUrl: u.toString(), poolSize: opts.poolSize ?? 8 });
    await database.migrate();
    await admin.end();
    return { database, url: u.toString(), reused: true, drop: async () => {} };
  }
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  // not held open until drop(): a kept database (BENCH_KEEP) never calls it, and the open client kept
  // the process alive after the bench (bench:operation waits for its seeding bench/dashboard.ts to exit)
  await admin.end();
  const database = await openDatabase({ databaseUrl: u.toString(), poolSize: opts.poolSize ?? 8 });
  await database.migrate();
  await bootstrap(database, { adminPassword: 'Bench12345', dataDir });
  return {
    database,
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function postgresReachable() {
  const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}
