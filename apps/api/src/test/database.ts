import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';

/** Which driver this test run uses: the vitest project 'api-pg' sets TEST_DB_DRIVER=pg. */
export const testDriver = process.env.TEST_DB_DRIVER === 'pg' ? 'pg' : 'pglite';

/**
 * What the run's global setup provided (test/global-setup.ts), read through vitest only under vitest:
 * scripts outside it (scripts/openapi.ts builds a test app) migrate instead.
 */
async function provided<K extends 'pgliteTemplate' | 'pgTemplate'>(key: K) {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  return inject(key);
}

// The migrated template of this run (test/global-setup.ts), read once per test file.
let pgliteTemplate: Blob | undefined;

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL that is dropped on close. Both start as a copy of the run's
 * migrated template (global-setup.ts); without one (a run that did not set it up) they migrate.
 */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<DatabaseHandle> {
  if (testDriver === 'pglite') {
    if (options.empty) return openDatabase({});
    const templateFile = await provided('pgliteTemplate');
    if (templateFile) {
      pgliteTemplate ??= new Blob([readFileSync(templateFile)]);
      return openDatabase({ loadDataDir: pgliteTemplate });
    }
    const handle = await openDatabase({});
    await runMigrations(handle);
    return handle;
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB_DRIVER=pg needs TEST_DATABASE_URL');
  // empty: a database nothing has migrated yet (the migrator's own tests).
  const template = options.empty ? undefined : await provided('pgTemplate');
  const name = `bjp_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 8 });
  if (!template && !options.empty) await runMigrations(handle);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
