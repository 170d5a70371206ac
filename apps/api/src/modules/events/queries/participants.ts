import { addDays, boliviaDayStart, foldSearch, type ParticipantFilters } from '@bjp/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { rows } from '../../../db/rows.js';

/** A LIKE pattern that matches `value` anywhere, its own % _ \ taken literally. */
const contains = (value: string) => `%${value.replace(/[%_\\]/g, '\\$&')}%`;

/** Midnight at the start of a Bolivian day, as an instant (the domain's calendar). */
const boliviaMidnight = (day: string, plusDays = 0) => boliviaDayStart(addDays(day, plusDays)).toISOString();

/**
 * The WHERE of the participants list and export, on alias `e` of event_enrollments. Every branch
 * starts with the event, so the index (event_id, created_at desc, id desc) or the partial unique
 * index of active enrollments bounds the scan to one event.
 */
export function participantWhere(eventId: number, f: ParticipantFilters): SQL {
  const parts: SQL[] = [sql`e.event_id = ${eventId}`];
  if (f.status === 'active') parts.push(sql`e.cancelled_at is null`);
  if (f.status === 'cancelled') parts.push(sql`e.cancelled_at is not null`);
  const q = f.q ? foldSearch(f.q) : '';
  if (q) parts.push(sql`e.search_text like ${contains(q)}`);
  if (f.department) parts.push(sql`e.department = ${f.department}`);
  if (f.institution) parts.push(sql`e.institution ilike ${contains(f.institution)}`);
  if (f.from) parts.push(sql`e.created_at >= ${boliviaMidnight(f.from)}::timestamptz`);
  if (f.to) parts.push(sql`e.created_at < ${boliviaMidnight(f.to, 1)}::timestamptz`);
  return sql.join(parts, sql` and `);
}

/** The columns of a row of the list and of the export (alias `e`). */
export const participantColumns = sql`e.id, e.first_last_name, e.second_last_name, e.name, e.document,
  e.complement, e.nationality, e.institution, e.department, e.phone, e.email, e.job, e.position,
  e.birth_date, e.extra, e.created_at, e.cancelled_at, e.cancel_reason,
  (select count(*) from enrollment_files f where f.enrollment_id = e.id)::int as files`;

export type ParticipantDbRow = {
  id: number;
  first_last_name: string;
  second_last_name: string;
  name: string;
  document: string;
  complement: string;
  nationality: number;
  institution: string;
  department: string;
  phone: string;
  email: string;
  job: string;
  position: string;
  birth_date: string;
  extra: Record<string, unknown>;
  created_at: Date | string;
  cancelled_at: Date | string | null;
  cancel_reason: string | null;
  files: number;
};

export const isoOf = (value: Date | string) => new Date(value).toISOString();

/** Whether the event exists. */
export async function eventExists(db: Executor, eventId: number): Promise<boolean> {
  const found = await rows(db, sql`select 1 from events where id = ${eventId}`);
  return found.length > 0;
}

/**
 * The event's active enrollments from its places (maximum − free places), null for an event
 * without a maximum; undefined for an unknown event.
 */
export async function activeBySeatsRow(db: Executor, eventId: number) {
  const [row] = await rows<{ n: number | null }>(
    db,
    sql`
      select case when ev.with_limit_control then ev.maximum
        - coalesce((select sum(s.remaining) from event_seats s where s.event_id = ev.id), 0)::int end as n
      from events ev where ev.id = ${eventId}`,
  );
  return row;
}

/** How many of the event's enrollments match the filters; with a cap, counted up to cap + 1 only. */
export async function countParticipants(
  db: Executor,
  eventId: number,
  filters: ParticipantFilters,
  cap?: number,
): Promise<number> {
  const w = participantWhere(eventId, filters);
  return (
    (
      await rows<{ n: number }>(
        db,
        cap === undefined
          ? sql`select count(*)::int as n from event_enrollments e where ${w}`
          : sql`select count(*)::int as n from (select 1 from event_enrollments e where ${w} limit ${cap + 1}) m`,
      )
    )[0]?.n ?? 0
  );
}

/**
 * `limit` enrollments matching the filters from `offset` in one direction of (created_at, id),
 * always answered newest first: the page's ids first (on an index alone when the filters allow), then
 * only those rows.
 */
export function participantPageRows(
  db: Executor,
  eventId: number,
  filters: ParticipantFilters,
  page: { direction: 'desc' | 'asc'; limit: number; offset: number },
) {
  const where = participantWhere(eventId, filters);
  const { direction, limit, offset } = page;
  return rows<ParticipantDbRow>(
    db,
    sql`
        with page as (
          select e.id, e.created_at from event_enrollments e where ${where}
          order by e.created_at ${sql.raw(direction)}, e.id ${sql.raw(direction)}
          limit ${limit} offset ${offset}
        )
        select ${participantColumns}
        from page join event_enrollments e on e.id = page.id
        order by page.created_at desc, page.id desc`,
  );
}

