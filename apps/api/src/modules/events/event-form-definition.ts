import { eventMessages, type FormDefinition, storedFormDefinition } from '@bjp/domain';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { eventDefinitionRow } from './queries/form-version.js';

/**
 * The definition of the form version the event uses: its fields' names, labels and options as the
 * participants answered them (event_enrollments.extra is keyed by field name). 404 if no such event.
 */
export async function eventFormDefinition(db: Executor, eventId: number): Promise<FormDefinition> {
  const row = await eventDefinitionRow(db, eventId);
  if (!row) throw new AppError('not_found', eventMessages.eventNotFound);
  return storedFormDefinition.parse(row.definition);
}
