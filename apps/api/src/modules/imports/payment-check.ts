import {
  checkPaymentHeader,
  type ImportCounts,
  importMessages,
  type PaymentCells,
  type PaymentRow,
  paymentColumns,
  type RowError,
  validatePaymentRow,
} from '@bjp/domain';
import type { Executor } from '../../db/client.js';
import { classifyPayments, type PaymentVerdict } from './queries.js';
import { type FileRow, structural } from './reader.js';

/** Rows classified per query: big enough for few round trips, small enough for a flat memory. */
export const CHECK_BATCH = 5_000;
/** Rows read and validated between two turns of the event loop. */
const YIELD_EVERY = 1_000;

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

/**
 * Reads a payment file row by row and checks it: the header (structural), each row's cells (row
 * errors, with line and column), duplicate RUDEs (structural: the file is refused) and each valid
 * row against the database. The same check serves the dry run and, again, the confirmation job.
 */
export async function checkPayments(options: CheckOptions): Promise<ImportCounts> {
  const counts: ImportCounts = { rows: 0, new: 0, unchanged: 0, changed: 0, refused: 0, errors: 0 };
  const firstLine = new Map<string, number>();
  let positions: Record<(typeof paymentColumns)[number], number> | null = null;
  let width = 0;
  let batch: PaymentRow[] = [];

  // One batch is classified (and, in the job, written) while the next is read and validated: the
  // database and the parser overlap, as the Síntesis sync overlaps its pages.
  let pending: Promise<void> = Promise.resolve();
  const flush = async () => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    await pending;
    pending = settle(rows);
    // Kept from being an unhandled rejection until it is awaited (next flush or the end).
    pending.catch(() => undefined);
  };
  const settle = async (rows: PaymentRow[]) => {
    const checked = await classify(options.db, rows);
    const accepted: CheckedPayment[] = [];
    for (const row of checked) {
      const why = refusal[row.verdict];
      if (why) {
        counts.refused++;
        await options.onError?.({ line: row.line, column: 'RUDE', message: why });
      } else {
        counts[row.verdict as 'new' | 'unchanged' | 'changed']++;
        accepted.push(row);
      }
    }
    await options.onBatch?.(accepted, counts);
  };

  try {
    for await (const { line, cells } of options.rows) {
      if (!positions) {
        const header = checkPaymentHeader(cells);
        if (!header.ok) throw structural(header.message);
        positions = header.positions;
        width = cells.length;
        continue;
      }
      counts.rows++;
      // The dry run reads and validates in the request: a turn of the event loop every
      // YIELD_EVERY rows (~20 ms of work) keeps other users' requests answered meanwhile.
      if (counts.rows % YIELD_EVERY === 0) await new Promise<void>((resolve) => setImmediate(resolve));
      if (cells.slice(width).some((c) => c.trim() !== '')) {
        counts.errors++;
        await options.onError?.({
          line,
          column: '',
          message: `la fila tiene ${cells.length} columnas y la cabecera ${width}.`,
        });
        continue;
      }
      const named = {} as PaymentCells;
      for (const column of paymentColumns) named[column] = cells[positions[column]] ?? '';
      const checked = validatePaymentRow(named, line, options.amountPerStudent);
      if (!checked.ok) {
        counts.errors++;
        for (const error of checked.errors) await options.onError?.(error);
        continue;
      }
      const earlier = firstLine.get(checked.row.rude);
      if (earlier !== undefined)
        throw structural(importMessages.duplicateRude(line, earlier, checked.row.rude));
      firstLine.set(checked.row.rude, line);
      batch.push(checked.row);
      if (batch.length >= CHECK_BATCH) await flush();
    }
  } catch (error) {
    // Let the batch in flight finish before the caller rolls back or answers.
    await pending.catch(() => undefined);
    throw error;
  }
  if (!positions) throw structural(importMessages.empty);
  if (counts.rows === 0) throw structural(importMessages.noRows);
  await flush();
  await pending;
  return counts;
}
