import { fillMessage, type LastPaymentSync, type PaymentSyncResult, syncMessages } from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import { SintesisError } from '../../integrations/sintesis/client.js';
import type { JobRun } from '../../jobs/index.js';
import { AppError } from '../../lib/errors.js';
import { observedOfSource } from '../reports/index.js';
import { sintesisMessage } from './openness.js';
import { analyzeLedger, finishPayments, lockPayments, upsertPayments } from './payment-writer.js';
import {
  beneficiaryCount,
  beneficiaryPage,
  insertPaymentSyncRun,
  lastPaymentSyncRunRow,
  reservePaymentSyncRunId,
} from './queries/payments.js';

/** Beneficiaries per payment query to Síntesis. */
export const PAYMENT_PAGE = 10_000;

/**
 * job: run as a job (src/jobs): progress is reported page by page, the lock is waited for rather
 * than refused (an attempt retried while an earlier one still commits), and the result commits with
 * the payments, so an attempt that finds it committed returns it and writes nothing.
 */
/** Shown while a payment sync job runs (to move to syncMessages in @bjp/domain). */
export const PROGRESS_MESSAGE = 'Consultando pagos en Síntesis: {done} de {total} beneficiarios.';

export type PaymentSyncOptions = {
  pageSize?: number;
  ip?: string;
  job?: Pick<JobRun<unknown>, 'report' | 'committed' | 'commit'>;
};

/**
 * 'Sincronizar Datos de Pago de Síntesis' (issue 4), callable by any area: pulls the payments
 * Síntesis holds for every beneficiary into the payments table, then refreshes the summary
 * statistics so the dashboard and reports show them. One transaction: if Síntesis fails or refuses
 * part-way, its message is reported and nothing has changed. Idempotent: rows are written only
 * where Síntesis says something different, and the statistics are rebuilt only when a row changed.
 * Removed beneficiaries and blocked students are not queried, so their rows are never touched.
 * While one run is in progress a second is refused (409) rather than queued.
 *
 * The Síntesis query of one page overlaps with writing the previous page and reading the next.
 */
export async function syncPayments(
  deps: AppDeps,
  actor: Pick<AuthUser, 'id'>,
  options: PaymentSyncOptions = {},
): Promise<PaymentSyncResult> {
  const pageSize = options.pageSize ?? PAYMENT_PAGE;
  const started = deps.clock.now();
  const clockStart = performance.now();
  const job = options.job;
  return deps.db.transaction(async (tx) => {
    await lockPayments(tx, Boolean(job));
    if (job) {
      const earlier = await job.committed(tx);
      if (earlier) return earlier as PaymentSyncResult;
    }
    const total = job ? await beneficiaryCount(tx) : 0;
    const report = (done: number) =>
      job?.report({
        done,
        total: Math.max(total, done),
        message: fillMessage(PROGRESS_MESSAGE, { done, total: Math.max(total, done) }),
      });
    await report(0);
    const reservedRunId = await reservePaymentSyncRunId(tx);
    const totals = { beneficiaries: 0, received: 0, inserted: 0, updated: 0 };
    let writing: Promise<void> = Promise.resolve();
    let keys = await beneficiaryPage(tx, 0, pageSize);
    try {
      while (keys.length > 0) {
        const asking = deps.integrations.sintesis.queryPayments(keys);
        // Avoid an unhandled rejection while the database work below is awaited first.
        asking.catch(() => undefined);
        totals.beneficiaries += keys.length;
        await writing;
        const next =
          keys.length === pageSize
            ? await beneficiaryPage(tx, keys[keys.length - 1]!.inscripcion, pageSize)
            : [];
        const pagos = await asking;
        totals.received += pagos.length;
        const asked = totals.beneficiaries;
        writing = upsertPayments(tx, pagos, started, { kind: 'sync', id: reservedRunId }).then(async (w) => {
          totals.inserted += w.inserted;
          totals.updated += w.updated;
          await report(asked);
        });
        keys = next;
      }
      await writing;
    } catch (error) {
      await writing.catch(() => undefined);
      if (error instanceof SintesisError) throw new AppError('upstream_failure', sintesisMessage(error));
      throw error;
    }
    const changed = totals.inserted + totals.updated;
    // What this run wrote that an auditor must look at ('Pagos observados'), per kind.
    await analyzeLedger(tx, changed);
    const observed = changed > 0 ? await observedOfSource(tx, { kind: 'sync', id: reservedRunId }) : [];
    const runId = await insertPaymentSyncRun(tx, {
      id: reservedRunId,
      startedAt: started,
      finishedAt: deps.clock.now(),
      userId: actor.id,
      ...totals,
    });
    await finishPayments(tx, changed, {
      userId: actor.id,
      action: 'sync.payments',
      entity: 'payment_sync_run',
      entityId: runId,
      after: totals,
      ip: options.ip ?? null,
    });
    const result: PaymentSyncResult = {
      message: fillMessage(syncMessages.paymentsSynced, { received: totals.received, changed }),
      runId,
      ...totals,
      unchanged: totals.received - changed,
      seconds: Math.round((performance.now() - clockStart) / 100) / 10,
      observed,
    };
    await job?.commit(tx, result);
    return result;
  });
}

/** The last completed payment sync with who ran it, for the panel of 'Procesar Ajustes Solicitados'. */
export async function lastPaymentSyncRun(deps: AppDeps): Promise<LastPaymentSync> {
  const r = await lastPaymentSyncRunRow(deps.db);
  if (!r) return { run: null };
  const received = Number(r.received);
  const inserted = Number(r.inserted);
  const updated = Number(r.updated);
  return {
    run: {
      runId: Number(r.id),
      startedAt: new Date(r.started_at).toISOString(),
      finishedAt: new Date(r.finished_at).toISOString(),
      by: r.username ? (r.name ? `${r.name} (${r.username})` : r.username) : null,
      beneficiaries: Number(r.beneficiaries),
      received,
      inserted,
      updated,
      unchanged: received - inserted - updated,
      errors: 0,
    },
  };
}
