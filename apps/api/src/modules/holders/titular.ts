import {
  holderMessages,
  holderTypeForRelationship,
  relationshipsAllowedFor,
  type TitularModalResponse,
} from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { type ChangeGate, lockForChange } from './inscription.js';
import { buildTitularModal, readTitularState, type TitularState } from './modal.js';
import { writeTitularStatement } from './queries/titulars.js';

type Save = {
  deps: AppDeps;
  user: AuthUser;
  sie: number;
  inscriptionId: number;
  ip: string;
  gate?: ChangeGate;
};

type Chosen = TitularState['guardians'][number];

/**
 * The chosen guardian, only if it is an active guardian of this student (404: an id of another
 * student is not found here), SEGIP-confirmed and allowed here (409).
 */
function validGuardian(state: TitularState, guardianId: number, codeType: number): Chosen {
  const chosen = state.guardians.find((g) => g.guardian.id === guardianId);
  if (!chosen) throw new AppError('not_found', holderMessages.invalidTitular);
  if (
    !chosen.person.segipVerifiedAt ||
    !relationshipsAllowedFor(codeType).includes(chosen.guardian.relationshipId)
  ) {
    throw new AppError('conflict', holderMessages.invalidTitular);
  }
  return chosen;
}

type Decision = {
  s: Save;
  now: Date;
  state: TitularState;
  chosen: Chosen | null;
  unchanged: boolean;
};

function writeDecision(tx: Executor, { s, now, state, chosen, unchanged }: Decision) {
  const { titular, exclusionId } = state;
  const open = chosen && !unchanged ? chosen.guardian : null;
  return writeTitularStatement(tx, {
    now,
    userId: s.user.id,
    sie: s.sie,
    inscriptionId: s.inscriptionId,
    closeId: titular && !unchanged ? titular.id : null,
    openPersonId: open?.personId ?? null,
    openRelationshipId: open?.relationshipId ?? null,
    openHolderTypeId: open ? holderTypeForRelationship(open.relationshipId) : null,
    closeExclusionId: chosen !== null ? exclusionId : null,
    openExclusion: chosen === null && exclusionId === null,
    action: chosen ? 'holders.titular.save' : 'holders.titular.exclude',
    inscriptionText: String(s.inscriptionId),
    before: JSON.stringify({
      personId: titular?.personId ?? null,
      relationshipId: titular?.relationshipId ?? null,
      excluded: exclusionId !== null,
    }),
    after: JSON.stringify({
      personId: chosen?.guardian.personId ?? null,
      relationshipId: chosen?.guardian.relationshipId ?? null,
      excluded: chosen === null,
    }),
    ip: s.ip,
  });
}

/** The state the write leaves, so the modal is answered without reading it again. */
function stateAfter(
  { s, state, chosen, unchanged }: Decision,
  written: { titularId: number | null; exclusionId: number | null },
): TitularState {
  const titular = !chosen
    ? null
    : unchanged
      ? state.titular
      : {
          id: written.titularId!,
          personId: chosen.guardian.personId,
          relationshipId: chosen.guardian.relationshipId,
          registeredInstitutionId: s.sie,
        };
  const exclusionId = chosen ? null : (written.exclusionId ?? state.exclusionId);
  return { titular, exclusionId, guardians: state.guardians };
}

/**
 * 'Registrar' (after '¿Está Seguro?'). With a selected guardian, that adult becomes the student's
 * titular: the previous assignment is closed (kept as history) and a new one records the school
 * where it was registered. With none, the school declares that the student has no titular: the
 * active titular is closed and an exclusion is recorded, which consolidation turns into a removal
 * (see docs/decisions.md). Either way the decision can change until the list is consolidated.
 */
export async function saveTitular(s: Save, guardianId: number | null): Promise<TitularModalResponse> {
  return s.deps.db.transaction(async (tx) => {
    const locked = await (s.gate ?? lockForChange)(s.deps, tx, s.sie, s.inscriptionId);
    const state = await readTitularState(tx, s.inscriptionId);
    const chosen = guardianId === null ? null : validGuardian(state, guardianId, locked.facts.codeType);
    const unchanged =
      chosen !== null &&
      state.titular?.personId === chosen.guardian.personId &&
      state.titular.relationshipId === chosen.guardian.relationshipId;
    const decision = { s, now: s.deps.clock.now(), state, chosen, unchanged };
    const [written] = await writeDecision(tx, decision);
    return buildTitularModal(
      s.user,
      locked,
      stateAfter(decision, { titularId: written!.titular_id, exclusionId: written!.exclusion_id }),
    );
  });
}
