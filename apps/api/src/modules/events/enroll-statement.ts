import { randomUUID } from 'node:crypto';
import { eventMessages, eventStates, isPublishedState, type ParticipantBase } from '@bjp/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { firstRow } from '../../db/rows.js';
import { eventEnrollments, events } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { MAX_SEAT_SHARDS } from './seats.js';
import type { CheckedFile } from './uploads.js';

export type EnrollmentRow = {
  eventId: number;
  participant: ParticipantBase;
  extra: Record<string, unknown>;
  files: CheckedFile[];
  ip: string;
  today: string;
};

const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

type Wait = 'skip' | 'wait';

/**
 * The whole enrollment in ONE statement, so it is its own transaction: if the event is active and
 * not finished, take one free place from a shard of event_seats (events without a maximum take none)
 * and insert the enrollment, its files and the audit row. Concurrent enrollments lock different
 * shards (SKIP LOCKED) and commit together; no lock is held across a round trip to the API. The
 * event row is read FOR KEY SHARE (what the foreign key check takes anyway): enrollments do not block
 * each other, but an edit of the event (FOR UPDATE, event-edit.ts) waits for them and they for it. A second
 * enrollment of the same document violates the unique index and undoes the whole statement.
 */
function enrollmentStatement(row: EnrollmentRow, files: object[], wait: Wait) {
  const p = row.participant;
  // Each request starts at a random shard, so concurrent ones spread over the shards.
  const offset = Math.floor(Math.random() * MAX_SEAT_SHARDS);
  const lock = wait === 'skip' ? sql`FOR UPDATE OF s SKIP LOCKED` : sql`FOR UPDATE OF s`;
  return sql`
    WITH open_event AS (
      SELECT id, with_limit_control FROM events
      WHERE id = ${row.eventId} AND state = ${eventStates.active} AND ends_on >= ${row.today}::date
      FOR KEY SHARE
    ), seat AS (
      SELECT s.event_id, s.shard FROM event_seats s JOIN open_event e ON e.id = s.event_id AND e.with_limit_control
      WHERE s.remaining > 0
      ORDER BY (s.shard + ${offset}) % ${MAX_SEAT_SHARDS}
      LIMIT 1 ${lock}
    ), taken AS (
      UPDATE event_seats s SET remaining = s.remaining - 1 FROM seat
      WHERE s.event_id = seat.event_id AND s.shard = seat.shard
      RETURNING s.event_id
    ), admitted AS (
      SELECT id FROM open_event WHERE NOT with_limit_control
      UNION ALL SELECT event_id FROM taken
    ), inserted AS (
      INSERT INTO event_enrollments (event_id, document, complement, nationality, first_last_name, second_last_name,
        name, phone, email, job, institution, position, birth_date, department, extra, ip)
      SELECT id, ${p.document}, ${p.complement}, ${p.nationality}, ${p.firstLastName}, ${p.secondLastName}, ${p.name},
        ${p.phone}, ${p.email}, ${p.job}, ${p.institution}, ${p.position}, ${p.birthDate}::date, ${p.department},
        ${JSON.stringify(row.extra)}::jsonb, ${row.ip}
      FROM admitted
      RETURNING id
    ), stored AS (
      INSERT INTO enrollment_files (id, enrollment_id, field_name, storage_key, content_type, size_bytes, original_name)
      SELECT f.id, inserted.id, f.field_name, f.storage_key, f.content_type, f.size_bytes, f.original_name
      FROM inserted, jsonb_to_recordset(${JSON.stringify(files)}::jsonb)
        AS f(id uuid, field_name text, storage_key text, content_type text, size_bytes int, original_name text)
    ), audited AS (
      INSERT INTO audit_log (user_id, action, entity, entity_id, after, ip)
      SELECT NULL, 'event.enroll', 'event_enrollment', inserted.id::text,
        jsonb_build_object('eventId', ${row.eventId}::int, 'files', ${files.length}::int), ${row.ip}
      FROM inserted
    )
    SELECT id FROM inserted`;
}

/**
 * Inserts the enrollment: first without waiting for locked shards; if every shard with places was
 * locked by others, again waiting for them, until it gets a place or the event is full.
 */
export async function insertEnrollment(db: Executor, row: EnrollmentRow): Promise<number> {
  const files = row.files.map((f) => ({
    id: randomUUID(),
    field_name: f.field,
    storage_key: f.storageKey,
    content_type: f.contentType,
    size_bytes: f.bytes.length,
    original_name: f.originalName,
  }));
  // A place freed by a concurrent enrollment that rolled back (a duplicate document) can reappear,
  // hence a few waiting attempts rather than one.
  for (const wait of ['skip', 'wait', 'wait', 'wait'] as const) {
    try {
      const id = (await firstRow<{ id: number | string }>(db, enrollmentStatement(row, files, wait)))?.id;
      if (id !== undefined) return Number(id);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('conflict', eventMessages.enrollmentDuplicate);
      throw error;
    }
    const reason = await refusalReason(db, row);
    if (reason) throw reason;
  }
  throw new AppError('conflict', eventMessages.enrollmentFull);
}

/**
 * Why nothing was inserted: the document is already enrolled, the event is not published, closed or
 * full; null when places remain (they were all locked by concurrent enrollments: try again).
 */
async function refusalReason(db: Executor, row: EnrollmentRow): Promise<AppError | null> {
  const [duplicate] = await db
    .select({ id: eventEnrollments.id })
    .from(eventEnrollments)
    .where(
      and(
        eq(eventEnrollments.eventId, row.eventId),
        eq(eventEnrollments.document, row.participant.document),
        eq(eventEnrollments.complement, row.participant.complement),
        // A cancelled enrollment does not count: the same person may enroll again (issue 15).
        isNull(eventEnrollments.cancelledAt),
      ),
    );
  if (duplicate) return new AppError('conflict', eventMessages.enrollmentDuplicate);
  const [event] = await db
    .select({
      state: events.state,
      open: sql<boolean>`${events.state} = ${eventStates.active} and ${events.endsOn} >= ${row.today}::date`,
      free: sql<number>`coalesce((select sum(s.remaining) from event_seats s where s.event_id = "events"."id"), 0)::int`,
    })
    .from(events)
    .where(eq(events.id, row.eventId));
  if (!event || !isPublishedState(event.state)) return new AppError('not_found', eventMessages.eventNotFound);
  if (!event.open) return new AppError('conflict', eventMessages.enrollmentNotOpen);
  return event.free > 0 ? null : new AppError('conflict', eventMessages.enrollmentFull);
}
