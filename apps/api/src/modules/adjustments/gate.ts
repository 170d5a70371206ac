import {
  type AdjustmentKind,
  adjustmentMessages,
  courseLabel,
  holderMessages,
  identityValidated,
} from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { ChangeGate, LockedChange } from '../holders/index.js';
import { refuseClosedYear } from '../settings/index.js';
import { adjustmentRow, insertAdjustment } from './queries.js';

/** What an adjustment knows of the student and school once it holds the locks. */
export type AdjustmentLock = LockedChange & {
  departmentId: number;
  adjustment: { id: number; kind: AdjustmentKind; createdAt: string } | null;
};

/**
 * Reads (and with `lock`, locks: the school FOR SHARE, the inscription FOR UPDATE) one student of a
 * school with what decides whether an adjustment is possible: the list consolidated, the student
 * still a beneficiary with a validated identity, and the open adjustment of this year if any.
 */
export async function readForAdjustment(
  db: Executor,
  sie: number,
  inscriptionId: number,
  options: { lock?: boolean } = {},
): Promise<AdjustmentLock> {
  const row = await adjustmentRow(db, sie, inscriptionId, options.lock ?? false);
  if (!row) throw new AppError('not_found', adjustmentMessages.studentNotFound);
  // Another year's student: a change is refused as read-only (issue 18), a read as not this year's.
  if (Number(row.inscription_year) !== Number(row.year)) {
    if (options.lock) refuseClosedYear(row.inscription_year, row.year);
    throw new AppError('not_found', adjustmentMessages.studentNotFound);
  }
  const identity = identityValidated({ segipId: Number(row.segip_id), emparejaSereci: row.empareja_sereci });
  return {
    departmentId: Number(row.department_id),
    facts: {
      sie,
      codeType: Number(row.code_type),
      districtId: Number(row.district_id),
      consolidatedAt: row.consolidated_at ? new Date(row.consolidated_at) : null,
      year: Number(row.year),
      period: null,
      periodOpen: false,
    },
    inscription: {
      inscriptionId,
      rude: row.rude,
      fullName: row.full_name,
      course: courseLabel({
        levelId: Number(row.level_id),
        gradeId: Number(row.grade_id),
        parallelId: Number(row.parallel_id),
      }),
      removed: row.removed,
      identityValidated: identity,
    },
    adjustment: row.adjustment_id
      ? { id: Number(row.adjustment_id), kind: row.adjustment_kind!, createdAt: row.adjustment_at! }
      : null,
  };
}

/** Why this student admits no adjustment now, or null (the first reason, as the server refuses it). */
export function adjustmentBlocker(lock: AdjustmentLock): string | null {
  if (!lock.facts.consolidatedAt) return adjustmentMessages.notConsolidated;
  if (lock.inscription.removed) return holderMessages.studentRemoved;
  if (!lock.inscription.identityValidated) return holderMessages.identityWarning;
  if (lock.adjustment) return adjustmentMessages.alreadyAdjusted;
  return null;
}

/** Locks the student and refuses (409) what adjustmentBlocker names. */
export async function lockForAdjustment(
  tx: Executor,
  sie: number,
  inscriptionId: number,
): Promise<AdjustmentLock> {
  const lock = await readForAdjustment(tx, sie, inscriptionId, { lock: true });
  const blocker = adjustmentBlocker(lock);
  if (blocker) throw new AppError('conflict', blocker);
  return lock;
}

/** The gate the holders services run under for adjustments (instead of the registration rules). */
export const adjustmentGate: ChangeGate = (_deps: AppDeps, tx, sie, inscriptionId) =>
  lockForAdjustment(tx, sie, inscriptionId);

/** A gate for a change whose transaction already holds the locks: hands back what it read. */
export const lockedGate =
  (lock: LockedChange): ChangeGate =>
  async () =>
    lock;

/**
 * Claims the student's one adjustment of the year: a conditional insert under the partial unique
 * index (inscription, year) WHERE reenabled_at IS NULL. Of two racing requests the second waits for
 * the first's commit and inserts nothing: 409 with the specification's message.
 */
export async function claimAdjustment(
  tx: Executor,
  lock: AdjustmentLock,
  kind: AdjustmentKind,
  user: AuthUser,
  now: Date,
): Promise<number> {
  const row = await insertAdjustment(tx, lock, kind, user.id, now);
  if (!row) throw new AppError('conflict', adjustmentMessages.alreadyAdjusted);
  return Number(row.id);
}
