/** The titulars, guardians and persons of a student: what the modal reads and every change writes. */
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { namedStatement, preparedPerConnection } from '../../../db/prepared.js';
import { firstRow, rows } from '../../../db/rows.js';
import {
  beneficiaryExclusions,
  guardians,
  persons,
  relationships,
  titularAssignments,
} from '../../../db/schema/index.js';
import { auditInsert } from '../../../lib/audit.js';

export type PersonRow = typeof persons.$inferSelect;
export type GuardianRecord = typeof guardians.$inferSelect;

const p = (name: string) => sql.placeholder(name);

/**
 * Where a person is changed from. Persons are shared by every school, so a school may change only
 * those who are an active guardian (the titular is always one) of a student inscribed there; the
 * adjustments screen narrows it to the adults of the one student it shows.
 */
export type PersonPlace = { sie: number; inscriptionId?: number };

/**
 * The condition, to sit in the very statement that reads or writes the person row, so no check can
 * be skipped or raced. `persons.id` is written out: Drizzle renders a lone column unqualified, and
 * inside this subquery an unqualified "id" would bind to the guardian's.
 */
function personInPlace(place: PersonPlace): SQL {
  return sql`EXISTS (
    SELECT 1 FROM guardians pg JOIN inscriptions pn ON pn.id = pg.inscription_id
    WHERE pg.person_id = "persons"."id" AND pg.removed_at IS NULL AND pn.institution_id = ${place.sie}
    ${place.inscriptionId === undefined ? sql`` : sql`AND pn.id = ${place.inscriptionId}`})`;
}

/** The person, only if they belong to the place, or undefined; with `lock`, FOR UPDATE. */
export async function personInPlaceRow(db: Executor, place: PersonPlace, personId: number, lock: boolean) {
  const query = db
    .select()
    .from(persons)
    .where(and(eq(persons.id, personId), personInPlace(place)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Corrects the person's data if they (still) belong to the place; the row after, or undefined. */
export async function updatePersonInPlace(
  tx: Executor,
  place: PersonPlace,
  personId: number,
  values: Partial<typeof persons.$inferInsert>,
) {
  const [after] = await tx
    .update(persons)
    .set(values)
    .where(and(eq(persons.id, personId), personInPlace(place)))
    .returning();
  return after;
}

// Every 'Buscar' and every 'Nuevo Titular' runs it: prepared once per connection.
const personByDocument = preparedPerConnection((db) =>
  db
    .select()
    .from(persons)
    .where(
      and(
        eq(persons.carnet, sql.placeholder('carnet')),
        eq(persons.complemento, sql.placeholder('complemento')),
      ),
    )
    .prepare('holders_person_by_document'),
);

/** A person registered anywhere with this document, or undefined (named statement). */
export async function personByDocumentRow(db: Executor, carnet: string, complemento: string) {
  const [row] = await personByDocument(db).execute({ carnet, complemento });
  return row;
}

/** The person with this id, or undefined. */
export async function personById(db: Executor, personId: number) {
  const [row] = await db.select().from(persons).where(eq(persons.id, personId));
  return row;
}

/** Records that SEGIP confirmed the person. */
export async function markSegipVerified(tx: Executor, personId: number, at: Date) {
  await tx.update(persons).set({ segipVerifiedAt: at }).where(eq(persons.id, personId));
}

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

export type PreviousTitularRow = {
  year: number;
  person_id: number;
  carnet: string;
  complemento: string;
  paterno: string;
  materno: string;
  name: string;
  birth_date: string;
  verified: boolean;
  relationship_id: number;
  relationship_name: string;
};

/**
 * The student's titular at the end of the previous year (issue 18): the active assignment of the
 * same student's inscription of the year before this inscription's, with the person as they are now
 * (persons carry over). Undefined when the student had no inscription or no titular that year.
 */
export async function previousTitularRow(db: Executor, inscriptionId: number) {
  return firstRow<PreviousTitularRow>(
    db,
    sql`SELECT pn.year, p.id AS person_id, p.carnet, p.complemento, p.first_last_name AS paterno,
          p.second_last_name AS materno, p.name, p.birth_date::text AS birth_date,
          p.segip_verified_at IS NOT NULL AS verified, a.relationship_id, r.name AS relationship_name
        FROM inscriptions n
        JOIN inscriptions pn ON pn.student_id = n.student_id AND pn.year = n.year - 1
        JOIN titular_assignments a ON a.inscription_id = pn.id AND a.removed_at IS NULL
        JOIN persons p ON p.id = a.person_id
        JOIN relationships r ON r.id = a.relationship_id
        WHERE n.id = ${inscriptionId}
        LIMIT 1`,
  );
}

/** A guardian of the earlier year, as last year's titular is read (the same person columns). */
export type PreviousGuardianRow = Omit<PreviousTitularRow, 'birth_date'>;

/**
 * The student's active guardians of the closest earlier year the student was inscribed in (issue 18,
 * decision 041) who are not active guardians of this inscription, with the person as they are now
 * (persons carry over). Empty when there is no earlier inscription or nobody is left to offer.
 */
export function previousGuardianRows(db: Executor, inscriptionId: number) {
  return rows<PreviousGuardianRow>(
    db,
    sql`SELECT pn.year, p.id AS person_id, p.carnet, p.complemento, p.first_last_name AS paterno,
          p.second_last_name AS materno, p.name, p.segip_verified_at IS NOT NULL AS verified,
          g.relationship_id, r.name AS relationship_name
        FROM inscriptions n
        JOIN LATERAL (
          SELECT e.id, e.year FROM inscriptions e
          WHERE e.student_id = n.student_id AND e.year < n.year
          ORDER BY e.year DESC LIMIT 1
        ) pn ON true
        JOIN guardians g ON g.inscription_id = pn.id AND g.removed_at IS NULL
        JOIN persons p ON p.id = g.person_id
        JOIN relationships r ON r.id = g.relationship_id
        WHERE n.id = ${inscriptionId}
          AND NOT EXISTS (
            SELECT 1 FROM guardians c
            WHERE c.inscription_id = n.id AND c.person_id = g.person_id AND c.removed_at IS NULL)
        ORDER BY g.created_at, g.id`,
  );
}

/** The persons who were active guardians of the student in the closest earlier year, added here or not. */
export async function previousGuardianPersonIds(db: Executor, inscriptionId: number): Promise<Set<number>> {
  const found = await rows<{ person_id: number }>(
    db,
    sql`SELECT g.person_id
        FROM inscriptions n
        JOIN LATERAL (
          SELECT e.id FROM inscriptions e
          WHERE e.student_id = n.student_id AND e.year < n.year
          ORDER BY e.year DESC LIMIT 1
        ) pn ON true
        JOIN guardians g ON g.inscription_id = pn.id AND g.removed_at IS NULL
        WHERE n.id = ${inscriptionId}`,
  );
  return new Set(found.map((r) => Number(r.person_id)));
}
