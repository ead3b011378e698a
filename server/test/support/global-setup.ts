/**
 * Migrates one template database per run: a dumped PGlite data directory, or (with
 * TEST_DATABASE_URL) a PostgreSQL database used as CREATE DATABASE ... TEMPLATE.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.js';
import { bootstrap } from '../../src/db/bootstrap.js';
import { TEST_ADMIN_PASSWORD } from './constants.js';

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbs-test-'));
  if (url) {
    const name = `sbs_tmpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const tmplUrl = withDatabase(url, name);
    const db = await openDatabase({ databaseUrl: tmplUrl, poolSize: 2 });
    await db.migrate();
    await bootstrap(db, { adminPassword: TEST_ADMIN_PASSWORD, dataDir });
    await db.close();
    project.provide('template', { kind: 'postgres', url, name });
    return async () => {
      // drop databases this run created (files may have been killed before they dropped their own)
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like 'sbs_t\\_${process.pid}\\_%' or datname = $1`,
        [name],
      );
      for (const r of rows) await admin.query(`drop database if exists ${r.datname} with (force)`);
      await admin.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  }
  const db = await openDatabase({});
  await db.migrate();
  await bootstrap(db, { adminPassword: TEST_ADMIN_PASSWORD, dataDir });
  const dump = await db.dump!();
  await db.close();
  const file = path.join(dataDir, 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('template', { kind: 'pglite', file, runId: process.pid });
  return () => fs.rmSync(dataDir, { recursive: true, force: true });
}

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    template: { kind: 'pglite'; file: string; runId: number } | { kind: 'postgres'; url: string; name: string };
  }
}
