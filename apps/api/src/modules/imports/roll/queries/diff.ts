import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../../db/client.js';
import { firstRow } from '../../../../db/rows.js';
import type { RollCounts } from './students.js';

/**
 * The differences between a staged roll and the year's roll as the console holds it (decision 038),
 * kept in `roll_changes` by the dry run and reused by the confirmation while `roll_epoch` has not
 * moved: the one join of 2.3 million staged rows to the roll is made once per file, not twice.
 */

const studentColumns = [
  'first_last_name',
  'second_last_name',
  'name',
  'gender',
  'birth_date',
  'document_number',
  'document_complement',
];
/** The student's cells of table `t`, as a list (compared as a row). */
export const studentData = (t: string) => sql.raw(studentColumns.map((c) => `${t}.${c}`).join(', '));
/** The course's key of table `t` (the school and year apart), as a list. */
export const courseKey = (t: string) =>
  sql.raw(
    ['institution_id', 'level_id', 'grade_id', 'parallel_id', 'shift_id'].map((c) => `${t}.${c}`).join(', '),
  );

/** The import's differences, as a table expression for the merge's statements (`FROM ${changesOf(id)} d`). */
export const changesOf = (importId: number): SQL =>
  sql`(SELECT * FROM roll_changes WHERE import_id = ${importId})`;

/** The roll's epoch now (migration 0034's triggers move it). */
export async function rollEpochNow(db: Executor): Promise<number> {
  const row = await firstRow<{ epoch: number }>(db, sql`SELECT epoch FROM roll_epoch WHERE id = 1`);
  return Number(row?.epoch ?? 0);
}

/**
 * The staged rows with their student (by RUDE), beside this year's inscriptions with their course (by
 * student): a staged row without inscription is new, with one changed unless every cell is the same,
 * an inscription without staged row (not already withdrawn) is withdrawn. Unchanged rows are left
 * out. Stored for the import with the epoch read before the join (`epoch`, read by the caller before
 * its transaction saw the roll: a merge committed after that moves the epoch and the confirmation
 * computes again).
 */
export async function storeChanges(db: Executor, importId: number, year: number, epoch: number) {
  await db.execute(sql`DELETE FROM roll_changes WHERE import_id = ${importId}`);
  await db.execute(sql`
    INSERT INTO roll_changes (import_id, line, institution_id, level_id, grade_id, parallel_id, shift_id, rude,
      first_last_name, second_last_name, name, gender, birth_date, document_number, document_complement,
      student_id, same_student, inscription_id)
    SELECT ${importId}, s.line, s.institution_id, s.level_id, s.grade_id, s.parallel_id, s.shift_id, s.rude,
      ${studentData('s')}, s.student_id, s.same_student, c.inscription_id
    FROM (
      SELECT s.*, st.id AS student_id,
        (${studentData('st')}) IS NOT DISTINCT FROM (${studentData('s')}) AS same_student
      FROM roll_staging s LEFT JOIN students st ON st.rude = s.rude
      WHERE s.import_id = ${importId}
    ) s
    FULL JOIN (
      SELECT n.id AS inscription_id, n.student_id, n.withdrawn_at, ${courseKey('co')}
      FROM inscriptions n JOIN courses co ON co.id = n.course_id
      WHERE n.year = ${year}
    ) c ON c.student_id = s.student_id
    WHERE (s.rude IS NULL AND c.withdrawn_at IS NULL)
      OR (s.rude IS NOT NULL AND NOT coalesce(c.inscription_id IS NOT NULL AND c.withdrawn_at IS NULL
        AND (${courseKey('c')}) = (${courseKey('s')}) AND s.same_student, false))`);
  // The merge joins these rows to courses and inscriptions: the planner must know how many there are.
  await db.execute(sql`ANALYZE roll_changes`);
  await db.execute(sql`UPDATE file_imports SET diff_epoch = ${epoch} WHERE id = ${importId}`);
}

/** The import's counts from its stored differences and staged rows. */
export async function changeCounts(db: Executor, importId: number): Promise<RollCounts> {
  const found = await firstRow<{ new: number; changed: number; withdrawn: number; staged: number }>(
    db,
    sql`
    SELECT count(*) FILTER (WHERE rude IS NOT NULL AND inscription_id IS NULL)::int AS new,
      count(*) FILTER (WHERE rude IS NOT NULL AND inscription_id IS NOT NULL)::int AS changed,
      count(*) FILTER (WHERE rude IS NULL)::int AS withdrawn,
      (SELECT count(*)::int FROM roll_staging WHERE import_id = ${importId}) AS staged
    FROM roll_changes WHERE import_id = ${importId}`,
  );
  const fresh = Number(found?.new ?? 0);
  const changed = Number(found?.changed ?? 0);
  return {
    new: fresh,
    changed,
    unchanged: Number(found?.staged ?? 0) - fresh - changed,
    withdrawn: Number(found?.withdrawn ?? 0),
  };
}

/**
 * The import's stored differences' counts when they still describe the roll, undefined when the
 * confirmation must compute them again: computed at the epoch the roll holds now, and as many of
 * each kind as the dry run counted (`file_imports.counts`). A crash of PostgreSQL empties the
 * unlogged `roll_changes` without moving the epoch: a file with staged rows is staged again (their
 * count no longer matches, jobs.ts), but one with none — every row refused, or only withdrawals —
 * would otherwise find no difference and withdraw no one.
 */
export async function changesStillHold(db: Executor, importId: number): Promise<RollCounts | undefined> {
  const checked = await firstRow<{ same: boolean; new: number; changed: number; withdrawn: number }>(
    db,
    sql`SELECT f.diff_epoch = e.epoch AS same, (f.counts->>'new')::int AS new,
      (f.counts->>'changed')::int AS changed, (f.counts->>'withdrawn')::int AS withdrawn
    FROM file_imports f, roll_epoch e WHERE f.id = ${importId} AND e.id = 1`,
  );
  if (checked?.same !== true) return undefined;
  const stored = await changeCounts(db, importId);
  const same = (['new', 'changed', 'withdrawn'] as const).every((k) => stored[k] === Number(checked[k]));
  return same ? stored : undefined;
}

/** The import's differences dropped (with its staged rows, or when they no longer hold). */
export async function dropChanges(db: Executor, importId: number) {
  await db.execute(sql`DELETE FROM roll_changes WHERE import_id = ${importId}`);
  await db.execute(sql`UPDATE file_imports SET diff_epoch = NULL WHERE id = ${importId}`);
}
