/** A fresh app on a fresh copy of the migrated template database, per test file. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { loadConfig } from '../../src/config.js';
import { openDatabase, type Database } from '../../src/db/client.js';
import { buildApp } from '../../src/app.js';
import { TEST_ADMIN_PASSWORD } from './constants.js';

export { TEST_ADMIN_PASSWORD };

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  /**
   * A second server on the same data, as another process would run it: its own connections on
   * PostgreSQL; on PGlite (one process per data directory) the same embedded database.
   */
  secondApp(): Promise<{ app: FastifyInstance; database: Database; close(): Promise<void> }>;
  close(): Promise<void>;
}

export async function openTestDatabase(): Promise<{ database: Database; reopen(): Promise<Database>; drop(): Promise<void> }> {
  const t = inject('template');
  if (t.kind === 'pglite') {
    const blob = new Blob([fs.readFileSync(t.file)]);
    const database = await openDatabase({ loadDataDir: blob });
    return { database, reopen: async () => database, drop: async () => {} };
  }
  const name = `sbs_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: t.url });
  await admin.connect();
  await admin.query(`create database ${name} template ${t.name}`);
  await admin.end();
  const u = new URL(t.url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString(), poolSize: 4 });
  return {
    database,
    reopen: () => openDatabase({ databaseUrl: u.toString(), poolSize: 4 }),
    drop: async () => {
      const c = new pg.Client({ connectionString: t.url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestContext> {
  const { database, reopen, drop } = await openTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbs-app-'));
  const config = loadConfig({ DATA_DIR: dataDir, TZ: 'Asia/Shanghai', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', ...env });
  const app = await buildApp(config, database, { logger: false });
  await app.ready();
  return {
    app,
    database,
    secondApp: async () => {
      const other = await reopen();
      const second = await buildApp(config, other, { logger: false });
      await second.ready();
      return {
        app: second,
        database: other,
        close: async () => {
          await second.close();
          if (other !== database) await other.close();
        },
      };
    },
    close: async () => {
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A tiny client over app.inject() that carries a token. */
export class Client {
  token: string | null = null;
  constructor(private readonly app: FastifyInstance) {}

  async call(method: InjectOptions['method'], url: string, payload?: unknown, query?: Record<string, unknown>) {
    const res = await this.app.inject({
      method,
      url,
      query: query ? Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) : undefined,
      payload: payload as InjectOptions['payload'],
      headers: this.token ? { authorization: `Bearer ${this.token}` } : {},
    });
    return { status: res.statusCode, body: res.json() as { code: number; message: string; data: any } };
  }

  get(url: string, query?: Record<string, unknown>) {
    return this.call('GET', url, undefined, query);
  }
  post(url: string, payload?: unknown, query?: Record<string, unknown>) {
    return this.call('POST', url, payload ?? {}, query);
  }
  put(url: string, payload?: unknown, query?: Record<string, unknown>) {
    return this.call('PUT', url, payload ?? {}, query);
  }
  del(url: string, query?: Record<string, unknown>) {
    return this.call('DELETE', url, undefined, query);
  }

  async login(username: string, password: string) {
    const r = await this.post('/api/login', { username, password });
    if (r.body.code !== 200) throw new Error(`login ${username} failed: ${r.body.message}`);
    this.token = r.body.data.token;
    return r.body.data;
  }
}

export async function adminClient(app: FastifyInstance) {
  const c = new Client(app);
  await c.login('admin', TEST_ADMIN_PASSWORD);
  return c;
}

/** Creates a user through the API and answers a logged-in client for it. */
export async function userClient(
  app: FastifyInstance,
  admin: Client,
  opts: { username: string; areaId: string; roleIds?: number[]; userLevel?: number; password?: string },
) {
  const password = opts.password ?? 'Passw0rd1';
  const r = await admin.post('/api/user/add', {
    username: opts.username,
    password,
    name: opts.username,
    areaId: opts.areaId,
    roleIds: opts.roleIds ?? [2],
    userLevel: opts.userLevel ?? 2,
  });
  if (r.body.code !== 200) throw new Error(`add ${opts.username}: ${r.body.message}`);
  const c = new Client(app);
  await c.login(opts.username, password);
  return Object.assign(c, { userId: r.body.data.id as number });
}
