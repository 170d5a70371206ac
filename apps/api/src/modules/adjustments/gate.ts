import {
  type AdjustmentKind,
  adjustmentMessages,
  courseLabel,
  holderMessages,
  identityValidated,
} from '@bjp/domain';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import { firstRow } from '../../db/rows.js';
import { AppError } from '../../lib/errors.js';
import type { ChangeGate, LockedChange } from '../holders/index.js';

/** What an adjustment knows of the student and school once it holds the locks. */
export type AdjustmentLock = LockedChange & {
  departmentId: number;
  adjustment: { id: number; kind: AdjustmentKind; createdAt: string } | null;
};

type Row = {
  code_type: number;
  district_id: number;
  department_id: number;
  consolidated_at: string | null;
  year: number;
  rude: string;
  full_name: string;
  level_id: number;
  grade_id: number;
  parallel_id: number;
  removed: boolean;
  segip_id: number;
  empareja_sereci: boolean;
  adjustment_id: number | null;
  adjustment_kind: AdjustmentKind | null;
  adjustment_at: string | null;
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
  const row = await firstRow<Row>(
    db,
    sql`
    SELECT i.code_type, i.district_id, i.department_id, i.holders_consolidated_at::text AS consolidated_at, ps.year,
      s.rude, trim(regexp_replace(s.first_last_name || ' ' || s.second_last_name || ' ' || s.name, '\\s+', ' ', 'g')) AS full_name,
      c.level_id, c.grade_id, c.parallel_id, n.removed_at IS NOT NULL AS removed, s.segip_id, s.empareja_sereci,
      a.id AS adjustment_id, a.kind AS adjustment_kind, a.created_at::text AS adjustment_at
    FROM institutions i
    JOIN programme_settings ps ON ps.id = 1
    JOIN inscriptions n ON n.id = ${inscriptionId} AND n.institution_id = i.id AND n.year = ps.year
    JOIN students s ON s.id = n.student_id
    JOIN courses c ON c.id = n.course_id
    LEFT JOIN titular_adjustments a ON a.inscription_id = n.id AND a.year = ps.year AND a.reenabled_at IS NULL
    WHERE i.id = ${sie}
    ${options.lock ? sql`FOR SHARE OF i FOR UPDATE OF n` : sql``}`,
  );
  if (!row) throw new AppError('not_found', adjustmentMessages.studentNotFound);
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
  const row = await firstRow<{ id: number }>(
    tx,
    sql`
    INSERT INTO titular_adjustments
      (inscription_id, year, institution_id, district_id, department_id, kind, rude, student_name, created_at, created_by)
    VALUES (${lock.inscription.inscriptionId}, ${lock.facts.year}, ${lock.facts.sie}, ${lock.facts.districtId},
      ${lock.departmentId}, ${kind}, ${lock.inscription.rude}, ${lock.inscription.fullName.toUpperCase()}, ${now.toISOString()}::timestamptz, ${user.id})
    ON CONFLICT (inscription_id, year) WHERE reenabled_at IS NULL DO NOTHING
    RETURNING id`,
  );
  if (!row) throw new AppError('conflict', adjustmentMessages.alreadyAdjusted);
  return Number(row.id);
}

/**
 * Writes the titular after the change into the adjustment (the history's snapshot): the student's
 * active titular, or for a removal the titular they had.
 */
export async function recordTitular(
  tx: Executor,
  adjustmentId: number,
  inscriptionId: number,
): Promise<void> {
  await tx.execute(sql`
    UPDATE titular_adjustments a
    SET person_id = t.person_id, titular_carnet = p.carnet || CASE WHEN p.complemento <> '' THEN '-' || p.complemento ELSE '' END,
      titular_name = upper(trim(regexp_replace(p.first_last_name || ' ' || p.second_last_name || ' ' || p.name, '\\s+', ' ', 'g'))),
      holder_type_id = t.holder_type_id
    FROM (
      SELECT person_id, holder_type_id FROM titular_assignments
      WHERE inscription_id = ${inscriptionId}
      ORDER BY removed_at IS NULL DESC, created_at DESC LIMIT 1
    ) t JOIN persons p ON p.id = t.person_id
    WHERE a.id = ${adjustmentId}`);
}
