import { syncMessages } from '@bjp/domain';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.js';
import { firstRow, rows } from '../../db/rows.js';
import { refreshStatistics } from '../../db/summaries.js';
import { type AuditEntry, writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';

/**
 * The one way payments are written, whoever brings them: the Síntesis synchronisation (payments.ts)
 * and the bank's payment file (modules/imports). Both take the same lock, write through the same
 * upsert, refresh the statistics once and leave one audit row, so a payment means the same thing
 * whichever door it came in by.
 */

/** A payment to record for one inscription (the Síntesis protocol's names). */
export type PaymentWrite = { inscripcion: number; fechaPago: string; banco: string; modalidad: string };

const LOCK = sql`hashtext('bjp.sync.payments')`;

/**
 * Takes the payment writers' lock for the transaction: a job waits for it (an attempt retried
 * while an earlier one still commits); a request is refused with 409 while another run holds it.
 */
export async function lockPayments(tx: Transaction, wait: boolean): Promise<void> {
  if (wait) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK})`);
    return;
  }
  const lock = await firstRow<{ ok: boolean }>(tx, sql`SELECT pg_try_advisory_xact_lock(${LOCK}) AS ok`);
  if (!lock?.ok) throw new AppError('conflict', syncMessages.busy);
}

/**
 * The students who may be paid, as SQL conditions on an inscription `n`: this programme year, not
 * removed (baja), not blocked, with a titular. The sync asks Síntesis about exactly these; the
 * import refuses a row for any other, naming which condition failed.
 */
export const beneficiaryRules = {
  thisYear: sql`n.year = (SELECT year FROM programme_settings WHERE id = 1)`,
  notRemoved: sql`n.removed_at IS NULL`,
  notBlocked: sql`NOT EXISTS (SELECT 1 FROM student_blocks b WHERE b.inscription_id = n.id AND b.unblocked_at IS NULL)`,
  hasTitular: sql`EXISTS (SELECT 1 FROM titular_assignments t WHERE t.inscription_id = n.id AND t.removed_at IS NULL)`,
};

/** Writes payments, touching only rows that differ: a second run with the same data changes nothing. */
export async function upsertPayments(tx: Transaction, pagos: readonly PaymentWrite[], now: Date) {
  if (pagos.length === 0) return { inserted: 0, updated: 0 };
  const result = await rows<{ inserted: number; updated: number }>(
    tx,
    sql`
    WITH x AS (
      SELECT * FROM json_to_recordset(${JSON.stringify(pagos)}::json)
        AS x(inscripcion int, "fechaPago" date, banco text, modalidad text)
    ), written AS (
      INSERT INTO payments (inscription_id, paid, paid_on, bank, mode, synced_at)
      SELECT inscripcion, true, "fechaPago", banco, modalidad, ${now.toISOString()}::timestamptz FROM x
      ON CONFLICT (inscription_id) DO UPDATE
        SET paid = true, paid_on = excluded.paid_on, bank = excluded.bank, mode = excluded.mode, synced_at = excluded.synced_at
        WHERE (payments.paid, payments.paid_on, payments.bank, payments.mode)
          IS DISTINCT FROM (true, excluded.paid_on, excluded.bank, excluded.mode)
      RETURNING (xmax = 0) AS inserted
    )
    SELECT count(*) FILTER (WHERE inserted)::int AS inserted, count(*) FILTER (WHERE NOT inserted)::int AS updated
    FROM written`,
  );
  const row = result[0]!;
  return { inserted: Number(row.inserted), updated: Number(row.updated) };
}

/**
 * The end of every payment write: the summary statistics rebuilt once (only when a row changed, so
 * an unchanged re-run costs nothing) and the one audit row, last, in the same transaction.
 */
export async function finishPayments(tx: Transaction, changed: number, audit: AuditEntry): Promise<void> {
  if (changed > 0) await refreshStatistics(tx);
  await writeAudit(tx, audit);
}
