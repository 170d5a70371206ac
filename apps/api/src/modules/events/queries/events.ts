import {
  DEFAULT_PAGE_SIZE,
  type EventCreateFields,
  type EventRow,
  type EventUpdateFields,
  eventStates,
} from '@bjp/domain';
import { and, count, desc, eq, gte, ilike, isNull, max, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import {
  enrollmentForms,
  eventEnrollments,
  eventFiles,
  eventSeats,
  events,
  periods,
  places,
} from '../../../db/schema/index.js';
import { isEventStage, kindLabel } from './kinds.js';

const rowColumns = {
  id: events.id,
  title: events.title,
  description: events.description,
  minimum: events.minimum,
  maximum: events.maximum,
  withLimitControl: events.withLimitControl,
  state: events.state,
  inbox: events.inbox,
  // Active enrollments only: a cancelled one gave its place back (issue 15).
  enrolled: sql<number>`(select count(*) from event_enrollments x
    where x.event_id = ${events.id} and x.cancelled_at is null)::int`,
  startsOn: events.startsOn,
  endsOn: events.endsOn,
  duration: events.duration,
  placeName: places.description,
  kindEventName: kindLabel,
  formName: enrollmentForms.name,
  files: sql<EventRow['files']>`coalesce((select array_agg(f.kind order by f.kind) from event_files f
    where f.event_id = ${events.id} and f.current), '{}')`,
};

/** A page of events (of one state, or all; searched by title or description), newest first, and how many match. */
export async function eventPage(
  db: Executor,
  query: { state: number | null; search: string | null; page: number },
) {
  const { state, search } = query;
  const where: SQL | undefined = and(
    state === null ? undefined : eq(events.state, state),
    search ? or(ilike(events.title, search), ilike(events.description, search)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(rowColumns)
      .from(events)
      .innerJoin(places, eq(places.id, events.placeId))
      .innerJoin(periods, eq(periods.id, events.kindEventId))
      .innerJoin(enrollmentForms, eq(enrollmentForms.id, events.enrollmentFormId))
      .where(where)
      .orderBy(desc(events.id))
      .limit(DEFAULT_PAGE_SIZE)
      .offset((query.page - 1) * DEFAULT_PAGE_SIZE),
    db.select({ n: count() }).from(events).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

type Choices = Pick<EventCreateFields, 'placeId' | 'kindEventId' | 'enrollmentFormId'>;

/** The chosen place, kind and form with their active flags, each locked FOR SHARE; undefined when missing. */
export async function lockChoices(tx: Executor, fields: Choices) {
  const [place] = await tx
    .select({ state: places.state })
    .from(places)
    .where(eq(places.id, fields.placeId))
    .for('share');
  const [kind] = await tx
    .select({ active: periods.active, stage: isEventStage })
    .from(periods)
    .where(eq(periods.id, fields.kindEventId))
    .for('share');
  const [form] = await tx
    .select({ state: enrollmentForms.state, version: enrollmentForms.version })
    .from(enrollmentForms)
    .where(eq(enrollmentForms.id, fields.enrollmentFormId))
    .for('share');
  return { place, kind, form };
}

/** Creates an event and returns its id. */
export async function insertEvent(tx: Executor, values: typeof events.$inferInsert): Promise<number> {
  const [created] = await tx.insert(events).values(values).returning({ id: events.id });
  return created!.id;
}

/** Creates an event's shards of free places. */
export async function insertSeats(tx: Executor, eventId: number, shards: number[]) {
  await tx.insert(eventSeats).values(
    shards.map((remaining, shard) => ({
      eventId,
      shard,
      remaining,
    })),
  );
}

/** Stores an event's first files. */
export async function insertFirstFiles(tx: Executor, files: Array<typeof eventFiles.$inferInsert>) {
  await tx.insert(eventFiles).values(files);
}

/** An event as the list shows it; or undefined. */
export async function eventRow(db: Executor, id: number): Promise<EventRow | undefined> {
  const [row] = await db
    .select(rowColumns)
    .from(events)
    .innerJoin(places, eq(places.id, events.placeId))
    .innerJoin(periods, eq(periods.id, events.kindEventId))
    .innerJoin(enrollmentForms, eq(enrollmentForms.id, events.enrollmentFormId))
    .where(eq(events.id, id));
  return row;
}

/** 'Enviar' as a conditional UPDATE: a created, unsent event not yet ended becomes active; or undefined. */
export async function markEventSent(tx: Executor, id: number, userId: number, now: Date, today: string) {
  const [changed] = await tx
    .update(events)
    .set({ state: eventStates.active, inbox: 1, sentAt: now, sentBy: userId })
    .where(
      and(
        eq(events.id, id),
        eq(events.state, eventStates.created),
        eq(events.inbox, 0),
        sql`${events.endsOn} >= ${today}::date`,
      ),
    )
    .returning({ id: events.id, state: events.state, inbox: events.inbox });
  return changed;
}

/** 'Concluir' as a conditional UPDATE: an active event becomes concluded; or undefined. */
export async function markEventConcluded(tx: Executor, id: number, userId: number, now: Date) {
  const [changed] = await tx
    .update(events)
    .set({ state: eventStates.concluded, concludedAt: now, concludedBy: userId })
    .where(and(eq(events.id, id), eq(events.state, eventStates.active)))
    .returning({ id: events.id, state: events.state, inbox: events.inbox });
  return changed;
}

/** The event's state, its row locked for update; or undefined. */
export async function lockEventState(tx: Executor, id: number) {
  const [before] = await tx
    .select({ state: events.state })
    .from(events)
    .where(eq(events.id, id))
    .for('update');
  return before;
}

/** Cancels an event (state 4). */
export async function markEventCancelled(tx: Executor, id: number) {
  const [changed] = await tx
    .update(events)
    .set({ state: eventStates.cancelled })
    .where(eq(events.id, id))
    .returning({ id: events.id, state: events.state, inbox: events.inbox });
  return changed!;
}

/** The event's id when it exists; or undefined. */
export async function eventById(tx: Executor, id: number) {
  const [exists] = await tx.select({ id: events.id }).from(events).where(eq(events.id, id));
  return exists;
}

const editable = {
  title: events.title,
  description: events.description,
  detail: events.detail,
  startsOn: events.startsOn,
  endsOn: events.endsOn,
  placeId: events.placeId,
  kindEventId: events.kindEventId,
  enrollmentFormId: events.enrollmentFormId,
  minimum: events.minimum,
  maximum: events.maximum,
  withLimitControl: events.withLimitControl,
};
/** The fields of an event an edit may change. */
export type Editable = { [K in keyof typeof editable]: EventUpdateFields[K] };

/** The event's editable fields and state, its row locked for update; or undefined. */
export async function lockEditableEvent(tx: Executor, id: number) {
  const [before] = await tx
    .select({ ...editable, state: events.state })
    .from(events)
    .where(eq(events.id, id))
    .for('update');
  return before;
}

/** The event's active (not cancelled) enrollments. */
export async function countActiveEnrollments(tx: Executor, eventId: number): Promise<number> {
  const [enrolled] = await tx
    .select({ n: count() })
    .from(eventEnrollments)
    // Cancelled enrollments gave their place back (participants, 'Anular inscripción').
    .where(and(eq(eventEnrollments.eventId, eventId), isNull(eventEnrollments.cancelledAt)));
  return enrolled?.n ?? 0;
}

/** Drops every shard of free places (the event has no maximum any more). */
export async function deleteSeats(tx: Executor, eventId: number) {
  await tx.delete(eventSeats).where(eq(eventSeats.eventId, eventId));
}

/** Sets shard i's free places to shards[i], in place, and removes surplus shards. */
export async function writeSeats(tx: Executor, eventId: number, shards: number[]) {
  await tx
    .insert(eventSeats)
    .values(shards.map((remaining, shard) => ({ eventId, shard, remaining })))
    .onConflictDoUpdate({
      target: [eventSeats.eventId, eventSeats.shard],
      set: { remaining: sql`excluded.remaining` },
    });
  await tx
    .delete(eventSeats)
    .where(and(eq(eventSeats.eventId, eventId), gte(eventSeats.shard, shards.length)));
}

/** Stores a new current version of an event's file (the latest number + 1) and returns its number. */
export async function addFileVersion(
  tx: Executor,
  file: Omit<typeof eventFiles.$inferInsert, 'version' | 'current'>,
) {
  const { eventId, kind } = file;
  const [last] = await tx
    .select({ version: max(eventFiles.version) })
    .from(eventFiles)
    .where(and(eq(eventFiles.eventId, eventId), eq(eventFiles.kind, kind)));
  const version = (last?.version ?? 0) + 1;
  await tx
    .update(eventFiles)
    .set({ current: false })
    .where(and(eq(eventFiles.eventId, eventId), eq(eventFiles.kind, kind), eq(eventFiles.current, true)));
  await tx.insert(eventFiles).values({
    eventId,
    kind,
    version,
    current: true,
    createdBy: file.createdBy,
    storageKey: file.storageKey,
    contentType: file.contentType,
    sizeBytes: file.sizeBytes,
    originalName: file.originalName,
  });
  return version;
}

/** Writes an edited event. */
export async function updateEventRow(tx: Executor, id: number, values: Partial<typeof events.$inferInsert>) {
  await tx.update(events).set(values).where(eq(events.id, id));
}
