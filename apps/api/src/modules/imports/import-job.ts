import { type ImportCounts, importMessages, type ObservedRecordCounts } from '@bjp/domain';
import type { AppDeps, AppInstance } from '../../app-types.js';
import type { JobQueue, JobRun } from '../../jobs/index.js';
import { JOB_FAILED_MESSAGE } from '../../jobs/index.js';
import { readJob } from '../../jobs/store.js';
import { AppError } from '../../lib/errors.js';
import { observedOfSource } from '../reports/index.js';
import { analyzeLedger, finishPayments, lockPayments, upsertPayments } from '../sync/index.js';
import { PAYMENT_IMPORT_JOB, ROLL_CHECK_JOB, ROLL_IMPORT_JOB } from './job-kinds.js';
import { checkPayments } from './payment-check.js';
import { phases } from './phases.js';
import { importRow, markDone, markFailed, programmeAmount } from './queries.js';
import { type RollImportRow, runRollCheck, runRollImport } from './roll/jobs.js';
import { storedRows } from './stored-rows.js';

export type ImportResult = {
  message: string;
  importId: number;
  counts: ImportCounts;
  written: number;
  /** What the import wrote that an auditor must look at ('Pagos observados'), per kind. */
  observed?: ObservedRecordCounts;
};

/** The import named by the job's singleton key ('import|<id>'), also after a restart. */
async function importIdOf(deps: AppDeps, run: JobRun<{ importId?: number }>): Promise<number> {
  if (run.data?.importId) return run.data.importId;
  const row = await readJob(deps.db, run.id);
  const id = Number(row?.singletonKey?.split('|')[1]);
  if (!id) throw new AppError('bad_request', importMessages.notFound);
  return id;
}

/**
 * The confirmation, as one transaction: the payment writers' lock (the Síntesis sync's), the
 * stored file read again and checked row by row against the database as it is now (only valid rows
 * are written; a structural error or a file whose SHA-256 no longer matches writes nothing), the
 * payments written through the sync's upsert, the import marked done, the statistics refreshed once
 * and one audit row last. The job's result commits with it, so a retried attempt writes nothing twice.
 */
export async function runPaymentImport(
  deps: AppDeps,
  run: JobRun<{ importId?: number }>,
): Promise<ImportResult> {
  const id = await importIdOf(deps, run);
  try {
    return await deps.db.transaction(async (tx) => {
      await lockPayments(tx, true);
      const earlier = await run.committed(tx);
      if (earlier) return earlier as ImportResult;
      const row = await importRow(tx, id);
      if (!row) throw new AppError('not_found', importMessages.notFound);
      // Applied by another job of the same import (one whose instance was presumed dead and was
      // cancelled, yet committed): written once, and this job says so.
      if (row.state === 'done') {
        const counts = row.counts as ImportCounts;
        const result: ImportResult = {
          message: importMessages.alreadyConfirmed,
          importId: id,
          counts,
          written: 0,
        };
        await run.commit(tx, result);
        return result;
      }
      const file = await storedRows(deps, row);
      const total = (row.counts as ImportCounts).rows;
      const now = deps.clock.now();
      let written = 0;
      let seen = 0;
      let writing = 0;
      const spent = { classifying: 0 };
      const phase = phases('payment import');
      await run.report({ done: 0, total, message: importMessages.progress(0, total) });
      const counts = await checkPayments({
        db: tx,
        rows: file.rows,
        amountPerStudent: await programmeAmount(tx),
        spent,
        async onBatch(accepted, sofar) {
          const changes = accepted
            .filter((r) => r.verdict !== 'unchanged')
            .map((r) => ({
              inscripcion: r.inscription,
              fechaPago: r.paidOn,
              banco: r.bank,
              modalidad: r.mode,
            }));
          const started = performance.now();
          const w = await upsertPayments(tx, changes, now, { kind: 'import', id });
          writing += performance.now() - started;
          written += w.inserted + w.updated;
          const done = sofar.new + sofar.unchanged + sofar.changed + sofar.refused + sofar.errors;
          if (done > seen) {
            seen = done;
            await run.report({
              done,
              total: Math.max(total, done),
              message: importMessages.progress(done, total),
            });
          }
        },
      });
      file.assertSame();
      const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      phase.done(`check and write (classifying ${seconds(spent.classifying)}, writing ${seconds(writing)})`);
      await markDone(tx, id, counts, run.userId, now);
      await analyzeLedger(tx, written);
      const result: ImportResult = {
        message: importMessages.done(counts.new, counts.changed, counts.unchanged),
        importId: id,
        counts,
        written,
        observed: written > 0 ? await observedOfSource(tx, { kind: 'import', id }) : [],
      };
      await finishPayments(tx, written, {
        userId: run.userId,
        action: 'imports.payments',
        entity: 'file_import',
        entityId: id,
        after: { fileName: row.fileName, sha256: row.sha256, counts, written },
      });
      phase.done('statistics and audit');
      await run.commit(tx, result);
      phase.log();
      return result;
    });
  } catch (error) {
    await closeIfFinal(deps, id, run, error);
    throw error;
  }
}

/**
 * A refusal to show (structural error, changed file) marks the import failed at once; anything else
 * is retried by the queue, and marks it failed only when no retry is left — never left 'queued'.
 */
async function closeIfFinal(deps: AppDeps, id: number, run: JobRun<unknown>, error: unknown) {
  if (error instanceof AppError) await markFailed(deps.db, id, error.message).catch(() => undefined);
  else if (run.final) await markFailed(deps.db, id, JOB_FAILED_MESSAGE).catch(() => undefined);
}

/** A roll job (dry run or confirmation) on its import; a refusal to show marks the import failed. */
export async function runRollJob(
  deps: AppDeps,
  run: JobRun<{ importId?: number }>,
  step: typeof runRollCheck | typeof runRollImport,
) {
  const id = await importIdOf(deps, run);
  try {
    const row = await importRow(deps.db, id);
    if (!row) throw new AppError('not_found', importMessages.notFound);
    return await step(deps, run, row as unknown as RollImportRow);
  } catch (error) {
    await closeIfFinal(deps, id, run, error);
    throw error;
  }
}

/** The server's queue with the import kinds registered. */
export function importJobs(app: AppInstance): JobQueue {
  const { deps } = app;
  deps.jobs.register<{ importId?: number }>(PAYMENT_IMPORT_JOB, (run) => runPaymentImport(deps, run));
  deps.jobs.register<{ importId?: number }>(ROLL_CHECK_JOB, (run) => runRollJob(deps, run, runRollCheck));
  deps.jobs.register<{ importId?: number }>(ROLL_IMPORT_JOB, (run) => runRollJob(deps, run, runRollImport));
  return deps.jobs;
}
