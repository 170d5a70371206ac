import type { AdjustmentInstitutionState, AdjustmentStudent } from '@bjp/domain';
import { adjustmentMessages } from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import { AppError } from '../../lib/errors.js';
import { carnetWithComplemento, currentStudentByRude } from '../structure/index.js';
import { adjustmentBlocker, readForAdjustment } from './gate.js';
import { institutionAdjustmentsRow } from './queries.js';

/** 'Gestión', consolidation and the count of adjustments of one school (the panel's header). */
export async function adjustmentInstitution(deps: AppDeps, sie: number): Promise<AdjustmentInstitutionState> {
  const row = await institutionAdjustmentsRow(deps.db, sie);
  if (!row) throw new AppError('not_found', 'Institución no encontrada.');
  return {
    sie,
    year: Number(row.year),
    consolidatedAt: row.consolidated_at ? new Date(row.consolidated_at).toISOString() : null,
    adjustments: Number(row.adjustments),
  };
}

/**
 * The RUDE/RUDEE finder: the student of this school with the given RUDE, the current titular and
 * whether the student admits an adjustment ('Titular Cobro' opens the modal only then).
 */
export async function findAdjustmentStudent(
  deps: AppDeps,
  sie: number,
  rude: string,
): Promise<AdjustmentStudent> {
  const student = await currentStudentByRude(deps.db, rude, { institutionId: sie });
  if (!student) throw new AppError('not_found', adjustmentMessages.studentNotFound);
  const titular = student.titular;
  const lock = await readForAdjustment(deps.db, sie, student.inscriptionId);
  return {
    inscriptionId: student.inscriptionId,
    rude: lock.inscription.rude,
    fullName: lock.inscription.fullName,
    course: lock.inscription.course,
    removed: lock.inscription.removed,
    identityValidated: lock.inscription.identityValidated,
    blocked: student.openBlock !== null,
    titular:
      titular && carnetWithComplemento(titular)
        ? {
            carnet: carnetWithComplemento(titular),
            fullName: titular.fullName,
            relationshipName: titular.relationshipName,
          }
        : null,
    adjustment: lock.adjustment,
    blocker: adjustmentBlocker(lock),
  };
}
