import { type HeaderCheck, type ImportCounts, importMessages, type RowError } from '@bjp/domain';
import { type FileRow, structural } from './reader.js';

/** Rows read and validated between two turns of the event loop (~20 ms of work). */
const YIELD_EVERY = 1_000;

/** What a file layout tells the reader: its header, how a row is checked and what makes two rows one. */
export type RowLayout<Row extends { line: number }> = {
  header: (cells: readonly string[]) => HeaderCheck<string>;
  /** The row's cells by column name, checked: the row (with its line) or its errors. */
  check: (
    named: Record<string, string>,
    line: number,
  ) => { ok: true; row: Row } | { ok: false; errors: RowError[] };
  /** The natural key: a second row with the same one refuses the whole file. */
  key: (row: Row) => string;
  duplicate: (line: number, first: number, row: Row) => string;
  /** A longer file is refused (structural) with this message. */
  maxRows?: { count: number; message: string };
};

/**
 * Reads a file's rows against a layout: the header (structural), each row's width and cells (row
 * errors with line and column), duplicate keys (structural: the file is refused); the valid rows are
 * handed on in batches of `batchSize`, the last one shorter. The dry run reads in the request: a turn
 * of the event loop every YIELD_EVERY rows keeps other users' requests answered meanwhile.
 */
export async function readCheckedRows<Row extends { line: number }>(
  rows: AsyncIterable<FileRow>,
  layout: RowLayout<Row>,
  options: {
    counts: ImportCounts;
    batchSize: number;
    onError?: (error: RowError) => void | Promise<void>;
    onBatch: (batch: Row[]) => Promise<void>;
  },
): Promise<void> {
  const { counts } = options;
  let positions: Record<string, number> | null = null;
  let width = 0;
  let batch: Row[] = [];
  const firstLine = new Map<string, number>();
  for await (const { line, cells } of rows) {
    if (!positions) {
      const header = layout.header(cells);
      if (!header.ok) throw structural(header.message);
      positions = header.positions;
      width = cells.length;
      continue;
    }
    counts.rows++;
    if (counts.rows % YIELD_EVERY === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    if (layout.maxRows && counts.rows > layout.maxRows.count) throw structural(layout.maxRows.message);
    if (cells.slice(width).some((c) => c.trim() !== '')) {
      counts.errors++;
      await options.onError?.({ line, column: '', message: importMessages.rowWidth(cells.length, width) });
      continue;
    }
    const named: Record<string, string> = {};
    for (const [column, at] of Object.entries(positions)) named[column] = cells[at] ?? '';
    const checked = layout.check(named, line);
    if (!checked.ok) {
      counts.errors++;
      for (const error of checked.errors) await options.onError?.(error);
      continue;
    }
    const key = layout.key(checked.row);
    const earlier = firstLine.get(key);
    if (earlier !== undefined) throw structural(layout.duplicate(line, earlier, checked.row));
    firstLine.set(key, line);
    batch.push(checked.row);
    if (batch.length >= options.batchSize) {
      const full = batch;
      batch = [];
      await options.onBatch(full);
    }
  }
  if (!positions) throw structural(importMessages.empty);
  if (counts.rows === 0) throw structural(importMessages.noRows);
  if (batch.length > 0) await options.onBatch(batch);
}

/**
 * Counts a row the database classified: new, changed or unchanged, or else refused, told as a row
 * error (`refusal`, asked only then). Whether the row may be written.
 */
export async function countVerdict(
  counts: ImportCounts,
  verdict: string,
  refusal: () => RowError,
  onError?: (error: RowError) => void | Promise<void>,
): Promise<boolean> {
  if (verdict === 'new' || verdict === 'changed' || verdict === 'unchanged') {
    counts[verdict]++;
    return true;
  }
  counts.refused++;
  await onError?.(refusal());
  return false;
}
