/** The database: embedded PGlite in DATA_DIR, or a PostgreSQL pool when DATABASE_URL is set. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.js';
import { holdTransaction, withUnits } from './unitOfWork.js';

type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
type DbKind = 'pglite' | 'postgres';

export type Query = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

export interface Database {
  kind: DbKind;
  db: Db;
  /**
   * Plain parameterised SQL for hot paths and bulk work; rows come back as plain objects. A `name`
   * makes it a prepared statement on PostgreSQL (planned once per connection; one text per name).
   */
  query<T = Record<string, unknown>>(text: string, params?: unknown[], name?: string): Promise<T[]>;
  /** Runs `fn` in one transaction: all of its statements commit together or none does. */
  tx<T>(fn: (query: Query) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` as one unit of work: every query and tx in its async context runs on one transaction,
   * committed when it resolves (db/unitOfWork.ts). Absent on stand-in databases (the OpenAPI script).
   */
  unit?<T>(fn: () => Promise<T>): Promise<T>;
  /** Is the caller inside a unit of work (its queries run on the unit's transaction)? */
  inUnit?(): boolean;
  close(): Promise<void>;
  /** Applies the committed SQL migrations (serialised across processes on PostgreSQL). */
  migrate(): Promise<void>;
  /**
   * Tries to become the one process that runs scheduled jobs: a session advisory lock held on a
   * dedicated connection (PostgreSQL); always granted on PGlite (one process per data directory).
   */
  tryLeadership(): Promise<boolean>;
  /**
   * PostgreSQL only (several processes may share it): calls `onPayload` for each NOTIFY on
   * `channel`, on a dedicated connection; `onLost` when that connection fails (listen again later).
   * Answers a function that stops listening. PGlite has one process per data directory: nothing to hear.
   */
  listen?(channel: string, onPayload: (payload: string) => void, onLost: () => void): Promise<() => Promise<void>>;
  /** PGlite only: the embedded client itself (COPY from a blob in the benchmark). */
  pglite?: PGlite;
  /** PGlite only: the data directory as a tarball (used to clone a migrated template in tests). */
  dump?(): Promise<Blob>;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../src/db/migrations', import.meta.url));

const MIGRATION_LOCK = 730_001;
const JOBS_LOCK = 730_002;

/**
 * The embedded database checkpoints by itself (it has no checkpointer process) when its WAL reaches
 * max_wal_size, and a checkpoint keeps the old segments for reuse up to about that much: with the
 * default 1 GB, DATA_DIR held a gigabyte of WAL next to a 530 MB database after a large write
 * (bench/retention.ts MODE=catchup). 128 MB keeps it near that, at the price of a checkpoint
 * (about 0.1 s) per 128 MB written.
 */
const PGLITE_WAL = ['-c', 'max_wal_size=128MB', '-c', 'min_wal_size=32MB'];

export class DataDirLockedError extends Error {}

/** Lock files this process holds (a lock with our pid that is not here is stale: pid reuse after a crash). */
const heldLocks = new Set<string>();

/** One process per PGlite data directory: a lock file holds the owner's pid. */
function takeLock(dataDir: string): () => void {
  // a DATA_DIR this process creates is the owner's only (issue 16); one given to it keeps its mode
  if (!fs.existsSync(dataDir)) {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    fs.chmodSync(dataDir, 0o700);
  }
  const lockFile = path.join(fs.realpathSync(dataDir), 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx', mode: 0o600 });
      heldLocks.add(lockFile);
      return () => {
        heldLocks.delete(lockFile);
        fs.rmSync(lockFile, { force: true });
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(fs.readFileSync(lockFile, 'utf8'));
      const ours = pid === process.pid;
      if ((ours && heldLocks.has(lockFile)) || (!ours && Number.isInteger(pid) && pid > 0 && isAlive(pid))) {
        throw new DataDirLockedError(`DATA_DIR ${dataDir} is in use by process ${pid}; stop that process or choose another DATA_DIR`);
      }
      fs.rmSync(lockFile, { force: true }); // stale lock from a process that died
    }
  }
  throw new DataDirLockedError(`could not lock DATA_DIR ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes group and other permissions off a directory tree (the embedded database's files, whatever the umask was). */
function ownerOnly(dir: string) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory()) fs.chmodSync(file, 0o700);
    else if (entry.isFile()) fs.chmodSync(file, 0o600);
  }
  fs.chmodSync(dir, 0o700);
}

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data directory; omit for an in-memory database. */
  dataDir?: string;
  /** PGlite: start from this dumped data directory (test template). */
  loadDataDir?: Blob;
  poolSize?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    let leader: pg.PoolClient | null = null;
    const listeners = new Set<() => Promise<void>>();
    pool.on('error', () => {}); // idle client errors surface on the next query
    await pool.query('select 1');
    const begin = async () => {
      const client = await pool.connect();
      let released = false;
      const end = async (sql: string) => {
        if (released) return;
        released = true;
        try {
          await client.query(sql);
        } finally {
          client.release();
        }
      };
      try {
        await client.query('begin');
      } catch (e) {
        released = true;
        client.release();
        throw e;
      }
      return {
        query: async (text: string, params?: unknown[], name?: string) =>
          (await client.query(name ? { name, text, values: params as unknown[] } : { text, values: params as unknown[] })).rows,
        commit: () => end('commit'),
        rollback: () => end('rollback').catch(() => {}),
      };
    };
    return withUnits(
      {
        kind: 'postgres',
        db: drizzlePg(pool, { schema }) as unknown as Db,
        query: async (text, params, name) =>
          (await pool.query(name ? { name, text, values: params as unknown[] } : { text, values: params as unknown[] })).rows,
        tx: async (fn) => {
          const client = await pool.connect();
          try {
            await client.query('begin');
            const out = await fn(async (text, params) => (await client.query(text, params as unknown[])).rows);
            await client.query('commit');
            return out;
          } catch (e) {
            await client.query('rollback').catch(() => {});
            throw e;
          } finally {
            client.release();
          }
        },
        close: async () => {
          leader?.release();
          leader = null;
          await Promise.all([...listeners].map((stop) => stop()));
          await pool.end();
        },
        listen: async (channel, onPayload, onLost) => {
          const client = new pg.Client({ connectionString: opts.databaseUrl, connectionTimeoutMillis: 10_000 });
          let stopped = false;
          const stop = async () => {
            if (stopped) return;
            stopped = true;
            listeners.delete(stop);
            await client.end().catch(() => {});
          };
          client.on('notification', (m) => {
            if (m.channel === channel) onPayload(m.payload ?? '');
          });
          const lost = () => {
            if (!stopped) onLost();
            void stop();
          };
          client.on('error', lost);
          client.on('end', lost);
          await client.connect();
          listeners.add(stop);
          try {
            await client.query(`listen ${pg.escapeIdentifier(channel)}`);
          } catch (e) {
            await stop();
            throw e;
          }
          return stop;
        },
        tryLeadership: async () => {
          if (leader) return true;
          const client = await pool.connect();
          const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [JOBS_LOCK]);
          if (rows[0].ok) {
            leader = client;
            // losing the connection loses the lock: give up leadership so another process can take it
            client.on('error', () => {
              leader = null;
            });
            return true;
          }
          client.release();
          return false;
        },
        migrate: async () => {
          const client = await pool.connect();
          try {
            await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
            await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_DIR });
          } finally {
            await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
            client.release();
          }
        },
      },
      begin,
    );
  }
  const release = opts.dataDir ? takeLock(opts.dataDir) : () => {};
  try {
    const dataDir = opts.dataDir ? path.join(opts.dataDir, 'pgdata') : undefined;
    const client = await PGlite.create({ dataDir, loadDataDir: opts.loadDataDir, startParams: [...PGlite.defaultStartParams, ...PGLITE_WAL] });
    if (dataDir) ownerOnly(dataDir);
    const begin = () =>
      holdTransaction((fn) => client.transaction((t) => fn({ query: async <T>(text: string, params?: unknown[]) => (await t.query<T>(text, params)).rows })));
    return withUnits(
      {
        kind: 'pglite',
        db: drizzlePglite(client, { schema }) as unknown as Db,
        query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
        tx: (fn) => client.transaction((t) => fn(async <T>(text: string, params?: unknown[]) => (await t.query<T>(text, params)).rows)),
        close: async () => {
          await client.close();
          release();
        },
        tryLeadership: async () => true,
        migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR }),
        dump: () => client.dumpDataDir('none') as Promise<Blob>,
        pglite: client,
      },
      begin,
    );
  } catch (e) {
    release();
    throw e;
  }
}
