/** Tests of the build check: node --test scripts/build-if-changed.test.mjs */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { PARTS, STAMP, sourceHash, staleReason } from './build-if-changed.mjs';

const root = mkdtempSync(join(tmpdir(), 'sbs-build-'));
after(() => rmSync(root, { recursive: true, force: true }));
const write = (path, text) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
};
const part = { name: 'web', inputs: ['web/src', 'web/index.html', 'package-lock.json'], dist: 'web/dist', output: 'web/dist/index.html' };

test('a part with no output, or no stamp, is built', () => {
  write('web/src/main.tsx', 'a');
  const hash = sourceHash(root, part.inputs);
  assert.equal(staleReason(root, part, hash), 'web/dist/index.html missing');
  write('web/dist/index.html', '<html>');
  assert.equal(staleReason(root, part, hash), 'no record of the sources it was built from');
});

test('a part built from the same sources is not built again; a changed, added or removed file builds it', () => {
  write('web/src/main.tsx', 'a');
  write('web/dist/index.html', '<html>');
  const hash = sourceHash(root, part.inputs);
  write(`web/dist/${STAMP}`, `${hash}\n`);
  assert.equal(staleReason(root, part, hash), null);

  write('web/src/main.tsx', 'b');
  assert.equal(staleReason(root, part, sourceHash(root, part.inputs)), 'sources changed');
  write('web/src/main.tsx', 'a');
  assert.equal(staleReason(root, part, sourceHash(root, part.inputs)), null);

  write('web/src/pages/new.tsx', 'x');
  assert.equal(staleReason(root, part, sourceHash(root, part.inputs)), 'sources changed');
  rmSync(join(root, 'web/src/pages/new.tsx'));
  assert.equal(sourceHash(root, part.inputs), hash);

  write('package-lock.json', '{}');
  assert.notEqual(sourceHash(root, part.inputs), hash);
});

test('tests and a rename are told apart: tests do not count, a moved file does', () => {
  write('web/src/main.tsx', 'a');
  rmSync(join(root, 'package-lock.json'), { force: true });
  const hash = sourceHash(root, part.inputs);
  write('web/src/main.test.tsx', 'test');
  assert.equal(sourceHash(root, part.inputs), hash);
  rmSync(join(root, 'web/src/main.tsx'));
  write('web/src/app.tsx', 'a');
  assert.notEqual(sourceHash(root, part.inputs), hash);
});

test('the real parts read their sources and produce what npm start runs', () => {
  assert.deepEqual(
    PARTS.map((p) => p.output),
    ['web/dist/index.html', 'server/dist/main.js'],
  );
  for (const p of PARTS) assert.ok(p.inputs.includes('package-lock.json'), p.name);
});
