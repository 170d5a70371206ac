import {
  answerText,
  documentLabel,
  eventMessages,
  type FieldDefinition,
  PARTICIPANT_COUNT_CAP,
  type ParticipantAnswer,
  type ParticipantDetail,
  type ParticipantFilters,
  type ParticipantListQuery,
  type ParticipantPage,
  type ParticipantRow,
  participantMessages,
} from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { eventFormDefinition } from './event-form-definition.js';
import {
  activeBySeatsRow,
  cancelEnrollment,
  countParticipants,
  enrollmentExists,
  eventExists,
  isoOf,
  type ParticipantDbRow,
  participantDetailRow,
  participantFileRow,
  participantPageRows,
  returnSeat,
} from './queries/participants.js';

export const toParticipantRow = (r: ParticipantDbRow): ParticipantRow => ({
  id: Number(r.id),
  fullName: `${r.first_last_name} ${r.second_last_name} ${r.name}`.replace(/\s+/g, ' ').trim(),
  document: documentLabel(r.document, r.complement),
  nationality: r.nationality,
  institution: r.institution,
  department: r.department,
  phone: r.phone,
  email: r.email,
  enrolledAt: isoOf(r.created_at),
  status: r.cancelled_at ? 'cancelled' : 'active',
  files: r.files,
});

/** The form's answers as label + text, in the form's order; answers the form no longer names last. */
export function answersOf(fields: FieldDefinition[], extra: Record<string, unknown>): ParticipantAnswer[] {
  const answers = fields.map((f) => ({ label: f.label, value: answerText(f, extra[f.name]) }));
  for (const [name, value] of Object.entries(extra ?? {})) {
    if (!fields.some((f) => f.name === name)) {
      answers.push({ label: name, value: typeof value === 'string' ? value : JSON.stringify(value) });
    }
  }
  return answers;
}

async function assertEvent(db: Executor, eventId: number): Promise<void> {
  if (!(await eventExists(db, eventId))) throw new AppError('not_found', eventMessages.eventNotFound);
}

/**
 * The event's active enrollments read from its places when it has a maximum (maximum − free places:
 * every enrollment takes one in the same statement and every cancellation gives it back in the same
 * transaction, so the figure is exact), sixteen rows instead of counting up to 100,000 index
 * entries; null for an event without a maximum. 404 for an unknown event.
 */
async function activeBySeats(db: Executor, eventId: number): Promise<number | null> {
  const row = await activeBySeatsRow(db, eventId);
  if (!row) throw new AppError('not_found', eventMessages.eventNotFound);
  return row.n;
}

/**
 * One page of an event's enrollments, newest first, with the total.
 *
 * The total: with no filter but the status, read from the event's places (active = maximum − free
 * places; all = that + the cancelled ones, a small partial index); with a text filter (search,
 * institution) counted through their trigram indexes (migration 0026) up to PARTICIPANT_COUNT_CAP
 * only — a common surname matches a tenth of a big event and counting every match was the list's
 * slowest part (decision 032); otherwise counted exactly.
 *
 * The page: its ids are found first (on an index alone when the filters allow), then only those rows
 * are read. Past the first page with an exact total, a page in the second half is read from the
 * oldest end (ascending, a smaller OFFSET) and put back newest first: the last page skips nothing,
 * the worst is the middle one (half the entries). The order is (created_at, id), so both directions
 * give the same rows.
 */
