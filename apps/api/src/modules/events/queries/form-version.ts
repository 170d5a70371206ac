import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { enrollmentFormVersions, events } from '../../../db/schema/index.js';

/**
 * The join from an event to the form version it was created with. The one place that says which
 * definition an event uses: the public page, the answers' check and the participants' labels all go
 * through it, so an edit of the form (a new version) never changes what an existing event asks.
 */
export const eventVersionJoin = and(
  eq(enrollmentFormVersions.formId, events.enrollmentFormId),
  eq(enrollmentFormVersions.version, events.enrollmentFormVersion),
);

/** The stored definition of the form version the event uses; undefined when there is no such event. */
export async function eventDefinitionRow(db: Executor, eventId: number) {
  const [row] = await db
    .select({ definition: enrollmentFormVersions.definition })
    .from(events)
    .innerJoin(enrollmentFormVersions, eventVersionJoin)
    .where(eq(events.id, eventId));
  return row;
}
