import { sql } from 'drizzle-orm';
import type { Executor } from './client.js';
import { rows } from './rows.js';
import { run } from './seed/sql.js';

/** The role the application connects as on PostgreSQL; migration 0014 names it too. */
export const APP_ROLE = 'bjp_app';

/**
 * Creates the application's role (if missing) and gives it what the application needs and no more,
 * run as the role that owns the tables (the one that runs the migrations). It owns nothing, so it
 * can neither alter tables nor drop their triggers; on the audit log it may only read and insert, so
 * a stolen application credential cannot erase the trace of what was done with it.
 */
export async function setUpApplicationRole(db: Executor, options: { password?: string } = {}): Promise<void> {
  // CREATE ROLE has no IF NOT EXISTS; two setups at once (parallel test files) may both try.
  await run(
    db,
    `DO $$ BEGIN
       IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN
         CREATE ROLE ${APP_ROLE} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS;
       END IF;
     EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
     END $$`,
  );
  const [role] = await rows<{ powerful: boolean; login: boolean }>(
    db,
    sql`SELECT rolsuper OR rolbypassrls OR rolcreaterole AS powerful, rolcanlogin AS login
          FROM pg_roles WHERE rolname = ${APP_ROLE}`,
  );
  if (!role?.login || role.powerful)
    throw new Error(`Role ${APP_ROLE} exists with other attributes: it must be LOGIN and not a superuser.`);
  if (options.password) {
    // Utility statements take no parameters: the server quotes the literal.
    const [statement] = await rows<{ text: string }>(
      db,
      sql`SELECT format('ALTER ROLE %I PASSWORD %L', ${APP_ROLE}::text, ${options.password}::text) AS text`,
    );
    await run(db, statement!.text);
  }

  for (const statement of [
    // CREATE on the database: pg-boss (src/jobs) runs `CREATE SCHEMA IF NOT EXISTS pgboss` at start,
    // which PostgreSQL checks against this right even when the schema exists.
    `DO $$ BEGIN EXECUTE format('GRANT CONNECT, CREATE ON DATABASE %I TO ${APP_ROLE}', current_database()); END $$`,
    `GRANT USAGE ON SCHEMA public TO ${APP_ROLE}`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${APP_ROLE}`,
    `GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${APP_ROLE}`,
    // Tables and sequences later migrations create get the same rights: default privileges follow
    // the role that creates objects, the owner of the tables, even when a superuser runs this.
    `DO $$ DECLARE owner text := (SELECT pg_get_userbyid(relowner) FROM pg_class WHERE oid = 'audit_log'::regclass);
     BEGIN
       EXECUTE format('ALTER DEFAULT PRIVILEGES FOR ROLE %I IN SCHEMA public
         GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${APP_ROLE}', owner);
       EXECUTE format('ALTER DEFAULT PRIVILEGES FOR ROLE %I IN SCHEMA public
         GRANT USAGE, SELECT ON SEQUENCES TO ${APP_ROLE}', owner);
     END $$`,
    // A production start counts pending migrations; the application role may read their journal,
    // so the server needs no owner credentials (migrations themselves run as the owner).
    `GRANT USAGE ON SCHEMA drizzle TO ${APP_ROLE}`,
    `GRANT SELECT ON drizzle.__drizzle_migrations TO ${APP_ROLE}`,
    // The job queue (pg-boss, src/jobs) installs and manages its own tables at start, as the
    // application: its schema belongs to bjp_app.
    `CREATE SCHEMA IF NOT EXISTS pgboss AUTHORIZATION ${APP_ROLE}`,
    `GRANT USAGE, CREATE ON SCHEMA pgboss TO ${APP_ROLE}`,
    `GRANT ALL ON ALL TABLES IN SCHEMA pgboss TO ${APP_ROLE}`,
    `GRANT ALL ON ALL SEQUENCES IN SCHEMA pgboss TO ${APP_ROLE}`,
    `GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA pgboss TO ${APP_ROLE}`,
    // The audit log: read and append only (migration 0014 says the same when it runs after this).
    `REVOKE ALL ON audit_log FROM ${APP_ROLE}`,
    `GRANT SELECT, INSERT ON audit_log TO ${APP_ROLE}`,
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
