import {
  type addGuardianRequest,
  holderMessages,
  holderTypeForRelationship,
  type newTitularRequest,
  relationshipsAllowedFor,
  type TitularModalResponse,
} from '@bjp/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import { namedStatement } from '../../db/prepared.js';
import { guardians, persons, titularAssignments } from '../../db/schema/index.js';
import { auditInsert, writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { type ChangeGate, loadInscription, lockForChange } from './inscription.js';
import { activeAssignment, titularModal } from './modal.js';
import { assertFoundBySearch } from './person-search.js';
import {
  assertAdult,
  findPerson,
  searchPerson,
  segipPersonOf,
  verifyWithSegip,
  writePersonUpdate,
} from './persons.js';

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
  const [row] = await tx
    .insert(guardians)
    .values({
      inscriptionId: c.inscriptionId,
      personId,
      relationshipId,
      createdAt: now,
      createdBy: c.user.id,
    })
    .onConflictDoUpdate({
      target: [guardians.inscriptionId, guardians.personId],
      set: { relationshipId, removedAt: null, removedBy: null, createdAt: now, createdBy: c.user.id },
      setWhere: sql`${guardians.removedAt} IS NOT NULL`,
    })
    .returning({ id: guardians.id });
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
    if (!person.segipVerifiedAt && !corrected)
      await tx.update(persons).set({ segipVerifiedAt: c.deps.clock.now() }).where(eq(persons.id, person.id));
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

const p = (name: string) => sql.placeholder(name);

/**
 * What 'Nuevo Titular' writes, in one named statement (every round trip counts at 50 directors at once):
 * the person SEGIP confirmed, the guardian, the audit row. A document registered meanwhile inserts
 * no person, so nothing follows and no row comes back.
 */
const createPersonStatement = namedStatement<{ id: number }>(
  'holders_create_titular_person',
  sql`
    WITH person AS (
      INSERT INTO persons (carnet, complemento, first_last_name, second_last_name, name, birth_date,
        gender, "foreign", segip_verified_at)
      VALUES (${p('carnet')}::text, ${p('complemento')}::text, ${p('paterno')}::text, ${p('materno')}::text,
        ${p('name')}::text, ${p('birthDate')}::date, ${p('gender')}::int, ${p('foreign')}::boolean,
        ${p('now')}::timestamptz)
      ON CONFLICT (carnet, complemento) DO NOTHING
      RETURNING id
    ), guardian AS (
      INSERT INTO guardians (inscription_id, person_id, relationship_id, created_at, created_by)
      SELECT ${p('inscriptionId')}::int, id, ${p('relationshipId')}::int, ${p('now')}::timestamptz, ${p('userId')}::int
      FROM person RETURNING id, person_id
    ), audit AS (${auditInsert({
      userId: p('userId'),
      action: 'holders.person.create',
      entity: 'inscription',
      entityId: p('inscriptionText'),
      after: sql`(SELECT jsonb_build_object('guardianId', id, 'personId', person_id,
        'carnet', ${p('carnet')}::text, 'complemento', ${p('complemento')}::text,
        'relationshipId', ${p('relationshipId')}::int) FROM guardian)`,
      ip: p('ip'),
    })})
    SELECT id FROM guardian`,
);

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

const ofStudent = (c: Change, guardianId: number) =>
  and(eq(guardians.id, guardianId), eq(guardians.inscriptionId, c.inscriptionId));

async function lockGuardian(tx: Executor, inscriptionId: number, guardianId: number) {
  const [row] = await tx
    .select()
    .from(guardians)
    .where(
      and(
        eq(guardians.id, guardianId),
        eq(guardians.inscriptionId, inscriptionId),
        isNull(guardians.removedAt),
      ),
    );
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
    // Every write names the student too: a guardian id is only ever changed through its own student.
    await tx.update(guardians).set({ relationshipId }).where(ofStudent(c, guardianId));
    const titular = await activeAssignment(tx, c.inscriptionId);
    if (titular?.personId === guardian.personId) {
      await tx
        .update(titularAssignments)
        .set({ relationshipId, holderTypeId: holderTypeForRelationship(relationshipId) })
        .where(
          and(eq(titularAssignments.id, titular.id), eq(titularAssignments.inscriptionId, c.inscriptionId)),
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
    await tx
      .update(guardians)
      .set({ removedAt: c.deps.clock.now(), removedBy: c.user.id })
      .where(ofStudent(c, guardianId));
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
