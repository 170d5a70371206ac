import { type FieldDefinition, storedFormDefinition } from '@bjp/domain';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { enrollmentForms, events } from '../../db/schema/index.js';

/**
 * The enrollment form definition used for an event's answers (event_enrollments.extra), or null when
 * the event does not exist. The ONE place that knows which definition applies: today an event points
 * at a saved form that is never edited; if forms ever get versions, only this function changes (e.g.
 * to read the version stored with the event or the enrollment).
 */
export async function eventFormDefinition(db: Executor, eventId: number): Promise<FieldDefinition[] | null> {
  const [row] = await db
    .select({ definition: enrollmentForms.definition })
    .from(events)
    .innerJoin(enrollmentForms, eq(enrollmentForms.id, events.enrollmentFormId))
    .where(eq(events.id, eventId));
  if (!row) return null;
  return storedFormDefinition.parse(row.definition).fields;
}
