import type { SyncBatch } from '@bjp/domain';
import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { syncBatches } from '../../db/schema/index.js';

export type BatchRow = typeof syncBatches.$inferSelect;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The user named in the history: whoever ran the latest step. */
const lastUser = sql<string>`coalesce((SELECT u.username FROM users u WHERE u.id =
  coalesce("sync_batches"."copied_by", "sync_batches"."changed_by", "sync_batches"."sent_by", "sync_batches"."created_by")), '')`;

export const batchColumns = { batch: syncBatches, user: lastUser };

export function toSyncBatch(row: { batch: BatchRow; user: string }): SyncBatch {
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
  const [row] = await db.select(batchColumns).from(syncBatches).where(eq(syncBatches.day, day));
  return row ? toSyncBatch(row) : null;
}

export async function latestBatch(db: Executor, sentOnly = false): Promise<BatchRow | null> {
  const [row] = await db
    .select()
    .from(syncBatches)
    .where(sentOnly ? eq(syncBatches.isSendChange, true) : undefined)
    .orderBy(desc(syncBatches.day))
    .limit(1);
  return row ?? null;
}

/** Serialises the synchronisation steps: a second caller waits, then finds the step done (409). */
export async function lockSync(tx: Executor): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('bjp.sync.steps'))`);
}

/** Síntesis names a batch by our id. */
export const batchName = (batchId: number) => String(batchId);
