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

export async function dropStaged(db: Executor, importId: number) {
  await db.execute(sql`DELETE FROM roll_staging WHERE import_id = ${importId}`);
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
  if (lock?.ok) await db.execute(sql`DELETE FROM roll_staging WHERE import_id <> ${importId}`);
}

/** The first RUDE the file lists twice, with its first two lines (a structural error). */
export async function firstDuplicateRude(db: Executor, importId: number) {
  return firstRow<{ rude: string; first: number; second: number }>(
    db,
    sql`
    SELECT rude, (array_agg(line ORDER BY line))[1] AS first, (array_agg(line ORDER BY line))[2] AS second
    FROM roll_staging WHERE import_id = ${importId}
    GROUP BY rude HAVING count(*) > 1 ORDER BY min(line) LIMIT 1`,
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

const sameRow = sql`
  (c.institution_id, c.level_id, c.grade_id, c.parallel_id, c.shift_id, c.first_last_name, c.second_last_name,
    c.name, c.gender, c.birth_date, c.document_number, c.document_complement)
  IS NOT DISTINCT FROM
  (s.institution_id, s.level_id, s.grade_id, s.parallel_id, s.shift_id, s.first_last_name, s.second_last_name,
    s.name, s.gender, s.birth_date, s.document_number, s.document_complement)
  AND c.withdrawn_at IS NULL`;

export type RollCounts = { new: number; changed: number; unchanged: number; withdrawn: number };

/**
 * The dry run's counts in one pass: the staged rows and this year's inscriptions joined on the RUDE
 * (a hash join, whatever the size): a staged row without an inscription is new, one with an
 * inscription changed or unchanged, an inscription without a staged row (and not already withdrawn)
 * would be withdrawn.
 */
export async function rollCounts(db: Executor, importId: number, year: number): Promise<RollCounts> {
  const row = await firstRow<RollCounts>(
    db,
    sql`
    SELECT
      count(*) FILTER (WHERE c.rude IS NULL)::int AS new,
      count(*) FILTER (WHERE s.rude IS NOT NULL AND c.rude IS NOT NULL AND NOT (${sameRow}))::int AS changed,
      count(*) FILTER (WHERE s.rude IS NOT NULL AND c.rude IS NOT NULL AND ${sameRow})::int AS unchanged,
      count(*) FILTER (WHERE s.rude IS NULL AND c.withdrawn_at IS NULL)::int AS withdrawn
    FROM (SELECT * FROM roll_staging WHERE import_id = ${importId}) s
    FULL JOIN (${currentRoll(year)}) c ON c.rude = s.rude`,
  );
  return {
    new: Number(row?.new ?? 0),
    changed: Number(row?.changed ?? 0),
    unchanged: Number(row?.unchanged ?? 0),
    withdrawn: Number(row?.withdrawn ?? 0),
  };
}

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

/**
 * The merge, in the caller's transaction: the year's missing courses, the students (inserted, or
 * updated where they differ), their inscriptions (inserted, or moved to the file's course, a
 * withdrawal cleared), and the students the file leaves out marked withdrawn — never deleted.
 * Returns the districts touched, for the statistics refresh.
 */
export async function mergeRoll(db: Executor, importId: number, year: number, now: Date) {
  const at = now.toISOString();
  await db.execute(sql`
    INSERT INTO courses (institution_id, year, level_id, grade_id, parallel_id, shift_id)
    SELECT DISTINCT institution_id, ${year}::smallint, level_id, grade_id, parallel_id, shift_id
    FROM roll_staging WHERE import_id = ${importId}
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    INSERT INTO students (rude, first_last_name, second_last_name, name, gender, birth_date, document_number, document_complement)
    SELECT rude, first_last_name, second_last_name, name, gender, birth_date, document_number, document_complement
    FROM roll_staging WHERE import_id = ${importId}
    ON CONFLICT (rude) DO UPDATE SET first_last_name = excluded.first_last_name,
      second_last_name = excluded.second_last_name, name = excluded.name, gender = excluded.gender,
      birth_date = excluded.birth_date, document_number = excluded.document_number,
      document_complement = excluded.document_complement
    WHERE (students.first_last_name, students.second_last_name, students.name, students.gender,
        students.birth_date, students.document_number, students.document_complement)
      IS DISTINCT FROM (excluded.first_last_name, excluded.second_last_name, excluded.name, excluded.gender,
        excluded.birth_date, excluded.document_number, excluded.document_complement)`);
  await db.execute(sql`
    INSERT INTO inscriptions (student_id, course_id, institution_id, year)
    SELECT st.id, c.id, s.institution_id, ${year}::smallint
    FROM roll_staging s
    JOIN students st ON st.rude = s.rude
    JOIN courses c ON c.institution_id = s.institution_id AND c.year = ${year} AND c.level_id = s.level_id
      AND c.grade_id = s.grade_id AND c.parallel_id = s.parallel_id AND c.shift_id = s.shift_id
    WHERE s.import_id = ${importId}
    ON CONFLICT (student_id, year) DO UPDATE SET course_id = excluded.course_id,
      institution_id = excluded.institution_id, withdrawn_at = NULL, withdrawn_import_id = NULL
    WHERE inscriptions.course_id <> excluded.course_id OR inscriptions.withdrawn_at IS NOT NULL`);
  await db.execute(sql`
    UPDATE inscriptions n SET withdrawn_at = ${at}::timestamptz, withdrawn_import_id = ${importId}
    FROM students st
    WHERE st.id = n.student_id AND n.year = ${year} AND n.withdrawn_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM roll_staging s WHERE s.import_id = ${importId} AND s.rude = st.rude)`);
}
