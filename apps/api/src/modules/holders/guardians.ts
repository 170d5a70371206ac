import {
  type addGuardianRequest,
  holderMessages,
  holderTypeForRelationship,
  type newTitularRequest,
  type PreviousGuardiansRequest,
  type PreviousGuardiansResponse,
  previousGuardiansMessages,
  relationshipsAllowedFor,
  type TitularModalResponse,
} from '@bjp/domain';
import type { z } from 'zod';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { type ChangeGate, loadInscription, lockForChange } from './inscription.js';
import { buildTitularModal, previousGuardiansOf, readTitularState, titularModal } from './modal.js';
import { assertFoundBySearch } from './person-search.js';
import {
  assertAdult,
  findPerson,
  searchPerson,
  segipPersonOf,
  verifyWithSegip,
  writePersonUpdate,
} from './persons.js';
import { markSegipVerified } from './queries/persons.js';
import { previousGuardianPersonIds } from './queries/previous-year.js';
import {
  activeAssignment,
  activeGuardian,
  attachGuardianRow,
  createPersonStatement,
  removeGuardianRow,
  setAssignmentRelationship,
  setGuardianRelationship,
} from './queries/titulars.js';

/** One change to a student's titulars; `gate` replaces the registration rules (see ChangeGate). */
export type Change = {
  deps: AppDeps;
  user: AuthUser;
  sie: number;
  inscriptionId: number;
  ip: string;
  gate?: ChangeGate;
};

function assertRelationshipAllowed(codeType: number, relationshipId: number): void {
  if (!relationshipsAllowedFor(codeType).includes(relationshipId)) {
    throw new AppError('bad_request', holderMessages.relationshipNotAllowed);
  }
}

/** Adds a person to the student's guardians, or brings back one removed earlier. */
async function attachGuardian(
  tx: Executor,
  c: Change,
  personId: number,
  relationshipId: number,
): Promise<number> {
  // One statement: insert, or bring back a removed row; an active row is left alone and returns nothing.
  const now = c.deps.clock.now();
  const row = await attachGuardianRow(tx, {
    inscriptionId: c.inscriptionId,
    personId,
    relationshipId,
    now,
    userId: c.user.id,
  });
  if (!row) throw new AppError('conflict', holderMessages.alreadyGuardian);
  return row.id;
}

/**
 * 'Agregar Titular' after a found search: the person joins the student's guardians with a
 * relationship. A person SEGIP has not confirmed yet is checked first ('Error en el servicio de
 * verificacion.' when SEGIP does not confirm them). After 'Editar Datos' the body carries the
 * corrected data: SEGIP confirms them before the transaction, and the guardian, the corrected person
 * and both audit rows are written in one transaction, so a refused join (409 'ya figura') leaves the
 * person as it was (issue 12).
 */
export async function addExistingGuardian(
  c: Change,
  body: z.output<typeof addGuardianRequest>,
): Promise<TitularModalResponse> {
  // Another school's student is refused before anything is asked of SEGIP; the lock re-checks it.
  await loadInscription(c.deps.db, c.sie, c.inscriptionId);
  // The person comes from any school, so the id alone proves nothing: it must be one this user's own
  // search found by document (audited, throttled), or any id could be added and read in full.
  await assertFoundBySearch(c.deps.db, c.user.id, body.personId);
  const person = await findPerson(c.deps.db, body.personId);
  const corrected = body.person;
  if (corrected) {
    assertAdult(corrected.birthDate, c.deps.clock.today());
    await verifyWithSegip(
      c.deps,
      segipPersonOf({ ...corrected, carnet: person.carnet, complemento: person.complemento }),
    );
  } else if (!person.segipVerifiedAt) {
    await verifyWithSegip(
      c.deps,
      segipPersonOf({
        ...person,
        name: person.name,
        paterno: person.firstLastName,
        materno: person.secondLastName,
      }),
    );
  }
  return c.deps.db.transaction(async (tx) => {
    const locked = await (c.gate ?? lockForChange)(c.deps, tx, c.sie, c.inscriptionId);
    assertRelationshipAllowed(locked.facts.codeType, body.relationshipId);
    if (!person.segipVerifiedAt && !corrected) await markSegipVerified(tx, person.id, c.deps.clock.now());
    const guardianId = await attachGuardian(tx, c, person.id, body.relationshipId);
    // Once a guardian of this student the person is in the school's place: the correction may follow.
    if (corrected)
      await writePersonUpdate(
        tx,
        c.deps,
        c.user,
        { sie: c.sie, inscriptionId: c.inscriptionId },
        person.id,
        corrected,
        c.ip,
      );
    await writeAudit(tx, {
      userId: c.user.id,
      action: 'holders.guardian.add',
      entity: 'inscription',
      entityId: c.inscriptionId,
      after: { guardianId, personId: person.id, relationshipId: body.relationshipId },
      ip: c.ip,
    });
    return titularModal(c.deps, c.user, c.sie, c.inscriptionId, tx, locked);
  });
}

