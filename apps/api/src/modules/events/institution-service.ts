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
} from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { gradeIds } from './queries/catalog.js';
import {
  beneficiaryPage,
  insertBeneficiariesOfInstitution,
  institutionEnrollment,
  listedInscriptions,
  openStage,
  openStages,
  scopedInstitutionPage,
} from './queries/institution-enrollment.js';

export async function listStages(deps: AppDeps, user: AuthUser): Promise<InstitutionStage[]> {
  return openStages(deps.db, user, deps.clock.today());
}

export async function assertStageOpen(
  deps: AppDeps,
  ex: Executor,
  user: AuthUser,
  stageId: number,
): Promise<void> {
  const stage = await openStage(ex, user, deps.clock.today(), stageId);
  if (!stage) throw new AppError('conflict', eventMessages.stageNotOpen);
}

/** The user's places: the director's schools, or the schools of the user's district or department. */
export async function listPlaces(
  deps: AppDeps,
  user: AuthUser,
  query: { page: number; search?: string },
): Promise<Page<InstitutionPlace>> {
  const { rows, total } = await scopedInstitutionPage(deps.db, user, query);
  return { items: rows, page: query.page, pageSize: DEFAULT_PAGE_SIZE, total };
}

/** The grade list ('grado'); id 99 is shown as 'CEA'. */
export async function listGrades(deps: AppDeps): Promise<GradeOption[]> {
  const rows = await gradeIds(deps.db);
  return rows.map((g) => ({ id: g.id, grado: gradeName(g.id) }));
}

export async function listStudents(
  deps: AppDeps,
  institutionId: number,
  query: { page: number; grade?: number; search?: string },
): Promise<Page<EnrollmentStudent>> {
  const { rows, total } = await beneficiaryPage(deps.db, institutionId, query);
  return {
    items: rows.map((r) => ({ ...r, grado: gradeName(r.gradeId) })),
    page: query.page,
    pageSize: DEFAULT_PAGE_SIZE,
    total,
  };
}

export async function getStatus(
  deps: AppDeps,
  user: AuthUser,
  stageId: number,
  institutionId: number,
): Promise<InstitutionEnrollmentStatus> {
  await assertStageOpen(deps, deps.db, user, stageId);
  const enrollment = await institutionEnrollment(deps.db, stageId, institutionId);
  const participants = enrollment ? await listedInscriptions(deps.db, enrollment.id) : [];
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
  const inserted = await insertBeneficiariesOfInstitution(ex, enrollmentId, institutionId, ids);
  if (inserted !== ids.length) throw new AppError('bad_request', eventMessages.studentNotInInstitution);
}
