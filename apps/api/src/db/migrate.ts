import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { type MigrationMeta, readMigrationFiles } from 'drizzle-orm/migrator';
import type { DatabaseHandle, Executor } from './client.js';

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * A migration whose first line is this marker runs outside a transaction, statement by statement:
 * what PostgreSQL refuses inside one (`CREATE INDEX CONCURRENTLY`, which builds an index without
 * blocking writes). Each of its statements must be safe to run again (`IF NOT EXISTS`), since a
 * failure halfway leaves the earlier ones done and the migration unrecorded.
 */
export const noTransactionMarker = '-- migrate: no-transaction';

/** How long a migration's statement waits for a table's lock before giving up (and trying again). */
const lockTimeout = process.env.MIGRATION_LOCK_TIMEOUT ?? '5s';
const lockAttempts = Number(process.env.MIGRATION_LOCK_ATTEMPTS ?? 20);
/** One key for every migrator of the database: two instances starting at once take turns. */
const advisoryKey = 4_207_310_035;

export interface MigrationHooks {
  /** Called before a migration's last statement; tests make it throw to prove the migration is whole. */
  beforeRecord?: (migration: MigrationMeta) => Promise<void> | void;
}

/**
 * Runs the pending migrations, **each in its own transaction** (decision 052): an upgrade holds a
 * table's lock for one migration, not for all of them, and a failure keeps the migrations before it.
 * Every statement waits at most `lock_timeout` for a lock, so a migration that meets a long read
 * gives up and tries again (up to MIGRATION_LOCK_ATTEMPTS times) instead of queueing every later
 * reader of that table behind it. Rows go to drizzle.__drizzle_migrations as Drizzle's own migrator
 * writes them (hash, the journal's `when`), so a database migrated by either is read by both.
 */
export async function runMigrations(handle: DatabaseHandle, hooks: MigrationHooks = {}): Promise<void> {
  const db = handle.db;
  await db.execute(sql`CREATE SCHEMA IF NOT EXISTS drizzle`);
  await db.execute(
    sql`CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`,
  );
  for (const migration of readMigrationFiles({ migrationsFolder })) {
    const noTransaction = migration.sql[0]?.trimStart().startsWith(noTransactionMarker) ?? false;
    for (let attempt = 1; ; attempt++) {
      try {
        if (noTransaction) await applyOutsideTransaction(db, migration, hooks);
        else await db.transaction((tx) => applyInTransaction(tx, migration, hooks));
        break;
      } catch (error) {
        if (!isLockTimeout(error) || attempt >= lockAttempts) throw error;
        await sleep(Math.min(5_000, 250 * attempt));
      }
    }
  }
}

async function isApplied(db: Executor, migration: MigrationMeta): Promise<boolean> {
  const result = await db.execute(sql`SELECT max(created_at) AS last FROM drizzle.__drizzle_migrations`);
  const last = (result as unknown as { rows: Array<{ last: string | number | null }> }).rows[0]?.last;
  // Drizzle's rule: a migration is pending when it is newer than the newest one recorded.
  return last != null && Number(last) >= migration.folderMillis;
}

async function record(db: Executor, migration: MigrationMeta): Promise<void> {
  await db.execute(
    sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${migration.hash}, ${migration.folderMillis})`,
  );
}

async function applyInTransaction(tx: Executor, migration: MigrationMeta, hooks: MigrationHooks) {
  // Inside the transaction: the lock is held until it ends, so a second migrator waits here and
  // then finds the migration recorded.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${advisoryKey})`);
  if (await isApplied(tx, migration)) return;
  await tx.execute(sql.raw(`SET LOCAL lock_timeout = '${lockTimeout.replace(/'/g, '')}'`));
  for (const statement of migration.sql) await tx.execute(sql.raw(statement));
  await hooks.beforeRecord?.(migration);
  await record(tx, migration);
}

async function applyOutsideTransaction(db: Executor, migration: MigrationMeta, hooks: MigrationHooks) {
  if (await isApplied(db, migration)) return;
  for (const statement of migration.sql) await db.execute(sql.raw(statement));
  await hooks.beforeRecord?.(migration);
  await record(db, migration);
}

function isLockTimeout(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '55P03') return true;
  }
  return false;
}
