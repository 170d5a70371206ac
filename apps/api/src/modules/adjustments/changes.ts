import {
  type AdjustmentKind,
  type AdjustmentModalResponse,
  adjustmentMessages,
  holderMessages,
  type newTitularRequest,
  type personData,
} from '@bjp/domain';
import type { z } from 'zod';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import type { Database, Executor } from '../../db/client.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import {
  addExistingGuardian,
  addNewTitular,
  assertAdult,
  type Change,
  changeRelationship,
  findPersonIn,
  removeGuardian,
  saveTitular,
  segipPersonOf,
  verifyWithSegip,
  writePersonUpdate,
} from '../holders/index.js';
import { removeBeneficiary } from '../removals/index.js';
import {
  type AdjustmentLock,
  adjustmentBlocker,
  adjustmentGate,
  claimAdjustment,
  lockedGate,
  lockForAdjustment,
  readForAdjustment,
} from './gate.js';
import { adjustmentModal } from './modal.js';
import { activeTitular, guardianPerson, recordTitular } from './queries.js';

export type AdjustmentChange = {
  deps: AppDeps;
  user: AuthUser;
  sie: number;
  inscriptionId: number;
  ip: string;
};

// Preparing the change (the candidate adults of the modal) does not use up the student's adjustment;
// it is allowed only while the student still admits one.
const prepared = (c: AdjustmentChange): Change => ({ ...c, gate: adjustmentGate });
const reread = (c: AdjustmentChange) => adjustmentModal(c.deps, c.user, c.sie, c.inscriptionId);

export async function addExisting(c: AdjustmentChange, body: { personId: number; relationshipId: number }) {
  await addExistingGuardian(prepared(c), body);
  return reread(c);
}

export async function addNew(c: AdjustmentChange, body: z.output<typeof newTitularRequest>) {
  await addNewTitular(prepared(c), body);
  return reread(c);
}

export async function removeCandidate(c: AdjustmentChange, guardianId: number) {
  await removeGuardian(prepared(c), guardianId);
  return reread(c);
}

/**
 * One adjustment: in one transaction the student is locked, the year's adjustment claimed (409 if
 * another exists, even for a racing request), the change applied by the holders' own services (in a
 * savepoint, under a gate that hands them the locks already held), and the titular after the change
 * written into the history with the audit row.
 */
async function adjust(
  c: AdjustmentChange,
  kind: AdjustmentKind,
  check: (tx: Executor, lock: AdjustmentLock) => Promise<void>,
  apply: (inner: Change, tx: Executor, lock: AdjustmentLock) => Promise<unknown>,
): Promise<AdjustmentModalResponse> {
  return c.deps.db.transaction(async (tx) => {
    const lock = await lockForAdjustment(tx, c.sie, c.inscriptionId);
    await check(tx, lock);
    const id = await claimAdjustment(tx, lock, kind, c.user, c.deps.clock.now());
    // The holders' services open their transaction on deps.db: on this one, that is a savepoint.
    const inner: Change = {
      ...c,
      deps: { ...c.deps, db: tx as unknown as Database },
      gate: lockedGate(lock),
    };
    await apply(inner, tx, lock);
    await recordTitular(tx, id, c.inscriptionId);
    await writeAudit(tx, {
      userId: c.user.id,
      action: 'adjustments.request',
      entity: 'inscription',
      entityId: c.inscriptionId,
      after: { adjustmentId: id, kind, sie: c.sie },
      ip: c.ip,
    });
    return adjustmentModal(c.deps, c.user, c.sie, c.inscriptionId, tx);
  });
}

/**
 * 'Registrar': with a selected adult, the change of titular (CAMBIO TITULAR); with none, the
 * removal of the student's beneficiary status (BAJA BENEFICIARIO, irreversible).
 */
export function saveAdjustedTitular(c: AdjustmentChange, guardianId: number | null) {
  if (guardianId === null) {
    return adjust(
      c,
      'BAJA BENEFICIARIO',
      async () => undefined,
      (_inner, tx) =>
        removeBeneficiary(tx, {
          inscriptionId: c.inscriptionId,
          place: { institutionId: c.sie },
          source: 'AJUSTE TITULAR',
          user: c.user,
          now: c.deps.clock.now(),
          ip: c.ip,
        }),
    );
  }
  return adjust(
    c,
    'CAMBIO TITULAR',
    async (tx) => {
      const chosen = await guardianPerson(tx, c.inscriptionId, guardianId);
      // Another student's adult is not found here: refused before the adjustment is claimed.
      if (!chosen) throw new AppError('not_found', holderMessages.invalidTitular);
      const current = await activeTitular(tx, c.inscriptionId);
      if (current?.personId === chosen.personId) throw new AppError('conflict', adjustmentMessages.noChange);
    },
    (inner) => saveTitular(inner, guardianId),
  );
}

/** Change the relationship only (CAMBIO PARENTESCO), of the student's current titular. */
export function changeTitularRelationship(c: AdjustmentChange, guardianId: number, relationshipId: number) {
  return adjust(
    c,
    'CAMBIO PARENTESCO',
    async (tx) => {
      const guardian = await guardianPerson(tx, c.inscriptionId, guardianId);
      if (!guardian) throw new AppError('not_found', holderMessages.invalidTitular);
      const current = await activeTitular(tx, c.inscriptionId);
      if (current?.personId !== guardian.personId)
        throw new AppError('conflict', adjustmentMessages.onlyCurrentTitular);
      if (guardian.relationshipId === relationshipId)
        throw new AppError('conflict', adjustmentMessages.sameRelationship);
    },
    (inner) => changeRelationship(inner, guardianId, relationshipId),
  );
}

/**
 * 'Editar Datos'. For the student's current titular it is the adjustment (ACTUALIZACION DATOS);
 * for another of the student's adults (a candidate added from a search, then corrected) it only
 * prepares the change. Only the adults of this student: anyone else is 404 and unchanged. SEGIP
 * confirms the data before any transaction opens, so a slow SEGIP holds no lock.
 */
export async function editPersonData(
  c: AdjustmentChange,
  personId: number,
  data: z.output<typeof personData>,
): Promise<AdjustmentModalResponse> {
  const blocker = adjustmentBlocker(await readForAdjustment(c.deps.db, c.sie, c.inscriptionId));
  if (blocker) throw new AppError('conflict', blocker);
  assertAdult(data.birthDate, c.deps.clock.today());
  const place = { sie: c.sie, inscriptionId: c.inscriptionId };
  const person = await findPersonIn(c.deps.db, place, personId);
  await verifyWithSegip(
    c.deps,
    segipPersonOf({ ...data, carnet: person.carnet, complemento: person.complemento }),
  );
  const current = await activeTitular(c.deps.db, c.inscriptionId);
  if (current?.personId === personId) {
    return adjust(
      c,
      'ACTUALIZACION DATOS',
      async (tx) => {
        if ((await activeTitular(tx, c.inscriptionId))?.personId !== personId)
          throw new AppError('conflict', adjustmentMessages.onlyCurrentTitular);
      },
      (_inner, tx) => writePersonUpdate(tx, c.deps, c.user, place, personId, data, c.ip),
    );
  }
  return c.deps.db.transaction(async (tx) => {
    await lockForAdjustment(tx, c.sie, c.inscriptionId);
    await writePersonUpdate(tx, c.deps, c.user, place, personId, data, c.ip);
    return adjustmentModal(c.deps, c.user, c.sie, c.inscriptionId, tx);
  });
}
