import {
  DEFAULT_PAGE_SIZE,
  type EnrollmentStudent,
  eventMessages,
  type GradeOption,
  gradeName,
  type InstitutionEnrollmentStatus,
  type InstitutionPlace,
  type InstitutionStage,
  type Page,
  profiles,
} from '@bjp/domain';
import { and, asc, count, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import { scopeCondition } from '../../auth/scope.js';
import type { Executor } from '../../db/client.js';
import {
  courses,
  districts,
  grades,
  inscriptions,
  institutionEnrollmentParticipants,
  institutionEnrollments,
  institutions,
  levels,
  periods,
  programmeSettings,
  students,
} from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';

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
function openStageCondition(deps: AppDeps, user: AuthUser): SQL {
  const today = deps.clock.today();
  return and(
    eq(periods.active, true),
    sql`${periods.startsOn} <= ${today}::date and ${periods.endsOn} >= ${today}::date`,
    eq(instanceColumn(user), true),
    sql`${periods.id} <> (select registration_period_id from ${programmeSettings} where id = 1)`,
  )!;
}

export async function listStages(deps: AppDeps, user: AuthUser): Promise<InstitutionStage[]> {
  return deps.db
    .select({
      id: periods.id,
      name: periods.name,
      phase: periods.phase,
      startsOn: periods.startsOn,
      endsOn: periods.endsOn,
    })
    .from(periods)
    .where(openStageCondition(deps, user))
    .orderBy(asc(periods.startsOn), asc(periods.id));
}

export async function assertStageOpen(
  deps: AppDeps,
  ex: Executor,
  user: AuthUser,
  stageId: number,
): Promise<void> {
  const [stage] = await ex
    .select({ id: periods.id })
    .from(periods)
    .where(and(eq(periods.id, stageId), openStageCondition(deps, user)));
  if (!stage) throw new AppError('conflict', eventMessages.stageNotOpen);
}

/** The user's places: the director's schools, or the schools of the user's district or department. */
export async function listPlaces(
  deps: AppDeps,
  user: AuthUser,
  query: { page: number; search?: string },
): Promise<Page<InstitutionPlace>> {
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
    deps.db
      .select({ id: institutions.id, name: institutions.name, districtName: districts.name })
      .from(institutions)
      .innerJoin(districts, eq(districts.id, institutions.districtId))
      .where(where)
      .orderBy(asc(institutions.id))
      .limit(DEFAULT_PAGE_SIZE)
      .offset((query.page - 1) * DEFAULT_PAGE_SIZE),
    deps.db.select({ n: count() }).from(institutions).where(where),
  ]);
  return { items: rows, page: query.page, pageSize: DEFAULT_PAGE_SIZE, total: total?.n ?? 0 };
}

/** The grade list ('grado'); id 99 is shown as 'CEA'. */
export async function listGrades(deps: AppDeps): Promise<GradeOption[]> {
  const rows = await deps.db.select({ id: grades.id }).from(grades).orderBy(asc(grades.id));
  return rows.map((g) => ({ id: g.id, grado: gradeName(g.id) }));
}

const programmeYear = sql`(select year from ${programmeSettings} where id = 1)`;

/** Current beneficiaries of the school (this programme year, not removed). */
const studentsOf = (institutionId: number): SQL =>
  and(
    eq(inscriptions.institutionId, institutionId),
    eq(inscriptions.year, programmeYear),
    isNull(inscriptions.removedAt),
  )!;

export async function listStudents(
  deps: AppDeps,
  institutionId: number,
  query: { page: number; grade?: number; search?: string },
): Promise<Page<EnrollmentStudent>> {
  const fullName = sql<string>`trim(${students.firstLastName} || ' ' || ${students.secondLastName} || ' ' || ${students.name})`;
  const search = query.search ? `%${query.search.replace(/[%_\\]/g, '\\$&')}%` : null;
  const where = and(
    studentsOf(institutionId),
    query.grade ? eq(courses.gradeId, query.grade) : undefined,
    search ? or(ilike(students.rude, search), ilike(fullName, search)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    deps.db
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
    deps.db
      .select({ n: count() })
      .from(inscriptions)
      .innerJoin(students, eq(students.id, inscriptions.studentId))
      .innerJoin(courses, eq(courses.id, inscriptions.courseId))
      .where(where),
  ]);
  return {
    items: rows.map((r) => ({ ...r, grado: gradeName(r.gradeId) })),
    page: query.page,
    pageSize: DEFAULT_PAGE_SIZE,
    total: total?.n ?? 0,
  };
}

export async function getStatus(
  deps: AppDeps,
  user: AuthUser,
  stageId: number,
  institutionId: number,
): Promise<InstitutionEnrollmentStatus> {
  await assertStageOpen(deps, deps.db, user, stageId);
  const [enrollment] = await deps.db
    .select({ id: institutionEnrollments.id, closedAt: institutionEnrollments.closedAt })
    .from(institutionEnrollments)
    .where(
      and(
        eq(institutionEnrollments.periodId, stageId),
        eq(institutionEnrollments.institutionId, institutionId),
      ),
    );
  const participants = enrollment
    ? await deps.db
        .select({ id: institutionEnrollmentParticipants.inscriptionId })
        .from(institutionEnrollmentParticipants)
        .where(eq(institutionEnrollmentParticipants.enrollmentId, enrollment.id))
        .orderBy(asc(institutionEnrollmentParticipants.inscriptionId))
    : [];
  return {
    stageId,
    institutionId,
    closed: Boolean(enrollment?.closedAt),
    closedAt: enrollment?.closedAt?.toISOString() ?? null,
    participantIds: participants.map((p) => p.id),
  };
}

/**
 * Adds the participants to a school's list in one statement that takes only current beneficiaries of
 * that school, so an inscription of another place can never be written, even one moved meanwhile; any
 * id left out refuses the whole save (the caller's transaction rolls back).
 */
export async function insertParticipantsOfInstitution(
  ex: Executor,
  enrollmentId: number,
  institutionId: number,
  ids: number[],
): Promise<void> {
  if (ids.length === 0) return;
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
  if (inserted.length !== ids.length)
    throw new AppError('bad_request', eventMessages.studentNotInInstitution);
}
