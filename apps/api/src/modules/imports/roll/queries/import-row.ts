import { sql } from 'drizzle-orm';
import type { Executor } from '../../../../db/client.js';
import { firstRow } from '../../../../db/rows.js';

/** The roll import's own row in file_imports, the programme year it is for, and the roll writers' lock. */

export async function programmeYear(db: Executor): Promise<number> {
  const row = await firstRow<{ year: number }>(db, sql`SELECT year FROM programme_settings WHERE id = 1`);
  return Number(row?.year ?? 0);
}

export type NewRollImport = {
  kind: string;
  year: number;
  fileName: string;
  sha256: string;
  size: number;
  format: string;
  encoding: string;
  fileKey: string;
  chunks: number;
  userId: number;
  createdAt: Date;
};

/** The import row of a roll file, 'checking' until its dry-run job ends. */
export async function insertRollImport(db: Executor, i: NewRollImport): Promise<number> {
  const row = await firstRow<{ id: number }>(
    db,
    sql`
    INSERT INTO file_imports (kind, year, file_name, sha256, size, format, encoding, file_key, chunks, user_id,
      created_at, state, counts)
    VALUES (${i.kind}, ${i.year}, ${i.fileName}, ${i.sha256}, ${i.size}, ${i.format}, ${i.encoding}, ${i.fileKey},
      ${i.chunks}, ${i.userId}, ${i.createdAt.toISOString()}::timestamptz, 'checking',
      '{"rows":0,"new":0,"unchanged":0,"changed":0,"refused":0,"errors":0,"withdrawn":0}'::jsonb)
    RETURNING id`,
  );
  return Number(row!.id);
}

export async function setCheckJob(db: Executor, id: number, jobId: string) {
  await db.execute(sql`UPDATE file_imports SET job_id = ${jobId} WHERE id = ${id}`);
}

export async function markChecked(
  db: Executor,
  id: number,
  counts: unknown,
  errorList: unknown,
  errorsKey: string,
) {
  await db.execute(sql`
    UPDATE file_imports SET state = 'checked', counts = ${JSON.stringify(counts)}::jsonb,
      error_list = ${JSON.stringify(errorList)}::jsonb, errors_key = ${errorsKey}, error = NULL
    WHERE id = ${id}`);
}

export async function markImported(
  db: Executor,
  id: number,
  result: unknown,
  userId: number | null,
  now: Date,
) {
  await db.execute(sql`
    UPDATE file_imports SET state = 'done', result = ${JSON.stringify(result)}::jsonb, error = NULL,
      confirmed_by = coalesce(confirmed_by, ${userId}), confirmed_at = coalesce(confirmed_at, ${now.toISOString()}::timestamptz)
    WHERE id = ${id}`);
}

/** One import at a time writes the roll: a job waits for the one before. */
export async function lockRollWriters(db: Executor) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext('bjp.imports.roll'))`);
}

/**
 * The roll jobs' few big statements (hash joins and aggregates over 2.3 million rows on each side)
 * get memory for their hash tables instead of spilling them to disk in batches: for this transaction
 * only, on the database server (one national roll job at a time holds the writers' lock).
 */
export async function roomForTheRoll(db: Executor) {
  await db.execute(sql`SET LOCAL work_mem = '128MB'`);
}
