/**
 * npm run migrate
 *
 * Runs the pending migrations and exits: as MIGRATION_DATABASE_URL (the owner of the tables), else
 * DATABASE_URL, else the embedded database in DATA_DIR. A production server does not migrate on start
 * (issue 14): this runs once per deployment, before the new version's instances start.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.js';
import { pendingMigrations } from '../ops/migrations.js';
import { describeCliError, urlRole } from './cli-errors.js';
import { openDatabase } from './client.js';
import { runMigrations } from './migrate.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const url = config.MIGRATION_DATABASE_URL || config.DATABASE_URL;
  if (!url) mkdirSync(config.DATA_DIR, { recursive: true });
  const handle = url
    ? await openDatabase({ url, poolSize: 1 })
    : await openDatabase({ dataDir: path.join(config.DATA_DIR, 'pglite') });
  try {
    const pending = await pendingMigrations(handle.db);
    await runMigrations(handle);
    const where = url ? new URL(url).host + new URL(url).pathname : path.join(config.DATA_DIR, 'pglite');
    console.log(
      pending === 0 ? `No pending migrations (${where}).` : `${pending} migration(s) applied (${where}).`,
    );
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(
    describeCliError(error, {
      role: urlRole(process.env.MIGRATION_DATABASE_URL || process.env.DATABASE_URL),
      needs: 'the owner of the tables (MIGRATION_DATABASE_URL), with CREATE on the database',
    }),
  );
  process.exit(1);
});
