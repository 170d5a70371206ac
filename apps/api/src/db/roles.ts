import { sql } from 'drizzle-orm';
import type { Executor } from './client.js';
import { rows } from './rows.js';
import { run } from './seed/sql.js';

/** The application's role when configuration names none; migration 0014 names it too. */
export const APP_ROLE = 'bjp_app';

/** Tables the application empties with TRUNCATE (the roll import's staging, roll/queries/students.ts). */
export const TRUNCATED_TABLES = ['roll_staging', 'roll_changes'] as const;

/**
 * The application's role: the user name of DATABASE_URL (so a staging install on the same cluster,
 * connecting as bjp_staging_app, never touches production's bjp_app), else bjp_app.
 */
export function applicationRoleName(databaseUrl: string | undefined): string {
  const name = databaseUrl ? decodeURIComponent(new URL(databaseUrl).username) : '';
  return checkRoleName(name || APP_ROLE);
}

/** A role name that is written into SQL statements unquoted: plain lower-case identifiers only. */
export function checkRoleName(role: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(role))
    throw new Error(`Role name ${JSON.stringify(role)}: use lower-case letters, digits and _ (at most 63).`);
  return role;
}

/**
 * Creates the application's role (if missing) and gives it what the application needs and no more,
 * run as the role that owns the tables (the one that runs the migrations). It owns nothing, so it
 * can neither alter tables nor drop their triggers; on the audit log it may only read and insert, so
 * a stolen application credential cannot erase the trace of what was done with it.
 */
export async function setUpApplicationRole(
  db: Executor,
  options: { password?: string; role?: string } = {},
): Promise<void> {
  const role = checkRoleName(options.role ?? APP_ROLE);
  // CREATE ROLE has no IF NOT EXISTS; two setups at once (parallel test files) may both try.
  await run(
    db,
    `DO $$ BEGIN
       IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${role}') THEN
         CREATE ROLE ${role} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS;
       END IF;
     EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
     END $$`,
  );
  const [found] = await rows<{ powerful: boolean; login: boolean }>(
    db,
    sql`SELECT rolsuper OR rolbypassrls OR rolcreaterole AS powerful, rolcanlogin AS login
          FROM pg_roles WHERE rolname = ${role}`,
  );
  if (!found?.login || found.powerful)
    throw new Error(`Role ${role} exists with other attributes: it must be LOGIN and not a superuser.`);
  if (options.password) {
    // Utility statements take no parameters: the server quotes the literal.
    const [statement] = await rows<{ text: string }>(
      db,
      sql`SELECT format('ALTER ROLE %I PASSWORD %L', ${role}::text, ${options.password}::text) AS text`,
    );
    await run(db, statement!.text);
  }

  for (const statement of [
    // The owner of the tables is a member of the application's role, so that it can read what the
    // application owns (the pgboss schema): `pg_dump` as the owner dumps the whole database, and a
    // restore as the owner can hand pgboss back to the application's role. First: creating pgboss
    // with AUTHORIZATION the application's role needs that membership too.
    `DO $$ DECLARE owner text := (SELECT pg_get_userbyid(relowner) FROM pg_class WHERE oid = 'audit_log'::regclass);
     BEGIN
       IF NOT pg_has_role(owner, '${role}', 'USAGE') THEN
         EXECUTE format('GRANT ${role} TO %I', owner);
       END IF;
     END $$`,
    // CREATE on the database: pg-boss (src/jobs) runs `CREATE SCHEMA IF NOT EXISTS pgboss` at start,
    // which PostgreSQL checks against this right even when the schema exists. TEMPORARY: the roll
    // check works in temporary tables (a database that revoked PUBLIC's rights still allows them).
    `DO $$ BEGIN EXECUTE format('GRANT CONNECT, CREATE, TEMPORARY ON DATABASE %I TO ${role}', current_database()); END $$`,
    `GRANT USAGE ON SCHEMA public TO ${role}`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role}`,
    `GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${role}`,
    // Tables and sequences later migrations create get the same rights: default privileges follow
    // the role that creates objects, the owner of the tables, even when a superuser runs this.
    `DO $$ DECLARE owner text := (SELECT pg_get_userbyid(relowner) FROM pg_class WHERE oid = 'audit_log'::regclass);
     BEGIN
       EXECUTE format('ALTER DEFAULT PRIVILEGES FOR ROLE %I IN SCHEMA public
         GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${role}', owner);
       EXECUTE format('ALTER DEFAULT PRIVILEGES FOR ROLE %I IN SCHEMA public
         GRANT USAGE, SELECT ON SEQUENCES TO ${role}', owner);
     END $$`,
    // A production start counts pending migrations; the application role may read their journal,
    // so the server needs no owner credentials (migrations themselves run as the owner).
    `GRANT USAGE ON SCHEMA drizzle TO ${role}`,
    `GRANT SELECT ON drizzle.__drizzle_migrations TO ${role}`,
    // The job queue (pg-boss, src/jobs) installs and manages its own tables at start, as the
    // application: its schema belongs to bjp_app.
    `CREATE SCHEMA IF NOT EXISTS pgboss AUTHORIZATION ${role}`,
    `GRANT USAGE, CREATE ON SCHEMA pgboss TO ${role}`,
    `GRANT ALL ON ALL TABLES IN SCHEMA pgboss TO ${role}`,
    `GRANT ALL ON ALL SEQUENCES IN SCHEMA pgboss TO ${role}`,
    `GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA pgboss TO ${role}`,
    // The audit log: read and append only (migration 0014 says the same when it runs after this).
    `REVOKE ALL ON audit_log FROM ${role}`,
    `GRANT SELECT, INSERT ON audit_log TO ${role}`,
    // The roll import empties its staging tables at once (TRUNCATE is its own right).
    ...TRUNCATED_TABLES.map((table) => `GRANT TRUNCATE ON ${table} TO ${role}`),
  ])
    await run(db, statement);
}

/**
 * Whether the role this connection uses could change, empty or alter the audit log (as its owner, a
 * superuser or by a grant). A production start refuses such a connection.
 */
export async function canRewriteAudit(db: Executor): Promise<boolean> {
  const [row] = await rows<{ can: boolean }>(
    db,
    `SELECT has_table_privilege('audit_log', 'UPDATE')
         OR has_table_privilege('audit_log', 'DELETE')
         OR has_table_privilege('audit_log', 'TRUNCATE')
         OR pg_has_role((SELECT relowner FROM pg_class WHERE oid = 'audit_log'::regclass), 'USAGE') AS can`,
  );
  return row!.can;
}
