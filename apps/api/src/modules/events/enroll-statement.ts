import { randomUUID } from 'node:crypto';
import { eventMessages, isPublishedState } from '@bjp/domain';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import {
  type EnrollmentRow,
  enrollmentWindow,
  liveEnrollmentOf,
  runEnrollmentStatement,
} from './queries/enrollment.js';

export type { EnrollmentRow } from './queries/enrollment.js';

const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

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
      const id = await runEnrollmentStatement(db, row, files, wait);
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
  const duplicate = await liveEnrollmentOf(db, row);
  if (duplicate) return new AppError('conflict', eventMessages.enrollmentDuplicate);
  const event = await enrollmentWindow(db, row);
  if (!event || !isPublishedState(event.state)) return new AppError('not_found', eventMessages.eventNotFound);
  if (!event.open) return new AppError('conflict', eventMessages.enrollmentNotOpen);
  return event.free > 0 ? null : new AppError('conflict', eventMessages.enrollmentFull);
}
