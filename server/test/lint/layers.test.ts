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

  it('refuses SQL in a module outside its repo.ts', async () => {
    const sql = [
      `import type { Database } from '../../db/client.js';`,
      `export const f = (database: Database) => database.query<{ n: number }>('select 1 as n');`,
      `export const g = (database: Database) => database.query('select 1');`,
      `export const h = (database: Database) => database.tx(async (q) => q('select 1'));`,
      '',
    ].join('\n');
    const errors = await layerErrors('modules/sites/service.ts', sql);
    expect(errors).toEqual([
      expect.stringContaining('modules/sites/service.ts runs SQL (.query)'),
      expect.stringContaining('modules/sites/service.ts runs SQL (.query)'),
      expect.stringContaining('modules/sites/service.ts runs SQL (.tx)'),
    ]);
    expect(await layerErrors('modules/dashboard/home/hot.ts', sql.replace('../../db/', '../../../db/'))).toHaveLength(3);
    expect(await layerErrors('modules/dashboard/charts/routes.ts', `export const r = (app: any) => app.ctx.database.query('select 1');\n`)).toHaveLength(1);
  });

  it('lets repo.ts run SQL, and the layers below modules/ too; reading req.query is no query', async () => {
    const sql = `import type { Database } from '../../db/client.js';\nexport const f = (database: Database) => database.query('select 1');\n`;
    expect(await layerErrors('modules/sites/repo.ts', sql)).toEqual([]);
    expect(await layerErrors('modules/dashboard/home/repo.ts', sql.replace('../../', '../../../'))).toEqual([]);
    for (const rel of ['shared/x.ts', 'db/x.ts', 'jobs/x.ts', 'ingest/x.ts']) {
      expect(await layerErrors(rel, sql.replace('../../db/', '../db/'))).toEqual([]);
    }
    expect(await layerErrors('sim/x.ts', sql.replace('../../db/', '../db/'))).toEqual([]);
    expect(await layerErrors('modules/sites/routes.ts', `export const q = (req: { query: { a?: string } }) => req.query.a;\n`)).toEqual([]);
  });
});
