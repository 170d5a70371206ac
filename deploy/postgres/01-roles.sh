#!/bin/sh
# Runs once, when the postgres container initialises an empty volume (docker-entrypoint-initdb.d).
# Creates the owner of the tables (bjp_owner, used by the migrate service) and the application's role
# (bjp_app, used by api1/api2), and the database `bjp` owned by bjp_owner. bjp_app gets, by default
# privileges, read and write rights on every table the owner's migrations will create — what
# `npm run db:roles` does (apps/api/src/db/roles.ts), done before the first migration; migration 0014
# then leaves bjp_app only SELECT and INSERT on audit_log. `npm run db:roles` may be run again later.
# bjp_app may also create schemas in `bjp`: pg-boss (the jobs, apps/api/src/jobs) creates its own
# schema `pgboss` on the first start, connected as DATABASE_URL; it owns nothing in `public`.
# After the first migration run `npm run db:roles` once (docs/deploy.md): it adds what default
# privileges cannot say, TRUNCATE on the roll import's staging tables only.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
  -v owner_password="$BJP_OWNER_PASSWORD" -v app_password="$BJP_APP_PASSWORD" <<'SQL'
CREATE ROLE bjp_owner LOGIN PASSWORD :'owner_password';
CREATE ROLE bjp_app LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD :'app_password';
CREATE DATABASE bjp OWNER bjp_owner;
-- The owner reads what bjp_app owns (schema pgboss): pg_dump as bjp_owner dumps everything.
GRANT bjp_app TO bjp_owner;
\connect bjp
-- CREATE: pg-boss runs CREATE SCHEMA IF NOT EXISTS pgboss at start, checked against this right.
GRANT CONNECT, CREATE ON DATABASE bjp TO bjp_app;
GRANT USAGE ON SCHEMA public TO bjp_app;
-- The job queue (pg-boss) installs its own tables at start, as the application: its schema is bjp_app's.
CREATE SCHEMA pgboss AUTHORIZATION bjp_app;
-- The server counts pending migrations at start: it reads the migrations journal (created by migrate).
CREATE SCHEMA drizzle AUTHORIZATION bjp_owner;
GRANT USAGE ON SCHEMA drizzle TO bjp_app;
ALTER DEFAULT PRIVILEGES FOR ROLE bjp_owner IN SCHEMA drizzle GRANT SELECT ON TABLES TO bjp_app;
ALTER DEFAULT PRIVILEGES FOR ROLE bjp_owner IN SCHEMA public
  GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO bjp_app;
ALTER DEFAULT PRIVILEGES FOR ROLE bjp_owner IN SCHEMA public
  GRANT USAGE, SELECT ON SEQUENCES TO bjp_app;
SQL
