import type { RollRow } from '@bjp/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../../db/client.js';
import { firstRow, rows } from '../../../../db/rows.js';

/**
 * The school roll's SQL (docs/imports.md): the students are loaded into `roll_staging` and classified
 * and merged set-based, so the national roll costs a few statements, not 2.3 million.
 */

/** Loads a batch of valid roll rows into the staging table: one statement, one array per column. */
export async function stageRoll(db: Executor, importId: number, batch: Array<RollRow & { line: number }>) {
  // One parameter per column (sql.param: a plain array would be spread into a list of parameters).
  const col = <T>(pick: (r: RollRow & { line: number }) => T) => sql.param(batch.map(pick));
  await db.execute(sql`
    INSERT INTO roll_staging (import_id, line, institution_id, level_id, grade_id, parallel_id, shift_id,
      rude, first_last_name, second_last_name, name, gender, birth_date, document_number, document_complement)
    SELECT ${importId}, * FROM unnest(
      ${col((r) => r.line)}::int[], ${col((r) => r.SIE)}::int[], ${col((r) => r.NIVEL)}::smallint[],
      ${col((r) => r.GRADO)}::smallint[], ${col((r) => r.PARALELO)}::smallint[], ${col((r) => r.TURNO)}::smallint[],
      ${col((r) => r.RUDE)}::text[], ${col((r) => r.PATERNO)}::text[], ${col((r) => r.MATERNO)}::text[],
      ${col((r) => r.NOMBRES)}::text[], ${col((r) => r.GENERO)}::smallint[], ${col((r) => r.FECHA_NACIMIENTO)}::date[],
      ${col((r) => r.CI)}::text[], ${col((r) => r.COMPLEMENTO)}::text[])`);
}

