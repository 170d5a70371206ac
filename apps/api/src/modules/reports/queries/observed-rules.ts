// The titular history and the ledger's payment days that 'Pagos observados' judges a payment by, as
// relations over a set of inscriptions (`among`: a subquery of inscription ids), joined set-based.
// They read holders' tables directly: holders uses reports (its declaration's student rows), so
// reports cannot use holders' index without a cycle (decision 059; scripts/table-owners.allowed.json).
import { BOLIVIA_TIME_ZONE } from '@bjp/domain';
import { type SQL, sql } from 'drizzle-orm';

const zone = sql.raw(`'${BOLIVIA_TIME_ZONE}'`);

/**
 * Each titular assignment of those inscriptions as the Bolivian days it was in force: from the day
 * it was registered (`from_day`) to the day it was removed (`until_day`, excluded; null while it is
 * the current titular). A titular replaced on a day gives way to the new one that same day.
 * Columns: inscription_id, id, created_at, from_day, until_day.
 */
export const titularSpansSql = (among: SQL): SQL =>
  sql`SELECT t.inscription_id, t.id, t.created_at, (t.created_at AT TIME ZONE ${zone})::date AS from_day,
    (t.removed_at AT TIME ZONE ${zone})::date AS until_day
  FROM titular_assignments t WHERE t.inscription_id IN (${among})`;

/**
 * Those inscriptions the bank reported paid on more than one day: their ledger's PAGADO entries,
 * corrections included (a correction of the bank or mode alone keeps the day, so it is not a second
 * payment). Columns: inscription_id, paid_days.
 */
export const repeatedPaymentsSql = (among: SQL): SQL =>
  sql`SELECT l.inscription_id, count(DISTINCT l.paid_on)::int AS paid_days
  FROM payment_ledger l WHERE l.bank_status = 'PAGADO' AND l.inscription_id IN (${among})
  GROUP BY l.inscription_id HAVING count(DISTINCT l.paid_on) > 1`;
