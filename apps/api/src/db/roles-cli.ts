/**
 * npm run db:roles   (compiled: node apps/api/dist/roles.js)
 *
 * Connects to MIGRATION_DATABASE_URL (else DATABASE_URL): the owner of the tables, or a superuser
 * when the owner may not create roles. Creates the application's role — the user name of
 * DATABASE_URL, bjp_app when unset — and grants it its rights on the migrated tables (see
 * roles.ts). It does not migrate: run as a superuser, it would own the tables. When DATABASE_URL
 * carries a password, that password is set on the role, so the two URLs stay the one place the
 * credentials are written.
 */
import { describeCliError, urlRole } from './cli-errors.js';
import { openDatabase } from './client.js';
import { applicationRoleName, setUpApplicationRole } from './roles.js';
import { tableExists } from './seed/sql.js';

const ownerUrl = process.env.MIGRATION_DATABASE_URL ?? process.env.DATABASE_URL;

async function main(): Promise<void> {
  if (!ownerUrl) throw new Error('Set MIGRATION_DATABASE_URL (or DATABASE_URL) to the owner of the tables.');
  const role = applicationRoleName(process.env.DATABASE_URL);
  if (urlRole(ownerUrl) === role)
    throw new Error(`Run as the owner of the tables, not as ${role}: set MIGRATION_DATABASE_URL.`);
  const appUrl = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL) : undefined;
  const password = appUrl?.password ? decodeURIComponent(appUrl.password) : undefined;

  const handle = await openDatabase({ url: ownerUrl, poolSize: 1 });
  try {
    if (!(await tableExists(handle.db, 'audit_log')))
      throw new Error('No tables yet: migrate first, as the owner (npm run migrate).');
    await setUpApplicationRole(handle.db, { password, role });
    console.log(
      `Role ${role} ready${password ? ' (password from DATABASE_URL)' : ''}: ` +
        'reads and writes the tables, only reads and adds to audit_log.',
    );
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(
    describeCliError(error, {
      role: urlRole(ownerUrl),
      needs:
        'the owner of the tables with CREATEROLE (or a superuser) in MIGRATION_DATABASE_URL: ' +
        'it creates the role, grants on every table and makes the owner a member of the role',
    }),
  );
  process.exit(1);
});
