import { type RemovalSource, removalMessages } from '@bjp/domain';
import type { AuthUser } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import { refreshStatistics } from '../../db/summaries.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { holdOpenYear, refuseClosedYear } from '../settings/index.js';
import { inscriptionInPlace, insertRemoval, markRemoved, type RemovalPlace } from './queries.js';

export type { RemovalPlace };

/**
 * Removes one beneficiary (baja) inside the caller's transaction. Irreversible and safe under
 * concurrency: the conditional UPDATE … WHERE removed_at IS NULL lets one request through; a second
 * waits for the row lock, finds the student removed and gets 409. The removal row keeps who, when,
 * from where and the titular the student had; the district's statistics are rebuilt in the same
 * transaction, so dashboards and reports stop counting the student at commit. The payment sync
 * reads only inscriptions with removed_at null, and its step 1 sends the removal to Síntesis.
 */
export async function removeBeneficiary(
  tx: Executor,
  input: {
    inscriptionId: number;
    /** The caller's place in the path: the inscription must be of it, checked by the UPDATE itself. */
    place: RemovalPlace;
    source: RemovalSource;
    /** Why (required from 'Baja Beneficiarios'; an adjustment's removal has none). */
    reason?: string | null;
    user: AuthUser;
    now: Date;
    ip: string | null;
  },
): Promise<number> {
  // The open year held first: a closed year's student stays as the year closed (issue 18).
  const openYear = await holdOpenYear(tx);
  if (!(await markRemoved(tx, input.inscriptionId, input.place, openYear, input.now))) {
    // Nothing changed; say why: another place's student is 404, a closed year's or an earlier removal 409.
    const year = await inscriptionInPlace(tx, input.inscriptionId, input.place);
    if (year === undefined) throw new AppError('not_found', removalMessages.studentNotFound);
    refuseClosedYear(year, openYear);
    throw new AppError('conflict', removalMessages.alreadyRemoved);
  }
  const removal = await insertRemoval(tx, {
    inscriptionId: input.inscriptionId,
    source: input.source,
    reason: input.reason ?? null,
    now: input.now,
    userId: input.user.id,
  });
  await refreshStatistics(tx, { districtIds: [Number(removal.district_id)] });
  await writeAudit(tx, {
    userId: input.user.id,
    action: 'removals.remove',
    entity: 'inscription',
    entityId: input.inscriptionId,
    before: { removedAt: null },
    after: {
      removedAt: input.now.toISOString(),
      removalId: Number(removal.id),
      source: input.source,
      reason: input.reason ?? null,
    },
    ip: input.ip,
  });
  return Number(removal.id);
}
