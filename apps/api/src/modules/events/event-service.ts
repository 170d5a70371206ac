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
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { fileStoreFor } from '../../lib/file-store.js';
import {
  eventById,
  eventPage,
  eventRow,
  insertEvent,
  insertFirstFiles,
  insertSeats,
  lockChoices,
  lockEventState,
  markEventCancelled,
  markEventConcluded,
  markEventSent,
} from './queries/events.js';
import { seatShards } from './seats.js';
import { type CheckedFile, withStoredFiles } from './uploads.js';

/** 'Lista eventos': one tab (state) or all, newest first, 10 a page. */
export async function listEvents(deps: AppDeps, query: EventListQuery): Promise<Page<EventRow>> {
  const state = eventTabs.find((t) => t.id === query.tab)?.state ?? null;
  const search = query.search ? `%${query.search.replace(/[%_\\]/g, '\\$&')}%` : null;
  const { rows, total } = await eventPage(deps.db, { state, search, page: query.page });
  return { items: rows, page: query.page, pageSize: DEFAULT_PAGE_SIZE, total };
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
  const { place, kind, form } = await lockChoices(tx, fields);
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
      const createdId = await insertEvent(tx, {
        ...fields,
        enrollmentFormVersion,
        duration,
        createdBy: actor.id,
      });
      if (fields.withLimitControl) await insertSeats(tx, createdId, seatShards(fields.maximum));
      if (files.length > 0) {
        await insertFirstFiles(
          tx,
          files.map((f) => ({
            eventId: createdId,
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
        entityId: createdId,
        after: { ...fields, enrollmentFormVersion, duration, files: files.map((f) => f.field) },
        ip,
      });
      return createdId;
    }),
  );
  return getEventRow(deps.db, id);
}

export async function getEventRow(db: Executor, id: number): Promise<EventRow> {
  const row = await eventRow(db, id);
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
    const changed = await markEventSent(tx, id, actor.id, deps.clock.now(), deps.clock.today());
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
    const changed = await markEventConcluded(tx, id, actor.id, deps.clock.now());
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
    const before = await lockEventState(tx, id);
    if (!before) throw new AppError('not_found', eventMessages.eventNotFound);
    if (before.state !== eventStates.created && before.state !== eventStates.active)
      throw new AppError('conflict', eventMessages.cancelFailed);
    const changed = await markEventCancelled(tx, id);
    await writeAudit(tx, {
      userId: actor.id,
      action: 'event.cancel',
      entity: 'event',
      entityId: id,
      before,
      after: { state: eventStates.cancelled },
      ip,
    });
    return changed;
  });
}

async function stateConflict(tx: Executor, id: number, message: string): Promise<AppError> {
  const exists = await eventById(tx, id);
  return exists ? new AppError('conflict', message) : new AppError('not_found', eventMessages.eventNotFound);
}
