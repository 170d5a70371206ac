import { sql } from 'drizzle-orm';
import type { Executor } from '../../../../db/client.js';
import { rows } from '../../../../db/rows.js';
import {
  changeCounts,
  changesOf,
  changesStillHold,
  rollEpochNow,
  storeChanges,
  studentData,
} from './diff.js';
import type { RollCounts } from './students.js';

/**
 * The confirmation's merge of the staged roll (docs/decisions/038): the rows that are not unchanged
 * set apart in one join, and only they written.
 */

/**
 * What the merge wrote, and the districts whose figures it moved (the statistics refreshed there
 * only; undefined: all of them).
 */
export type RollMerge = RollCounts & { districtIds: number[] | undefined };

/** New and changed rows past which the districts they touch are not looked up (all are rebuilt). */
const TOUCHED_AT_MOST = 100_000;

/**
 * The merge, in the caller's transaction, counted against the database as it is now (the dry run
 * may be days old): the staged rows that are not unchanged (`roll_changes`, with the student and
 * inscription they match; the dry run's if the roll has not moved since), so the writes touch only new and changed rows and a
 * re-import of the same file writes nothing: the year's missing courses, the students (inserted, or
 * updated where they differ), their inscriptions (inserted, or moved to the file's course, a
 * withdrawal cleared), and the students the file leaves out marked withdrawn — never deleted.
 */
export async function mergeRoll(
  db: Executor,
  importId: number,
  year: number,
  now: Date,
  /** Called after each step with its name (IMPORT_TIMINGS). */
  step: (name: string) => void = () => undefined,
): Promise<RollMerge> {
  const at = now.toISOString();
  // The dry run's differences when the roll has not moved since (they were computed at the epoch
  // it holds now) and none was lost (as many as the dry run counted), otherwise computed again
  // here against the roll as it is now.
  let counts = await changesStillHold(db, importId);
  if (!counts) {
    await storeChanges(db, importId, year, await rollEpochNow(db));
    step('rows not unchanged set apart');
    counts = await changeCounts(db, importId);
  }
  const changes = changesOf(importId);
  const { new: fresh, changed } = counts;
  step('counts');
  // Nothing to write (a re-import of the same file): no statement runs, so not even the roll's
  // epoch moves (its triggers fire once per statement, rows or not).
  if (fresh + changed + counts.withdrawn === 0) return { ...counts, districtIds: [] };
  // An unchanged row's course exists (its inscription is in it): a file with no new or changed row
  // (a re-import) needs no course, and the 2.3 million staged rows are not read again.
  if (fresh + changed > 0) {
    await db.execute(sql`
      INSERT INTO courses (institution_id, year, level_id, grade_id, parallel_id, shift_id)
      SELECT DISTINCT institution_id, ${year}::smallint, level_id, grade_id, parallel_id, shift_id
      FROM roll_staging WHERE import_id = ${importId}
      ON CONFLICT DO NOTHING`);
    // The year's courses may all be new in this transaction: without fresh statistics the planner
    // takes them for one row and nests the loops of the joins below (2.3 million rows each time).
    await db.execute(sql`ANALYZE courses`);
    step('courses');
  }
  // The figures (stats_*) count inscriptions by their school's district, level, grade and the
  // student's gender: new and changed rows move them in the district of the file's school and, for
  // a student who moves, of the school left. A withdrawal does not (a withdrawn student still
  // counts, decision 038). Read before the inscriptions are moved; past TOUCHED_AT_MOST rows every
  // district is as good as touched, and all are rebuilt without looking.
  const districtIds =
    fresh + changed > TOUCHED_AT_MOST
      ? undefined
      : (
          await rows<{ id: number }>(
            db,
            sql`
            SELECT DISTINCT i.district_id AS id FROM institutions i
            WHERE i.id IN (
              SELECT d.institution_id FROM ${changes} d WHERE d.rude IS NOT NULL
              UNION SELECT n.institution_id FROM ${changes} d JOIN inscriptions n ON n.id = d.inscription_id
              WHERE d.rude IS NOT NULL)`,
          )
        ).map((t) => Number(t.id));
  step('districts touched');
  await db.execute(sql`
    INSERT INTO students (rude, first_last_name, second_last_name, name, gender, birth_date, document_number, document_complement)
    SELECT rude, ${studentData('d')} FROM ${changes} d WHERE d.rude IS NOT NULL AND d.student_id IS NULL
    ON CONFLICT (rude) DO UPDATE SET first_last_name = excluded.first_last_name,
      second_last_name = excluded.second_last_name, name = excluded.name, gender = excluded.gender,
      birth_date = excluded.birth_date, document_number = excluded.document_number,
      document_complement = excluded.document_complement
    WHERE (${studentData('students')}) IS DISTINCT FROM (${studentData('excluded')})`);
  await db.execute(sql`
    UPDATE students st SET first_last_name = d.first_last_name, second_last_name = d.second_last_name,
      name = d.name, gender = d.gender, birth_date = d.birth_date, document_number = d.document_number,
      document_complement = d.document_complement
    FROM ${changes} d WHERE d.student_id = st.id AND NOT d.same_student`);
  step('students');
  const course = sql`c.institution_id = d.institution_id AND c.year = ${year} AND c.level_id = d.level_id
    AND c.grade_id = d.grade_id AND c.parallel_id = d.parallel_id AND c.shift_id = d.shift_id`;
  await db.execute(sql`
    INSERT INTO inscriptions (student_id, course_id, institution_id, year)
    SELECT coalesce(d.student_id, (SELECT st.id FROM students st WHERE st.rude = d.rude)), c.id, d.institution_id, ${year}::smallint
    FROM ${changes} d JOIN courses c ON ${course}
    WHERE d.rude IS NOT NULL AND d.inscription_id IS NULL
    ORDER BY 1
    ON CONFLICT (student_id, year) DO UPDATE SET course_id = excluded.course_id,
      institution_id = excluded.institution_id, withdrawn_at = NULL, withdrawn_import_id = NULL
    WHERE inscriptions.course_id <> excluded.course_id OR inscriptions.withdrawn_at IS NOT NULL`);
  await db.execute(sql`
    UPDATE inscriptions n SET course_id = c.id, institution_id = d.institution_id, withdrawn_at = NULL,
      withdrawn_import_id = NULL
    FROM ${changes} d JOIN courses c ON ${course}
    WHERE n.id = d.inscription_id AND d.rude IS NOT NULL AND (n.course_id <> c.id OR n.withdrawn_at IS NOT NULL)`);
  step('inscriptions');
  // Marked, never deleted: the inscription keeps its titular, payment, block and declaration.
  await db.execute(sql`
    UPDATE inscriptions n SET withdrawn_at = ${at}::timestamptz, withdrawn_import_id = ${importId}
    FROM ${changes} d WHERE d.rude IS NULL AND n.id = d.inscription_id`);
  step('withdrawals');
  return { ...counts, districtIds };
}
