import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { InstitutionFacts } from './context.js';
import type { InscriptionFacts } from './inscription.js';
import type { TitularState } from './modal.js';
import { titularStateRowsOf } from './queries/previous-titulars.js';
import type { PreviousTitularRow } from './queries/previous-year.js';
import { decideAndWrite } from './titular.js';

/** Who runs a batch of designations (decision 062): the single designation's `Save` without the student. */
export type Batch = { deps: AppDeps; user: AuthUser; sie: number; ip: string };

/** One student of a batch the rule admitted, and the person to designate (already their active guardian). */
export type BatchTarget = { student: Omit<InscriptionFacts, 'identityValidated'>; personId: number };

/** Groups the set-based state rows into each student's TitularState, as `readTitularState` builds one. */
function statesByInscription(
  found: Awaited<ReturnType<typeof titularStateRowsOf>>,
  previousOf: (inscriptionId: number) => PreviousTitularRow | null,
): Map<number, TitularState> {
  const states = new Map<number, TitularState>();
  for (const { inscriptionId, titular, exclusionId, guardian, person, relationshipName } of found) {
    let state = states.get(inscriptionId);
    if (!state) {
      state = {
        titular: titular ?? null,
        exclusionId: exclusionId ?? null,
        guardians: [],
        previous: previousOf(inscriptionId),
        // Only the modal shows them; the write does not read them.
        previousGuardians: [],
      };
      states.set(inscriptionId, state);
    }
    if (guardian && person)
      state.guardians.push({ guardian, person, relationshipName: relationshipName ?? '' });
  }
  return states;
}

/**
 * The write of a batch, inside its transaction and under its locks: every student's titular state
 * in one statement, then each designation through the single path's `decideAndWrite` (its checks,
 * decision 046's guard, its statement and audit row). Any refusal there takes the batch back.
 */
export async function designateEach(
  tx: Executor,
  b: Batch,
  facts: InstitutionFacts,
  targets: BatchTarget[],
  previousOf: (inscriptionId: number) => PreviousTitularRow | null = () => null,
): Promise<void> {
  const ids = targets.map((t) => t.student.inscriptionId);
  const states = statesByInscription(await titularStateRowsOf(tx, b.sie, ids), previousOf);
  for (const { student, personId } of targets) {
    const state = states.get(student.inscriptionId)!;
    const guardianId = state.guardians.find((g) => g.person.id === personId)?.guardian.id;
    // Read under the student's lock right after the rule admitted them: missing means a broken assumption.
    if (guardianId === undefined) throw new AppError('conflict', 'Titular no válido');
    const inscription: InscriptionFacts = { ...student, identityValidated: true };
    await decideAndWrite(
      tx,
      { ...b, inscriptionId: student.inscriptionId },
      { facts, inscription },
      state,
      guardianId,
    );
  }
}
