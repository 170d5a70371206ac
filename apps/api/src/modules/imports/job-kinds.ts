import type { ImportKind } from '@bjp/domain';

/** The queue's names for the imports' jobs (a module of its own: the service and the jobs both name them). */
export const PAYMENT_IMPORT_JOB = 'import.payments';
export const ROLL_CHECK_JOB = 'import.roll.check';
export const ROLL_IMPORT_JOB = 'import.roll.write';

/** The job that confirms an import of this kind. */
export const confirmJobOf = (kind: ImportKind) =>
  kind === 'payments' ? PAYMENT_IMPORT_JOB : ROLL_IMPORT_JOB;
