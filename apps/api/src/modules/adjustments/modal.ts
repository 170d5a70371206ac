import type { AdjustmentModalResponse } from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import { titularModal } from '../holders/index.js';
import { adjustmentBlocker, readForAdjustment } from './gate.js';

/**
 * The holders' titular modal in its adjustment variant: the same student, guardians and status,
 * with the adjustment of the year and why the student admits none (the switch and buttons lock).
 */
export async function adjustmentModal(
  deps: AppDeps,
  user: AuthUser,
  sie: number,
  inscriptionId: number,
  db: Executor = deps.db,
): Promise<AdjustmentModalResponse> {
  const lock = await readForAdjustment(db, sie, inscriptionId);
  const modal = await titularModal(deps, user, sie, inscriptionId, db, lock);
  const blocker = adjustmentBlocker(lock);
  const mayAdjust = user.permissions.has('adjustments.request');
  return {
    ...modal,
    editBlocker: blocker || !mayAdjust ? 'read_only' : null,
    adjustment: lock.adjustment,
    blocker,
  };
}
