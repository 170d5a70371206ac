import { DEFAULT_PAGE_SIZE, type StepListQuery } from '@bjp/domain';
import { and, asc, count, desc, eq, gt, gte, like, lte, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../../db/client.js';
import {
  programmeSettings,
  students,
  syncBatches,
  syncBatchItems,
  syncCopyItems,
} from '../../../db/schema/index.js';

export type BatchRow = typeof syncBatches.$inferSelect;
/** A batch with the user named in the history. */
export type BatchWithUser = { batch: BatchRow; user: string };

/** The user named in the history: whoever ran the latest step. */
const lastUser = sql<string>`coalesce((SELECT u.username FROM users u WHERE u.id =
  coalesce("sync_batches"."copied_by", "sync_batches"."changed_by", "sync_batches"."sent_by", "sync_batches"."created_by")), '')`;

const batchColumns = { batch: syncBatches, user: lastUser };

/** The batch of a Bolivian day (one a day at most), with its user; or undefined. */
export async function batchOfDayRow(db: Executor, day: string): Promise<BatchWithUser | undefined> {
  const [row] = await db.select(batchColumns).from(syncBatches).where(eq(syncBatches.day, day));
  return row;
}

/** The latest batch (of those Síntesis received, with sentOnly). */
export async function latestBatch(db: Executor, sentOnly = false): Promise<BatchRow | null> {
  const [row] = await db
    .select()
    .from(syncBatches)
    .where(sentOnly ? eq(syncBatches.isSendChange, true) : undefined)
    .orderBy(desc(syncBatches.day))
    .limit(1);
  return row ?? null;
}

/** A batch by id, or undefined. */
export async function batchById(db: Executor, id: number): Promise<BatchRow | undefined> {
  const [row] = await db.select().from(syncBatches).where(eq(syncBatches.id, id));
  return row;
}

/** Serialises the synchronisation steps: a second caller waits, then finds the step done (409). */
export async function lockSync(tx: Executor): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('bjp.sync.steps'))`);
}

/** The day's batch, locked for update; or null. */
export async function batchOfDayForUpdate(tx: Transaction, day: string): Promise<BatchRow | null> {
  const [row] = await tx.select().from(syncBatches).where(eq(syncBatches.day, day)).for('update');
  return row ?? null;
}

/** Where the last batch Síntesis received ends, and where the oldest it did not receive starts. */
export async function periodBounds(tx: Transaction) {
  const [lastSent] = await tx
    .select({ to: syncBatches.periodTo })
    .from(syncBatches)
    .where(eq(syncBatches.isSendChange, true))
    .orderBy(desc(syncBatches.periodTo))
    .limit(1);
  const [oldestUnsent] = await tx
    .select({ from: syncBatches.periodFrom })
    .from(syncBatches)
    .where(eq(syncBatches.isSendChange, false))
    .orderBy(asc(syncBatches.periodFrom))
    .limit(1);
  return { lastSentTo: lastSent?.to, oldestUnsentFrom: oldestUnsent?.from };
}

/** Creates the day's batch (step 1 done) and returns its id. */
export async function insertBatch(
  tx: Transaction,
  values: { day: string; periodFrom: BatchRow['periodFrom']; periodTo: Date; userId: number },
): Promise<number> {
  const { day, periodFrom, periodTo: now, userId } = values;
  const [batch] = await tx
    .insert(syncBatches)
    .values({
      day,
      periodFrom,
      periodTo: now,
      createdAt: now,
      createdBy: userId,
      isSend: true,
      sentAt: now,
      sentBy: userId,
    })
    .returning({ id: syncBatches.id });
  return batch!.id;
}

/** Counts the batch's gathered changes and stores the count on it. */
export async function storeItemCount(tx: Transaction, batchId: number): Promise<number> {
  const [counted] = await tx
    .select({ n: count() })
    .from(syncBatchItems)
    .where(eq(syncBatchItems.batchId, batchId));
  const n = counted?.n ?? 0;
  await tx.update(syncBatches).set({ itemCount: n }).where(eq(syncBatches.id, batchId));
  return n;
}

/** Step 2 done: the batch sent to Síntesis with the cut it gave. */
export async function markBatchSent(
  tx: Transaction,
  batchId: number,
  userId: number,
  cut: string,
  now: Date,
) {
  await tx
    .update(syncBatches)
    .set({ isSendChange: true, changedAt: now, changedBy: userId, cut })
    .where(eq(syncBatches.id, batchId));
}

/** Step 3 done: the synchronised copy taken back. */
export async function markBatchCopied(
  tx: Transaction,
  batchId: number,
  userId: number,
  copied: number,
  now: Date,
) {
  await tx
    .update(syncBatches)
    .set({ isSendCopy: true, copiedAt: now, copiedBy: userId, copyCount: copied })
    .where(eq(syncBatches.id, batchId));
}

/** A page of the batch's changes after the item `after`, as Síntesis takes them. */
export async function changePage(tx: Transaction, batchId: number, after: number, limit: number) {
  return tx
    .select({
      id: syncBatchItems.id,
      inscripcion: syncBatchItems.inscriptionId,
      rude: students.rude,
      tipo: syncBatchItems.kind,
      descripcion: syncBatchItems.description,
      carnetTitular: syncBatchItems.titularCarnet,
      beneficiario: syncBatchItems.beneficiaryName,
    })
    .from(syncBatchItems)
    .innerJoin(students, eq(students.id, syncBatchItems.studentId))
    .where(and(eq(syncBatchItems.batchId, batchId), gt(syncBatchItems.id, after)))
    .orderBy(asc(syncBatchItems.id))
    .limit(limit);
}

/** Stores a page of Síntesis' synchronised copy (items of other batches are ignored). */
export async function insertCopyItems(tx: Transaction, batchId: number, items: unknown[]) {
  await tx.execute(sql`INSERT INTO sync_copy_items (item_id, batch_id, cut, rude, beneficiary_name, status, observation)
            SELECT x.id, ${batchId}::int, x.corte, x.rude, x.beneficiario, x.estado, x.observacion
            FROM json_to_recordset(${JSON.stringify(items)}::json)
              AS x(id bigint, corte text, rude text, beneficiario text, estado text, observacion text)
            JOIN sync_batch_items i ON i.id = x.id AND i.batch_id = ${batchId}::int
            ON CONFLICT (item_id) DO NOTHING`);
}

/** The calendar's first day (settings), or undefined. */
export async function calendarStart(db: Executor): Promise<string | undefined> {
  const [settings] = await db
    .select({ start: programmeSettings.calendarStart })
    .from(programmeSettings)
    .where(eq(programmeSettings.id, 1));
  return settings?.start;
}

/** The batches of the days from `start` to `end`, with their steps and counts. */
export function batchesBetween(db: Executor, start: string, end: string) {
  return db
    .select({
      day: syncBatches.day,
      isSend: syncBatches.isSend,
      isSendChange: syncBatches.isSendChange,
      isSendCopy: syncBatches.isSendCopy,
      itemCount: syncBatches.itemCount,
    })
    .from(syncBatches)
    .where(and(gte(syncBatches.day, start), lte(syncBatches.day, end)));
}

const rudeFilter = (rude?: string) =>
  rude ? like(students.rude, `${rude.replace(/[%_\\]/g, '\\$&')}%`) : undefined;

/** How many of the batch's changes match the RUDE prefix. */
async function countItems(db: Executor, batchId: number, query: StepListQuery): Promise<number> {
  const [total] = await db
    .select({ n: count() })
    .from(syncBatchItems)
    .innerJoin(students, eq(students.id, syncBatchItems.studentId))
    .where(and(eq(syncBatchItems.batchId, batchId), rudeFilter(query.rude)));
  return total?.n ?? 0;
}

/** 'Lista Paso 1': a page of the batch's changes, filtered by RUDE (prefix), and how many match. */
export async function stepOnePage(db: Executor, batchId: number, query: StepListQuery) {
  const [items, total] = await Promise.all([
    db
      .select({
        id: syncBatchItems.id,
        codigoRude: students.rude,
        paternoEst: students.firstLastName,
        maternoEst: students.secondLastName,
        nombreEst: students.name,
        descripcion: syncBatchItems.description,
      })
      .from(syncBatchItems)
      .innerJoin(students, eq(students.id, syncBatchItems.studentId))
      .where(and(eq(syncBatchItems.batchId, batchId), rudeFilter(query.rude)))
      .orderBy(asc(syncBatchItems.id))
      .limit(DEFAULT_PAGE_SIZE)
      .offset((query.page - 1) * DEFAULT_PAGE_SIZE),
    countItems(db, batchId, query),
  ]);
  return { items, total };
}

/** 'Lista Paso 2': a page of the batch's changes with Síntesis' copy of each, and how many match. */
export async function stepTwoPage(db: Executor, batchId: number, query: StepListQuery) {
  const [items, total] = await Promise.all([
    db
      .select({
        id: syncBatchItems.id,
        rude: students.rude,
        name: syncBatchItems.beneficiaryName,
        copyName: syncCopyItems.beneficiaryName,
        estado: syncCopyItems.status,
      })
      .from(syncBatchItems)
      .innerJoin(students, eq(students.id, syncBatchItems.studentId))
      .leftJoin(syncCopyItems, eq(syncCopyItems.itemId, syncBatchItems.id))
      .where(and(eq(syncBatchItems.batchId, batchId), rudeFilter(query.rude)))
      .orderBy(asc(syncBatchItems.id))
      .limit(DEFAULT_PAGE_SIZE)
      .offset((query.page - 1) * DEFAULT_PAGE_SIZE),
    countItems(db, batchId, query),
  ]);
  return { items, total };
}

/** A page of the consolidation history, newest day first, and how many batches there are. */
export async function batchHistoryPage(db: Executor, page: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select(batchColumns)
      .from(syncBatches)
      .orderBy(desc(syncBatches.day))
      .limit(DEFAULT_PAGE_SIZE)
      .offset((page - 1) * DEFAULT_PAGE_SIZE),
    db.select({ n: count() }).from(syncBatches),
  ]);
  return { rows, total: total?.n ?? 0 };
}
