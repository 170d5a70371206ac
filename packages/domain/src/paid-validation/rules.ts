import { formatDecimal } from '../common/index.js';
import { paidMessages, paidStateLabels } from './messages.js';

export type PaidState = keyof typeof paidStateLabels;

/** true paid (the money reached the student), false not paid, null not yet validated. */
export function paidState(isPaid: boolean | null): PaidState {
  if (isPaid === null) return 'unvalidated';
  return isPaid ? 'paid' : 'not_paid';
}

export const paidStateLabel = (isPaid: boolean | null): string => paidStateLabels[paidState(isPaid)];

/**
 * Part 2 §5, in the order the original checked: a payment state is required, and NO PAGADO needs an
 * observation. Returns the message to show, or null when the validation may be saved.
 */
export function validationProblem(input: {
  isPaid: boolean | null | undefined;
  observation?: string | null;
}): string | null {
  if (input.isPaid === null || input.isPaid === undefined) return paidMessages.selectPaymentState;
  if (!input.isPaid && !(input.observation ?? '').trim()) return paidMessages.observationRequired;
  return null;
}

/** PAGADO clears the observation (the textarea is emptied and disabled); NO PAGADO keeps it trimmed. */
export function storedObservation(isPaid: boolean, observation: string | null | undefined): string | null {
  if (isPaid) return null;
  const text = (observation ?? '').trim();
  return text === '' ? null : text;
}

/**
 * 'SALDO A DEVOLVER EN BOLIVIANOS' (part 2 §9): each student whose bonus did not reach them counts the
 * amount per student (200 BOB). Amounts are whole bolivianos, so the product is exact in a double up
 * to 2^53; the text always carries 2 decimals and comma thousands.
 */
export function saldoADevolver(undelivered: number, amountPerStudent: number): number {
  if (!Number.isInteger(undelivered) || undelivered < 0)
    throw new RangeError('undelivered must be a whole number ≥ 0');
  if (!Number.isInteger(amountPerStudent) || amountPerStudent < 0)
    throw new RangeError('amountPerStudent must be whole bolivianos ≥ 0');
  return undelivered * amountPerStudent;
}

export function formatSaldo(amount: number): string {
  return formatDecimal(amount, 2);
}
