import {
  courseLabel,
  DEFAULT_PAGE_SIZE,
  type RemovalCandidate,
  type RemovalDepartment,
  type RemovalHistoryPage,
  type RemovalResult,
  type RemovalStudentPage,
  removalMessages,
  removalStates,
} from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import { AppError } from '../../lib/errors.js';
import { numberedPage, studentWithTitular } from '../../lib/pages.js';
import { carnetWithComplemento, currentStudentByRude } from '../structure/index.js';
import { departmentRow, removalHistoryRows, removalStudentRows } from './queries.js';
import { removeBeneficiary } from './remove.js';

/** The department panel: name, 'Gestión' from the programme settings, removals so far. */
export async function removalDepartment(deps: AppDeps, departmentId: number): Promise<RemovalDepartment> {
  const row = await departmentRow(deps.db, departmentId);
  if (!row) throw new AppError('not_found', removalMessages.departmentNotFound);
  return {
    departmentId: Number(row.id),
    name: row.name,
    year: Number(row.year),
    removals: Number(row.removals),
  };
}

/** /modification-remove/depto: the department comes from the caller's scope, never from the client. */
export function myDepartmentId(user: AuthUser): number {
  if (user.scope.kind !== 'department' || !user.scope.departmentId)
    throw new AppError('not_found', removalMessages.invalidUser);
  return user.scope.departmentId;
}

/** The RUDE/RUDEE finder: this year's student of the department (not found elsewhere). */
export async function findCandidate(
  deps: AppDeps,
  departmentId: number,
  rude: string,
): Promise<RemovalCandidate> {
  const student = await currentStudentByRude(deps.db, rude, { departmentId });
  if (!student) throw new AppError('not_found', removalMessages.studentNotFound);
  return {
    inscriptionId: student.inscriptionId,
    rude: student.rude,
    fullName: student.fullName,
    sie: student.institutionId,
    institution: student.institutionName,
    course: courseLabel(student),
    titularCarnet: student.titular ? carnetWithComplemento(student.titular) : null,
    titular: student.titular?.fullName ?? null,
    removedAt: student.removedAt ? student.removedAt.toISOString() : null,
  };
}

/** 'Baja Beneficiario' after the confirmation: irreversible (see remove.ts). */
export async function removeStudent(
  deps: AppDeps,
  user: AuthUser,
  departmentId: number,
  rude: string,
  reason: string,
  ip: string,
): Promise<RemovalResult> {
  const candidate = await findCandidate(deps, departmentId, rude);
  if (candidate.removedAt) throw new AppError('conflict', removalMessages.alreadyRemoved);
  const removalId = await deps.db.transaction((tx) =>
    removeBeneficiary(tx, {
      inscriptionId: candidate.inscriptionId,
      place: { departmentId },
      source: 'BAJA BENEFICIARIO',
      reason,
      user,
      now: deps.clock.now(),
      ip,
    }),
  );
  return { message: removalMessages.removed, removalId, rude: candidate.rude };
}

/** Table 1: a course's students (or every student of a special centre) with titular and the request state. */
export async function removalStudents(
  deps: AppDeps,
  sie: number,
  query: { course?: number; page: number },
): Promise<RemovalStudentPage> {
  const offset = (query.page - 1) * DEFAULT_PAGE_SIZE;
  const result = await removalStudentRows(deps.db, sie, query.course, DEFAULT_PAGE_SIZE, offset);
  return numberedPage(result, query.page, DEFAULT_PAGE_SIZE, (r, number) => ({
    ...studentWithTitular(r),
    number,
    removedAt: r.removed_at ? new Date(r.removed_at).toISOString() : null,
    blocked: r.blocked,
  }));
}

/**
 * Table 2 'Historial Baja Beneficiarios': the department's removals, newest first, with the state:
 * 1 registered until a batch that carried it reached Síntesis (step 2 of the synchronisation), then 2.
 */
export async function removalHistory(
  deps: AppDeps,
  departmentId: number,
  query: { sie?: number; page: number },
): Promise<RemovalHistoryPage> {
  const pageSize = DEFAULT_PAGE_SIZE;
  const offset = (query.page - 1) * pageSize;
  const result = await removalHistoryRows(deps.db, departmentId, query.sie, pageSize, offset);
  return {
    items: result.map((r) => {
      const stateId = Number(r.state_id) as 1 | 2;
      return {
        id: Number(r.id),
        rude: r.rude,
        student: r.student_name,
        sie: Number(r.institution_id),
        titularCarnet: r.titular_carnet,
        titular: r.titular_name,
        request: r.source,
        reason: r.reason,
        stateId,
        state: removalStates[stateId],
        removedAt: new Date(r.created_at).toISOString(),
      };
    }),
    page: query.page,
    pageSize,
    total: Number(result[0]?.total ?? 0),
  };
}