/** 'Nuevo Titular': SEGIP confirms the data, then the person is created and joins the guardians. */
export async function addNewTitular(
  c: Change,
  body: z.output<typeof newTitularRequest>,
): Promise<TitularModalResponse> {
  assertAdult(body.birthDate, c.deps.clock.today());
  await loadInscription(c.deps.db, c.sie, c.inscriptionId);
  const existing = await searchPerson(c.deps.db, body.carnet, body.complemento);
  if (existing.found) throw new AppError('conflict', holderMessages.personExists);
  await verifyWithSegip(c.deps, segipPersonOf(body));
  return c.deps.db.transaction(async (tx) => {
    const locked = await (c.gate ?? lockForChange)(c.deps, tx, c.sie, c.inscriptionId);
    assertRelationshipAllowed(locked.facts.codeType, body.relationshipId);
    const rows = await createPersonStatement(tx, {
      carnet: body.carnet,
      complemento: body.complemento,
      paterno: body.paterno,
      materno: body.materno,
      name: body.name,
      birthDate: body.birthDate,
      gender: body.gender,
      foreign: body.foreign,
      now: c.deps.clock.now(),
      inscriptionId: c.inscriptionId,
      inscriptionText: String(c.inscriptionId),
      relationshipId: body.relationshipId,
      userId: c.user.id,
      ip: c.ip,
    });
    // Someone registered the same document between our search and this insert: nothing was written
    // but the audit row, which the rollback takes back.
    if (rows.length === 0) throw new AppError('conflict', holderMessages.personExists);
    return titularModal(c.deps, c.user, c.sie, c.inscriptionId, tx, locked);
  });
}

async function lockGuardian(tx: Executor, inscriptionId: number, guardianId: number) {
  const row = await activeGuardian(tx, inscriptionId, guardianId);
  if (!row) throw new AppError('not_found', holderMessages.invalidTitular);
  return row;
}

/** 'Actualizar parentesco': only the relationship changes; the active titular follows it (and its holder type). */
export async function changeRelationship(
  c: Change,
  guardianId: number,
  relationshipId: number,
): Promise<TitularModalResponse> {
  return c.deps.db.transaction(async (tx) => {
    const locked = await (c.gate ?? lockForChange)(c.deps, tx, c.sie, c.inscriptionId);
    assertRelationshipAllowed(locked.facts.codeType, relationshipId);
    const guardian = await lockGuardian(tx, c.inscriptionId, guardianId);
    await setGuardianRelationship(tx, c.inscriptionId, guardianId, relationshipId);
    const titular = await activeAssignment(tx, c.inscriptionId);
    if (titular?.personId === guardian.personId) {
      await setAssignmentRelationship(
        tx,
        c.inscriptionId,
        titular.id,
        relationshipId,
        holderTypeForRelationship(relationshipId),
      );
    }
    await writeAudit(tx, {
      userId: c.user.id,
      action: 'holders.guardian.relationship',
      entity: 'inscription',
      entityId: c.inscriptionId,
      before: { guardianId, relationshipId: guardian.relationshipId },
      after: { guardianId, relationshipId },
      ip: c.ip,
    });
    return titularModal(c.deps, c.user, c.sie, c.inscriptionId, tx, locked);
  });
}

