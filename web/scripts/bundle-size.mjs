#!/usr/bin/env node
/**
 * Build check, run after `vite build`:
 * 1. gzipped size of the JavaScript loaded initially for /login — the entry chunk and its static
 *    imports, plus the login screen's chunk and the static imports it adds — must stay ≤ 300 KB;
 * 2. every route module of src/app/router.tsx and of the screen table src/app/screens.ts must be a
 *    lazily loaded chunk of its own.
 * Reads dist/.vite/manifest.json (build.manifest) and prints the figures.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const LIMIT_KB = 300;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const fail = (msg) => {
  console.error(`bundle-size: ${msg}`);
  process.exitCode = 1;
};

const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

/** Manifest keys of `key` and everything it imports statically. */
function closure(key, seen = new Set()) {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(dep, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) throw new Error('no entry chunk in the manifest');
const loginKey = 'src/pages/login/index.tsx';
if (!manifest[loginKey]) throw new Error(`${loginKey} missing from the manifest`);

const initial = closure(entryKey);
const login = closure(loginKey, new Set(initial));
const kb = (keys) => [...keys].reduce((sum, k) => sum + gz(manifest[k].file), 0) / 1024;
const entryKb = kb(initial);
const totalKb = kb(login);
console.log(`bundle-size: entry + static imports ${entryKb.toFixed(1)} KB gzip (${initial.size} chunks)`);
console.log(`bundle-size: initial JS for /login ${totalKb.toFixed(1)} KB gzip (${login.size} chunks; limit ${LIMIT_KB} KB)`);
if (totalKb > LIMIT_KB) fail(`initial JS for /login is ${totalKb.toFixed(1)} KB gzip, over ${LIMIT_KB} KB`);

// every lazily imported route module must be a dynamic entry with a chunk of its own
const routerSrc = ['router.tsx', 'screens.ts'].map((f) => readFileSync(join(root, 'src/app', f), 'utf8')).join('\n');
const modules = [...routerSrc.matchAll(/import\('([^']+)'\)/g)].map((m) => {
  const rel = posix.join('src/app', m[1]);
  return [rel, `${rel}/index.tsx`, `${rel}.tsx`].find((k) => manifest[k]) ?? rel;
});
const files = new Map();
for (const key of modules) {
  const chunk = manifest[key];
  if (!chunk) fail(`route module ${key} has no chunk`);
  else if (!chunk.isDynamicEntry) fail(`route module ${key} is not lazily loaded`);
  else if (files.has(chunk.file) && files.get(chunk.file) !== key) fail(`${key} shares ${chunk.file} with ${files.get(chunk.file)}`);
  else files.set(chunk.file, key);
}
const unique = new Set(modules);
console.log(`bundle-size: ${files.size} route chunks for ${unique.size} lazily loaded route modules`);
if (process.exitCode) console.error('bundle-size: FAILED');
