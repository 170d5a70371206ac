import { adjustmentMessages, type ReenableResult } from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { holdOpenYear } from '../settings/index.js';
import { currentStudentByRude } from '../structure/index.js';
import { reopenAdjustment } from './queries.js';

/**
 * 'Habilitar Modificación Estudiante': re-opens one student's adjustment of the year so the school
 * can make one more. The adjustment stays in the history with reenabled_at; the partial unique index
 * then admits a new one. Audited in the same transaction.
 */
export async function reenableStudent(
  deps: AppDeps,
  user: AuthUser,
  rude: string,
  ip: string,
): Promise<ReenableResult> {
  return deps.db.transaction(async (tx) => {
    // The open year held first: a year opened meanwhile leaves this one's adjustments as they were.
    await holdOpenYear(tx);
    const found = await currentStudentByRude(tx, rude);
    if (!found) throw new AppError('not_found', adjustmentMessages.studentNotFound);
    const now = deps.clock.now();
    const adjustment = await reopenAdjustment(tx, found.inscriptionId, now, user.id);
    if (!adjustment) throw new AppError('conflict', adjustmentMessages.nothingToReenable);
    await writeAudit(tx, {
      userId: user.id,
      action: 'adjustments.reenable',
      entity: 'inscription',
      entityId: found.inscriptionId,
      before: { adjustmentId: Number(adjustment.id), kind: adjustment.kind, reenabledAt: null },
      after: { reenabledAt: now.toISOString() },
      ip,
    });
    return {
      message: adjustmentMessages.reenabled,
      rude,
      student: found.fullName,
      adjustmentId: Number(adjustment.id),
    };
  });
}
