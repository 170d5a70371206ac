import {
  holderMessages,
  holderTypeForRelationship,
  relationshipsAllowedFor,
  type TitularModalResponse,
} from '@bjp/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app.js';
import type { AuthUser } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import { beneficiaryExclusions, guardians, persons, titularAssignments } from '../../db/schema/index.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { type ChangeGate, lockForChange } from './inscription.js';
import { titularModal } from './modal.js';

type Save = {
  deps: AppDeps;
  user: AuthUser;
  sie: number;
  inscriptionId: number;
  ip: string;
  gate?: ChangeGate;
};

/**
 * What a save starts from, in one statement (every round trip counts at 50 directors at once): the
 * student's active titular, its open exclusion, and the chosen guardian with its SEGIP check.
 */
async function saveStartingPoint(tx: Executor, inscriptionId: number, guardianId: number | null) {
  const [row] = await tx
    .select({
      currentId: titularAssignments.id,
      currentPersonId: titularAssignments.personId,
      currentRelationshipId: titularAssignments.relationshipId,
      exclusionId: beneficiaryExclusions.id,
      guardianId: guardians.id,
      guardianPersonId: guardians.personId,
      guardianRelationshipId: guardians.relationshipId,
      verifiedAt: persons.segipVerifiedAt,
    })
    .from(sql`(SELECT 1) AS one`)
    .leftJoin(
      titularAssignments,
      and(eq(titularAssignments.inscriptionId, inscriptionId), isNull(titularAssignments.removedAt)),
    )
    .leftJoin(
      beneficiaryExclusions,
      and(eq(beneficiaryExclusions.inscriptionId, inscriptionId), isNull(beneficiaryExclusions.removedAt)),
    )
    .leftJoin(
      guardians,
      and(
        eq(guardians.id, guardianId ?? -1),
        eq(guardians.inscriptionId, inscriptionId),
        isNull(guardians.removedAt),
      ),
    )
    .leftJoin(persons, eq(persons.id, guardians.personId));
  return {
    current:
      row?.currentId != null
        ? { id: row.currentId, personId: row.currentPersonId!, relationshipId: row.currentRelationshipId! }
        : null,
    exclusion: row?.exclusionId != null ? { id: row.exclusionId } : null,
    guardian:
      row?.guardianId != null
        ? {
            personId: row.guardianPersonId!,
            relationshipId: row.guardianRelationshipId!,
            verifiedAt: row.verifiedAt,
          }
        : null,
  };
}

/** The chosen guardian, only if it is an active guardian of this student, SEGIP-confirmed and allowed here. */
function validGuardian(
  guardian: Awaited<ReturnType<typeof saveStartingPoint>>['guardian'],
  codeType: number,
) {
  if (!guardian?.verifiedAt || !relationshipsAllowedFor(codeType).includes(guardian.relationshipId)) {
    throw new AppError('conflict', holderMessages.invalidTitular);
  }
  return guardian;
}

/**
 * 'Registrar' (after '¿Esta Seguro?'). With a selected guardian, that adult becomes the student's
 * titular: the previous assignment is closed (kept as history) and a new one records the school
 * where it was registered. With none, the school declares that the student has no titular: the
 * active titular is closed and an exclusion is recorded, which consolidation turns into a removal
 * (see docs/decisions.md). Either way the decision can change until the list is consolidated.
 */
export async function saveTitular(s: Save, guardianId: number | null): Promise<TitularModalResponse> {
  return s.deps.db.transaction(async (tx) => {
    const locked = await (s.gate ?? lockForChange)(s.deps, tx, s.sie, s.inscriptionId);
    const now = s.deps.clock.now();
    const { current, exclusion, guardian } = await saveStartingPoint(tx, s.inscriptionId, guardianId);
    const chosen = guardianId === null ? null : validGuardian(guardian, locked.facts.codeType);
    const unchanged =
      chosen !== null &&
      current?.personId === chosen.personId &&
      current.relationshipId === chosen.relationshipId;

    if (current && !unchanged) {
      await tx
        .update(titularAssignments)
        .set({ removedAt: now, removedBy: s.user.id })
        .where(eq(titularAssignments.id, current.id));
    }
    if (chosen && !unchanged) {
      await tx.insert(titularAssignments).values({
        inscriptionId: s.inscriptionId,
        personId: chosen.personId,
        relationshipId: chosen.relationshipId,
        holderTypeId: holderTypeForRelationship(chosen.relationshipId),
        registeredInstitutionId: s.sie,
        createdAt: now,
        createdBy: s.user.id,
      });
    }
    if (chosen && exclusion) {
      await tx
        .update(beneficiaryExclusions)
        .set({ removedAt: now, removedBy: s.user.id })
        .where(eq(beneficiaryExclusions.id, exclusion.id));
    }
    if (!chosen && !exclusion) {
      await tx.insert(beneficiaryExclusions).values({
        inscriptionId: s.inscriptionId,
        institutionId: s.sie,
        createdAt: now,
        createdBy: s.user.id,
      });
    }
    await writeAudit(tx, {
      userId: s.user.id,
      action: chosen ? 'holders.titular.save' : 'holders.titular.exclude',
      entity: 'inscription',
      entityId: s.inscriptionId,
      before: {
        personId: current?.personId ?? null,
        relationshipId: current?.relationshipId ?? null,
        excluded: exclusion !== null,
      },
      after: {
        personId: chosen?.personId ?? null,
        relationshipId: chosen?.relationshipId ?? null,
        excluded: chosen === null,
      },
      ip: s.ip,
    });
    return titularModal(s.deps, s.user, s.sie, s.inscriptionId, tx, locked);
  });
}
