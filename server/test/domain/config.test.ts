import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { openDatabase, DataDirLockedError } from '../../src/db/client.js';
import { bootstrap } from '../../src/db/bootstrap.js';

describe('configuration', () => {
  it('has defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 8080, host: '127.0.0.1', tz: 'Asia/Shanghai', demo: undefined, logLevel: 'info', tileUrl: '' });
    expect(c.dataDir).toBe(path.resolve('./data'));
  });
  it('stops on a bad value with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/^PORT must be an integer/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ TZ: 'Mars/Base' })).toThrow(/^TZ must be/);
    expect(() => loadConfig({ DEMO: 'maybe' })).toThrow(/^DEMO must be/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/^LOG_LEVEL must be/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/^DATABASE_URL/);
    expect(() => loadConfig({ ADMIN_PASSWORD: 'short' })).toThrow(/^ADMIN_PASSWORD/);
    expect(() => loadConfig({ MAP_TILE_URL: 'ftp://tiles' })).toThrow(/^MAP_TILE_URL/);
    expect(() => loadConfig({ OPEN_RATE_LIMIT: '0' })).toThrow(/^OPEN_RATE_LIMIT must be an integer/);
    expect(() => loadConfig({ SNAPSHOT_SECONDS: '1' })).toThrow(/^SNAPSHOT_SECONDS must be an integer/);
    expect(() => loadConfig({ SNAPSHOT_SECONDS: '120' })).toThrow(/^SNAPSHOT_SECONDS/);
  });
  it('reads good values', () => {
    const c = loadConfig({ PORT: '9000', DEMO: 'off', MAP_TILE_URL: 'https://t.example/{z}/{x}/{y}.png', TZ: 'UTC', OPEN_RATE_LIMIT: '6000' });
    expect(c).toMatchObject({ port: 9000, demo: false, tz: 'UTC', tileUrl: 'https://t.example/{z}/{x}/{y}.png', openRateLimit: 6000 });
    expect(loadConfig({}).openRateLimit).toBe(1200);
    expect(loadConfig({}).snapshotSeconds).toBe(60);
    expect(loadConfig({ SNAPSHOT_SECONDS: '5' }).snapshotSeconds).toBe(5);
  });
});

describe('embedded database directory', () => {
  it('refuses a second open of the same DATA_DIR, and the first start writes a 0600 admin password', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbs-lock-'));
    const db = await openDatabase({ dataDir: dir });
    try {
      await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
      await db.migrate();
      const first = await bootstrap(db, { dataDir: dir });
      expect(first.generatedAdminPassword).toMatch(/^[A-Za-z0-9]{16}$/);
      const file = path.join(dir, 'admin-password.txt');
      expect(fs.readFileSync(file, 'utf8').trim()).toBe(first.generatedAdminPassword);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const second = await bootstrap(db, { dataDir: dir });
      expect(second.generatedAdminPassword).toBeUndefined();
    } finally {
      await db.close();
    }
    // after a clean close the directory opens again and keeps its data
    const again = await openDatabase({ dataDir: dir });
    const [{ n }] = await again.query<{ n: number }>(`select count(*)::int as n from users where username = 'admin'`);
    expect(n).toBe(1);
    await again.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);
});
