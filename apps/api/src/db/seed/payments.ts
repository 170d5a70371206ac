import type { Executor } from '../client.js';
import { run } from './sql.js';

/**
 * Payments as the bank's synchronisation leaves them: only collected bonuses have a row, synced the
 * night of the payment. More of them in consolidated schools, whose lists reached the bank first.
 */
export async function loadPayments(tx: Executor): Promise<void> {
  await run(
    tx,
    `INSERT INTO payments (inscription_id, paid, paid_on, bank, mode, synced_at)
     SELECT id, true, paid_on, bank, mode, (paid_on::text || ' 23:30:00-04')::timestamptz
     FROM seed_titulars WHERE paid`,
  );
}