/** Delete in the titulars table: the selected titular cannot be removed (part 2 §4). */
export async function removeGuardian(c: Change, guardianId: number): Promise<TitularModalResponse> {
  return c.deps.db.transaction(async (tx) => {
    const locked = await (c.gate ?? lockForChange)(c.deps, tx, c.sie, c.inscriptionId);
    const guardian = await lockGuardian(tx, c.inscriptionId, guardianId);
    const titular = await activeAssignment(tx, c.inscriptionId);
    if (titular?.personId === guardian.personId)
      throw new AppError('conflict', holderMessages.cannotRemoveSelected);
    await removeGuardianRow(tx, c.inscriptionId, guardianId, c.deps.clock.now(), c.user.id);
    await writeAudit(tx, {
      userId: c.user.id,
      action: 'holders.guardian.remove',
      entity: 'inscription',
      entityId: c.inscriptionId,
      before: { guardianId, personId: guardian.personId, relationshipId: guardian.relationshipId },
      ip: c.ip,
    });
    return titularModal(c.deps, c.user, c.sie, c.inscriptionId, tx, locked);
  });
}

/**
 * 'Agregar los tutores de 2025' / 'Agregar' (issue 18, decision 041): the student's guardians of the
 * closest earlier year join this year's list with last year's relationship, in one transaction under
 * the same gate as every guardian write (the open year held first, a closed year's student refused,
 * the school's list open, the student in this school, locked). The candidates are read under the lock,
 * so a second call finds none left and adds nothing (200, `added: 0`). Each joins as 'Agregar
 * Titular' would join them (a removed guardian comes back, never a second row), under its rules: a
 * relationship this school admits and an identity SEGIP confirmed (an unconfirmed one is left to
 * 'Adicionar Titular', which asks SEGIP). One audit row, last, names everyone who joined.
 */
export async function addPreviousGuardians(
  c: Change,
  body: PreviousGuardiansRequest,
): Promise<PreviousGuardiansResponse> {
  return c.deps.db.transaction(async (tx) => {
    const locked = await (c.gate ?? lockForChange)(c.deps, tx, c.sie, c.inscriptionId);
    const state = await readTitularState(tx, c.inscriptionId);
    const offered = previousGuardiansOf(state.previousGuardians, locked.facts.codeType);
    const asked = body.personIds ? new Set(body.personIds) : null;
    const chosen = (offered?.candidates ?? []).filter((g) =>
      asked ? asked.has(g.personId) : g.refusal === null,
    );
    if (asked) {
      // A named person must be one of last year's guardians: already here is fine (idempotent).
      const known = await previousGuardianPersonIds(tx, c.inscriptionId);
      for (const personId of asked)
        if (!known.has(personId)) throw new AppError('not_found', previousGuardiansMessages.notPrevious);
      const refused = chosen.find((g) => g.refusal !== null);
      if (refused) throw new AppError('conflict', refused.refusal!);
    } else if (!offered && (await previousGuardianPersonIds(tx, c.inscriptionId)).size === 0) {
      throw new AppError('not_found', previousGuardiansMessages.none);
    }
    const added: Array<{ guardianId: number; personId: number; relationshipId: number }> = [];
    for (const g of chosen) {
      const guardianId = await attachGuardian(tx, c, g.personId, g.relationshipId);
      added.push({ guardianId, personId: g.personId, relationshipId: g.relationshipId });
    }
    const today = c.deps.clock.today();
    // Nobody left to add (a second click, a retried request): nothing written, not even an audit row.
    if (added.length === 0) return { ...buildTitularModal(c.user, locked, state, today), added: 0 };
    await writeAudit(tx, {
      userId: c.user.id,
      action: 'holders.guardian.add_previous',
      entity: 'inscription',
      entityId: c.inscriptionId,
      after: { previousYear: offered!.year, guardians: added },
      ip: c.ip,
    });
    const after = await readTitularState(tx, c.inscriptionId);
    return { ...buildTitularModal(c.user, locked, after, today), added: added.length };
  });
}
