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
import type { AppDeps } from '../../app.js';
import type { AuthUser } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import { enrollmentForms, eventFiles, eventSeats, events, periods, places } from '../../db/schema/index.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { fileStoreFor } from './file-store.js';
import { seatShards } from './seats.js';
import { type CheckedFile, withStoredFiles } from './uploads.js';

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
  kindEventName: sql<string>`${periods.phase}`,
  formName: enrollmentForms.name,
  files: sql<EventRow['files']>`coalesce((select array_agg(f.kind order by f.kind) from event_files f
    where f.event_id = ${events.id}), '{}')`,
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

/** The chosen place, kind and form must exist and be active; locked so they cannot be turned off meanwhile. */
async function assertActiveChoices(tx: Executor, fields: EventCreateFields): Promise<void> {
  const [place] = await tx
    .select({ state: places.state })
    .from(places)
    .where(eq(places.id, fields.placeId))
    .for('share');
  const [kind] = await tx
    .select({ active: periods.active })
    .from(periods)
    .where(eq(periods.id, fields.kindEventId))
    .for('share');
  const [form] = await tx
    .select({ state: enrollmentForms.state })
    .from(enrollmentForms)
    .where(eq(enrollmentForms.id, fields.enrollmentFormId))
    .for('share');
  const details = [
    ...(place?.state ? [] : [{ field: 'placeId', message: eventMessages.optionNotAvailable }]),
    ...(kind?.active ? [] : [{ field: 'kindEventId', message: eventMessages.optionNotAvailable }]),
    ...(form?.state ? [] : [{ field: 'enrollmentFormId', message: eventMessages.optionNotAvailable }]),
  ];
  if (details.length > 0) throw new AppError('bad_request', eventMessages.optionNotAvailable, details);
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
      await assertActiveChoices(tx, fields);
      const [created] = await tx
        .insert(events)
        .values({ ...fields, duration, createdBy: actor.id })
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
        after: { ...fields, duration, files: files.map((f) => f.field) },
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

async function stateConflict(tx: Executor, id: number, message: string): Promise<AppError> {
  const [exists] = await tx.select({ id: events.id }).from(events).where(eq(events.id, id));
  return exists ? new AppError('conflict', message) : new AppError('not_found', eventMessages.eventNotFound);
}
