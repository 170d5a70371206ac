import type { personData } from '@bjp/domain';
import { holderMessages, isAdultOn, type PersonResponse } from '@bjp/domain';
import type { z } from 'zod';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import { type SegipPerson, SegipUnavailableError } from '../../integrations/segip/client.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { assertListOpen, institutionFacts } from './context.js';
import { toPersonResponse } from './modal.js';
import { findPersonIn, notInPlace, type PersonPlace } from './person-place.js';
import { personByDocumentRow, personById, updatePersonInPlace } from './queries/persons.js';

export type PersonFields = z.output<typeof personData>;

/**
 * A person already registered as a holder anywhere, by document, for the server's own checks. What a
 * user's 'Buscar' answers is person-search.ts: masked, throttled and audited.
 */
export async function searchPerson(
  db: Executor,
  carnet: string,
  complemento: string,
): Promise<{ found: boolean; person: PersonResponse | null }> {
  const row = await personByDocumentRow(db, carnet, complemento);
  return row ? { found: true, person: toPersonResponse(row) } : { found: false, person: null };
}

/**
 * Asks SEGIP whether the data belong to the document. Called before any transaction opens, so a slow
 * identity service holds no lock. Unavailable → 503 'Error en el servicio de verificación con el
 * SEGIP.'; a negative answer → 409 'Error en el servicio de verificación.' with SEGIP's observation.
 * Either way nothing has changed.
 */
export async function verifyWithSegip(deps: AppDeps, person: SegipPerson): Promise<void> {
  let verdict: Awaited<ReturnType<AppDeps['integrations']['segip']['verify']>>;
  try {
    verdict = await deps.integrations.segip.verify(person);
  } catch (error) {
    if (error instanceof SegipUnavailableError)
      throw new AppError('upstream_failure', holderMessages.segipFailure);
    throw error;
  }
  if (verdict.result === 'match') return;
  const observation =
    verdict.result === 'unknown' ? holderMessages.segipUnknown : holderMessages.segipMismatch;
  throw new AppError('conflict', holderMessages.verificationFailed, {
    segip: verdict.result,
    observation,
    fields: verdict.result === 'mismatch' ? verdict.fields : [],
  });
}

export const segipPersonOf = (
  p: { carnet: string; complemento: string } & Pick<
    PersonFields,
    'name' | 'paterno' | 'materno' | 'birthDate'
  >,
): SegipPerson => ({
  carnet: p.carnet,
  complemento: p.complemento,
  name: p.name,
  paterno: p.paterno,
  materno: p.materno,
  birthDate: p.birthDate,
});

/** A titular must be of age to collect cash (the domain's rule, on Bolivia's today). */
export function assertAdult(birthDate: string, today: string): void {
  if (!isAdultOn(birthDate, today)) throw new AppError('bad_request', holderMessages.notAdult);
}

export async function findPerson(db: Executor, personId: number) {
  const row = await personById(db, personId);
  if (!row) throw new AppError('not_found', holderMessages.personNotFound);
  return row;
}

/**
 * 'Editar Datos': corrects a holder's names, birth date, gender or nationality once SEGIP confirms
 * the new data for the same document. Persons are shared by every school, so the change is allowed
 * only while the school it is made from has an open list, and it is audited.
 */
export async function updatePerson(
  deps: AppDeps,
  user: AuthUser,
  sie: number,
  personId: number,
  data: PersonFields,
  ip: string,
): Promise<PersonResponse> {
  assertListOpen(await institutionFacts(deps, deps.db, sie));
  assertAdult(data.birthDate, deps.clock.today());
  // Only an adult of one of this school's students (404 before SEGIP is asked anything).
  const current = await findPersonIn(deps.db, { sie }, personId);
  await verifyWithSegip(
    deps,
    segipPersonOf({ ...data, carnet: current.carnet, complemento: current.complemento }),
  );
  return deps.db.transaction((tx) => writePersonUpdate(tx, deps, user, { sie }, personId, data, ip));
}

/**
 * The write of 'Editar Datos' inside the caller's transaction, once SEGIP confirmed the data: the
 * person row and its audit row. Adjustments call it inside their own transaction. Both the locked
 * read and the update carry the place condition, so a person who is not (or no longer) an adult of
 * the place's students is answered 404 and left unchanged.
 */
export async function writePersonUpdate(
  tx: Executor,
  deps: AppDeps,
  user: AuthUser,
  place: PersonPlace,
  personId: number,
  data: PersonFields,
  ip: string,
): Promise<PersonResponse> {
  const before = await findPersonIn(tx, place, personId, { lock: true });
  const after = await updatePersonInPlace(tx, place, personId, {
    firstLastName: data.paterno,
    secondLastName: data.materno,
    name: data.name,
    birthDate: data.birthDate,
    gender: data.gender,
    foreign: data.foreign,
    segipVerifiedAt: deps.clock.now(),
  });
  if (!after) throw notInPlace(place);
  await writeAudit(tx, {
    userId: user.id,
    action: 'holders.person.update',
    entity: 'person',
    entityId: personId,
    before: toPersonResponse(before),
    after: { ...toPersonResponse(after), sie: place.sie },
    ip,
  });
  return toPersonResponse(after);
}
