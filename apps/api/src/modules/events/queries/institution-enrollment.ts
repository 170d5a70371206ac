import { DEFAULT_PAGE_SIZE, profiles } from '@bjp/domain';
import { and, asc, count, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../../auth/access.js';
import { scopeCondition } from '../../../auth/scope.js';
import type { Executor } from '../../../db/client.js';
import {
  closedYears,
  courses,
  districts,
  inscriptions,
  institutionEnrollmentParticipants,
  institutionEnrollments,
  institutions,
  levels,
  periods,
  programmeSettings,
  students,
} from '../../../db/schema/index.js';

/** The instance column of a stage that applies to each profile: department, district, school (BJP). */
function instanceColumn(user: AuthUser) {
  if (user.profile === profiles.department) return periods.departmental;
  if (user.profile === profiles.district) return periods.district;
  return periods.institutional;
}

/**
 * Stages open to the user today: active, inside their dates, marked for the user's instance, and not
 * the holder registration period (that one belongs to the holder screens).
 */
function openStageCondition(user: AuthUser, today: string): SQL {
  return and(
    eq(periods.active, true),
    sql`${periods.startsOn} <= ${today}::date and ${periods.endsOn} >= ${today}::date`,
    eq(instanceColumn(user), true),
    // Every year's holder registration window, the open year's and the closed years' (issue 18).
    sql`${periods.id} not in (select registration_period_id from ${programmeSettings}
      union all select registration_period_id from ${closedYears})`,
  )!;
}

/** The stages open to the user today, by start date. */
export function openStages(db: Executor, user: AuthUser, today: string) {
  return db
    .select({
      id: periods.id,
      name: periods.name,
      phase: periods.phase,
      startsOn: periods.startsOn,
      endsOn: periods.endsOn,
    })
    .from(periods)
    .where(openStageCondition(user, today))
    .orderBy(asc(periods.startsOn), asc(periods.id));
}

/** The stage when it is open to the user today; or undefined. */
export async function openStage(ex: Executor, user: AuthUser, today: string, stageId: number) {
  const [stage] = await ex
    .select({ id: periods.id })
    .from(periods)
    .where(and(eq(periods.id, stageId), openStageCondition(user, today)));
  return stage;
}

/** A page of the schools in the user's scope (searched by SIE prefix or name), and how many match. */
export async function scopedInstitutionPage(
  db: Executor,
  user: AuthUser,
  query: { page: number; search?: string },
) {
  const search = query.search?.trim();
  const where = and(
    scopeCondition(user, {
      department: institutions.departmentId,
      district: institutions.districtId,
      institution: institutions.id,
    }),
    search
      ? /^\d+$/.test(search)
        ? sql`${institutions.id}::text like ${`${search}%`}`
        : ilike(institutions.name, `%${search.replace(/[%_\\]/g, '\\$&')}%`)
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: institutions.id, name: institutions.name, districtName: districts.name })
      .from(institutions)
      .innerJoin(districts, eq(districts.id, institutions.districtId))
      .where(where)
      .orderBy(asc(institutions.id))
      .limit(DEFAULT_PAGE_SIZE)
      .offset((query.page - 1) * DEFAULT_PAGE_SIZE),
    db.select({ n: count() }).from(institutions).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

const programmeYear = sql`(select year from ${programmeSettings} where id = 1)`;

/** Current beneficiaries of the school (this programme year, not removed). */
const studentsOf = (institutionId: number): SQL =>
  and(
    eq(inscriptions.institutionId, institutionId),
    eq(inscriptions.year, programmeYear),
    isNull(inscriptions.removedAt),
  )!;

/** A page of the school's current beneficiaries (of one grade, matching a RUDE or name), and how many match. */
export async function beneficiaryPage(
  db: Executor,
  institutionId: number,
  query: { page: number; grade?: number; search?: string },
) {
  const fullName = sql<string>`trim(${students.firstLastName} || ' ' || ${students.secondLastName} || ' ' || ${students.name})`;
  const search = query.search ? `%${query.search.replace(/[%_\\]/g, '\\$&')}%` : null;
  const where = and(
    studentsOf(institutionId),
    query.grade ? eq(courses.gradeId, query.grade) : undefined,
    search ? or(ilike(students.rude, search), ilike(fullName, search)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        inscriptionId: inscriptions.id,
        rude: students.rude,
        fullName,
        level: levels.name,
        gradeId: courses.gradeId,
        parallel: sql<string>`(select name from parallels p where p.id = ${courses.parallelId})`,
      })
      .from(inscriptions)
      .innerJoin(students, eq(students.id, inscriptions.studentId))
      .innerJoin(courses, eq(courses.id, inscriptions.courseId))
      .innerJoin(levels, eq(levels.id, courses.levelId))
      .where(where)
      .orderBy(
        asc(courses.levelId),
        asc(courses.gradeId),
        asc(courses.parallelId),
        asc(fullName),
        asc(inscriptions.id),
      )
      .limit(DEFAULT_PAGE_SIZE)
      .offset((query.page - 1) * DEFAULT_PAGE_SIZE),
    db
      .select({ n: count() })
      .from(inscriptions)
      .innerJoin(students, eq(students.id, inscriptions.studentId))
      .innerJoin(courses, eq(courses.id, inscriptions.courseId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The school's list for the stage (id and when it was closed); or undefined. */
export async function institutionEnrollment(db: Executor, stageId: number, institutionId: number) {
  const [enrollment] = await db
    .select({ id: institutionEnrollments.id, closedAt: institutionEnrollments.closedAt })
    .from(institutionEnrollments)
    .where(
      and(
        eq(institutionEnrollments.periodId, stageId),
        eq(institutionEnrollments.institutionId, institutionId),
      ),
    );
  return enrollment;
}

/** The inscriptions on a school's list, in id order. */
export function listedInscriptions(db: Executor, enrollmentId: number) {
  return db
    .select({ id: institutionEnrollmentParticipants.inscriptionId })
    .from(institutionEnrollmentParticipants)
    .where(eq(institutionEnrollmentParticipants.enrollmentId, enrollmentId))
    .orderBy(asc(institutionEnrollmentParticipants.inscriptionId));
}

/**
 * Adds to a school's list those of the ids that are current beneficiaries of that school, in one
 * statement; returns how many it added.
 */
export async function insertBeneficiariesOfInstitution(
  ex: Executor,
  enrollmentId: number,
  institutionId: number,
  ids: number[],
): Promise<number> {
  const inserted = await ex
    .insert(institutionEnrollmentParticipants)
    .select(
      ex
        .select({
          enrollmentId: sql<number>`${enrollmentId}::int`.as('enrollment_id'),
          inscriptionId: inscriptions.id,
        })
        .from(inscriptions)
        .where(and(inArray(inscriptions.id, ids), studentsOf(institutionId))),
    )
    .returning({ id: institutionEnrollmentParticipants.inscriptionId });
  return inserted.length;
}

/** Creates the school's list for the stage unless it exists. */
export async function ensureInstitutionEnrollment(
  tx: Executor,
  target: { stageId: number; institutionId: number },
  userId: number,
) {
  await tx
    .insert(institutionEnrollments)
    .values({ periodId: target.stageId, institutionId: target.institutionId, updatedBy: userId })
    .onConflictDoNothing();
}

/** The school's list for the stage, its row locked for update; or undefined. */
export async function lockInstitutionEnrollment(
  tx: Executor,
  target: { stageId: number; institutionId: number },
) {
  const [enrollment] = await tx
    .select({ id: institutionEnrollments.id, closedAt: institutionEnrollments.closedAt })
    .from(institutionEnrollments)
    .where(
      and(
        eq(institutionEnrollments.periodId, target.stageId),
        eq(institutionEnrollments.institutionId, target.institutionId),
      ),
    )
    .for('update');
  return enrollment;
}

/** Empties a school's list and returns the inscriptions it held. */
export async function clearInstitutionEnrollment(tx: Executor, enrollmentId: number) {
  const before = await tx
    .select({ id: institutionEnrollmentParticipants.inscriptionId })
    .from(institutionEnrollmentParticipants)
    .where(eq(institutionEnrollmentParticipants.enrollmentId, enrollmentId));
  await tx
    .delete(institutionEnrollmentParticipants)
    .where(eq(institutionEnrollmentParticipants.enrollmentId, enrollmentId));
  return before;
}

/** Stamps a school's list as saved now by the user, and closed when asked. */
export async function stampInstitutionEnrollment(
  tx: Executor,
  enrollmentId: number,
  userId: number,
  now: Date,
  close: boolean,
) {
  await tx
    .update(institutionEnrollments)
    .set({
      updatedAt: now,
      updatedBy: userId,
      ...(close ? { closedAt: now, closedBy: userId } : {}),
    })
    .where(eq(institutionEnrollments.id, enrollmentId));
}
