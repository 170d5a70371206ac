import { courseLabel, holderMessages, identityValidated, periodOpen } from '@bjp/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-types.js';
import type { Executor } from '../../db/client.js';
import { namedStatement } from '../../db/prepared.js';
import { courses, inscriptions, students } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { assertListOpen, type InstitutionFacts, institutionFacts } from './context.js';

export type InscriptionFacts = {
  inscriptionId: number;
  rude: string;
  fullName: string;
  course: string;
  removed: boolean;
  identityValidated: boolean;
};

/**
 * A student's inscription in the given school (404 if it is another school's: the route checked
 * the scope of the school, so this keeps a director to their own students). With `lock`, the
 * inscription row is locked FOR UPDATE so two changes to one student's titulars run one at a time.
 */
export async function loadInscription(
  db: Executor,
  sie: number,
  inscriptionId: number,
  options: { lock?: boolean } = {},
): Promise<InscriptionFacts> {
  const query = db
    .select({
      inscriptionId: inscriptions.id,
      rude: students.rude,
      fullName: sql<string>`trim(${students.firstLastName} || ' ' || ${students.secondLastName} || ' ' || ${students.name})`,
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
  const [row] = options.lock ? await query.for('update', { of: inscriptions }) : await query;
  if (!row) throw new AppError('not_found', holderMessages.studentNotFound);
  return {
    inscriptionId: row.inscriptionId,
    rude: row.rude,
    fullName: row.fullName.replace(/\s+/g, ' '),
    course: courseLabel(row),
    removed: row.removedAt !== null,
    identityValidated: identityValidated(row),
  };
}

/** What a change has read and locked before it writes. */
export type LockedChange = { facts: InstitutionFacts; inscription: InscriptionFacts };

/**
 * Opens a change inside the caller's transaction: checks the rules and takes the locks. Holder
 * registration uses lockForChange; adjustments after consolidation (modules/adjustments) pass
 * their own gate to the same services, which is how both areas share one set of writes.
 */
export type ChangeGate = (
  deps: AppDeps,
  tx: Executor,
  sie: number,
  inscriptionId: number,
) => Promise<LockedChange>;

// One statement takes both locks; the two-step reads below only run to name what is missing. It runs
// at every titular change, so it is a named statement, parsed and planned once per connection.
const lockStatement = namedStatement<LockedRow>(
  'holders_lock_for_change',
  sql`
    SELECT i.code_type, i.district_id, i.holders_consolidated_at::text AS consolidated_at, ps.year,
      p.starts_on::text AS starts_on, p.ends_on::text AS ends_on, p.active,
      s.rude, trim(s.first_last_name || ' ' || s.second_last_name || ' ' || s.name) AS full_name,
      c.level_id, c.grade_id, c.parallel_id, n.removed_at IS NOT NULL AS removed, s.segip_id, s.empareja_sereci
    FROM institutions i
    JOIN programme_settings ps ON ps.id = 1
    LEFT JOIN periods p ON p.id = ps.registration_period_id
    JOIN inscriptions n ON n.id = ${sql.placeholder('inscriptionId')} AND n.institution_id = i.id
    JOIN students s ON s.id = n.student_id
    JOIN courses c ON c.id = n.course_id
    WHERE i.id = ${sql.placeholder('sie')}
    FOR SHARE OF i FOR UPDATE OF n`,
);

/**
 * Opens a change to one student's titulars inside the caller's transaction: the school's list must
 * be open (not consolidated, period open), the student still a beneficiary with a validated
 * identity. Locks the school row for share and the inscription row for update (see context.ts).
 */
export async function lockForChange(
  deps: AppDeps,
  tx: Executor,
  sie: number,
  inscriptionId: number,
): Promise<LockedChange> {
  const [row] = await lockStatement(tx, { sie, inscriptionId });
  if (!row) {
    assertListOpen(await institutionFacts(deps, tx, sie));
    throw new AppError('not_found', holderMessages.studentNotFound);
  }
  const period =
    row.starts_on && row.ends_on
      ? { startsOn: row.starts_on, endsOn: row.ends_on, active: row.active ?? false }
      : null;
  const facts: InstitutionFacts = {
    sie,
    codeType: Number(row.code_type),
    districtId: Number(row.district_id),
    consolidatedAt: row.consolidated_at ? new Date(row.consolidated_at) : null,
    year: Number(row.year),
    period,
    periodOpen: periodOpen(period, deps.clock.today()),
  };
  assertListOpen(facts);
  const inscription: InscriptionFacts = {
    inscriptionId,
    rude: row.rude,
    fullName: row.full_name.replace(/\s+/g, ' '),
    course: courseLabel({
      levelId: Number(row.level_id),
      gradeId: Number(row.grade_id),
      parallelId: Number(row.parallel_id),
    }),
    removed: row.removed,
    identityValidated: identityValidated({
      segipId: Number(row.segip_id),
      emparejaSereci: row.empareja_sereci,
    }),
  };
  if (inscription.removed) throw new AppError('conflict', holderMessages.studentRemoved);
  if (!inscription.identityValidated) throw new AppError('conflict', holderMessages.identityWarning);
  return { facts, inscription };
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
};
