import { type EventRow, type EventUpdateFields, eventDays, eventMessages, eventStates } from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { fileStoreFor } from '../../lib/file-store.js';
import { assertActiveChoices, getEventRow } from './event-service.js';
import {
  addFileVersion,
  countActiveEnrollments,
  deleteSeats,
  type Editable,
  lockEditableEvent,
  updateEventRow,
  writeSeats,
} from './queries/events.js';
import { seatShards } from './seats.js';
import { type CheckedFile, withStoredFiles } from './uploads.js';

/**
 * The free places after an edit: shard i holds its share of maximum − enrolled. Shards are updated
 * in place (an enrollment waiting on a shard's lock then re-reads it) and surplus ones removed.
 */
async function rebalanceSeats(tx: Executor, eventId: number, fields: Editable, enrolled: number) {
  if (!fields.withLimitControl) {
    await deleteSeats(tx, eventId);
    return;
  }
  await writeSeats(tx, eventId, seatShards(fields.maximum, enrolled));
}

/** A new banner, poster or regulation becomes version n+1 and the current one; the old stays. */
async function addFileVersions(tx: Executor, eventId: number, actor: AuthUser, files: CheckedFile[]) {
  const added: Array<{ kind: string; version: number; originalName: string }> = [];
  for (const f of files) {
    const version = await addFileVersion(tx, {
      eventId,
      kind: f.field,
      createdBy: actor.id,
      storageKey: f.storageKey,
      contentType: f.contentType,
      sizeBytes: f.bytes.length,
      originalName: f.originalName,
    });
    added.push({ kind: f.field, version, originalName: f.originalName });
  }
  return added;
}

/**
 * 'Editar': every field with the rules of creation, in one transaction. The event row is locked
 * first (FOR UPDATE): an enrollment takes a KEY SHARE lock on it at its start, so none can run
 * between counting the enrolled and re-balancing the free places. The maximum never goes below the
 * enrolled; a concluded or cancelled event is not edited. The audit row keeps only what changed.
 */
export async function updateEvent(
  deps: AppDeps,
  actor: AuthUser,
  id: number,
  fields: EventUpdateFields,
  files: CheckedFile[],
  ip: string,
): Promise<EventRow> {
  const duration = eventDays(fields.startsOn, fields.endsOn);
  if (duration === null) throw new AppError('bad_request', eventMessages.endBeforeStart);
  await withStoredFiles(fileStoreFor(deps), files, () =>
    deps.db.transaction(async (tx) => {
      const before = await lockEditableEvent(tx, id);
      if (!before) throw new AppError('not_found', eventMessages.eventNotFound);
      if (before.state === eventStates.concluded)
        throw new AppError('conflict', eventMessages.concludedNotEditable);
      if (before.state === eventStates.cancelled)
        throw new AppError('conflict', eventMessages.cancelledNotEditable);
      const latestFormVersion = await assertActiveChoices(tx, fields, before);
      // An event keeps the form version it was published with: its answers are read with that
      // version's labels, and every server copy caches its fields. So the form changes only before
      // 'Enviar', and then the event takes the form's latest version.
      const formChanged = fields.enrollmentFormId !== before.enrollmentFormId;
      if (formChanged && before.state !== eventStates.created)
        throw new AppError('conflict', eventMessages.formFixedOnceSent);

      const limitsChanged =
        fields.maximum !== before.maximum || fields.withLimitControl !== before.withLimitControl;
      if (limitsChanged) {
        const n = await countActiveEnrollments(tx, id);
        // An event without limit control may hold more than its maximum; only a change is checked.
        if (fields.maximum < n) throw new AppError('conflict', eventMessages.maximumBelowEnrolled(n));
        await rebalanceSeats(tx, id, fields, n);
      }

      const next: Editable = {
        title: fields.title,
        description: fields.description,
        detail: fields.detail,
        startsOn: fields.startsOn,
        endsOn: fields.endsOn,
        placeId: fields.placeId,
        kindEventId: fields.kindEventId,
        enrollmentFormId: fields.enrollmentFormId,
        minimum: fields.minimum,
        maximum: fields.maximum,
        withLimitControl: fields.withLimitControl,
      };
      await updateEventRow(tx, id, {
        ...next,
        duration,
        ...(formChanged ? { enrollmentFormVersion: latestFormVersion } : {}),
      });
      const added = await addFileVersions(tx, id, actor, files);
      const changed = (Object.keys(next) as Array<keyof Editable>).filter((k) => before[k] !== next[k]);
      await writeAudit(tx, {
        userId: actor.id,
        action: 'event.update',
        entity: 'event',
        entityId: id,
        before: Object.fromEntries(changed.map((k) => [k, before[k]])),
        after: {
          ...Object.fromEntries(changed.map((k) => [k, next[k]])),
          ...(added.length ? { files: added } : {}),
        },
        ip,
      });
    }),
  );
  return getEventRow(deps.db, id);
}
