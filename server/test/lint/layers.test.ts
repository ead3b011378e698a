/** The layer rule of eslint.config.js (eslint.layers.js): wrong arrows fail `npm run lint`. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** Layer messages for `code` as if it were the file at `rel` (under server/src). */
async function layerErrors(rel: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'server/src', rel) });
  return result.messages.filter((m) => m.ruleId === 'layers/layers').map((m) => m.message);
}

describe('server layers', () => {
  it('refuses a module importing another module', async () => {
    const errors = await layerErrors('modules/devices/x.ts', `export { findBrand } from '../company/repo.js';\n`);
    expect(errors).toEqual([expect.stringContaining('modules/devices may not import modules/company')]);
  });

  it('refuses domain/ importing anything of ours', async () => {
    const errors = await layerErrors('domain/x.ts', `export type { Database } from '../db/client.js';\n`);
    expect(errors).toEqual([expect.stringContaining('domain/ is pure')]);
  });

  it('refuses upward imports: infrastructure into a feature, a feature into the app', async () => {
    expect(await layerErrors('http/x.ts', `export { AreaCache } from '../modules/areas/service.js';\n`)).toHaveLength(1);
    expect(await layerErrors('jobs/x.ts', `export { buildApp } from '../app.js';\n`)).toHaveLength(1);
    expect(await layerErrors('db/x.ts', `export { GeoCache } from '../shared/geoCache.js';\n`)).toHaveLength(1);
    expect(await layerErrors('ingest/x.ts', `export { runSnapshot } from '../jobs/snapshot.js';\n`)).toHaveLength(1);
  });

  it('lets a feature import its own files and everything below it', async () => {
    const code = [
      `export { findSite } from './repo.js';`,
      `export { needs } from '../../http/auth.js';`,
      `export { GeoCache } from '../../shared/geoCache.js';`,
      `export type { Database } from '../../db/client.js';`,
      `export { formatTime } from '../../domain/time.js';`,
      '',
    ].join('\n');
    expect(await layerErrors('modules/sites/x.ts', code)).toEqual([]);
    expect(await layerErrors('app.ts', `export { GeoCache } from './shared/geoCache.js';\n`)).toEqual([]);
  });
});
