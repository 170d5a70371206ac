/** The audited person search and the check that a user's search found a person. */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { namedStatement } from '../../../db/prepared.js';
import { rows } from '../../../db/rows.js';
import { auditInsert } from '../../../lib/audit.js';

/** The audit action of a search; the activity list of users/search-activity.ts counts these rows. */
export const PERSON_SEARCH_ACTION = 'holders.person.search';
export const PERSON_SEARCH_ENTITY = 'person_search';

/** How long the id a search answered stays good for adding that person (see assertFoundBySearch). */
export const SEARCH_VALID_MINUTES = 60;

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

/** The person with this document (masked later) and the search's audit row, in one named statement. */
export function searchPersonRows(
  db: Executor,
  search: { carnet: string; complemento: string; userId: number; ip: string },
) {
  return searchStatement(db, search);
}

/** Whether this user's own search found this person in the last SEARCH_VALID_MINUTES. */
export async function foundBySearch(db: Executor, userId: number, personId: number): Promise<boolean> {
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
  return found.length > 0;
}
