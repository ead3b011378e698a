/** The committed schema.d.ts and rules.gen.ts are what the server's routes generate now (run `npm run gen:types` when this fails). */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
// @ts-expect-error a plain ES module script without types
import { render, rulesOf } from '../../scripts/gen-rules.mjs';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

it('schema.d.ts matches the OpenAPI document the server writes', () => {
  const document = execFileSync(bin('tsx'), ['server/scripts/openapi.ts'], { cwd: root, maxBuffer: 64 * 1024 * 1024 });
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sbs-openapi-')), 'schema.d.ts');
  try {
    execFileSync(bin('openapi-typescript'), ['-o', out], { cwd: root, input: document, stdio: ['pipe', 'ignore', 'pipe'] });
    const generated = fs.readFileSync(out, 'utf8');
    const committed = fs.readFileSync(path.join(root, 'web/src/api/schema.d.ts'), 'utf8');
    expect(committed === generated, 'web/src/api/schema.d.ts is stale: run npm run gen:types').toBe(true);
    const rules = fs.readFileSync(path.join(root, 'web/src/api/rules.gen.ts'), 'utf8');
    expect(rules === render(rulesOf(JSON.parse(document.toString()))), 'web/src/api/rules.gen.ts is stale: run npm run gen:types').toBe(true);
  } finally {
    fs.rmSync(path.dirname(out), { recursive: true, force: true });
  }
}, 120_000);
