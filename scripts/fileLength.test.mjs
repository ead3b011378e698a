// No file over 450 lines (issue 24): eslint's max-lines holds the TypeScript; this holds the rest a
// person writes (styles, migrations, scripts). Generated files (api/schema.d.ts, rules.gen.ts) are
// not written by hand and stay out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIRS = ['web/src', 'server/src', 'scripts', 'e2e', 'bench', '.ci'];
const KINDS = /\.(css|sql|mjs|js|sh)$/;
const MAX = 450;

function* files(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else if (KINDS.test(e.name)) yield p;
  }
}

test('no hand-written file over 450 lines', () => {
  const long = [];
  for (const d of DIRS) {
    const dir = path.join(ROOT, d);
    if (!fs.existsSync(dir)) continue;
    for (const f of files(dir)) {
      const n = fs.readFileSync(f, 'utf8').split('\n').length - 1;
      if (n > MAX) long.push(`${path.relative(ROOT, f)}: ${n} lines`);
    }
  }
  assert.deepEqual(long, [], `split these files (at most ${MAX} lines each):\n${long.join('\n')}`);
});
