import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { eventFiles, events } from '../../../db/schema/index.js';

const fileColumns = {
  state: events.state,
  storageKey: eventFiles.storageKey,
  contentType: eventFiles.contentType,
  sizeBytes: eventFiles.sizeBytes,
  originalName: eventFiles.originalName,
};

/** The current file of this kind of the event, with the event's state; or undefined. */
export async function currentEventFile(db: Executor, eventId: number, kind: string) {
  const [row] = await db
    .select(fileColumns)
    .from(eventFiles)
    .innerJoin(events, eq(events.id, eventFiles.eventId))
    .where(and(eq(eventFiles.eventId, eventId), eq(eventFiles.kind, kind), eq(eventFiles.current, true)));
  return row;
}

/** One version of the event's file of this kind, with the event's state; or undefined. */
export async function eventFileVersion(db: Executor, eventId: number, kind: string, version: number) {
  const [row] = await db
    .select(fileColumns)
    .from(eventFiles)
    .innerJoin(events, eq(events.id, eventFiles.eventId))
    .where(and(eq(eventFiles.eventId, eventId), eq(eventFiles.kind, kind), eq(eventFiles.version, version)));
  return row;
}
