import { eventMessages, type FormDefinition, storedFormDefinition } from '@bjp/domain';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { enrollmentFormVersions, events } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';

/**
 * The join from an event to the form version it was created with. The one place that says which
 * definition an event uses: the public page, the answers' check and the participants' labels all go
 * through it, so an edit of the form (a new version) never changes what an existing event asks.
 */
export const eventVersionJoin = and(
  eq(enrollmentFormVersions.formId, events.enrollmentFormId),
  eq(enrollmentFormVersions.version, events.enrollmentFormVersion),
);

/**
 * The definition of the form version the event uses: its fields' names, labels and options as the
 * participants answered them (event_enrollments.extra is keyed by field name). 404 if no such event.
 */
export async function eventFormDefinition(db: Executor, eventId: number): Promise<FormDefinition> {
  const [row] = await db
    .select({ definition: enrollmentFormVersions.definition })
    .from(events)
    .innerJoin(enrollmentFormVersions, eventVersionJoin)
    .where(eq(events.id, eventId));
  if (!row) throw new AppError('not_found', eventMessages.eventNotFound);
  return storedFormDefinition.parse(row.definition);
}
