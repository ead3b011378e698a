/** Issue 16 finding 8: a DATA_DIR the server creates, and the embedded database in it, are the owner's only. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sbs-modes-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const mode = (p: string) => fs.statSync(p).mode & 0o777;

describe('DATA_DIR modes', () => {
  it('creates DATA_DIR 0700 and leaves no file or directory readable by others, whatever the umask', { timeout: 180_000 }, async () => {
    const old = process.umask(0o000); // the worst case: files would be created 0666, directories 0777
    const dataDir = path.join(root, 'fresh', 'data');
    let database;
    try {
      database = await openDatabase({ dataDir });
    } finally {
      process.umask(old);
    }
    try {
      // files the database creates later follow main.ts's umask (077), inside this 0700 directory
      expect(mode(dataDir)).toBe(0o700);
      expect(mode(path.join(dataDir, 'server.lock'))).toBe(0o600);
      const open: string[] = [];
      for (const e of fs.readdirSync(path.join(dataDir, 'pgdata'), { withFileTypes: true, recursive: true })) {
        const p = path.join(e.parentPath, e.name);
        if (mode(p) & 0o077) open.push(`${p} ${mode(p).toString(8)}`);
      }
      expect(open).toEqual([]);
      expect(mode(path.join(dataDir, 'pgdata'))).toBe(0o700);
    } finally {
      await database.close();
    }
  });

  it('keeps the mode of a DATA_DIR it was given', { timeout: 180_000 }, async () => {
    const given = path.join(root, 'given');
    fs.mkdirSync(given, { mode: 0o750 });
    fs.chmodSync(given, 0o750);
    const database = await openDatabase({ dataDir: given });
    await database.close();
    expect(mode(given)).toBe(0o750);
    expect(mode(path.join(given, 'pgdata'))).toBe(0o700);
  });
});
