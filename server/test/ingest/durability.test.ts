/**
 * Acceptance means durable: a kill -9 of the server right after an accepted batch, then a restart,
 * still has every accepted item (embedded database in a data directory, the server as a real process);
 * and a kill -9 in the middle of a stream of batches loses none that was acknowledged, on the
 * database the suite runs on (PGlite, or PostgreSQL with TEST_DATABASE_URL; issue 16).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { bootstrap } from '../../src/db/bootstrap.js';
import { addBrand } from '../support/world.js';
import { TEST_ADMIN_PASSWORD } from '../support/constants.js';
import { freePort, kill9, scratchDatabase, startServer, type ServerProcess } from '../support/processes.js';
import { streamBikes } from '../support/stream.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbs-crash-'));
let child: ServerProcess | null = null;

afterAll(async () => {
  if (child) await kill9(child.proc);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('durable acceptance', () => {
  it('keeps every accepted item across a kill -9 and a restart', async () => {
    const db = await openDatabase({ dataDir: dir });
    await db.migrate();
    await bootstrap(db, { adminPassword: TEST_ADMIN_PASSWORD, dataDir: dir });
    await addBrand(db, { name: '美团', account: 'mt' });
    await db.close();

    const port = await freePort();
    child = await startServer(port, { DATA_DIR: dir });
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
    await kill9(child.proc); // right after the answer

    child = await startServer(port, { DATA_DIR: dir });
    const again = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(again.status).toBe(200);
    await kill9(child.proc);

    const check = await openDatabase({ dataDir: dir });
    const [{ bikes }] = await check.query<{ bikes: number }>(`select count(*)::int as bikes from bikes`);
    const [{ live }] = await check.query<{ live: number }>(`select count(*)::int as live from bike_live where reported_at = $1`, [at]);
    await check.close();
    expect(bikes).toBe(2000);
    expect(live).toBe(2000);
  }, 240_000);

  it('loses no acknowledged item when killed -9 in the middle of a stream of batches', async () => {
    const template = inject('template');
    const scratch = template.kind === 'postgres' ? await scratchDatabase(template.url, 'sbs_kill') : null;
    const databaseUrl = scratch?.url ?? '';
    const streamDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbs-kill-'));
    const open = () => openDatabase(databaseUrl ? { databaseUrl } : { dataDir: streamDir });
    try {
      const db = await open();
      await db.migrate();
      await bootstrap(db, { adminPassword: TEST_ADMIN_PASSWORD, dataDir: streamDir });
      await addBrand(db, { name: '青桔', account: 'qj' });
      await db.close();

      const port = await freePort();
      child = await startServer(port, { DATA_DIR: streamDir, DATABASE_URL: databaseUrl });
      const base = `http://127.0.0.1:${port}/api/open/v1`;
      const tok = await (
        await fetch(`${base}/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ account: 'qj', password: 'Secret123' }),
        })
      ).json();
      const auth = { 'content-type': 'application/json', authorization: `Bearer ${tok.data.token}` };
      // four senders, 500 bikes a batch, until the kill
      const stream = streamBikes(
        async (ids) => {
          const r = await fetch(`${base}/bikes`, {
            method: 'POST',
            headers: auth,
            body: JSON.stringify({ items: ids.map((bikeId) => ({ bikeId, bikeType: 0 })) }),
          });
          return r.status === 200 && (await r.json()).data.accepted === ids.length;
        },
        { senders: 4, size: 500, prefix: 'S', retry: false },
      );
      const { acknowledged } = stream;
      while (acknowledged.length < 10_000) await new Promise((r) => setTimeout(r, 20));
      await kill9(child.proc); // with batches in flight
      await stream.stop();
      child = null;
      const sent = stream.sent();

      const check = await open();
      const found = await check.query<{ bike_id: string }>(`select bike_id from bikes where bike_id = any($1::varchar[])`, [acknowledged]);
      await check.close();
      console.log(`[durability] ${template.kind}: kill -9 mid-stream: sent ${sent}, acknowledged ${acknowledged.length}, found ${found.length} of them`);
      expect(found.length).toBe(acknowledged.length);
    } finally {
      fs.rmSync(streamDir, { recursive: true, force: true });
      await scratch?.drop();
    }
  }, 240_000);
});
