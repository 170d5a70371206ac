import {
  checkPaymentHeader,
  type ImportCounts,
  importMessages,
  type PaymentCells,
  type PaymentRow,
  type RowError,
  validatePaymentRow,
} from '@bjp/domain';
import type { Executor } from '../../db/client.js';
import { countVerdict, type RowLayout, readCheckedRows } from './checked-rows.js';
import { classifyPayments, type PaymentVerdict } from './queries.js';
import type { FileRow } from './reader.js';

/** Rows classified per query: big enough for few round trips, small enough for a flat memory. */
const CHECK_BATCH = 5_000;

export type Verdict = PaymentVerdict;
export type CheckedPayment = PaymentRow & { inscription: number; verdict: Verdict };

export type CheckOptions = {
  db: Executor;
  rows: AsyncIterable<FileRow>;
  amountPerStudent: number;
  /** Every row error and refused row, in file order. */
  onError?: (error: RowError) => void | Promise<void>;
  /** Each batch of rows that may be written (new, changed or unchanged), after it is classified. */
  onBatch?: (accepted: CheckedPayment[], counts: ImportCounts) => Promise<void>;
  /** Milliseconds spent waiting for the database's classification, added up (IMPORT_TIMINGS). */
  spent?: { classifying: number };
};

const refusal: Partial<Record<Verdict, string>> = {
  unknown: importMessages.unknownRude,
  removed: importMessages.removed,
  blocked: importMessages.blocked,
  noTitular: importMessages.noTitular,
};

/**
 * Classifies valid rows against the database with the Síntesis sync's beneficiary rules: a row is
 * refused for a RUDE without this year's inscription, a student removed (baja), blocked or without
 * titular; otherwise its payment is new, the same as recorded (unchanged) or different (changed).
 */
async function classify(db: Executor, batch: PaymentRow[]): Promise<CheckedPayment[]> {
  const input = batch.map((r) => ({
    line: r.line,
    rude: r.rude,
    paid_on: r.paidOn,
    bank: r.bank,
    mode: r.mode,
  }));
  const found = await classifyPayments(db, input);
  const byLine = new Map(found.map((f) => [Number(f.line), f]));
  return batch.map((r) => {
    const f = byLine.get(r.line)!;
    return { ...r, inscription: Number(f.inscription ?? 0), verdict: f.verdict };
  });
}

/** The payment file's layout: its header, its row rules at the year's amount, one row per RUDE. */
const paymentLayout = (amountPerStudent: number): RowLayout<PaymentRow> => ({
  header: checkPaymentHeader,
  check: (named, line) => validatePaymentRow(named as PaymentCells, line, amountPerStudent),
  key: (row) => row.rude,
  duplicate: (line, first, row) => importMessages.duplicateRude(line, first, row.rude),
});

/**
 * Reads a payment file row by row and checks it: the header (structural), each row's cells (row
 * errors, with line and column), duplicate RUDEs (structural: the file is refused) and each valid
 * row against the database. The same check serves the dry run and, again, the confirmation job.
 */
export async function checkPayments(options: CheckOptions): Promise<ImportCounts> {
  const counts: ImportCounts = { rows: 0, new: 0, unchanged: 0, changed: 0, refused: 0, errors: 0 };
  const settle = async (rows: PaymentRow[]) => {
    const started = performance.now();
    const checked = await classify(options.db, rows);
    if (options.spent) options.spent.classifying += performance.now() - started;
    const accepted: CheckedPayment[] = [];
    for (const row of checked) {
      const refused = () => ({ line: row.line, column: 'RUDE', message: refusal[row.verdict]! });
      if (await countVerdict(counts, row.verdict, refused, options.onError)) accepted.push(row);
    }
    await options.onBatch?.(accepted, counts);
  };

  // One batch is classified (and, in the job, written) while the next is read and validated: the
  // database and the parser overlap, as the Síntesis sync overlaps its pages.
  let pending: Promise<void> = Promise.resolve();
  try {
    await readCheckedRows(options.rows, paymentLayout(options.amountPerStudent), {
      counts,
      batchSize: CHECK_BATCH,
      onError: options.onError,
      onBatch: async (rows) => {
        await pending;
        pending = settle(rows);
        // Kept from being an unhandled rejection until it is awaited (next batch or the end).
        pending.catch(() => undefined);
      },
    });
  } catch (error) {
    // Let the batch in flight finish before the caller rolls back or answers.
    await pending.catch(() => undefined);
    throw error;
  }
  await pending;
  return counts;
}
