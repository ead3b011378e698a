/**
 * The server as a real process (`node --import tsx src/main.ts`, no build needed) for the tests that
 * kill it or run several: a free port, start and wait for /api/health, kill -9, and a scratch
 * PostgreSQL database created for one test and dropped after it.
 */
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { TEST_ADMIN_PASSWORD } from './constants.js';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  proc: ChildProcess;
  port: number;
  /** What the process printed so far (stdout and stderr). */
  output(): string;
}

/**
 * Starts the server on `port` (no demo, no jobs, warnings only, the tests' admin password, then
 * `env`) and waits until GET /api/health answers 200; throws with its output if it exits or does
 * not answer within `timeoutMs`.
 */
export async function startServer(port: number, env: Record<string, string>, timeoutMs = 90_000): Promise<ServerProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      DEMO: '0',
      JOBS: '0',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  proc.stdout!.on('data', (d) => (printed += d));
  proc.stderr!.on('data', (d) => (printed += d));
  const server = { proc, port, output: () => printed };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited (${proc.exitCode}): ${printed}`);
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return server;
    if (Date.now() > deadline) {
      await kill9(proc);
      throw new Error(`server did not start within ${timeoutMs} ms: ${printed}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

export async function kill9(proc: ChildProcess) {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGKILL');
  await exited;
}

/** A new empty database on the PostgreSQL of `adminUrl` (its name starts with `prefix`), and how to drop it. */
export async function scratchDatabase(adminUrl: string, prefix: string): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    name,
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}
