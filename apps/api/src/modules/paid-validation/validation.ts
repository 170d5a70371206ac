import {
  paidMessages,
  paidState,
  paidStateLabel,
  type SaveValidationRequest,
  type SaveValidationResult,
  type StoredValidation,
  storedObservation,
} from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { refuseClosedYear } from '../settings/index.js';
import { paidFacts } from './facts.js';
import { lockSchoolAndStudent, saveReadRow, upsertValidation, validationRow } from './queries/validation.js';

/** The stored validation, loaded back when 'Validación Estudiante' is reopened. */
export async function loadValidation(
  deps: AppDeps,
  sie: number,
  inscriptionId: number,
): Promise<StoredValidation> {
  const { year } = await paidFacts(deps.db, sie);
  const row = await validationRow(deps.db, sie, year, inscriptionId);
  if (!row) throw new AppError('not_found', paidMessages.studentDataMissing);
  return {
    inscriptionId,
    rude: row.rude,
    fullName: row.fullName,
    isPaid: row.isPaid,
    observation: row.observation,
    validatedAt: row.validatedAt?.toISOString() ?? null,
    validatedBy: row.validatedBy,
  };
}

/**
 * 'Registrar' in 'Validación Estudiante': stores PAGADO or NO PAGADO (with its observation) for a
 * student of the school, replacing an earlier validation until the operation is consolidated. The
 * school is locked FOR SHARE (see paidFacts) and the student's inscription FOR NO KEY UPDATE, so two
 * saves of the same student queue and the audit row's `before` is exactly what the save replaced;
 * saves of different students of the school run side by side.
 */
export async function saveValidation(
  deps: AppDeps,
  user: AuthUser,
  sie: number,
  inscriptionId: number,
  input: SaveValidationRequest & { isPaid: boolean },
  ip: string,
): Promise<SaveValidationResult> {
  return deps.db.transaction(async (tx) => {
    // One statement takes both locks; the read that follows starts after any wait (see paidFacts).
    const locked = await lockSchoolAndStudent(tx, sie, inscriptionId);
    if (locked) refuseClosedYear(locked.year, locked.open_year);
    const student = await saveReadRow(tx, sie, inscriptionId);
    if (!student) throw new AppError('not_found', paidMessages.studentDataMissing);
    if (student.consolidated) throw new AppError('conflict', paidMessages.alreadyConsolidated);
    const now = deps.clock.now();
    const values = {
      institutionId: sie,
      personId: student.personId,
      isPaid: input.isPaid,
      observation: storedObservation(input.isPaid, input.observation),
      validatedAt: now,
      validatedBy: user.id,
    };
    await upsertValidation(tx, inscriptionId, values);
    await writeAudit(tx, {
      userId: user.id,
      action: 'paid.validate',
      entity: 'inscription',
      entityId: inscriptionId,
      before: student.isPaid === null ? null : { isPaid: student.isPaid, observation: student.observation },
      after: { sie, personId: student.personId, isPaid: values.isPaid, observation: values.observation },
      ip,
    });
    return {
      inscriptionId,
      rude: student.rude,
      fullName: student.fullName,
      isPaid: values.isPaid,
      observation: values.observation,
      validatedAt: now.toISOString(),
      validatedBy: `${user.name} ${user.firstLastName}`.trim(),
      state: paidState(values.isPaid),
      stateLabel: paidStateLabel(values.isPaid),
      message: paidMessages.saved,
    };
  });
}
