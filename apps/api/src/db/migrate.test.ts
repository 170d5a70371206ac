import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterEach, describe, expect, it } from 'vitest';
import { pendingMigrations } from '../ops/index.js';
import { createTestDatabase } from '../test/database.js';
import type { DatabaseHandle } from './client.js';
import { migrationsFolder, runMigrations } from './migrate.js';
import { rows } from './rows.js';

const files = readMigrationFiles({ migrationsFolder });
let handle: DatabaseHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

async function recorded(db: DatabaseHandle['db']): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
  );
  return row?.n ?? 0;
}

async function tableExists(db: DatabaseHandle['db'], name: string): Promise<boolean> {
  const [row] = await rows<{ found: boolean }>(db, sql`SELECT to_regclass(${name}) IS NOT NULL AS found`);
  return row?.found ?? false;
}

async function columnExists(db: DatabaseHandle['db'], table: string, column: string): Promise<boolean> {
  const [row] = await rows<{ found: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_name = ${table} AND column_name = ${column}) AS found`,
  );
  return row?.found ?? false;
}

describe('migrations, each in its own transaction', () => {
  it('runs every migration of the folder once, and a second run does nothing', async () => {
    handle = await createTestDatabase({ empty: true });
    await runMigrations(handle);
    expect(await recorded(handle.db)).toBe(files.length);
    expect(await pendingMigrations(handle.db)).toBe(0);
    await runMigrations(handle);
    expect(await recorded(handle.db)).toBe(files.length);
  });

  it('keeps the migrations before a failing one and nothing of the failing one', async () => {
    handle = await createTestDatabase({ empty: true });
    const last = files.at(-1)!;
    await expect(
      runMigrations(handle, {
        beforeRecord: (migration) => {
          if (migration.folderMillis === last.folderMillis) throw new Error('the last step fails');
        },
      }),
    ).rejects.toThrow('the last step fails');
    expect(await recorded(handle.db)).toBe(files.length - 1);
    expect(await pendingMigrations(handle.db)).toBe(1);
    // The last migration (0039, the ledger's amount renamed to bolivianos; name what the newest
    // migration makes here when you add one) left nothing behind…
    expect(await columnExists(handle.db, 'payment_ledger', 'amount_bob')).toBe(false);
    expect(await columnExists(handle.db, 'payment_ledger', 'amount_cents')).toBe(true);
    // …while the one before it (the titular index of 'Pagos observados') is in place.
    expect(await tableExists(handle.db, 'titular_inscription_idx')).toBe(true);
    await runMigrations(handle);
    expect(await recorded(handle.db)).toBe(files.length);
    expect(await columnExists(handle.db, 'payment_ledger', 'amount_bob')).toBe(true);
  });
});
