import type { Executor } from '../client.js';
import { run } from './sql.js';

/**
 * Payments as the bank's synchronisation leaves them (first entries of the payment ledger): only collected bonuses have a row, synced the
 * night of the payment. More of them in consolidated schools, whose lists reached the bank first.
 */
export async function loadPayments(tx: Executor): Promise<void> {
  await run(
    tx,
    `INSERT INTO payment_ledger (inscription_id, source_kind, bank_status, paid_on, bank, mode, received_at, amount_bob, rude)
     SELECT t.id, 'sync', 'PAGADO', t.paid_on, t.bank, t.mode, (t.paid_on::text || ' 23:30:00-04')::timestamptz,
       (SELECT amount_per_student FROM programme_settings WHERE id = 1), s.rude
     FROM seed_titulars t JOIN inscriptions n ON n.id = t.id JOIN students s ON s.id = n.student_id
     WHERE t.paid`,
  );
}
