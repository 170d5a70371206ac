import { boliviaDayStart, fillMessage, type SyncStepResult, syncMessages } from '@bjp/domain';
import { and, asc, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import type { Transaction } from '../../db/client.js';
import { students, syncBatches, syncBatchItems } from '../../db/schema/index.js';
import { SintesisError } from '../../integrations/sintesis/client.js';
import type { SintesisChange } from '../../integrations/sintesis/protocol.js';
import type { JobRun } from '../../jobs/index.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { type BatchRow, batchName, batchOfDay, lockSync } from './batch.js';
import { changeGatherers } from './gatherers.js';
import { sintesisMessage } from './openness.js';

/** Pages of changes sent to and read back from Síntesis. */
export const SINTESIS_PAGE = 5_000;

/** Shown while a step runs as a job (to move to syncMessages in @bjp/domain). */
export const stepProgressMessages = {
  consolidate: 'Reuniendo modificaciones: {done} de {total} fuentes de cambios.',
  send: 'Enviando cambios a Síntesis: {done} de {total} registros.',
  copy: 'Recibiendo la copia sincronizada: {done} de {total} registros.',
} as const;

/**
 * job: run as a job (src/jobs, step-jobs.ts): progress is reported batch by batch, and the result
 * commits with the step's work, so an attempt that finds it committed returns it and writes nothing.
 */
type Step = {
  deps: AppDeps;
  user: Pick<AuthUser, 'id'>;
  ip: string | null;
  job?: Pick<JobRun<unknown>, 'report' | 'committed' | 'commit'>;
};

/** Under the steps' lock: the result an earlier attempt of this job committed, if any. */
async function earlierAttempt(tx: Transaction, job: Step['job']): Promise<SyncStepResult | null> {
  return job ? ((await job.committed(tx)) as SyncStepResult | null) : null;
}

const reporter =
  (job: Step['job'], template: string, total: number) =>
  async (done: number): Promise<void> => {
    const all = Math.max(total, done);
    await job?.report({ done, total: all, message: fillMessage(template, { done, total: all }) });
  };

/** The step's answer; as a job, committed with its work (the last write of the transaction). */
async function finish(tx: Transaction, job: Step['job'], day: string, message: string) {
  const answer = await result(tx, day, message);
  await job?.commit(tx, answer);
  return answer;
}

const upstream = (error: unknown) =>
  error instanceof SintesisError ? new AppError('upstream_failure', sintesisMessage(error)) : error;

async function todaysBatchForUpdate(tx: Transaction, day: string): Promise<BatchRow | null> {
  const [row] = await tx.select().from(syncBatches).where(eq(syncBatches.day, day)).for('update');
  return row ?? null;
}

async function result(tx: Transaction, day: string, message: string): Promise<SyncStepResult> {
  return { message, batch: (await batchOfDay(tx, day))! };
}

/**
 * Step 1 'Consolidar modificaciones': one transaction creates today's record and gathers the
 * changes since the last batch Síntesis received (or, without one, since the oldest batch it did
 * not receive, or since today began) up to now. A failure rolls everything back, so it can be
 * re-run; once done, changes are closed for the day (409).
 */
export async function consolidateChanges({ deps, user, ip, job }: Step): Promise<SyncStepResult> {
  const day = deps.clock.today();
  return deps.db.transaction(async (tx) => {
    await lockSync(tx);
    const earlier = await earlierAttempt(tx, job);
    if (earlier) return earlier;
    if (await todaysBatchForUpdate(tx, day)) throw new AppError('conflict', syncMessages.changesClosed);
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
    const now = deps.clock.now();
    const from = lastSent?.to ?? oldestUnsent?.from ?? boliviaDayStart(day);
    const [batch] = await tx
      .insert(syncBatches)
      .values({
        day,
        periodFrom: from,
        periodTo: now,
        createdAt: now,
        createdBy: user.id,
        isSend: true,
        sentAt: now,
        sentBy: user.id,
      })
      .returning({ id: syncBatches.id });
    const ctx = { batchId: batch!.id, from: new Date(from), to: now };
    const report = reporter(job, stepProgressMessages.consolidate, changeGatherers.length);
    await report(0);
    for (const [i, gatherer] of changeGatherers.entries()) {
      await tx.execute(gatherer.insert(ctx));
      await report(i + 1);
    }
    const [counted] = await tx
      .select({ n: count() })
      .from(syncBatchItems)
      .where(eq(syncBatchItems.batchId, batch!.id));
    const n = counted?.n ?? 0;
    await tx.update(syncBatches).set({ itemCount: n }).where(eq(syncBatches.id, batch!.id));
    await writeAudit(tx, {
      userId: user.id,
      action: 'sync.consolidate',
      entity: 'sync_batch',
      entityId: batch!.id,
      after: { day, items: n },
      ip,
    });
    return finish(tx, job, day, fillMessage(syncMessages.consolidated, { count: n }));
  });
}

/**
 * Step 2 'Sincronizar Cambios Síntesis': sends today's batch to Síntesis in pages and closes it,
 * receiving the cut. Pages are idempotent on Síntesis' side, so after a failure (rolled back here)
 * the step is simply run again.
 */
export async function sendChanges({ deps, user, ip, job }: Step): Promise<SyncStepResult> {
  const day = deps.clock.today();
  return deps.db.transaction(async (tx) => {
    await lockSync(tx);
    const earlier = await earlierAttempt(tx, job);
    if (earlier) return earlier;
    const batch = await todaysBatchForUpdate(tx, day);
    if (!batch?.isSend) throw new AppError('conflict', syncMessages.changesNotConsolidated);
    if (batch.isSendChange) throw new AppError('conflict', syncMessages.changeSyncDone);
    const sintesis = deps.integrations.sintesis;
    const name = batchName(batch.id);
    try {
      if (!(await sintesis.state(name)).recepcionCambios)
        throw new AppError('conflict', syncMessages.changeSyncClosed);
      let after = 0;
      let pages = 0;
      let total = 0;
      let closing: { cut: string; total: number } | null = null;
      const report = reporter(job, stepProgressMessages.send, batch.itemCount);
      await report(0);
      for (;;) {
        const changes = await changePage(tx, batch.id, after);
        if (changes.length === 0) break;
        try {
          await sintesis.sendPage(name, ++pages, day, changes);
        } catch (error) {
          closing = await closedBefore(sintesis, name, batch.itemCount, error);
          break;
        }
        total += changes.length;
        after = changes[changes.length - 1]!.id;
        await report(total);
      }
      closing ??= await sintesis.closeBatch(name, total, pages);
      total = closing.total;
      const now = deps.clock.now();
      await tx
        .update(syncBatches)
        .set({ isSendChange: true, changedAt: now, changedBy: user.id, cut: closing.cut })
        .where(eq(syncBatches.id, batch.id));
      await writeAudit(tx, {
        userId: user.id,
        action: 'sync.send',
        entity: 'sync_batch',
        entityId: batch.id,
        after: { cut: closing.cut, total },
        ip,
      });
      await report(total);
      return finish(tx, job, day, fillMessage(syncMessages.sent, { count: total, cut: closing.cut }));
    } catch (error) {
      throw upstream(error);
    }
  });
}

/**
 * A page refused because Síntesis already closed the batch: an earlier run sent and closed it, then
 * failed before its own commit (issue 12: the step is simply run again). Closing again with the whole
 * batch gives that run's cut; if Síntesis refuses that too, the page's refusal stands.
 */
async function closedBefore(
  sintesis: AppDeps['integrations']['sintesis'],
  name: string,
  itemCount: number,
  error: unknown,
): Promise<{ cut: string; total: number }> {
  if (!(error instanceof SintesisError && error.refused)) throw error;
  try {
    return await sintesis.closeBatch(name, itemCount, Math.ceil(itemCount / SINTESIS_PAGE));
  } catch {
    throw error;
  }
}

async function changePage(tx: Transaction, batchId: number, after: number): Promise<SintesisChange[]> {
  const rows = await tx
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
    .limit(SINTESIS_PAGE);
  return rows;
}

/**
 * Step 3 'Ejecuta Copia Sincronizada': reads Síntesis' synchronised copy of today's batch page by
 * page and stores it (sync_copy_items), in one transaction with the record's stamp.
 */
export async function takeCopy({ deps, user, ip, job }: Step): Promise<SyncStepResult> {
  const day = deps.clock.today();
  return deps.db.transaction(async (tx) => {
    await lockSync(tx);
    const earlier = await earlierAttempt(tx, job);
    if (earlier) return earlier;
    const batch = await todaysBatchForUpdate(tx, day);
    if (!batch?.isSendChange)
      throw new AppError(
        'conflict',
        batch ? syncMessages.changesNotSent : syncMessages.changesNotConsolidated,
      );
    if (batch.isSendCopy) throw new AppError('conflict', syncMessages.copyDone);
    const sintesis = deps.integrations.sintesis;
    const name = batchName(batch.id);
    try {
      if (!(await sintesis.state(name)).copiaDisponible)
        throw new AppError('conflict', syncMessages.copyClosed);
      let after = 0;
      let copied = 0;
      const report = reporter(job, stepProgressMessages.copy, batch.itemCount);
      await report(0);
      for (;;) {
        const page = await sintesis.readCopy(name, after, SINTESIS_PAGE);
        if (page.items.length > 0) {
          await tx.execute(sql`INSERT INTO sync_copy_items (item_id, batch_id, cut, rude, beneficiary_name, status, observation)
            SELECT x.id, ${batch.id}::int, x.corte, x.rude, x.beneficiario, x.estado, x.observacion
            FROM json_to_recordset(${JSON.stringify(page.items)}::json)
              AS x(id bigint, corte text, rude text, beneficiario text, estado text, observacion text)
            JOIN sync_batch_items i ON i.id = x.id AND i.batch_id = ${batch.id}::int
            ON CONFLICT (item_id) DO NOTHING`);
          copied += page.items.length;
        }
        await report(copied);
        if (page.next === null) break;
        after = page.next;
      }
      const now = deps.clock.now();
      await tx
        .update(syncBatches)
        .set({ isSendCopy: true, copiedAt: now, copiedBy: user.id, copyCount: copied })
        .where(eq(syncBatches.id, batch.id));
      await writeAudit(tx, {
        userId: user.id,
        action: 'sync.copy',
        entity: 'sync_batch',
        entityId: batch.id,
        after: { copied },
        ip,
      });
      return finish(tx, job, day, fillMessage(syncMessages.copied, { count: copied }));
    } catch (error) {
      throw upstream(error);
    }
  });
}
