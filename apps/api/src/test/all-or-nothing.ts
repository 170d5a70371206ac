import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Executor } from '../db/client.js';
import { firstRow, rows } from '../db/rows.js';

/**
 * Helpers for the all-or-nothing tests (issue 12): a fingerprint of every table, and a forced failure
 * of a path's last write.
 */

// Bookkeeping every request may touch (sessions seen, throttles): not data a failed write may leave.
const BOOKKEEPING = new Set(['sessions', 'login_throttle']);

/** One md5 per public table of its rows in a stable order: equal fingerprints, unchanged tables. */
export async function fingerprint(db: Executor): Promise<Record<string, string>> {
  const tables = await rows<{ name: string }>(
    db,
    sql`SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const names = tables.map((t) => t.name).filter((n) => !BOOKKEEPING.has(n));
  const result: Record<string, string> = {};
  for (const name of names) {
    const row = (await firstRow<{ n: number; h: string }>(
      db,
      `SELECT count(*)::int AS n, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h
               FROM "${name}" x`,
    ))!;
    result[name] = `${row.n}:${row.h}`;
  }
  return result;
}

/**
 * Makes the audit row of `action` fail (a BEFORE INSERT trigger raising), so the last write of every
 * path that audits its change fails after all its other rows were written in the transaction.
 * Returns the function that removes the trigger.
 */
export async function failAuditOf(db: Executor, action: string): Promise<() => Promise<void>> {
  await db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION test_fail_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.action = TG_ARGV[0] THEN RAISE EXCEPTION 'prueba: falla forzada de %', TG_ARGV[0]; END IF;
        RETURN NEW;
      END $$`),
  );
  const quoted = action.replace(/'/g, "''");
  await db.execute(
    sql.raw(`CREATE TRIGGER test_fail_audit BEFORE INSERT ON audit_log FOR EACH ROW
             EXECUTE FUNCTION test_fail_audit('${quoted}')`),
  );
  return async () => {
    await db.execute(sql.raw('DROP TRIGGER IF EXISTS test_fail_audit ON audit_log'));
  };
}

/** Makes any write to `table` fail (for paths whose last write is not an audit row). */
export async function failWritesTo(db: Executor, table: string): Promise<() => Promise<void>> {
  await db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION test_fail_table() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'prueba: falla forzada en %', TG_TABLE_NAME; END $$`),
  );
  await db.execute(
    sql.raw(`CREATE TRIGGER test_fail_table BEFORE INSERT OR UPDATE OR DELETE ON "${table}"
             FOR EACH ROW EXECUTE FUNCTION test_fail_table()`),
  );
  return async () => {
    await db.execute(sql.raw(`DROP TRIGGER IF EXISTS test_fail_table ON "${table}"`));
  };
}

/**
 * Runs `act` with the audit row of `action` failing (the last write of every multi-row path) and
 * asserts a 5xx and that no table changed; `tables` are ones the path writes, checked to be seen.
 */
export async function expectNothingWrittenWhenAuditFails(
  db: Executor,
  action: string,
  tables: string[],
  act: () => Promise<{ status: number; body?: unknown }>,
): Promise<void> {
  const before = await fingerprint(db);
  expect(Object.keys(before)).toEqual(expect.arrayContaining(['audit_log', ...tables]));
  const restore = await failAuditOf(db, action);
  try {
    const res = await act();
    const body = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
    expect(res.status, body).toBeGreaterThanOrEqual(500);
  } finally {
    await restore();
  }
  expect(await fingerprint(db)).toEqual(before);
}
