/** What other areas may use of the payment sync: the gatherer contract an area implements and the job status. */

export type { SyncJobStatus } from './job-status.js';
// The one payment-writing path (the Síntesis sync and modules/imports use it).
export {
  analyzeLedger,
  beneficiaryRules,
  finishPayments,
  lockPayments,
  type PaymentWrite,
  upsertPayments,
} from './payment-writer.js';
export type { ChangeGatherer } from './queries/change-gatherer.js';
