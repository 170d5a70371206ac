import { syncMessages } from '@bjp/domain';
import type { Transaction } from '../../db/client.js';
import { refreshStatistics } from '../../db/summaries.js';
import { type AuditEntry, writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { tryPaymentsLock, waitForPaymentsLock } from './queries/payments.js';

export { beneficiaryRules, type PaymentWrite, upsertPayments } from './queries/payments.js';

/**
 * The one way payments are written, whoever brings them: the Síntesis synchronisation (payments.ts)
 * and the bank's payment file (modules/imports). Both take the same lock, write through the same
 * upsert, refresh the statistics once and leave one audit row, so a payment means the same thing
 * whichever door it came in by.
 */

/**
 * Takes the payment writers' lock for the transaction: a job waits for it (an attempt retried
 * while an earlier one still commits); a request is refused with 409 while another run holds it.
 */
export async function lockPayments(tx: Transaction, wait: boolean): Promise<void> {
  if (wait) {
    await waitForPaymentsLock(tx);
    return;
  }
  if (!(await tryPaymentsLock(tx))) throw new AppError('conflict', syncMessages.busy);
}

/**
 * The end of every payment write: the summary statistics rebuilt once (only when a row changed, so
 * an unchanged re-run costs nothing) and the one audit row, last, in the same transaction.
 */
export async function finishPayments(tx: Transaction, changed: number, audit: AuditEntry): Promise<void> {
  if (changed > 0) await refreshStatistics(tx);
  await writeAudit(tx, audit);
}
