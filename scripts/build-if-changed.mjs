#!/usr/bin/env node
/**
 * Builds the console (web/dist) and the server (server/dist) only when their sources changed since
 * the last build: a hash of each part's source files is kept in its dist folder and compared with
 * the sources' hash now. `npm run build` runs it with --force; `npm start` with --start, which then
 * runs the server (server/dist/main.js) in this same process.
 *
 *   node scripts/build-if-changed.mjs [--force] [--start]
 *
 * Why in this process: `npm start` used to run `node build && node server` in npm's shell, which
 * does not pass a signal on: SIGTERM or SIGINT to npm ended the shell and left the server running
 * with its port and the data directory's lock. Now npm's shell execs this script (package.json),
 * so npm's signal reaches the process that is the server, whose own handlers close the app, the
 * database and the lock (server/src/main.ts).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const STAMP = '.build-hash';

/** The two parts: what their build reads, and the file it must produce. */
export const PARTS = [
  {
    name: 'web',
    inputs: ['web/src', 'web/public', 'web/scripts', 'web/index.html', 'web/vite.config.ts', 'web/tsconfig.json', 'web/package.json', 'package-lock.json'],
    dist: 'web/dist',
    output: 'web/dist/index.html',
  },
  {
    name: 'server',
    inputs: ['server/src', 'server/tsconfig.build.json', 'tsconfig.base.json', 'server/package.json', 'package-lock.json'],
    dist: 'server/dist',
    output: 'server/dist/main.js',
  },
];

/** Tests are not part of a build. */
const skipped = (path) => /\.test\.tsx?$/.test(path) || path.includes(`${sep}node_modules${sep}`);

/** Every file under `path` (a file or a folder), sorted; missing paths give none. */
function filesOf(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((e) => (e.name === 'node_modules' ? [] : filesOf(join(path, e.name))));
}

/** Hash of the names and contents of a part's input files. */
export function sourceHash(root, inputs) {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of filesOf(join(root, input))) {
      if (skipped(file)) continue;
      hash.update(relative(root, file).split(sep).join('/'));
      hash.update('\0');
      hash.update(readFileSync(file));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

/** Why a part must be built, or null when its output is there and was built from these sources. */
export function staleReason(root, part, hash) {
  if (!existsSync(join(root, part.output))) return `${part.output} missing`;
  const stampFile = join(root, part.dist, STAMP);
  if (!existsSync(stampFile)) return 'no record of the sources it was built from';
  return readFileSync(stampFile, 'utf8').trim() === hash ? null : 'sources changed';
}

function build(part) {
  const started = Date.now();
  // a production build whatever NODE_ENV the caller has (vitest sets test)
  execFileSync('npm', ['run', 'build', '-w', part.name], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  return ((Date.now() - started) / 1000).toFixed(1);
}

/** The server's entry, run by --start. */
export const SERVER = 'server/dist/main.js';

async function main() {
  const force = process.argv.includes('--force');
  for (const part of PARTS) {
    // hashed before building: a file edited during the build makes the next start build again
    const hash = sourceHash(ROOT, part.inputs);
    const reason = force ? 'forced (npm run build)' : staleReason(ROOT, part, hash);
    if (!reason) {
      console.log(`[build] ${part.name}: up to date, not rebuilt`);
      continue;
    }
    console.log(`[build] ${part.name}: building (${reason})`);
    const seconds = build(part);
    writeFileSync(join(ROOT, part.dist, STAMP), `${hash}\n`);
    console.log(`[build] ${part.name}: built in ${seconds} s`);
  }
  if (process.argv.includes('--start')) await import(pathToFileURL(join(ROOT, SERVER)).href);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
