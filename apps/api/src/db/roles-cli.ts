/**
 * npm run db:roles
 *
 * Connects to MIGRATION_DATABASE_URL (else DATABASE_URL): the owner of the tables, or a superuser
 * when the owner may not create roles. Creates the application role bjp_app and grants it its rights
 * on the migrated tables (see roles.ts). It does not migrate: run as a superuser, it would own the
 * tables. When DATABASE_URL names bjp_app with a password, that password is set on the role, so the
 * two URLs stay the one place the credentials are written.
 */
import { openDatabase } from './client.js';
import { APP_ROLE, setUpApplicationRole } from './roles.js';
import { tableExists } from './seed/sql.js';

async function main(): Promise<void> {
  const ownerUrl = process.env.MIGRATION_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!ownerUrl) throw new Error('Set MIGRATION_DATABASE_URL (or DATABASE_URL) to the owner of the tables.');
  if (decodeURIComponent(new URL(ownerUrl).username) === APP_ROLE)
    throw new Error(`Run as the owner of the tables, not as ${APP_ROLE}: set MIGRATION_DATABASE_URL.`);
  const appUrl = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL) : undefined;
  const password =
    appUrl && decodeURIComponent(appUrl.username) === APP_ROLE && appUrl.password
      ? decodeURIComponent(appUrl.password)
      : undefined;

  const handle = await openDatabase({ url: ownerUrl, poolSize: 1 });
  try {
    if (!(await tableExists(handle.db, 'audit_log')))
      throw new Error('No tables yet: migrate first, as the owner (npm run seed, or a first start).');
    await setUpApplicationRole(handle.db, { password });
    console.log(
      `Role ${APP_ROLE} ready${password ? ' (password from DATABASE_URL)' : ''}: ` +
        'reads and writes the tables, only reads and adds to audit_log.',
    );
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
