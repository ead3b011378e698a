/**
 * Issue 31: two server processes on one PostgreSQL behind nginx (`npm run test:nodes`, run by CI).
 * Both nodes run the jobs (JOBS=1, SNAPSHOT_SECONDS=5) and trust nginx's X-Forwarded-For
 * (TRUST_PROXY=127.0.0.1); the client connects from 127.0.0.2, so that its address and nginx's
 * differ. Checked: the console works through nginx on either node and records the client's address;
 * the minute jobs run in one node only, once per slot (a trigger on job_runs notes which node wrote
 * each snapshot run); an operator's stream of batches keeps everything acknowledged when the jobs'
 * leader is killed -9 in the middle of it, the client sending again what was not acknowledged,
 * while the other node goes on serving and takes the jobs over.
 * It fails (it does not skip) without TEST_DATABASE_URL or nginx. Its log goes to the console and,
 * with the nodes' and nginx's own, to test-output/nodes/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { bootstrap } from '../../src/db/bootstrap.js';
import { addBrand } from '../support/world.js';
import { TEST_ADMIN_PASSWORD } from '../support/constants.js';
import { freePort, kill9, scratchDatabase, startServer, type ServerProcess } from '../support/processes.js';
import { findNginx, startNginx, type Nginx } from '../support/nginx.js';
import { streamBikes } from '../support/stream.js';

const PG_URL = process.env.TEST_DATABASE_URL;
const NGINX = findNginx();
/** The client's own address: nginx sees it as $remote_addr, the nodes see nginx at 127.0.0.1. */
const CLIENT = '127.0.0.2';
const SLOT_MS = 5000;
const OUTPUT = fileURLToPath(new URL('../../../test-output/nodes', import.meta.url));

