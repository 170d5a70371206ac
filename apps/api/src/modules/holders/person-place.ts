import { holderMessages } from '@bjp/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { persons } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';

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
export function personInPlace(place: PersonPlace): SQL {
  return sql`EXISTS (
    SELECT 1 FROM guardians pg JOIN inscriptions pn ON pn.id = pg.inscription_id
    WHERE pg.person_id = "persons"."id" AND pg.removed_at IS NULL AND pn.institution_id = ${place.sie}
    ${place.inscriptionId === undefined ? sql`` : sql`AND pn.id = ${place.inscriptionId}`})`;
}

export const notInPlace = (place: PersonPlace) =>
  new AppError(
    'not_found',
    place.inscriptionId === undefined ? holderMessages.personNotInSchool : holderMessages.personNotOfStudent,
  );

/**
 * The person, only if they belong to the place (404 otherwise, the same answer as for an id that does
 * not exist, so nothing tells a caller whether a person is registered elsewhere). With `lock`, the row
 * is locked FOR UPDATE so the audit row's `before` is exactly what the update replaces.
 */
export async function findPersonIn(
  db: Executor,
  place: PersonPlace,
  personId: number,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select()
    .from(persons)
    .where(and(eq(persons.id, personId), personInPlace(place)));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notInPlace(place);
  return row;
}
