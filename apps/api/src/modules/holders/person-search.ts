import {
  holderMessages,
  maskName,
  type PersonSearchResponse,
  personSearchRequest,
  personSearchResponse,
} from '@bjp/domain';
import type { AppInstance } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import { guard } from '../../auth/guard.js';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import {
  foundBySearch,
  PERSON_SEARCH_ACTION,
  PERSON_SEARCH_ENTITY,
  SEARCH_VALID_MINUTES,
  searchPersonRows,
} from './queries/person-search.js';

/** Searches a user may run in a minute: a school at its busiest registers a parent every minute or two. */
export const PERSON_SEARCHES_PER_MINUTE = 30;

export { PERSON_SEARCH_ACTION, PERSON_SEARCH_ENTITY, SEARCH_VALID_MINUTES };

/** 'Buscar' in the titular modal: the person with this document, masked (see personSearchMatch). */
export async function searchPersonAudited(
  db: Executor,
  user: AuthUser,
  document: { carnet: string; complemento: string },
  ip: string,
): Promise<PersonSearchResponse> {
  const [row] = await searchPersonRows(db, { ...document, userId: user.id, ip });
  if (!row) return { found: false, person: null };
  return {
    found: true,
    person: {
      id: row.id,
      paterno: maskName(row.paterno),
      materno: maskName(row.materno),
      name: maskName(row.name),
    },
  };
}

/**
 * That this user's own search found this person in the last hour, read from the audit rows the
 * search leaves. For 'Agregar Titular' (POST …/guardians {personId}): the modal's answer lists a
 * guardian's full data, so an id that was never found by document would let any id be read in full.
 * Answers 404, as for an id that does not exist. addExistingGuardian (guardians.ts) is where it
 * belongs, first thing; the tests that add a person without searching must search first then.
 */
export async function assertFoundBySearch(db: Executor, userId: number, personId: number): Promise<void> {
  if (!(await foundBySearch(db, userId, personId)))
    throw new AppError('not_found', holderMessages.personNotFound);
}

/**
 * POST /holders/persons/search, throttled per user. The limit is checked after the guard, so
 * refused callers do not use anyone's quota. Its counters live in this process (@fastify/rate-limit's
 * memory store): with N server copies a user gets up to N × 30 a minute until rate limits move to a
 * shared store; the audit rows and the activity list count every search whatever the copy.
 */
export function personSearchRoute(app: AppInstance) {
  app.post(
    '/holders/persons/search',
    {
      schema: { tags: ['holders'], body: personSearchRequest, response: { 200: personSearchResponse } },
      preHandler: guard('holders.edit'),
      config: {
        rateLimit: {
          max: PERSON_SEARCHES_PER_MINUTE,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (req) => `person-search:${req.user?.id ?? 'none'}`,
          errorResponseBuilder: () => new AppError('too_many_requests', holderMessages.personSearchThrottled),
          // A warning, not an error. The request's logger already names the user who hit the limit
          // (auth/authenticate.ts): a second userId key would repeat it in the same JSON line.
          onExceeded: (req) => req.log.warn('person search throttled'),
        },
      },
    },
    async (req) => searchPersonAudited(app.deps.db, req.authUser, req.body, req.ip),
  );
}
