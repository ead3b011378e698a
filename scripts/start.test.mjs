/**
 * `npm start` and signals: node --test scripts/start.test.mjs
 *
 * Runs package.json's real "start" script through npm in a scratch copy of the repository whose two
 * parts are already built (a stand-in server/dist/main.js that holds a lock file like the data
 * directory's and removes it when it shuts down on SIGTERM or SIGINT), sends the signal to npm, and
 * checks that the server got it, released the lock and exited, leaving no process behind.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { PARTS, ROOT, SERVER, STAMP, sourceHash } from './build-if-changed.mjs';

const FAKE_SERVER = `
import { createServer } from 'node:http';
import { rmSync, writeFileSync } from 'node:fs';
const lock = new URL('../../lock', import.meta.url);
writeFileSync(lock, String(process.pid));
const server = createServer((req, res) => res.end('ok')).listen(0, '127.0.0.1', () => console.log('listening ' + process.pid));
const shutdown = (signal) => server.close(() => {
  rmSync(lock);
  writeFileSync(new URL('../../closed', import.meta.url), signal);
  process.exit(0);
});
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
`;

const roots = [];
after(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

/** A scratch repository with package.json's start script, this build script and both parts built. */
function scratch() {
  const root = mkdtempSync(join(tmpdir(), 'sbs-start-'));
  roots.push(root);
  const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'start-test', private: true, type: 'module', scripts: { start: scripts.start } }));
  mkdirSync(join(root, 'scripts'));
  copyFileSync(join(ROOT, 'scripts/build-if-changed.mjs'), join(root, 'scripts/build-if-changed.mjs'));
  for (const part of PARTS) {
    mkdirSync(join(root, part.dist), { recursive: true });
    writeFileSync(join(root, part.output), part.output === SERVER ? FAKE_SERVER : '<html>');
    writeFileSync(join(root, part.dist, STAMP), `${sourceHash(root, part.inputs)}\n`);
  }
  return root;
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const until = async (what, ms) => {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) if (what()) return true;
  return what();
};

for (const signal of ['SIGTERM', 'SIGINT']) {
  test(`${signal} to npm start shuts the server down: it exits and releases its lock`, { timeout: 60_000 }, async () => {
    const root = scratch();
    const npm = spawn('npm', ['start', '--silent'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    npm.stdout.on('data', (d) => (out += d));
    npm.stderr.on('data', (d) => (out += d));
    const exited = new Promise((r) => npm.on('exit', (code, sig) => r({ code, sig })));
    assert.ok(await until(() => /listening (\d+)/.test(out), 30_000), `the server did not start:\n${out}`);
    const pid = Number(/listening (\d+)/.exec(out)[1]);
    assert.ok(existsSync(join(root, 'lock')));

    npm.kill(signal);
    const ended = await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 10_000))]);
    const gone = await until(() => !alive(pid), ended ? 10_000 : 0);
    // leave nothing behind, then fail
    if (!gone) process.kill(pid, 'SIGKILL');
    if (!ended) npm.kill('SIGKILL');
    assert.ok(gone, `the server (pid ${pid}) still runs after ${signal} to npm start`);
    assert.ok(ended, `npm start still runs after ${signal}`);
    assert.equal(readFileSync(join(root, 'closed'), 'utf8'), signal, 'the server shut down through its own handler');
    assert.equal(existsSync(join(root, 'lock')), false, 'the lock was released');
  });
}