export type FileDbRow = {
  id: string;
  field_name: string;
  original_name: string;
  content_type: string;
  size_bytes: number;
};

/** One enrollment of the event with who cancelled it and its files; or undefined. */
export async function participantDetailRow(db: Executor, eventId: number, enrollmentId: number) {
  const [row] = await rows<ParticipantDbRow & { cancelled_by_name: string | null; attachments: FileDbRow[] }>(
    db,
    sql`
      select ${participantColumns},
        nullif(trim(coalesce(u.name, '') || ' ' || coalesce(u.first_last_name, '')), '') as cancelled_by_name,
        coalesce((select json_agg(json_build_object('id', f.id, 'field_name', f.field_name,
          'original_name', f.original_name, 'content_type', f.content_type, 'size_bytes', f.size_bytes)
          order by f.field_name, f.original_name)
          from enrollment_files f where f.enrollment_id = e.id), '[]') as attachments
      from event_enrollments e left join users u on u.id = e.cancelled_by
      where e.id = ${enrollmentId} and e.event_id = ${eventId}`,
  );
  return row;
}

/** A file of an enrollment of the event (all three ids in one statement); or undefined. */
export async function participantFileRow(
  db: Executor,
  eventId: number,
  enrollmentId: number,
  fileId: string,
) {
  const [row] = await rows<{
    storage_key: string;
    content_type: string;
    size_bytes: number;
    original_name: string;
  }>(
    db,
    sql`
      select f.storage_key, f.content_type, f.size_bytes, f.original_name
      from enrollment_files f join event_enrollments e on e.id = f.enrollment_id
      where f.id = ${fileId}::uuid and e.id = ${enrollmentId} and e.event_id = ${eventId}`,
  );
  return row;
}

/** Marks a live enrollment of the event cancelled; undefined when there is none to cancel. */
export async function cancelEnrollment(
  tx: Executor,
  c: { eventId: number; enrollmentId: number; userId: number; reason: string; now: Date },
) {
  const [changed] = await rows<{ id: number; cancelled_at: Date | string }>(
    tx,
    sql`
        update event_enrollments set cancelled_at = ${c.now.toISOString()}::timestamptz,
          cancelled_by = ${c.userId}, cancel_reason = ${c.reason}
        where id = ${c.enrollmentId} and event_id = ${c.eventId} and cancelled_at is null
        returning id, cancelled_at`,
  );
  return changed;
}

/** Whether the enrollment is one of the event's. */
export async function enrollmentExists(
  tx: Executor,
  eventId: number,
  enrollmentId: number,
): Promise<boolean> {
  const [exists] = await rows(
    tx,
    sql`select 1 from event_enrollments where id = ${enrollmentId} and event_id = ${eventId}`,
  );
  return exists !== undefined;
}

/**
 * Gives a place back to one shard of event_seats, chosen by the enrollment id (concurrent cancels of
 * one event spread over its shards), when the event has a maximum; whether a place was returned.
 */
export async function returnSeat(tx: Executor, eventId: number, enrollmentId: number): Promise<boolean> {
  const seats = await rows<{ shard: number }>(
    tx,
    sql`
        update event_seats s set remaining = s.remaining + 1
        from events ev
        where ev.id = s.event_id and ev.with_limit_control and s.event_id = ${eventId}
          and s.shard = ${enrollmentId} % (select count(*) from event_seats x where x.event_id = ${eventId})
        returning s.shard`,
  );
  return seats.length > 0;
}

/**
 * A batch of the enrollments matching the filters, newest first (created_at desc, id desc), after
 * the keyset cursor when given; each row carries its cursor as the database's own text, so no
 * microsecond is lost.
 */
export function participantBatch(
  db: Executor,
  eventId: number,
  filters: ParticipantFilters,
  cursor: { at: string; id: number } | null,
  limit: number,
) {
  const where = participantWhere(eventId, filters);
  const after: ReturnType<typeof sql> = cursor
    ? sql`and (e.created_at, e.id) < (${cursor.at}::timestamptz, ${cursor.id})`
    : sql``;
  return rows<ParticipantDbRow & { cursor_at: string }>(
    db,
    sql`
      select ${participantColumns}, e.created_at::text as cursor_at from event_enrollments e
      where ${where} ${after}
      order by e.created_at desc, e.id desc limit ${limit}`,
  );
}