export async function stagedCount(db: Executor, importId: number): Promise<number> {
  const row = await firstRow<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM roll_staging WHERE import_id = ${importId}`,
  );
  return Number(row?.n ?? 0);
}

/** The import's staged rows dropped; `atOnce` when the transaction ends soon after (see truncateIfOnly). */
export async function dropStaged(db: Executor, importId: number, atOnce = false) {
  await db.execute(sql`UPDATE file_imports SET diff_epoch = NULL WHERE id = ${importId}`);
  if (atOnce && (await truncateIfOnly(db, importId))) return;
  await db.execute(sql`DELETE FROM roll_staging WHERE import_id = ${importId}`);
  await db.execute(sql`DELETE FROM roll_changes WHERE import_id = ${importId}`);
}

/**
 * Empties the staging table (and the differences, roll_changes) at once (TRUNCATE: 2.3 million rows deleted one by one cost seconds)
 * when no other transaction is using it and every row left is the import's to drop: `keep` rows
 * only (none when `keep` is null) — otherwise false, and the caller deletes row by row. The lock is
 * only tried, in a savepoint: a check staging its rows elsewhere is never waited for nor touched.
 * The table stays locked until the caller's transaction ends: checks starting meanwhile wait for it.
 */
async function truncateIfOnly(db: Executor, importId: number, others = false): Promise<boolean> {
  try {
    return await db.transaction(async (sp) => {
      await sp.execute(sql`LOCK TABLE roll_staging, roll_changes IN ACCESS EXCLUSIVE MODE NOWAIT`);
      const kept = await firstRow<{ x: number }>(
        sp,
        others
          ? sql`SELECT 1 AS x FROM roll_staging WHERE import_id = ${importId} LIMIT 1`
          : sql`SELECT 1 AS x FROM roll_staging WHERE import_id <> ${importId} LIMIT 1`,
      );
      if (kept) return false;
      await sp.execute(sql`TRUNCATE roll_staging, roll_changes`);
      // No import's differences are kept: none may be reused (an import without staged rows but
      // with withdrawals would otherwise be confirmed without them).
      await sp.execute(sql`UPDATE file_imports SET diff_epoch = NULL WHERE diff_epoch IS NOT NULL`);
      return true;
    });
  } catch (error) {
    if ((error as { code?: string }).code === '55P03') return false;
    throw error;
  }
}

/**
 * Before a new roll file is checked, what earlier checks left staged (a national file is 2.3 million
 * rows) is dropped, unless a confirmation is running (it holds the roll writers' lock, and this only
 * tries it). An import whose rows are dropped can still be confirmed: its job sees fewer staged rows
 * than its counts and stages the file again. A check still running elsewhere has not committed its
 * rows, so they are not touched.
 */
export async function dropStaleStaging(db: Executor, importId: number) {
  const lock = await firstRow<{ ok: boolean }>(
    db,
    sql`SELECT pg_try_advisory_xact_lock(hashtext('bjp.imports.roll')) AS ok`,
  );
  if (!lock?.ok) return;
  if (await truncateIfOnly(db, importId, true)) return;
  await db.execute(sql`DELETE FROM roll_staging WHERE import_id <> ${importId}`);
  await db.execute(sql`DELETE FROM roll_changes WHERE import_id <> ${importId}`);
  await db.execute(
    sql`UPDATE file_imports SET diff_epoch = NULL WHERE diff_epoch IS NOT NULL AND id <> ${importId}`,
  );
}

/** The first RUDE the file lists twice, with its first two lines (a structural error). */
export async function firstDuplicateRude(db: Executor, importId: number) {
  // One aggregate without an array per RUDE (2.3 million groups); the second line read by the index.
  return firstRow<{ rude: string; first: number; second: number }>(
    db,
    sql`
    WITH d AS (
      SELECT rude, min(line) AS first FROM roll_staging WHERE import_id = ${importId}
      GROUP BY rude HAVING count(*) > 1 ORDER BY min(line) LIMIT 1)
    SELECT d.rude, d.first, (SELECT min(s.line) FROM roll_staging s
      WHERE s.import_id = ${importId} AND s.rude = d.rude AND s.line > d.first) AS second
    FROM d`,
  );
}

/** Rows naming a school the console does not have: row errors, taken out of the staged rows. */
export async function takeUnknownSchools(db: Executor, importId: number) {
  return rows<{ line: number; sie: number }>(
    db,
    sql`
    DELETE FROM roll_staging s WHERE s.import_id = ${importId}
      AND NOT EXISTS (SELECT 1 FROM institutions i WHERE i.id = s.institution_id)
    RETURNING s.line, s.institution_id AS sie`,
  );
}

/** This year's inscriptions with their student and course, as the staged rows are compared to them. */
const currentRoll = (year: number) => sql`
  SELECT st.rude, n.id AS inscription_id, n.withdrawn_at, c.institution_id, c.level_id, c.grade_id,
    c.parallel_id, c.shift_id, st.first_last_name, st.second_last_name, st.name, st.gender, st.birth_date,
    st.document_number, st.document_complement
  FROM inscriptions n JOIN students st ON st.id = n.student_id JOIN courses c ON c.id = n.course_id
  WHERE n.year = ${year}`;

export type RollCounts = { new: number; changed: number; unchanged: number; withdrawn: number };

/** Fresh planner statistics for the staged rows: the counts and the merge join millions of them. */
export async function analyzeStaged(db: Executor) {
  await db.execute(sql`ANALYZE roll_staging`);
}

/** The first students the file leaves out, for the report (RUDE, name, school). */
export async function withdrawnSample(db: Executor, importId: number, year: number, limit: number) {
  return rows<{ rude: string; name: string; sie: number }>(
    db,
    sql`
    WITH c AS (${currentRoll(year)})
    SELECT c.rude, trim(c.name || ' ' || c.first_last_name || ' ' || c.second_last_name) AS name, c.institution_id AS sie
    FROM c WHERE c.withdrawn_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM roll_staging s WHERE s.import_id = ${importId} AND s.rude = c.rude)
    ORDER BY c.institution_id, c.rude LIMIT ${limit}`,
  );
}
