import {
  DEFAULT_PAGE_SIZE,
  type EventCreateFields,
  type EventListQuery,
  type EventRow,
  type EventStateChange,
  eventDays,
  eventMessages,
  eventStates,
  eventTabs,
  type Page,
} from '@bjp/domain';
import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import { enrollmentForms, eventFiles, eventSeats, events, periods, places } from '../../db/schema/index.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { fileStoreFor } from '../../lib/file-store.js';
import { isEventStage, kindLabel } from './kinds.js';
import { seatShards } from './seats.js';
import { type CheckedFile, withStoredFiles } from './uploads.js';

export const rowColumns = {
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

/** 'Lista eventos': one tab (state) or all, newest first, 10 a page. */
export async function listEvents(deps: AppDeps, query: EventListQuery): Promise<Page<EventRow>> {
  const state = eventTabs.find((t) => t.id === query.tab)?.state ?? null;
  const search = query.search ? `%${query.search.replace(/[%_\\]/g, '\\$&')}%` : null;
  const where: SQL | undefined = and(
    state === null ? undefined : eq(events.state, state),
    search ? or(ilike(events.title, search), ilike(events.description, search)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    deps.db
      .select(rowColumns)
      .from(events)
      .innerJoin(places, eq(places.id, events.placeId))
      .innerJoin(periods, eq(periods.id, events.kindEventId))
      .innerJoin(enrollmentForms, eq(enrollmentForms.id, events.enrollmentFormId))
      .where(where)
      .orderBy(desc(events.id))
      .limit(DEFAULT_PAGE_SIZE)
      .offset((query.page - 1) * DEFAULT_PAGE_SIZE),
    deps.db.select({ n: count() }).from(events).where(where),
  ]);
  return { items: rows, page: query.page, pageSize: DEFAULT_PAGE_SIZE, total: total?.n ?? 0 };
}

type Choices = Pick<EventCreateFields, 'placeId' | 'kindEventId' | 'enrollmentFormId'>;

/**
 * The chosen place, kind and form must exist and be active; locked so they cannot be turned off (or
 * the form edited) meanwhile. On an edit, `kept` are the event's current choices: one left as it was
 * passes even if it was turned off since (the event keeps its place). The kind must always be an
 * event stage. Returns the form's latest version: the one a new event (or an event given another
 * form) keeps.
 */
export async function assertActiveChoices(tx: Executor, fields: Choices, kept?: Choices): Promise<number> {
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
  const usable = (row: { on?: boolean } | undefined, field: keyof Choices) =>
    row !== undefined && (row.on === true || kept?.[field] === fields[field]);
  const details = [
    ...(usable(place && { on: place.state }, 'placeId')
      ? []
      : [{ field: 'placeId', message: eventMessages.optionNotAvailable }]),
    ...(kind && !kind.stage
      ? [{ field: 'kindEventId', message: eventMessages.kindNotEventStage }]
      : usable(kind && { on: kind.active }, 'kindEventId')
        ? []
        : [{ field: 'kindEventId', message: eventMessages.optionNotAvailable }]),
    ...(usable(form && { on: form.state }, 'enrollmentFormId')
      ? []
      : [{ field: 'enrollmentFormId', message: eventMessages.optionNotAvailable }]),
  ];
  if (details.length > 0) throw new AppError('bad_request', details[0]!.message, details);
  return form!.version;
}

/** Registers an event in state 1 (created, inbox 0) with its files, in one transaction with the audit row. */
export async function createEvent(
  deps: AppDeps,
  actor: AuthUser,
  fields: EventCreateFields,
  files: CheckedFile[],
  ip: string,
): Promise<EventRow> {
  const duration = eventDays(fields.startsOn, fields.endsOn);
  if (duration === null) throw new AppError('bad_request', eventMessages.endBeforeStart);
  const store = fileStoreFor(deps);
  const id = await withStoredFiles(store, files, () =>
    deps.db.transaction(async (tx) => {
      const enrollmentFormVersion = await assertActiveChoices(tx, fields);
      const [created] = await tx
        .insert(events)
        .values({ ...fields, enrollmentFormVersion, duration, createdBy: actor.id })
        .returning({ id: events.id });
      if (fields.withLimitControl) {
        await tx.insert(eventSeats).values(
          seatShards(fields.maximum).map((remaining, shard) => ({
            eventId: created!.id,
            shard,
            remaining,
          })),
        );
      }
      if (files.length > 0) {
        await tx.insert(eventFiles).values(
          files.map((f) => ({
            eventId: created!.id,
            kind: f.field,
            // The history names who uploaded each version, the first one included.
            createdBy: actor.id,
            storageKey: f.storageKey,
            contentType: f.contentType,
            sizeBytes: f.bytes.length,
            originalName: f.originalName,
          })),
        );
      }
      await writeAudit(tx, {
        userId: actor.id,
        action: 'event.create',
        entity: 'event',
        entityId: created!.id,
        after: { ...fields, enrollmentFormVersion, duration, files: files.map((f) => f.field) },
        ip,
      });
      return created!.id;
    }),
  );
  return getEventRow(deps.db, id);
}

export async function getEventRow(db: Executor, id: number): Promise<EventRow> {
  const [row] = await db
    .select(rowColumns)
    .from(events)
    .innerJoin(places, eq(places.id, events.placeId))
    .innerJoin(periods, eq(periods.id, events.kindEventId))
    .innerJoin(enrollmentForms, eq(enrollmentForms.id, events.enrollmentFormId))
    .where(eq(events.id, id));
  if (!row) throw new AppError('not_found', eventMessages.eventNotFound);
  return row;
}

/**
 * 'Enviar': a created event (state 1, inbox 0) goes to communication and becomes active. The
 * conditional UPDATE is the lock: of two simultaneous sends one changes the row, the other gets 409.
 * An event whose end date has passed cannot be sent.
 */
export async function sendEvent(
  deps: AppDeps,
  actor: AuthUser,
  id: number,
  ip: string,
): Promise<EventStateChange> {
  return deps.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(events)
      .set({ state: eventStates.active, inbox: 1, sentAt: deps.clock.now(), sentBy: actor.id })
      .where(
        and(
          eq(events.id, id),
          eq(events.state, eventStates.created),
          eq(events.inbox, 0),
          sql`${events.endsOn} >= ${deps.clock.today()}::date`,
        ),
      )
      .returning({ id: events.id, state: events.state, inbox: events.inbox });
    if (!changed) throw await stateConflict(tx, id, eventMessages.sendFailed);
    await writeAudit(tx, {
      userId: actor.id,
      action: 'event.send',
      entity: 'event',
      entityId: id,
      before: { state: eventStates.created, inbox: 0 },
      after: { state: changed.state, inbox: changed.inbox },
      ip,
    });
    return changed;
  });
}

