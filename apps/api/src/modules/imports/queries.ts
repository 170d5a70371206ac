import { IMPORT_PAGE_SIZE } from '@bjp/domain';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { firstRow, rows } from '../../db/rows.js';
import { fileImports } from '../../db/schema/index.js';
import { beneficiaryRules } from '../sync/index.js';

export type ImportRow = typeof fileImports.$inferSelect;
/** An import with who made it ('Name Surname (username)'). */
export type SummaryRow = ImportRow & { by: string | null };

/** Bolivianos per student, from the settings row (0 when missing). */
export async function programmeAmount(db: Executor): Promise<number> {
  const row = await firstRow<{ amount: number }>(
    db,
    sql`SELECT amount_per_student AS amount FROM programme_settings WHERE id = 1`,
  );
  return Number(row?.amount ?? 0);
}

/** Records a checked import and returns it. */
export async function insertImport(
  db: Executor,
  values: typeof fileImports.$inferInsert,
): Promise<ImportRow> {
  const [row] = (await db.insert(fileImports).values(values).returning()) as [ImportRow];
  return row;
}

const summarySelect = sql`
  SELECT f.id, f.kind, f.file_name AS "fileName", f.sha256, f.size, f.format, f.encoding,
    f.file_key AS "fileKey", f.chunks, f.errors_key AS "errorsKey", f.user_id AS "userId",
    f.created_at AS "createdAt", f.state, f.counts, f.result, f.job_id AS "jobId",
    f.confirmed_by AS "confirmedBy", f.confirmed_at AS "confirmedAt", f.error, f.year, f.error_list AS "errorList",
    CASE WHEN u.id IS NULL THEN NULL
      ELSE trim(coalesce(u.name, '') || ' ' || coalesce(u.first_last_name, '')) || ' (' || u.username || ')' END AS by
  FROM file_imports f LEFT JOIN users u ON u.id = f.user_id`;

export async function importRow(db: Executor, id: number): Promise<SummaryRow | null> {
  return (await firstRow<SummaryRow>(db, sql`${summarySelect} WHERE f.id = ${id}`)) ?? null;
}

/** A page of the import history, newest first. */
export function importPage(db: Executor, offset: number): Promise<SummaryRow[]> {
  return rows<SummaryRow>(
    db,
    sql`${summarySelect} ORDER BY f.created_at DESC, f.id DESC LIMIT ${IMPORT_PAGE_SIZE} OFFSET ${offset}`,
  );
}

/** How many imports there are. */
export async function countImports(db: Executor): Promise<number> {
  const total = await firstRow<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM file_imports`);
  return Number(total?.n ?? 0);
}

/** Marks an import queued as this job, confirmed by the user now. */
export async function markQueued(db: Executor, id: number, jobId: string, userId: number, now: Date) {
  await db
    .update(fileImports)
    .set({
      state: 'queued',
      jobId,
      confirmedBy: userId,
      confirmedAt: now,
      error: null,
    })
    .where(eq(fileImports.id, id));
}

export async function markFailed(db: Executor, id: number, message: string) {
  await db.update(fileImports).set({ state: 'failed', error: message }).where(eq(fileImports.id, id));
}

/** Marks an import done with its counts; the confirmation is kept when there is one. */
export async function markDone(
  tx: Executor,
  id: number,
  counts: unknown,
  userId: number | null | undefined,
  now: Date,
) {
  await tx.execute(
    sql`UPDATE file_imports SET state = 'done', result = ${JSON.stringify(counts)}::jsonb, error = NULL,
          confirmed_by = coalesce(confirmed_by, ${userId}), confirmed_at = coalesce(confirmed_at, ${now.toISOString()}::timestamptz)
          WHERE id = ${id}`,
  );
}

export type PaymentVerdict =
  | 'new'
  | 'unchanged'
  | 'changed'
  | 'unknown'
  | 'removed'
  | 'blocked'
  | 'noTitular';

/**
 * Classifies payment rows against the database with the Síntesis sync's beneficiary rules: a row is
 * refused for a RUDE without this year's inscription, a student removed (baja), blocked or without
 * titular; otherwise its payment is new, the same as recorded (unchanged) or different (changed).
 */
export async function classifyPayments(
  db: Executor,
  input: { line: number; rude: string; paid_on: string; bank: string; mode: string }[],
) {
  const found = await rows<{ line: number; inscription: number | null; verdict: PaymentVerdict }>(
    db,
    sql`
    WITH x AS (
      SELECT * FROM json_to_recordset(${JSON.stringify(input)}::json)
        AS x(line int, rude text, paid_on date, bank text, mode text)
    )
    SELECT x.line, n.id AS inscription,
      CASE
        WHEN n.id IS NULL THEN 'unknown'
        WHEN NOT (${beneficiaryRules.notRemoved}) THEN 'removed'
        WHEN NOT (${beneficiaryRules.notBlocked}) THEN 'blocked'
        WHEN NOT (${beneficiaryRules.hasTitular}) THEN 'noTitular'
        WHEN p.inscription_id IS NULL OR NOT p.paid THEN 'new'
        WHEN (p.paid_on, p.bank, p.mode) IS NOT DISTINCT FROM (x.paid_on, x.bank, x.mode) THEN 'unchanged'
        ELSE 'changed'
      END AS verdict
    FROM x
    LEFT JOIN students s ON s.rude = x.rude
    LEFT JOIN inscriptions n ON n.student_id = s.id AND ${beneficiaryRules.thisYear}
    LEFT JOIN payments p ON p.inscription_id = n.id`,
  );
  return found;
}

export type AbandonedFiles = { id: number; fileKey: string; chunks: number; errorsKey: string | null };

/**
 * Claims up to `limit` imports checked (or failed) before `before` and never confirmed since, marking
 * them 'expired' so nothing reads their stored file again; their files are removed by the caller.
 * SKIP LOCKED: two instances cleaning at once take different rows.
 */
export async function expireAbandoned(db: Executor, before: Date, limit: number): Promise<AbandonedFiles[]> {
  return rows<AbandonedFiles>(
    db,
    sql`
    UPDATE file_imports SET state = 'expired'
    WHERE id IN (
      SELECT id FROM file_imports
      WHERE state IN ('checked', 'failed') AND created_at < ${before.toISOString()}
      ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING id, file_key AS "fileKey", chunks, errors_key AS "errorsKey"`,
  );
}
