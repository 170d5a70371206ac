import { eventStates, type ParticipantBase } from '@bjp/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { firstRow } from '../../../db/rows.js';
import { eventEnrollments, events } from '../../../db/schema/index.js';
import { MAX_SEAT_SHARDS } from '../seats.js';
import type { CheckedFile } from '../uploads.js';

export type EnrollmentRow = {
  eventId: number;
  participant: ParticipantBase;
  extra: Record<string, unknown>;
  files: CheckedFile[];
  ip: string;
  today: string;
};

export type Wait = 'skip' | 'wait';

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

/** Runs the enrollment statement; the new enrollment's id, or undefined when no place was taken. */
export async function runEnrollmentStatement(db: Executor, row: EnrollmentRow, files: object[], wait: Wait) {
  return (await firstRow<{ id: number | string }>(db, enrollmentStatement(row, files, wait)))?.id;
}

/** The live (not cancelled) enrollment of this document in the event; or undefined. */
export async function liveEnrollmentOf(db: Executor, row: EnrollmentRow) {
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
  return duplicate;
}

/** The event's state, whether it takes enrollments today and its free places; or undefined. */
export async function enrollmentWindow(db: Executor, row: EnrollmentRow) {
  const [event] = await db
    .select({
      state: events.state,
      open: sql<boolean>`${events.state} = ${eventStates.active} and ${events.endsOn} >= ${row.today}::date`,
      free: sql<number>`coalesce((select sum(s.remaining) from event_seats s where s.event_id = "events"."id"), 0)::int`,
    })
    .from(events)
    .where(eq(events.id, row.eventId));
  return event;
}
