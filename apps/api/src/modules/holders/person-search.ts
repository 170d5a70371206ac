import {
  holderMessages,
  maskName,
  type PersonSearchResponse,
  personSearchRequest,
  personSearchResponse,
} from '@bjp/domain';
import { sql } from 'drizzle-orm';
import type { AppInstance } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import { guard } from '../../auth/guard.js';
import type { Executor } from '../../db/client.js';
import { namedStatement } from '../../db/prepared.js';
import { rows } from '../../db/rows.js';
import { auditInsert } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';

/** Searches a user may run in a minute: a school at its busiest registers a parent every minute or two. */
export const PERSON_SEARCHES_PER_MINUTE = 30;

/** The audit action of a search; the activity list of users/search-activity.ts counts these rows. */
export const PERSON_SEARCH_ACTION = 'holders.person.search';
export const PERSON_SEARCH_ENTITY = 'person_search';

const p = (name: string) => sql.placeholder(name);

/**
 * The search and its audit row in one statement, so no search can answer without leaving its row
 * (who, when, from where, the document, whether it was found). The entity id is the document, so
 * "who looked this person up" is one indexed lookup.
 */
const searchStatement = namedStatement<{ id: number; paterno: string; materno: string; name: string }>(
  'holders_person_search_audited',
  sql`
    WITH person AS (
      SELECT id, first_last_name AS paterno, second_last_name AS materno, name
      FROM persons WHERE carnet = ${p('carnet')}::text AND complemento = ${p('complemento')}::text
    ), audit AS (${auditInsert({
      userId: p('userId'),
      action: PERSON_SEARCH_ACTION,
      entity: PERSON_SEARCH_ENTITY,
      entityId: p('carnet'),
      after: sql`jsonb_build_object('carnet', ${p('carnet')}::text, 'complemento', ${p('complemento')}::text,
        'found', EXISTS (SELECT 1 FROM person), 'personId', (SELECT id FROM person))`,
      ip: p('ip'),
    })})
    SELECT id, paterno, materno, name FROM person`,
);

/** 'Buscar' in the titular modal: the person with this document, masked (see personSearchMatch). */
export async function searchPersonAudited(
  db: Executor,
  user: AuthUser,
  document: { carnet: string; complemento: string },
  ip: string,
): Promise<PersonSearchResponse> {
  const [row] = await searchStatement(db, { ...document, userId: user.id, ip });
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

/** How long the id a search answered stays good for adding that person (see assertFoundBySearch). */
export const SEARCH_VALID_MINUTES = 60;

/**
 * That this user's own search found this person in the last hour, read from the audit rows the
 * search leaves. For 'Agregar Titular' (POST …/guardians {personId}): the modal's answer lists a
 * guardian's full data, so an id that was never found by document would let any id be read in full.
 * Answers 404, as for an id that does not exist. addExistingGuardian (guardians.ts) is where it
 * belongs, first thing; the tests that add a person without searching must search first then.
 */
export async function assertFoundBySearch(db: Executor, userId: number, personId: number): Promise<void> {
  const found = await rows<unknown>(
    db,
    sql`
    SELECT 1 FROM persons p
    JOIN audit_log a ON a.entity = ${PERSON_SEARCH_ENTITY} AND a.entity_id = p.carnet
    WHERE p.id = ${personId}::int AND a.user_id = ${userId}::int AND a.action = ${PERSON_SEARCH_ACTION}
      AND (a.after ->> 'personId')::int = p.id
      AND a.at >= now() - make_interval(mins => ${SEARCH_VALID_MINUTES}::int)
    LIMIT 1`,
  );
  if (found.length === 0) throw new AppError('not_found', holderMessages.personNotFound);
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
          // A warning, not an error: the user id lets operations see who hit the limit.
          onExceeded: (req) => req.log.warn({ userId: req.user?.id }, 'person search throttled'),
        },
      },
    },
    async (req) => searchPersonAudited(app.deps.db, req.user!, req.body, req.ip),
  );
}
