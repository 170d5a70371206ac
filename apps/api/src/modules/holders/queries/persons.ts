/**
 * The persons behind titulars and guardians: found by document or id, and changed only from a
 * place they belong to.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { preparedPerConnection } from '../../../db/prepared.js';
import { persons } from '../../../db/schema/index.js';

export type PersonRow = typeof persons.$inferSelect;

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
