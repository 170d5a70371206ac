import {
  holderMessages,
  holderTypeForRelationship,
  previousTitularMessages,
  relationshipsAllowedFor,
  type TitularModalResponse,
} from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { paidFacts } from '../paid-validation/index.js';
import { type ChangeGate, type LockedChange, lockForChange } from './inscription.js';
import { buildTitularModal, previousTitularOf, readTitularState, type TitularState } from './modal.js';
import { attachGuardianRow, writeTitularStatement } from './queries/titulars.js';

export type Save = {
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
  return { ...state, titular, exclusionId };
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
    return decideAndWrite(tx, s, locked, state, guardianId);
  });
}

/** Teacher and director titulars: the students a paid validation declares (its universe). */
const staffTitular = (relationshipId: number | undefined) =>
  relationshipId !== undefined && holderTypeForRelationship(relationshipId) !== 1;

/**
 * Decision 046: while the school's paid validation is consolidated, no titular change may move a
 * student into or out of what it declared (a teacher or director titular, before or after): 409
 * saying how to reopen it. Every designation — 'Registrar', 'Elegir' last year's titular, the
 * adjustments after consolidation and any batch of them — goes through decideAndWrite, so through here.
 */
async function refuseAlteringPaidDeclaration(
  tx: Executor,
  sie: number,
  state: TitularState,
  chosen: Chosen | null,
  unchanged: boolean,
) {
  if (unchanged) return;
  if (!staffTitular(state.titular?.relationshipId) && !staffTitular(chosen?.guardian.relationshipId)) return;
  const facts = await paidFacts(tx, sie);
  if (facts.consolidation) throw new AppError('conflict', holderMessages.paidDeclared);
}

/**
 * The decision of 'Registrar' on the state read under the locks: checked, written, answered. The one
 * write of a designation: 'Registrar', 'Elegir', the adjustments and the batch of last year's
 * titulars (previous-titulars.ts, one call per student) all end here.
 */
export async function decideAndWrite(
  tx: Executor,
  s: Save,
  locked: LockedChange,
  state: TitularState,
  guardianId: number | null,
): Promise<TitularModalResponse> {
  const chosen = guardianId === null ? null : validGuardian(state, guardianId, locked.facts.codeType);
  const unchanged =
    chosen !== null &&
    state.titular?.personId === chosen.guardian.personId &&
    state.titular.relationshipId === chosen.guardian.relationshipId;
  await refuseAlteringPaidDeclaration(tx, s.sie, state, chosen, unchanged);
  const decision = { s, now: s.deps.clock.now(), state, chosen, unchanged };
  const [written] = await writeDecision(tx, decision);
  return buildTitularModal(
    s.user,
    locked,
    stateAfter(decision, { titularId: written!.titular_id, exclusionId: written!.exclusion_id }),
    s.deps.clock.today(),
  );
}

/**
 * 'Titular de la gestión 2025 — Elegir' (issue 18): last year's titular of the same student becomes
 * this year's, in one transaction under the same locks and rules as 'Registrar' with any guardian.
 * The rules of this year are checked first (of age today, identity confirmed by SEGIP, relationship
 * admitted, not already the titular: 409 with the reason); a person not yet among this year's
 * guardians joins them with last year's relationship (audited), then is saved as the titular.
 */
export async function choosePreviousTitular(s: Save): Promise<TitularModalResponse> {
  return s.deps.db.transaction(async (tx) => {
    const locked = await (s.gate ?? lockForChange)(s.deps, tx, s.sie, s.inscriptionId);
    let state = await readTitularState(tx, s.inscriptionId);
    const offered = previousTitularOf(state.previous, {
      codeType: locked.facts.codeType,
      today: s.deps.clock.today(),
      titularPersonId: state.titular?.personId ?? null,
    });
    if (!offered) throw new AppError('not_found', previousTitularMessages.none);
    if (offered.refusal) throw new AppError('conflict', offered.refusal);
    let guardianId = state.guardians.find((g) => g.person.id === offered.personId)?.guardian.id;
    if (guardianId === undefined) {
      const row = await attachGuardianRow(tx, {
        inscriptionId: s.inscriptionId,
        personId: offered.personId,
        relationshipId: offered.relationshipId,
        now: s.deps.clock.now(),
        userId: s.user.id,
      });
      if (!row) throw new AppError('conflict', holderMessages.alreadyGuardian);
      guardianId = row.id;
      await writeAudit(tx, {
        userId: s.user.id,
        action: 'holders.guardian.add',
        entity: 'inscription',
        entityId: s.inscriptionId,
        after: {
          guardianId,
          personId: offered.personId,
          relationshipId: offered.relationshipId,
          previousYear: offered.year,
        },
        ip: s.ip,
      });
      state = await readTitularState(tx, s.inscriptionId);
    }
    return decideAndWrite(tx, s, locked, state, guardianId);
  });
}
