/**
 * Writes the server's OpenAPI document (built from the routes' TypeBox schemas) as JSON, with no
 * database and no listening port: `tsx server/scripts/openapi.ts [out.json]` (stdout without a path).
 * The console generates its API types from it (npm run gen:types).
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { buildApp } from '../src/app.js';

/** A database that holds nothing: building the app only reads the (empty) area tree. */
const emptyDatabase = {
  kind: 'pglite',
  db: {} as Database['db'],
  query: async () => [],
  tx: async () => {
    throw new Error('the OpenAPI script has no database');
  },
  close: async () => {},
  migrate: async () => {},
  tryLeadership: async () => false,
} satisfies Database;

const EXAMPLE_TIME = '2024-06-01T08:00:00.000Z';

/** Examples stamped with the time the routes were built (ingest) get a fixed time, so the document is stable. */
function fixExampleTimes(value: unknown, since: number): unknown {
  if (typeof value === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(value)) {
    return Math.abs(Date.parse(value) - since) < 10 * 60_000 ? EXAMPLE_TIME : value;
  }
  if (Array.isArray(value)) return value.map((v) => fixExampleTimes(v, since));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fixExampleTimes(v, since)]));
  }
  return value;
}

/** The document as stable JSON text (the platform name is the default one whatever the environment says). */
async function openApiDocument(): Promise<string> {
  const since = Date.now();
  const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', TZ: 'Asia/Shanghai' });
  const app = await buildApp(config, emptyDatabase, { logger: false });
  await app.ready();
  const doc = app.swagger();
  await app.close();
  return `${JSON.stringify(fixExampleTimes(doc, since), null, 2)}\n`;
}

const out = process.argv[2];
const text = await openApiDocument();
if (out) {
  fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
  fs.writeFileSync(out, text);
} else {
  process.stdout.write(text);
}
