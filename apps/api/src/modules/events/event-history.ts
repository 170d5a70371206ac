import { type EventDetail, type EventFileKind, type EventHistory, eventMessages } from '@bjp/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-types.js';
import { auditLog, eventFiles, events, places, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { getEventRow } from './event-service.js';

/** One event for the edit form: its row, the chosen ids, the detail and the current files' names. */
export async function getEventDetail(deps: AppDeps, id: number): Promise<EventDetail> {
  const row = await getEventRow(deps.db, id);
  const [extra] = await deps.db
    .select({
      detail: events.detail,
      placeId: events.placeId,
      kindEventId: events.kindEventId,
      enrollmentFormId: events.enrollmentFormId,
      placeActive: places.state,
    })
    .from(events)
    .innerJoin(places, eq(places.id, events.placeId))
    .where(eq(events.id, id));
  const currentFiles = await deps.db
    .select({ kind: eventFiles.kind, version: eventFiles.version, originalName: eventFiles.originalName })
    .from(eventFiles)
    .where(and(eq(eventFiles.eventId, id), eq(eventFiles.current, true)))
    .orderBy(asc(eventFiles.kind));
  return { ...row, ...extra!, currentFiles: currentFiles as EventDetail['currentFiles'] };
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * 'Historial': the audit rows of the event (registration, edits with the fields that changed,
 * sending, concluding, cancelling) oldest first, and every version of its files.
 */
export async function getEventHistory(deps: AppDeps, id: number): Promise<EventHistory> {
  const [exists] = await deps.db.select({ id: events.id }).from(events).where(eq(events.id, id));
  if (!exists) throw new AppError('not_found', eventMessages.eventNotFound);
  const [audits, files] = await Promise.all([
    deps.db
      .select({
        at: auditLog.at,
        action: auditLog.action,
        before: auditLog.before,
        after: auditLog.after,
        userName: users.name,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.userId))
      .where(and(eq(auditLog.entity, 'event'), eq(auditLog.entityId, String(id))))
      .orderBy(asc(auditLog.at), asc(auditLog.id)),
    deps.db
      .select({
        kind: eventFiles.kind,
        version: eventFiles.version,
        originalName: eventFiles.originalName,
        current: eventFiles.current,
        createdAt: eventFiles.createdAt,
        userName: users.name,
      })
      .from(eventFiles)
      .leftJoin(users, eq(users.id, eventFiles.createdBy))
      .where(eq(eventFiles.eventId, id))
      .orderBy(asc(eventFiles.kind), asc(eventFiles.version)),
  ]);
  return {
    changes: audits.map((a) => {
      const before = asRecord(a.before);
      const after = asRecord(a.after);
      // Only an edit lists its fields: a registration's 'after' is the whole event.
      const fields =
        a.action === 'event.update'
          ? Object.keys(after).map((field) => ({ field, before: before[field] ?? null, after: after[field] }))
          : [];
      return { at: a.at.toISOString(), action: a.action, userName: a.userName, fields };
    }),
    files: files.map((f) => ({
      ...f,
      kind: f.kind as EventFileKind,
      createdAt: f.createdAt.toISOString(),
    })),
  };
}
