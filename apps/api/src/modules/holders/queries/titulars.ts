/** The titulars and guardians of a student: what the modal reads and every change writes. */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { namedStatement, preparedPerConnection } from '../../../db/prepared.js';
import {
  beneficiaryExclusions,
  guardians,
  persons,
  relationships,
  titularAssignments,
} from '../../../db/schema/index.js';
import { auditInsert } from '../../../lib/audit.js';

export type GuardianRecord = typeof guardians.$inferSelect;

const p = (name: string) => sql.placeholder(name);

/** The active titular of an inscription, if any. */
export async function activeAssignment(db: Executor, inscriptionId: number) {
  const [row] = await db
    .select()
    .from(titularAssignments)
    .where(and(eq(titularAssignments.inscriptionId, inscriptionId), isNull(titularAssignments.removedAt)));
  return row ?? null;
}

/**
 * One statement: the active titular, the open exclusion and the guardians (a row with null guardian
 * columns when there are none). A change reads it once under its lock and answers from it, so the
 * modal it returns costs no further round trip.
 */
const titularStateStatement = preparedPerConnection((db) => {
  const inscriptionId = sql.placeholder('inscriptionId');
  return db
    .select({
      titular: {
        id: titularAssignments.id,
        personId: titularAssignments.personId,
        relationshipId: titularAssignments.relationshipId,
        registeredInstitutionId: titularAssignments.registeredInstitutionId,
      },
      exclusionId: beneficiaryExclusions.id,
      guardian: guardians,
      person: persons,
      relationshipName: relationships.name,
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
    .leftJoin(guardians, and(eq(guardians.inscriptionId, inscriptionId), isNull(guardians.removedAt)))
    .leftJoin(persons, eq(persons.id, guardians.personId))
    .leftJoin(relationships, eq(relationships.id, guardians.relationshipId))
    .orderBy(asc(guardians.createdAt), asc(guardians.id))
    .prepare('holders_titular_state');
});

/** The rows of the titular state statement: one per active guardian (one with nulls when there is none). */
export function titularStateRows(db: Executor, inscriptionId: number) {
  return titularStateStatement(db).execute({ inscriptionId });
}

/**
 * Adds a person to the student's guardians, or brings back one removed earlier, in one statement; an
 * active row is left alone and returns nothing (undefined).
 */
export async function attachGuardianRow(
  tx: Executor,
  g: { inscriptionId: number; personId: number; relationshipId: number; now: Date; userId: number },
) {
  const [row] = await tx
    .insert(guardians)
    .values({
      inscriptionId: g.inscriptionId,
      personId: g.personId,
      relationshipId: g.relationshipId,
      createdAt: g.now,
      createdBy: g.userId,
    })
    .onConflictDoUpdate({
      target: [guardians.inscriptionId, guardians.personId],
      set: {
        relationshipId: g.relationshipId,
        removedAt: null,
        removedBy: null,
        createdAt: g.now,
        createdBy: g.userId,
      },
      setWhere: sql`${guardians.removedAt} IS NOT NULL`,
    })
    .returning({ id: guardians.id });
  return row;
}

/**
 * What 'Nuevo Titular' writes, in one named statement (every round trip counts at 50 directors at once):
 * the person SEGIP confirmed, the guardian, the audit row. A document registered meanwhile inserts
 * no person, so nothing follows and no row comes back.
 */
export const createPersonStatement = namedStatement<{ id: number }>(
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

/** The student's guardian with this id still active, or undefined. */
export async function activeGuardian(tx: Executor, inscriptionId: number, guardianId: number) {
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
  return row;
}

// Every write names the student too: a guardian id is only ever changed through its own student.
const ofStudent = (inscriptionId: number, guardianId: number) =>
  and(eq(guardians.id, guardianId), eq(guardians.inscriptionId, inscriptionId));

/** Changes the guardian's relationship. */
export async function setGuardianRelationship(
  tx: Executor,
  inscriptionId: number,
  guardianId: number,
  relationshipId: number,
) {
  await tx.update(guardians).set({ relationshipId }).where(ofStudent(inscriptionId, guardianId));
}

/** Changes the active titular's relationship and holder type. */
export async function setAssignmentRelationship(
  tx: Executor,
  inscriptionId: number,
  assignmentId: number,
  relationshipId: number,
  holderTypeId: number,
) {
  await tx
    .update(titularAssignments)
    .set({ relationshipId, holderTypeId })
    .where(and(eq(titularAssignments.id, assignmentId), eq(titularAssignments.inscriptionId, inscriptionId)));
}

/** Removes the guardian from the student's list (kept, with who and when). */
export async function removeGuardianRow(
  tx: Executor,
  inscriptionId: number,
  guardianId: number,
  at: Date,
  userId: number,
) {
  await tx
    .update(guardians)
    .set({ removedAt: at, removedBy: userId })
    .where(ofStudent(inscriptionId, guardianId));
}

export type WrittenRow = { titular_id: number | null; exclusion_id: number | null };

/**
 * The whole write in one statement, since at 50 directors at once every round trip counts: close the
 * active titular, open the new one, close or open the exclusion, and the audit row. The insert reads
 * the close's result through an aggregate, so the close has finished before the new row meets the
 * one-active-titular index (sibling CTEs otherwise run in no fixed order). Named, so PostgreSQL
 * parses and plans it once per connection; what it does is chosen by its parameters.
 */
export const writeTitularStatement = namedStatement<WrittenRow>(
  'holders_save_titular',
  sql`
    WITH closed AS (
      UPDATE titular_assignments SET removed_at = ${p('now')}::timestamptz, removed_by = ${p('userId')}::int
      WHERE id = ${p('closeId')}::int RETURNING id
    ), opened AS (
      INSERT INTO titular_assignments (inscription_id, person_id, relationship_id, holder_type_id,
        registered_institution_id, created_at, created_by)
      SELECT ${p('inscriptionId')}::int, ${p('openPersonId')}::int, ${p('openRelationshipId')}::int,
        ${p('openHolderTypeId')}::int, ${p('sie')}::int, ${p('now')}::timestamptz, ${p('userId')}::int
      FROM (SELECT count(*) FROM closed) AS after_close
      WHERE ${p('openPersonId')}::int IS NOT NULL
      RETURNING id
    ), exclusion_closed AS (
      UPDATE beneficiary_exclusions SET removed_at = ${p('now')}::timestamptz, removed_by = ${p('userId')}::int
      WHERE id = ${p('closeExclusionId')}::int RETURNING id
    ), exclusion_opened AS (
      INSERT INTO beneficiary_exclusions (inscription_id, institution_id, created_at, created_by)
      SELECT ${p('inscriptionId')}::int, ${p('sie')}::int, ${p('now')}::timestamptz, ${p('userId')}::int
      WHERE ${p('openExclusion')}::boolean
      RETURNING id
    ), audit AS (${auditInsert({
      userId: p('userId'),
      action: p('action'),
      entity: 'inscription',
      entityId: p('inscriptionText'),
      before: p('before'),
      after: p('after'),
      ip: p('ip'),
    })})
    SELECT (SELECT id FROM opened) AS titular_id, (SELECT id FROM exclusion_opened) AS exclusion_id`,
);
