import { eventMessages } from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { assertStageOpen, getStatus, insertParticipantsOfInstitution } from './institution-service.js';
import {
  clearInstitutionEnrollment,
  ensureInstitutionEnrollment,
  lockInstitutionEnrollment,
  stampInstitutionEnrollment,
} from './queries/institution-enrollment.js';

type Target = { stageId: number; institutionId: number };

/**
 * Guardar (close = false) replaces the school's participant list for the stage; Inscribir (close = true)
 * saves and then closes it for good. The list's row is locked first, so a save racing a close waits and
 * then finds it closed (409 'Inscripción Cerrada'); of two closes, one wins.
 */
export async function saveParticipants(
  deps: AppDeps,
  user: AuthUser,
  target: Target,
  inscriptionIds: number[],
  options: { close: boolean; ip: string },
) {
  const ids = [...new Set(inscriptionIds)].sort((a, b) => a - b);
  await deps.db.transaction(async (tx) => {
    await assertStageOpen(deps, tx, user, target.stageId);
    await ensureInstitutionEnrollment(tx, target, user.id);
    const enrollment = await lockInstitutionEnrollment(tx, target);
    if (!enrollment) throw new Error('institution enrollment row vanished');
    if (enrollment.closedAt) throw new AppError('conflict', eventMessages.enrollmentClosed);
    const before = await clearInstitutionEnrollment(tx, enrollment.id);
    await insertParticipantsOfInstitution(tx, enrollment.id, target.institutionId, ids);
    const now = deps.clock.now();
    await stampInstitutionEnrollment(tx, enrollment.id, user.id, now, options.close);
    await writeAudit(tx, {
      userId: user.id,
      action: options.close ? 'institution_enrollment.close' : 'institution_enrollment.save',
      entity: 'institution_enrollment',
      entityId: enrollment.id,
      before: { participants: before.length },
      after: {
        stageId: target.stageId,
        institutionId: target.institutionId,
        participants: ids.length,
        closed: options.close,
      },
      ip: options.ip,
    });
  });
  return getStatus(deps, user, target.stageId, target.institutionId);
}
