import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Executor } from '../db/client.js';
import { migrationsFolder } from '../db/migrate.js';
import { rows } from '../db/rows.js';

/**
 * How many migrations of the folder the database has not run. Drizzle's migrator runs every file
 * newer than the newest row of drizzle.__drizzle_migrations (by its `when`), so the same rule counts here.
 */
export async function pendingMigrations(db: Executor): Promise<number> {
  const files = readMigrationFiles({ migrationsFolder });
  const [table] = await rows<{ found: boolean }>(
    db,
    sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS found`,
  );
  if (!table?.found) return files.length;
  const [newest] = await rows<{ last: string | number | null }>(
    db,
    sql`SELECT max(created_at) AS last FROM drizzle.__drizzle_migrations`,
  );
  const last = newest?.last == null ? Number.NEGATIVE_INFINITY : Number(newest.last);
  return files.filter((file) => file.folderMillis > last).length;
}