export async function listParticipants(
  deps: AppDeps,
  eventId: number,
  query: ParticipantListQuery,
): Promise<ParticipantPage> {
  const seatCount = await activeBySeats(deps.db, eventId);
  const count = (filters: ParticipantFilters, cap?: number) =>
    countParticipants(deps.db, eventId, filters, cap);
  const byText = Boolean(query.q || query.institution);
  const onlyStatus = !byText && !query.department && !query.from && !query.to;
  const totalOf = async (): Promise<{ total: number; totalCapped: boolean }> => {
    if (onlyStatus && seatCount !== null && query.status === 'active')
      return { total: seatCount, totalCapped: false };
    if (onlyStatus && seatCount !== null && query.status === 'all')
      return {
        total: seatCount + (await count({ status: 'cancelled' })),
        totalCapped: false,
      };
    if (!byText) return { total: await count(query), totalCapped: false };
    const n = await count(query, PARTICIPANT_COUNT_CAP);
    return n > PARTICIPANT_COUNT_CAP
      ? { total: PARTICIPANT_COUNT_CAP, totalCapped: true }
      : { total: n, totalCapped: false };
  };
  /** `limit` rows from `offset` in one direction, always answered newest first. */
  const pageRows = (direction: 'desc' | 'asc', limit: number, offset: number) =>
    participantPageRows(deps.db, eventId, query, { direction, limit, offset });

  const offset = (query.page - 1) * query.pageSize;
  let items: ParticipantDbRow[];
  let counted: { total: number; totalCapped: boolean };
  if (offset === 0) {
    [items, counted] = await Promise.all([pageRows('desc', query.pageSize, 0), totalOf()]);
  } else {
    counted = await totalOf();
    if (counted.totalCapped) {
      // The true total is unknown, so there is no oldest end to count from: newest first.
      items = await pageRows('desc', query.pageSize, offset);
    } else {
      const limit = Math.min(query.pageSize, counted.total - offset);
      const fromOldest = counted.total - offset - limit;
      items =
        limit <= 0
          ? []
          : fromOldest < offset
            ? await pageRows('asc', limit, fromOldest)
            : await pageRows('desc', limit, offset);
    }
  }
  return { items: items.map(toParticipantRow), page: query.page, pageSize: query.pageSize, ...counted };
}

/** 404 with the right message: the event is unknown, or the enrollment is not one of its. */
async function notFound(db: Executor, eventId: number): Promise<AppError> {
  await assertEvent(db, eventId);
  return new AppError('not_found', participantMessages.notFound);
}

/** One enrollment with its answers, files and cancellation; the event is checked in the same statement. */
export async function getParticipant(
  deps: AppDeps,
  eventId: number,
  enrollmentId: number,
): Promise<ParticipantDetail> {
  const row = await participantDetailRow(deps.db, eventId, enrollmentId);
  if (!row) throw await notFound(deps.db, eventId);
  // The labels of the form version the event was published with: the ones the answers were given under.
  const { fields } = await eventFormDefinition(deps.db, eventId);
  const labelOf = (name: string) => fields.find((f) => f.name === name)?.label ?? name;
  return {
    ...toParticipantRow(row),
    firstLastName: row.first_last_name,
    secondLastName: row.second_last_name,
    name: row.name,
    documentNumber: row.document,
    complement: row.complement,
    job: row.job,
    position: row.position,
    birthDate: row.birth_date,
    answers: answersOf(fields, row.extra),
    attachments: row.attachments.map((f) => ({
      id: f.id,
      label: labelOf(f.field_name),
      name: f.original_name,
      contentType: f.content_type,
      sizeBytes: f.size_bytes,
      url: `/api/v1/events/${eventId}/participants/${enrollmentId}/files/${f.id}`,
    })),
    cancellation: row.cancelled_at
      ? { at: isoOf(row.cancelled_at), by: row.cancelled_by_name, reason: row.cancel_reason ?? '' }
      : null,
  };
}

/** A file of an enrollment of the event (all three ids in one statement), for the download route. */
export async function participantFile(deps: AppDeps, eventId: number, enrollmentId: number, fileId: string) {
  const row = await participantFileRow(deps.db, eventId, enrollmentId, fileId);
  if (!row) throw new AppError('not_found', eventMessages.fileNotFound);
  return row;
}

/**
 * 'Anular inscripción', in one transaction: the conditional UPDATE marks the enrollment (of two
 * simultaneous cancels one wins, the other gets 409), the place goes back to one shard of
 * event_seats when the event has a maximum, and the audit row is written. The shard is chosen by the
 * enrollment id, so concurrent cancels of one event spread over its shards.
 */
export async function cancelParticipant(
  deps: AppDeps,
  actor: AuthUser,
  eventId: number,
  enrollmentId: number,
  reason: string,
  ip: string,
): Promise<{ id: number; cancelledAt: string }> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const changed = await cancelEnrollment(tx, { eventId, enrollmentId, userId: actor.id, reason, now });
    if (!changed) {
      if (await enrollmentExists(tx, eventId, enrollmentId))
        throw new AppError('conflict', participantMessages.alreadyCancelled);
      throw await notFound(tx, eventId);
    }
    const seatReturned = await returnSeat(tx, eventId, enrollmentId);
    await writeAudit(tx, {
      userId: actor.id,
      action: 'event.enrollment.cancel',
      entity: 'event_enrollment',
      entityId: enrollmentId,
      before: { cancelledAt: null },
      after: { eventId, reason, seatReturned },
      ip,
    });
    return { id: Number(changed.id), cancelledAt: isoOf(changed.cancelled_at) };
  });
}
