// The titular history and the ledger's payment days that 'Pagos observados' judges a payment by.
// They read holders' tables directly: holders uses reports (its declaration's student rows), so
// reports cannot use holders' index without a cycle (decision 059; scripts/table-owners.allowed.json).
import { BOLIVIA_TIME_ZONE } from '@bjp/domain';
import { type SQL, sql } from 'drizzle-orm';

const zone = sql.raw(`'${BOLIVIA_TIME_ZONE}'`);

/** The Bolivian day of a timestamp. */
export const boliviaDay = (at: SQL): SQL => sql`(${at} AT TIME ZONE ${zone})::date`;

/**
 * The titular assignment of the inscription in force on a Bolivian day: registered on or before it
 * and not removed by then (a titular replaced on a day gives way to the new one that same day); no
 * row when the student had none. One probe of titular_inscription_idx (migration 0038).
 */
export const titularOnDaySql = (inscriptionId: SQL, day: SQL): SQL =>
  sql`SELECT t.id FROM titular_assignments t
  WHERE t.inscription_id = ${inscriptionId} AND ${boliviaDay(sql`t.created_at`)} <= ${day}
    AND (t.removed_at IS NULL OR ${boliviaDay(sql`t.removed_at`)} > ${day})
  ORDER BY t.created_at DESC, t.id DESC LIMIT 1`;

/**
 * Of those inscriptions (`among`: a subquery of ids), the ones the bank reported paid on more than one
 * day: their ledger's PAGADO entries, corrections included (a correction of the bank or the mode alone
 * keeps the day, so it is not a second payment). Only a chain with a correction can hold two days, so
 * the corrections (entries that supersede one, read on their unique index) choose the few chains
 * counted, instead of grouping the whole ledger. Column: inscription_id.
 */
export const repeatedPaymentsSql = (among: SQL): SQL =>
  sql`SELECT l.inscription_id FROM payment_ledger l
  WHERE l.bank_status = 'PAGADO'
    AND l.inscription_id IN (SELECT c.inscription_id FROM payment_ledger c WHERE c.supersedes_id IS NOT NULL)
    AND l.inscription_id IN (${among})
  GROUP BY l.inscription_id HAVING count(DISTINCT l.paid_on) > 1`;
