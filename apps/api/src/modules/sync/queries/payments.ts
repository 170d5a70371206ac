import { sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../../db/client.js';
import { firstRow, rows } from '../../../db/rows.js';
import { paymentSyncRuns } from '../../../db/schema/index.js';
import type { SintesisBeneficiary } from '../../../integrations/sintesis/protocol.js';

/** A payment to record for one inscription (the Síntesis protocol's names). */
export type PaymentWrite = { inscripcion: number; fechaPago: string; banco: string; modalidad: string };

const LOCK = sql`hashtext('bjp.sync.payments')`;

/** Waits for the payment writers' lock, held to the end of the transaction. */
export async function waitForPaymentsLock(tx: Transaction): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK})`);
}

/** Takes the payment writers' lock if it is free; false when another transaction holds it. */
export async function tryPaymentsLock(tx: Transaction): Promise<boolean> {
  const lock = await firstRow<{ ok: boolean }>(tx, sql`SELECT pg_try_advisory_xact_lock(${LOCK}) AS ok`);
  return Boolean(lock?.ok);
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

/** Where ledger entries come from: a sync run or a payment file import, with its id. */
export type LedgerSource = { kind: 'sync' | 'import'; id: number };

/**
 * Appends the bank's records to the payment ledger (decision 047), set-based: one INSERT … SELECT
 * per batch. A record equal to the current entry adds nothing (a second run with the same data
 * changes nothing); a different one is a new entry superseding the current one, which stays.
 * `inserted` counts students not paid before (no entry, or an annulled or unpaid one), `updated`
 * the corrections of a payment.
 */
export async function upsertPayments(
  tx: Transaction,
  pagos: readonly PaymentWrite[],
  now: Date,
  source: LedgerSource,
) {
  if (pagos.length === 0) return { inserted: 0, updated: 0 };
  const result = await rows<{ inserted: number; updated: number }>(
    tx,
    sql`
    WITH x AS (
      SELECT * FROM json_to_recordset(${JSON.stringify(pagos)}::json)
        AS x(inscripcion int, "fechaPago" date, banco text, modalidad text)
    ), written AS (
      INSERT INTO payment_ledger (inscription_id, source_kind, source_id, received_at, bank, paid_on, mode,
        amount_bob, bank_status, rude, supersedes_id)
      SELECT x.inscripcion, ${source.kind}, ${source.id}, ${now.toISOString()}::timestamptz, x.banco,
        x."fechaPago", x.modalidad, (SELECT amount_per_student FROM programme_settings WHERE id = 1),
        'PAGADO', s.rude, c.id
      FROM x
      JOIN inscriptions n ON n.id = x.inscripcion
      JOIN students s ON s.id = n.student_id
      LEFT JOIN payment_ledger_current c ON c.inscription_id = x.inscripcion
      WHERE (c.bank_status, c.paid_on, c.bank, c.mode)
        IS DISTINCT FROM ('PAGADO', x."fechaPago", x.banco, x.modalidad)
      RETURNING supersedes_id
    ), counted AS (
      -- New: no earlier entry, or one that was not a payment (annulled, not paid).
      SELECT w.supersedes_id IS NULL OR EXISTS (
        SELECT 1 FROM payment_ledger a WHERE a.id = w.supersedes_id AND a.bank_status <> 'PAGADO') AS inserted
      FROM written w
    )
    SELECT count(*) FILTER (WHERE inserted)::int AS inserted, count(*) FILTER (WHERE NOT inserted)::int AS updated
    FROM counted`,
  );
  const row = result[0]!;
  return { inserted: Number(row.inserted), updated: Number(row.updated) };
}

/** Fresh planner statistics of the ledger, inside the writer's transaction (payment-writer.ts). */
export async function analyzePaymentLedger(tx: Transaction): Promise<void> {
  await tx.execute(sql`ANALYZE payment_ledger`);
}

/** Reserves the id of the sync run about to be written, so its ledger entries can name it. */
export async function reservePaymentSyncRunId(tx: Transaction): Promise<number> {
  const row = await firstRow<{ id: number }>(tx, sql`SELECT nextval('payment_sync_runs_id_seq')::int AS id`);
  return Number(row!.id);
}

/**
 * Beneficiaries Síntesis may have paid: this year's inscriptions that are not removed (baja), not
 * blocked and have a titular, after `after` in id order (keyset paging on the primary key).
 */
export async function beneficiaryPage(
  tx: Transaction,
  after: number,
  limit: number,
): Promise<Array<SintesisBeneficiary>> {
  const result = await rows<SintesisBeneficiary>(
    tx,
    sql`
    SELECT n.id AS inscripcion, s.rude, p.carnet AS "carnetTitular"
    FROM inscriptions n
    JOIN students s ON s.id = n.student_id
    JOIN titular_assignments t ON t.inscription_id = n.id AND t.removed_at IS NULL
    JOIN persons p ON p.id = t.person_id
    WHERE n.id > ${after} AND ${beneficiaryRules.thisYear} AND ${beneficiaryRules.notRemoved}
      AND ${beneficiaryRules.notBlocked}
    ORDER BY n.id LIMIT ${limit}`,
  );
  return result.map((r) => ({
    inscripcion: Number(r.inscripcion),
    rude: r.rude,
    carnetTitular: r.carnetTitular,
  }));
}

/** How many beneficiaries Síntesis may have paid (see beneficiaryPage). */
export async function beneficiaryCount(tx: Transaction): Promise<number> {
  const result = await rows<{
    n: number;
  }>(
    tx,
    sql`
    SELECT count(*)::int AS n
    FROM inscriptions n
    JOIN titular_assignments t ON t.inscription_id = n.id AND t.removed_at IS NULL
    WHERE ${beneficiaryRules.thisYear} AND ${beneficiaryRules.notRemoved} AND ${beneficiaryRules.notBlocked}`,
  );
  return Number(result[0]?.n ?? 0);
}

/** Records a finished payment sync run and returns its id. */
export async function insertPaymentSyncRun(
  tx: Transaction,
  run: typeof paymentSyncRuns.$inferInsert,
): Promise<number> {
  const [row] = await tx.insert(paymentSyncRuns).values(run).returning({ id: paymentSyncRuns.id });
  return row!.id;
}

/** The last completed payment sync with who ran it; or undefined. */
export function lastPaymentSyncRunRow(db: Executor) {
  return firstRow<{
    id: number;
    started_at: string | Date;
    finished_at: string | Date;
    beneficiaries: number;
    received: number;
    inserted: number;
    updated: number;
    username: string | null;
    name: string | null;
  }>(
    db,
    sql`
    SELECT r.id, r.started_at, r.finished_at, r.beneficiaries, r.received, r.inserted, r.updated,
      u.username, trim(coalesce(u.name, '') || ' ' || coalesce(u.first_last_name, '')) AS name
    FROM payment_sync_runs r LEFT JOIN users u ON u.id = r.user_id
    ORDER BY r.finished_at DESC, r.id DESC LIMIT 1`,
  );
}
