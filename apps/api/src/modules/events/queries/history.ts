import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import {
  auditLog,
  enrollmentForms,
  eventFiles,
  events,
  periods,
  places,
  users,
} from '../../../db/schema/index.js';
import { kindLabel } from './kinds.js';

/** The event's chosen ids, detail and whether its place is active; or undefined. */
export async function eventChoices(db: Executor, id: number) {
  const [extra] = await db
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
  return extra;
}

/** The event's current files (kind, version, original name), by kind. */
export function currentFilesOf(db: Executor, id: number) {
  return db
    .select({ kind: eventFiles.kind, version: eventFiles.version, originalName: eventFiles.originalName })
    .from(eventFiles)
    .where(and(eq(eventFiles.eventId, id), eq(eventFiles.current, true)))
    .orderBy(asc(eventFiles.kind));
}

/** Names of these places. */
export function placeNames(db: Executor, ids: number[]) {
  return db.select({ id: places.id, name: places.description }).from(places).where(inArray(places.id, ids));
}

/** Names of these kinds of event ('stage — period'). */
export function kindNames(db: Executor, ids: number[]) {
  return db.select({ id: periods.id, name: kindLabel }).from(periods).where(inArray(periods.id, ids));
}

/** Names of these forms. */
export function formNames(db: Executor, ids: number[]) {
  return db
    .select({ id: enrollmentForms.id, name: enrollmentForms.name })
    .from(enrollmentForms)
    .where(inArray(enrollmentForms.id, ids));
}

/** The event's audit rows, oldest first, with who wrote each. */
export function eventAudits(db: Executor, id: number) {
  return db
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
    .orderBy(asc(auditLog.at), asc(auditLog.id));
}

/** Every version of the event's files, by kind and version, with who uploaded each. */
export function eventFileVersions(db: Executor, id: number) {
  return db
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
    .orderBy(asc(eventFiles.kind), asc(eventFiles.version));
}
