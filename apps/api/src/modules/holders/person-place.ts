import { holderMessages } from '@bjp/domain';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { type PersonPlace, personInPlaceRow } from './queries/persons.js';

export type { PersonPlace };

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
  const row = await personInPlaceRow(db, place, personId, options.lock ?? false);
  if (!row) throw notInPlace(place);
  return row;
}
