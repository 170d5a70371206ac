/** The school and the student a holders change starts from: the period, the facts, the locks. */
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { studentName } from '../../../db/names.js';
import { namedStatement } from '../../../db/prepared.js';
import {
  courses,
  inscriptions,
  institutions,
  periods,
  programmeSettings,
  students,
} from '../../../db/schema/index.js';

/** The programme year and the holder-registration period the settings name, or undefined. */
export async function registrationPeriodRow(db: Executor) {
  const [row] = await db
    .select({
      year: programmeSettings.year,
      startsOn: periods.startsOn,
      endsOn: periods.endsOn,
      active: periods.active,
    })
    .from(programmeSettings)
    .leftJoin(periods, eq(periods.id, programmeSettings.registrationPeriodId));
  return row;
}

/**
 * The school with the programme year and the registration period beside it, or undefined; with
 * `lock`, the institution row FOR SHARE.
 */
export async function institutionFactsRow(db: Executor, sie: number, lock: boolean) {
  // One round trip: the school with the programme year and the registration period beside it.
  const query = db
    .select({
      sie: institutions.id,
      codeType: institutions.codeType,
      districtId: institutions.districtId,
      consolidatedAt: institutions.holdersConsolidatedAt,
      year: programmeSettings.year,
      startsOn: periods.startsOn,
      endsOn: periods.endsOn,
      active: periods.active,
    })
    .from(institutions)
    .innerJoin(programmeSettings, eq(programmeSettings.id, 1))
    .leftJoin(periods, eq(periods.id, programmeSettings.registrationPeriodId))
    .where(eq(institutions.id, sie));
  // The settings row first (see lockStatement): the list's year stays the open one until commit.
  const [row] = lock ? await query.for('share', { of: [programmeSettings, institutions] }) : await query;
  return row;
}

/** A student's inscription in the school with course and identity, or undefined; with `lock`, FOR UPDATE. */
export async function inscriptionRow(db: Executor, sie: number, inscriptionId: number, lock: boolean) {
  const query = db
    .select({
      inscriptionId: inscriptions.id,
      rude: students.rude,
      fullName: studentName,
      levelId: courses.levelId,
      gradeId: courses.gradeId,
      parallelId: courses.parallelId,
      removedAt: inscriptions.removedAt,
      segipId: students.segipId,
      emparejaSereci: students.emparejaSereci,
    })
    .from(inscriptions)
    .innerJoin(students, eq(students.id, inscriptions.studentId))
    .innerJoin(courses, eq(courses.id, inscriptions.courseId))
    .where(and(eq(inscriptions.id, inscriptionId), eq(inscriptions.institutionId, sie)));
  const [row] = lock ? await query.for('update', { of: inscriptions }) : await query;
  return row;
}

type LockedRow = {
  code_type: number;
  district_id: number;
  consolidated_at: string | null;
  year: number;
  starts_on: string | null;
  ends_on: string | null;
  active: boolean | null;
  rude: string;
  full_name: string;
  level_id: number;
  grade_id: number;
  parallel_id: number;
  removed: boolean;
  segip_id: number;
  empareja_sereci: boolean;
  inscription_year: number;
};

// One statement takes the three locks: the open year's settings row first (KEY SHARE: opening the
// next year waits for the change, or the change waits, reads the new year and refuses a closed
// year's student; first, so that the opening, which then updates schools, cannot deadlock with it),
// the school's, the student's. The two-step reads below only run to name what is missing. It runs
// at every titular change, so it is a named statement, parsed and planned once per connection.
const lockStatement = namedStatement<LockedRow>(
  'holders_lock_for_change',
  sql`
    SELECT i.code_type, i.district_id, i.holders_consolidated_at::text AS consolidated_at, ps.year,
      p.starts_on::text AS starts_on, p.ends_on::text AS ends_on, p.active,
      s.rude, trim(s.first_last_name || ' ' || s.second_last_name || ' ' || s.name) AS full_name,
      c.level_id, c.grade_id, c.parallel_id, n.removed_at IS NOT NULL AS removed, s.segip_id, s.empareja_sereci,
      n.year AS inscription_year
    FROM programme_settings ps
    JOIN institutions i ON i.id = ${sql.placeholder('sie')}
    LEFT JOIN periods p ON p.id = ps.registration_period_id
    JOIN inscriptions n ON n.id = ${sql.placeholder('inscriptionId')} AND n.institution_id = i.id
    JOIN students s ON s.id = n.student_id
    JOIN courses c ON c.id = n.course_id
    WHERE ps.id = 1
    FOR KEY SHARE OF ps FOR SHARE OF i FOR UPDATE OF n`,
);

/** Both locks of a change and what it checks, in one named statement; undefined when school or student is missing. */
export async function lockForChangeRow(tx: Executor, sie: number, inscriptionId: number) {
  const [row] = await lockStatement(tx, { sie, inscriptionId });
  return row;
}
