import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a file holding the dump of a migrated data directory, which each test file loads. */
    pgliteTemplate?: string;
    /** PostgreSQL: a migrated database each test file's database is created from (`TEMPLATE`). */
    pgTemplate?: string;
  }
}

/**
 * Migrates one database per test run, so that a test file starts from a copy of it instead of
 * running every migration again (decision 057). The template is named after the run and removed
 * when the run ends.
 */
export default async function setup(project: TestProject) {
  const run = `${process.pid}_${randomBytes(4).toString('hex')}`;
  if (project.config.env?.TEST_DB_DRIVER !== 'pg') {
    const handle = await openDatabase({});
    await runMigrations(handle);
    const dump = await handle.pglite!.dumpDataDir('none');
    await handle.close();
    const file = path.join(os.tmpdir(), `bjp_test_template_${run}.tar`);
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplate', file);
    return async () => rmSync(file, { force: true });
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB_DRIVER=pg needs TEST_DATABASE_URL');
  const name = `bjp_template_${run}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 1 });
  await runMigrations(handle);
  // A template must have no open session while a database is created from it.
  await handle.close();
  project.provide('pgTemplate', name);
  return () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

async function onServer(serverUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
