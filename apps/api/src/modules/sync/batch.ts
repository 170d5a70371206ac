import type { SyncBatch } from '@bjp/domain';
import type { Executor } from '../../db/client.js';
import { type BatchWithUser, batchOfDayRow } from './queries/batches.js';

export type { BatchRow } from './queries/batches.js';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function toSyncBatch(row: BatchWithUser): SyncBatch {
  const b = row.batch;
  return {
    id: b.id,
    day: b.day,
    periodFrom: iso(b.periodFrom)!,
    periodTo: iso(b.periodTo)!,
    createdAt: iso(b.createdAt)!,
    isSend: b.isSend,
    sentAt: iso(b.sentAt),
    isSendChange: b.isSendChange,
    changedAt: iso(b.changedAt),
    isSendCopy: b.isSendCopy,
    copiedAt: iso(b.copiedAt),
    user: row.user,
    itemCount: b.itemCount,
    copyCount: b.copyCount,
    cut: b.cut,
  };
}

export async function batchOfDay(db: Executor, day: string): Promise<SyncBatch | null> {
  const row = await batchOfDayRow(db, day);
  return row ? toSyncBatch(row) : null;
}

/** Síntesis names a batch by our id. */
export const batchName = (batchId: number) => String(batchId);
