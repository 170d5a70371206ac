import {
  holderMessages,
  holderTypeForRelationship,
  relationshipsAllowedFor,
  type TitularModalResponse,
} from '@bjp/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../app.js';
import type { AuthUser } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import { beneficiaryExclusions, guardians, persons, titularAssignments } from '../../db/schema/index.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { type ChangeGate, lockForChange } from './inscription.js';
import { activeAssignment, activeExclusion, titularModal } from './modal.js';

type Save = {
  deps: AppDeps;
  user: AuthUser;
  sie: number;
  inscriptionId: number;
  ip: string;
  gate?: ChangeGate;
};

/** The chosen guardian, only if it is an active guardian of this student, SEGIP-confirmed and allowed here. */
async function validGuardian(tx: Executor, inscriptionId: number, guardianId: number, codeType: number) {
  const [row] = await tx
    .select({
      id: guardians.id,
      personId: guardians.personId,
      relationshipId: guardians.relationshipId,
      verifiedAt: persons.segipVerifiedAt,
    })
    .from(guardians)
    .innerJoin(persons, eq(persons.id, guardians.personId))
    .where(
      and(
        eq(guardians.id, guardianId),
        eq(guardians.inscriptionId, inscriptionId),
        isNull(guardians.removedAt),
      ),
    );
  if (!row?.verifiedAt || !relationshipsAllowedFor(codeType).includes(row.relationshipId)) {
    throw new AppError('conflict', holderMessages.invalidTitular);
  }
  return row;
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
    // In turn, not Promise.all: a transaction is one connection.
    const current = await activeAssignment(tx, s.inscriptionId);
    const exclusion = await activeExclusion(tx, s.inscriptionId);
    const chosen =
      guardianId === null
        ? null
        : await validGuardian(tx, s.inscriptionId, guardianId, locked.facts.codeType);
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
