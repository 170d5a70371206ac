// Rules of holders' own rows that the auditors' report ('Pagos observados', reports) relies on.
import { BOLIVIA_TIME_ZONE } from '@bjp/domain';
import { type SQL, sql } from 'drizzle-orm';

const zone = sql.raw(`'${BOLIVIA_TIME_ZONE}'`);

/**
 * How many different days the bank reported a payment of the inscription on: its ledger's PAGADO
 * entries, corrections included (a correction of the bank or mode alone keeps the day, so it is not
 * a second payment). One probe of payment_ledger_inscription_idx per inscription.
 */
export const paidDaysSql = (inscriptionId: SQL): SQL<number> =>
  sql`(SELECT count(DISTINCT l.paid_on)::int FROM payment_ledger l
    WHERE l.inscription_id = ${inscriptionId} AND l.bank_status = 'PAGADO')`;

/**
 * The id of the titular assignment in force on a Bolivian day: registered on or before it and not
 * removed by then (a titular replaced on that day gives way to the new one). Null when the student
 * had no titular that day.
 */
export const titularOnDaySql = (inscriptionId: SQL, day: SQL): SQL<number | null> =>
  sql`(SELECT t.id FROM titular_assignments t
    WHERE t.inscription_id = ${inscriptionId}
      AND (t.created_at AT TIME ZONE ${zone})::date <= ${day}
      AND (t.removed_at IS NULL OR (t.removed_at AT TIME ZONE ${zone})::date > ${day})
    ORDER BY t.created_at DESC, t.id DESC LIMIT 1)`;

/** The id of the inscription's titular assignment in force now; null when it has none. */
export const currentTitularSql = (inscriptionId: SQL): SQL<number | null> =>
  sql`(SELECT t.id FROM titular_assignments t WHERE t.inscription_id = ${inscriptionId} AND t.removed_at IS NULL)`;