/** 'Concluir': an active event is closed by an events manager; it then refuses enrollments for good. */
export async function concludeEvent(
  deps: AppDeps,
  actor: AuthUser,
  id: number,
  ip: string,
): Promise<EventStateChange> {
  return deps.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(events)
      .set({ state: eventStates.concluded, concludedAt: deps.clock.now(), concludedBy: actor.id })
      .where(and(eq(events.id, id), eq(events.state, eventStates.active)))
      .returning({ id: events.id, state: events.state, inbox: events.inbox });
    if (!changed) throw await stateConflict(tx, id, eventMessages.concludeFailed);
    await writeAudit(tx, {
      userId: actor.id,
      action: 'event.conclude',
      entity: 'event',
      entityId: id,
      before: { state: eventStates.active },
      after: { state: changed.state },
      ip,
    });
    return changed;
  });
}

/** 'Desactivar': a created or active event is cancelled for good (state 4); enrollments stop at once. */
export async function cancelEvent(
  deps: AppDeps,
  actor: AuthUser,
  id: number,
  ip: string,
): Promise<EventStateChange> {
  return deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ state: events.state })
      .from(events)
      .where(eq(events.id, id))
      .for('update');
    if (!before) throw new AppError('not_found', eventMessages.eventNotFound);
    if (before.state !== eventStates.created && before.state !== eventStates.active)
      throw new AppError('conflict', eventMessages.cancelFailed);
    const [changed] = await tx
      .update(events)
      .set({ state: eventStates.cancelled })
      .where(eq(events.id, id))
      .returning({ id: events.id, state: events.state, inbox: events.inbox });
    await writeAudit(tx, {
      userId: actor.id,
      action: 'event.cancel',
      entity: 'event',
      entityId: id,
      before,
      after: { state: eventStates.cancelled },
      ip,
    });
    return changed!;
  });
}

async function stateConflict(tx: Executor, id: number, message: string): Promise<AppError> {
  const [exists] = await tx.select({ id: events.id }).from(events).where(eq(events.id, id));
  return exists ? new AppError('conflict', message) : new AppError('not_found', eventMessages.eventNotFound);
}
