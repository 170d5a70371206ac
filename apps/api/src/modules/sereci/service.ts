import {
  DEFAULT_PAGE_SIZE,
  fillMessage,
  type Page,
  type SereciCertificate,
  type SereciStudent,
  type SereciValidationResult,
  type SereciValidationRow,
  sereciMessages,
} from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import { assertPlaceInScope } from '../../auth/scope.js';
import { SereciUnavailableError } from '../../integrations/sereci/client.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { holdOpenYear, refuseClosedYear } from '../settings/index.js';
import { lockStudent, validationsPage, writeValidation } from './queries.js';
import { loadSereciStudent } from './student.js';

const fieldNames = { oficialia: 'Oficialía', libro: 'Libro', partida: 'Partida', folio: 'Folio' } as const;

export async function findStudent(deps: AppDeps, user: AuthUser, rude: string): Promise<SereciStudent> {
  const student = await loadSereciStudent(deps.db, rude);
  if (!student) throw new AppError('not_found', sereciMessages.studentNotFound);
  // National users see every school: the scope query is skipped on this hot lookup.
  if (student.institution && user.scope.kind !== 'national')
    await assertPlaceInScope(deps.db, user, { institution: student.institution.id });
  return student;
}

function refuseUnlessPending(student: SereciStudent): void {
  if (student.status === 'segip') throw new AppError('conflict', sereciMessages.alreadyValidatedSegip);
  if (student.status === 'sereci') throw new AppError('conflict', sereciMessages.alreadyValidatedSereci);
}

/**
 * Validates a pending student's birth certificate with SERECI. SERECI is asked before the
 * transaction (no lock is held during the call); a refusal or failure changes nothing. Then, with
 * the student row locked, the status is checked again so that two racing validations cannot both
 * succeed (the loser gets 409), empareja_sereci becomes true and the validation and audit rows are
 * written in the same transaction.
 */
export async function validateStudent(
  deps: AppDeps,
  user: AuthUser,
  rude: string,
  certificate: SereciCertificate,
  ip: string,
): Promise<SereciValidationResult> {
  const student = await findStudent(deps, user, rude);
  refuseUnlessPending(student);
  let verdict: Awaited<ReturnType<AppDeps['integrations']['sereci']['verify']>>;
  try {
    verdict = await deps.integrations.sereci.verify({
      ...certificate,
      rude: student.rude,
      birthDate: student.birthDate,
    });
  } catch (error) {
    if (error instanceof SereciUnavailableError)
      throw new AppError('upstream_failure', sereciMessages.serviceUnavailable);
    throw error;
  }
  if (verdict.result === 'unknown') throw new AppError('conflict', sereciMessages.unknownRecord);
  if (verdict.result === 'mismatch') {
    const fields = verdict.fields.map((f) => fieldNames[f]).join(', ');
    throw new AppError('conflict', fillMessage(sereciMessages.mismatch, { fields }), {
      fields: verdict.fields,
    });
  }

  await deps.db.transaction(async (tx) => {
    // The open year held first: a student of a closed year only is read-only (issue 18).
    const openYear = await holdOpenYear(tx);
    const locked = await lockStudent(tx, student.id);
    if (!locked) throw new AppError('not_found', sereciMessages.studentNotFound);
    if (locked.lastYear !== null) refuseClosedYear(locked.lastYear, openYear);
    refuseUnlessPending({
      ...student,
      status: locked.segipId === 1 ? 'segip' : locked.emparejaSereci ? 'sereci' : 'pending',
    });
    const now = deps.clock.now();
    await writeValidation(tx, student.id, certificate, now, user.id);
    await writeAudit(tx, {
      userId: user.id,
      action: 'sereci.validate',
      entity: 'student',
      entityId: student.id,
      before: { emparejaSereci: false, certificate: student.certificate },
      after: { emparejaSereci: true, certificate },
      ip,
    });
  });
  const updated = await loadSereciStudent(deps.db, student.rude);
  return { message: sereciMessages.validationSucceeded, student: updated! };
}

/** 'Estudiantes Validados': newest first, searched by RUDE or name, 10 a page. */
export async function listValidations(
  deps: AppDeps,
  query: { page: number; search?: string },
): Promise<Page<SereciValidationRow>> {
  const { items, total } = await validationsPage(deps.db, query.page, query.search);
  return { items, page: query.page, pageSize: DEFAULT_PAGE_SIZE, total };
}
