/**
 * At the default level (info) the open API's request lines (operators, piles, the demo city's own
 * calls) stay out of the log; the console's requests are logged as before, and LOG_LEVEL=debug shows both.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { Database } from '../../src/db/client.js';
import { openTestDatabase } from '../support/app.js';

let database: Database;
let drop: () => Promise<void>;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbs-log-'));
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
}, 120_000);
afterAll(async () => {
  await database?.close();
  await drop?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The log lines of an app at `level` after one console call and one open-API call. */
async function linesAt(level: string) {
  const lines: Array<{ level: number; msg: string; req?: { url: string }; res?: { statusCode: number } }> = [];
  const config = loadConfig({ DATA_DIR: dataDir, TZ: 'Asia/Shanghai', LOG_LEVEL: level, WEB_DIST: '/nonexistent' });
  const app = await buildApp(config, database, { logStream: { write: (line) => void lines.push(JSON.parse(line)) } });
  await app.ready();
  await app.inject({ method: 'GET', url: '/api/health' });
  await app.inject({ method: 'POST', url: '/api/open/v1/token', payload: { account: 'nobody', password: 'wrong-one-1' } });
  await app.close();
  return lines.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed');
}

describe('request log', () => {
  it('keeps the open API out of the default level, the console in', async () => {
    const lines = await linesAt('info');
    expect(lines.filter((l) => l.req?.url === '/api/health').length).toBe(1);
    expect(lines.filter((l) => l.msg === 'request completed').length).toBe(1);
    expect(lines.some((l) => l.req?.url?.startsWith('/api/open/'))).toBe(false);
  }, 60_000);

  it('logs the open API at debug', async () => {
    const lines = await linesAt('debug');
    const open = lines.filter((l) => l.req?.url === '/api/open/v1/token');
    expect(open).toHaveLength(1);
    expect(open[0].level).toBe(20);
    expect(lines.filter((l) => l.msg === 'request completed').length).toBe(2);
  }, 60_000);
});