const t0 = Date.now();
const lines: string[] = [];
const note = (s: string) => lines.push(`${((Date.now() - t0) / 1000).toFixed(1).padStart(5)} s  ${s}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Node {
  name: 'A' | 'B';
  app: string;
  server: ServerProcess;
}
let scratch: Awaited<ReturnType<typeof scratchDatabase>> | null = null;
let sql: pg.Client | null = null;
let nginx: Nginx | null = null;
const nodes: Node[] = [];
const dirs: string[] = [];
let token = '';

/** An answer through nginx: status, JSON body, and the node that gave it (X-Upstream's last server). */
interface Answer {
  status: number;
  body: { code: number; message: string; data: any };
  node: string;
}
const agent = new http.Agent({ keepAlive: true });

function call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const data = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: nginx!.port,
        localAddress: CLIENT,
        agent,
        method,
        path: url,
        headers: {
          ...(data === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(data)) }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let parsed: Answer['body'];
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = { code: res.statusCode ?? 0, message: text.slice(0, 80), data: null };
          }
          const upstream =
            String(res.headers['x-upstream'] ?? '')
              .split(', ')
              .pop() ?? '';
          const node = nodes.find((n) => upstream.endsWith(`:${n.server.port}`))?.name ?? (upstream || 'nginx');
          resolve({ status: res.statusCode ?? 0, body: parsed, node });
        });
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/** The node holding the jobs' advisory lock (db/client.ts tryLeadership), by its connections' application_name. */
async function leader(): Promise<Node | null> {
  const { rows } = await sql!.query<{ app: string }>(
    `select a.application_name as app from pg_locks l join pg_stat_activity a on a.pid = l.pid
      where l.locktype = 'advisory' and l.objid = 730002 and l.granted and l.database = (select oid from pg_database where datname = current_database())`,
  );
  return nodes.find((n) => n.app === rows[0]?.app) ?? null;
}

/** Every snapshot run so far: when (the run's `now`) and which node wrote it. */
async function snapshotRuns(): Promise<{ at: Date; node: string }[]> {
  const { rows } = await sql!.query<{ at: Date; app: string }>(`select at, app from test_snapshot_runs order by at`);
  return rows.map((r) => ({ at: r.at, node: nodes.find((n) => n.app === r.app)?.name ?? r.app }));
}

const perNode = (runs: { node: string }[]) => nodes.map((n) => `${n.name} ${runs.filter((r) => r.node === n.name).length}`).join(', ');

beforeAll(async () => {
  if (!PG_URL) throw new Error('npm run test:nodes needs TEST_DATABASE_URL=postgres://…: the test creates its database there (and drops it)');
  if (!NGINX) throw new Error('npm run test:nodes needs nginx (Debian: apt-get install nginx), started as a child process on a free port');
  scratch = await scratchDatabase(PG_URL, 'sbs_nodes');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbs-nodes-'));
  const nginxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbs-nginx-'));
  dirs.push(dataDir, nginxDir);
  const db = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
  await db.migrate();
  await bootstrap(db, { adminPassword: TEST_ADMIN_PASSWORD, dataDir });
  await addBrand(db, { name: '青桔', account: 'qj' });
  await db.close();
  sql = new pg.Client({ connectionString: scratch.url });
  await sql.connect();
  // job_runs keeps one row per job: a trigger keeps every snapshot run, with the writer's application_name
  await sql.query(`create table test_snapshot_runs (at timestamptz not null, app text not null);
    create function test_note_snapshot() returns trigger language plpgsql as $$
      begin
        if new.name = 'snapshot' then insert into test_snapshot_runs values (new.last_run_at, current_setting('application_name')); end if;
        return new;
      end $$;
    create trigger test_note_snapshot after insert or update on job_runs for each row execute function test_note_snapshot();`);
  note(`database ${scratch.name}: migrated, admin and operator 青桔 (qj) added, snapshot runs noted by a trigger on job_runs`);

  const ports = [await freePort(), await freePort()];
  const env = (app: string, port: number) => ({
    PORT: String(port),
    DATABASE_URL: scratch!.url,
    DATA_DIR: dataDir, // shared, as the nodes' uploads would be
    PGAPPNAME: app,
    JOBS: '1',
    SNAPSHOT_SECONDS: '5',
    TRUST_PROXY: '127.0.0.1',
    OPEN_RATE_LIMIT: '1000000',
  });
  const started = await Promise.all(
    (['A', 'B'] as const).map(async (name, i) => {
      const app = `sbs-node-${name.toLowerCase()}`;
      return { name, app, server: await startServer(ports[i], env(app, ports[i])) };
    }),
  );
  nodes.push(...started);
  note(`node A on :${ports[0]}, node B on :${ports[1]} (node --import tsx src/main.ts; JOBS=1, SNAPSHOT_SECONDS=5, TRUST_PROXY=127.0.0.1)`);
  nginx = await startNginx(NGINX, nginxDir, ports);
  note(`nginx (${NGINX}) on 127.0.0.1:${nginx.port}, upstream A and B round robin; the client connects from ${CLIENT}`);
}, 120_000);

afterAll(async () => {
  for (const n of nodes) await kill9(n.server.proc);
  await nginx?.stop();
  agent.destroy();
  await sql?.end();
  await scratch?.drop();
  fs.mkdirSync(OUTPUT, { recursive: true });
  for (const n of nodes) fs.writeFileSync(path.join(OUTPUT, `node-${n.name.toLowerCase()}.log`), n.server.output());
  if (nginx) {
    fs.writeFileSync(path.join(OUTPUT, 'nginx-access.log'), nginx.accessLog());
    fs.writeFileSync(path.join(OUTPUT, 'nginx-error.log'), nginx.errorLog());
  }
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  note(`end (nodes killed, nginx stopped, database dropped): ${((Date.now() - t0) / 1000).toFixed(1)} s in all`);
  const text = lines.join('\n');
  fs.writeFileSync(path.join(OUTPUT, 'summary.txt'), text + '\n');
  console.log(`[two nodes]\n${text}`);
});

describe('two nodes on one PostgreSQL behind nginx', () => {
  it('serves the console through nginx from both nodes, with the client address recorded', async () => {
    const login = await call('POST', '/api/login', { username: 'admin', password: TEST_ADMIN_PASSWORD });
    expect(login.body.code, login.body.message).toBe(200);
    token = login.body.data.token;
    const profile = await call('GET', '/api/user');
    expect(profile.body.data.username).toBe('admin');
    // a write, with a forged X-Forwarded-For: nginx appends the client's address, which the node believes (nginx is trusted)
    const role = await call('POST', '/api/role/add', { roleName: '经代理新增', permissionIds: [] }, { 'x-forwarded-for': '203.0.113.9' });
    expect(role.body.code, role.body.message).toBe(200);
    const audit = await call('GET', '/api/auditLog/list?route=/api/role/add');
    expect(audit.body.code).toBe(200);
    const entry = audit.body.data.lists[0];
    expect(entry.ip).toBe(CLIENT);
    const served = [login, profile, role, audit].map((a) => a.node);
    expect(new Set(served)).toEqual(new Set(['A', 'B']));
    note(`console through nginx: login ${login.node}, /api/user ${profile.node}, role/add ${role.node}, auditLog/list ${audit.node}`);
    note(`audit log of role/add: ip ${entry.ip} (the client's; nginx's is 127.0.0.1, the forged header said 203.0.113.9)`);
  });

  it('runs the minute jobs in one node, once per slot', async () => {
    for (const deadline = Date.now() + 20_000; (await snapshotRuns()).length < 2;) {
      if (Date.now() > deadline) throw new Error(`fewer than 2 snapshot runs in 20 s: ${JSON.stringify(await snapshotRuns())}`);
      await sleep(250);
    }
    const lead = await leader();
    expect(lead).not.toBeNull();
    const runs = await snapshotRuns();
    expect(runs.every((r) => r.node === lead!.name)).toBe(true);
    note(`leader: node ${lead!.name} (holds the jobs' advisory lock); snapshot runs so far by node: ${perNode(runs)}`);
  });

  it('loses nothing acknowledged when the leader is killed -9 mid-stream; the other node serves on and takes the jobs', async () => {
    const lead = (await leader())!;
    const other = nodes.find((n) => n !== lead)!;
    const op = await call('POST', '/api/open/v1/token', { account: 'qj', password: 'Secret123' });
    expect(op.status).toBe(200);
    const auth = { authorization: `Bearer ${op.body.data.token}` };
    const statuses = new Map<string, number>();
    // acknowledged batches by the node that answered: sent before the kill, or after the node was gone
    const answered = { before: new Map<string, number>(), after: new Map<string, number>() };
    let killedAt = 0;
    let goneAt = 0;
    let inFlight = 0;
    const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
    // four senders, 500 bikes a batch, each batch sent again until acknowledged
    const stream = streamBikes(
      async (ids) => {
        inFlight++;
        const phase = goneAt ? answered.after : killedAt ? null : answered.before;
        try {
          const r = await call('POST', '/api/open/v1/bikes', { items: ids.map((bikeId) => ({ bikeId, bikeType: 0 })) }, auth);
          bump(statuses, String(r.status));
          const ok = r.status === 200 && r.body.data.accepted === ids.length;
          if (ok && phase) bump(phase, r.node);
          return ok;
        } finally {
          inFlight--;
        }
      },
      { senders: 4, size: 500, prefix: 'N', retry: true },
    );
    const { acknowledged } = stream;
    while (acknowledged.length < 4000) await sleep(10);
    // the kill in the middle of a slot: the minute jobs tick 1 s into theirs, so that the survivor's
    // first run is the next slot's (a kill just as both nodes tick could let both run one slot)
    while (Math.abs((Date.now() % SLOT_MS) - 3000) > 200) await sleep(10);
    const ackAtKill = acknowledged.length;
    const flying = inFlight;
    killedAt = Date.now();
    await kill9(lead.server.proc);
    goneAt = Date.now();
    note(`node ${lead.name} killed -9 (${new Date(killedAt).toISOString()}) with ${ackAtKill} items acknowledged and ${flying} batches in flight`);
    // on for 3 s and 4,000 items more: nginx tries the dead node again every 2 s (a refused connection, passed on)
    while (acknowledged.length < ackAtKill + 4000 || Date.now() - killedAt < 3000) await sleep(10);
    await stream.stop();
    const sent = stream.sent();
    const count = (m: Map<string, number>) => [...m].map(([k, v]) => `${k} ${v}`).join(', ') || 'none';
    note(
      `stream (POST /api/open/v1/bikes, 500 a batch, 4 senders): sent ${sent} items, acknowledged ${acknowledged.length}, ` +
        `retried ${stream.retried.items} (${stream.retried.batches} batches); answers by status: ${count(statuses)}`,
    );
    note(`acknowledged batches by node: sent before the kill ${count(answered.before)}; sent after it ${count(answered.after)}`);
    expect([...answered.after.keys()]).toEqual([other.name]);

    // nothing acknowledged is lost, nothing is stored twice
    const { rows } = await sql!.query<{ bike_id: string; n: number }>(`select bike_id, count(*)::int as n from bikes where bike_id like 'N%' group by bike_id`);
    const stored = new Set(rows.map((r) => r.bike_id));
    const lost = acknowledged.filter((id) => !stored.has(id));
    note(`stored: ${stored.size} distinct stream items (${rows.filter((r) => r.n > 1).length} twice); acknowledged but missing: ${lost.length}`);
    expect(lost).toEqual([]);
    expect(rows.filter((r) => r.n > 1)).toEqual([]);
    expect(stored.size).toBe(acknowledged.length);

    // the console goes on through nginx, on the survivor
    const after = [await call('GET', '/api/user'), await call('GET', '/api/auditLog/list'), await call('GET', '/api/user')];
    expect(after.map((a) => [a.status, a.node])).toEqual(after.map(() => [200, other.name]));
    note(`console after the kill: ${after.length} calls answered 200 by node ${other.name}`);

    // the survivor takes the jobs over: two snapshot runs after the kill
    for (const deadline = Date.now() + 20_000; (await snapshotRuns()).filter((r) => r.at.getTime() > killedAt).length < 2;) {
      if (Date.now() > deadline) throw new Error('the surviving node ran no two snapshots within 20 s of the kill');
      await sleep(250);
    }
    expect((await leader())?.name).toBe(other.name);
    const runs = await snapshotRuns();
    const slots = new Map<number, number>();
    for (const r of runs) slots.set(Math.floor(r.at.getTime() / SLOT_MS), (slots.get(Math.floor(r.at.getTime() / SLOT_MS)) ?? 0) + 1);
    const twice = [...slots].filter(([, n]) => n > 1);
    const before = runs.filter((r) => r.at.getTime() < killedAt);
    const afterKill = runs.filter((r) => r.at.getTime() > killedAt);
    const first = afterKill[0];
    note(
      `snapshot runs: ${runs.length} in ${slots.size} slots of 5 s, ${twice.length} slot(s) run twice; before the kill ${perNode(before)}; ` +
        `after it ${perNode(afterKill)} (node ${other.name}'s first ${((first.at.getTime() - killedAt) / 1000).toFixed(1)} s after the kill)`,
    );
    expect(twice).toEqual([]);
    expect(before.every((r) => r.node === lead.name)).toBe(true);
    expect(afterKill.every((r) => r.node === other.name)).toBe(true);
    const log = nginx!.accessLog().split('\n');
    const passedOn = log.filter((l) => /^\d+ \S+, \S+ \d+, \d+ /.test(l)).length;
    const cut = log.filter((l) => l.startsWith('502 ')).length;
    note(`nginx: ${cut} requests answered 502 (cut when node ${lead.name} died), ${passedOn} passed on to the next node after a refused connection`);
  });
});
