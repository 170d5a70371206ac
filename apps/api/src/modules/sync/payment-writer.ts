import { syncMessages } from '@bjp/domain';
import type { Transaction } from '../../db/client.js';
import { refreshStatistics } from '../../db/summaries.js';
import { type AuditEntry, writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { holdOpenYear } from '../settings/index.js';
import { analyzePaymentLedger, tryPaymentsLock, waitForPaymentsLock } from './queries/payments.js';

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
 * Then the open year, held (settings' holdOpenYear).
 */
export async function lockPayments(tx: Transaction, wait: boolean): Promise<void> {
  if (wait) await waitForPaymentsLock(tx);
  else if (!(await tryPaymentsLock(tx))) throw new AppError('conflict', syncMessages.busy);
  // The open year held until commit (issue 18): every payment this transaction writes is of the year
  // its beneficiary rules read; an opening of the next year waits for it, or it for the opening.
  await holdOpenYear(tx);
}

/**
 * The planner's statistics of the ledger brought up to what this transaction appended, before the
 * writer's own reads of it ('Pagos observados' of the run): PGlite has no autovacuum, and
 * PostgreSQL's cannot see rows not yet committed. Without it, a demo sync's count of its observed
 * records took 52 s on PGlite (a nested loop over a ledger thought empty) and held the one
 * connection; with it 0.1 s, the ANALYZE itself 87 ms (a sample of at most 30,000 rows at any size).
 * On PostgreSQL the application role does not own the table: ANALYZE then only warns and skips it,
 * and the plan there keeps its indexes (observed-sources.test.ts runs on both).
 */
export async function analyzeLedger(tx: Transaction, changed: number): Promise<void> {
  if (changed > 0) await analyzePaymentLedger(tx);
}

/**
 * The end of every payment write: the summary statistics rebuilt once (only when a row changed, so
 * an unchanged re-run costs nothing) and the one audit row, last, in the same transaction.
 */
export async function finishPayments(tx: Transaction, changed: number, audit: AuditEntry): Promise<void> {
  if (changed > 0) await refreshStatistics(tx);
  await writeAudit(tx, audit);
}
