/**
 * Acceptance means durable: a kill -9 of the server right after an accepted batch, then a restart,
 * still has every accepted item (embedded database in a data directory, the server as a real process);
 * and a kill -9 in the middle of a stream of batches loses none that was acknowledged, on the
 * database the suite runs on (PGlite, or PostgreSQL with TEST_DATABASE_URL; issue 16).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { bootstrap } from '../../src/db/bootstrap.js';
import { addBrand } from '../support/world.js';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbs-crash-'));
let child: ChildProcess | null = null;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

async function startServer(port: number, databaseUrl = '') {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dir,
      DEMO: '0',
      JOBS: '0',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'Admin12345',
      DATABASE_URL: databaseUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout!.on('data', (d) => (output += d));
  proc.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (r.ok) return proc;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

async function kill9(proc: ChildProcess) {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGKILL');
  await exited;
}

afterAll(async () => {
  if (child) await kill9(child);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('durable acceptance', () => {
  it('keeps every accepted item across a kill -9 and a restart', async () => {
    const db = await openDatabase({ dataDir: dir });
    await db.migrate();
    await bootstrap(db, { adminPassword: 'Admin12345', dataDir: dir });
    await addBrand(db, { name: '美团', account: 'mt' });
    await db.close();

    const port = await freePort();
    child = await startServer(port);
    const base = `http://127.0.0.1:${port}/api/open/v1`;
    const tok = await (
      await fetch(`${base}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account: 'mt', password: 'Secret123' }),
      })
    ).json();
    const auth = { 'content-type': 'application/json', authorization: `Bearer ${tok.data.token}` };
    const ids = Array.from({ length: 2000 }, (_, i) => `K${i}`);
    const filed = await fetch(`${base}/bikes`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ items: ids.map((bikeId) => ({ bikeId, bikeType: 1 })) }),
    });
    expect(filed.status).toBe(200);
    const at = new Date().toISOString();
    const status = await fetch(`${base}/bikes/status`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        items: ids.map((bikeId, i) => ({ bikeId, status: 1, lon: 116.3 + i * 1e-5, lat: 39.98, reportedAt: at })),
      }),
    });
    expect((await status.json()).data.accepted).toBe(2000);
    await kill9(child); // right after the answer

    child = await startServer(port);
    const again = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(again.status).toBe(200);
    await kill9(child);

    const check = await openDatabase({ dataDir: dir });
    const [{ bikes }] = await check.query<{ bikes: number }>(`select count(*)::int as bikes from bikes`);
    const [{ live }] = await check.query<{ live: number }>(`select count(*)::int as live from bike_live where reported_at = $1`, [at]);
    await check.close();
    expect(bikes).toBe(2000);
    expect(live).toBe(2000);
  }, 240_000);

  it('loses no acknowledged item when killed -9 in the middle of a stream of batches', async () => {
    const template = inject('template');
    let databaseUrl = '';
    let drop = async () => {};
    if (template.kind === 'postgres') {
      const name = `sbs_kill_${process.pid}_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: template.url });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const u = new URL(template.url);
      u.pathname = `/${name}`;
      databaseUrl = u.toString();
      drop = async () => {
        const c = new pg.Client({ connectionString: template.url });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      };
    }
    const streamDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbs-kill-'));
    const open = () => openDatabase(databaseUrl ? { databaseUrl } : { dataDir: streamDir });
    try {
      const db = await open();
      await db.migrate();
      await bootstrap(db, { adminPassword: 'Admin12345', dataDir: streamDir });
      await addBrand(db, { name: '青桔', account: 'qj' });
      await db.close();

      const port = await freePort();
      const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: SERVER_DIR,
        env: {
          ...process.env,
          PORT: String(port),
          DATA_DIR: streamDir,
          DEMO: '0',
          JOBS: '0',
          LOG_LEVEL: 'warn',
          ADMIN_PASSWORD: 'Admin12345',
          DATABASE_URL: databaseUrl,
        },
        stdio: 'ignore',
      });
      child = proc;
      const base = `http://127.0.0.1:${port}/api/open/v1`;
      for (const deadline = Date.now() + 90_000; ;) {
        if (Date.now() > deadline) throw new Error('server did not start');
        if (
          await fetch(`${base.replace('/open/v1', '')}/health`).then(
            (r) => r.ok,
            () => false,
          )
        )
          break;
        await new Promise((r) => setTimeout(r, 300));
      }
      const tok = await (
        await fetch(`${base}/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ account: 'qj', password: 'Secret123' }),
        })
      ).json();
      const auth = { 'content-type': 'application/json', authorization: `Bearer ${tok.data.token}` };
      const acknowledged: string[] = [];
      let sent = 0;
      let stop = false;
      // four senders, 500 bikes a batch, until the kill
      const sender = async (n: number) => {
        for (let b = 0; !stop; b++) {
          const ids = Array.from({ length: 500 }, (_, i) => `S${n}-${b}-${i}`);
          sent += ids.length;
          try {
            const r = await fetch(`${base}/bikes`, {
              method: 'POST',
              headers: auth,
              body: JSON.stringify({ items: ids.map((bikeId) => ({ bikeId, bikeType: 0 })) }),
            });
            if (r.status === 200 && (await r.json()).data.accepted === ids.length) acknowledged.push(...ids);
          } catch {
            return; // the server is gone
          }
        }
      };
      const senders = [0, 1, 2, 3].map(sender);
      while (acknowledged.length < 10_000) await new Promise((r) => setTimeout(r, 20));
      await kill9(proc); // with batches in flight
      stop = true;
      await Promise.all(senders);
      child = null;

      const check = await open();
      const found = await check.query<{ bike_id: string }>(`select bike_id from bikes where bike_id = any($1::varchar[])`, [acknowledged]);
      await check.close();
      console.log(`[durability] ${template.kind}: kill -9 mid-stream: sent ${sent}, acknowledged ${acknowledged.length}, found ${found.length} of them`);
      expect(found.length).toBe(acknowledged.length);
    } finally {
      fs.rmSync(streamDir, { recursive: true, force: true });
      await drop();
    }
  }, 240_000);
});
