/**
 * The students' roll file (check.ts): its cells loaded as text (COPY on PostgreSQL), checked
 * set-based, staged (`roll_staging`) and, in the dry run, compared with the roll (queries/diff.ts).
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  checkRollHeader,
  checkRow,
  type ImportCounts,
  importMessages,
  type RollColumn,
  type RollRow,
  rollColumns,
  rollMessages,
  rollRow,
} from '@bjp/domain';
import { canCopyIn } from '../../../db/client.js';
import { AppError } from '../../../lib/errors.js';
import { phases } from '../phases.js';
import { readRows, structural } from '../reader.js';
import { BATCH, type RollCheck, YIELD_EVERY } from './check-options.js';
import { CsvForCopy, copyErrorMessage } from './csv-copy.js';
import { changeCounts, rollEpochNow, storeChanges } from './queries/diff.js';
import {
  analyzeRaw,
  copyRaw,
  createRaw,
  distinctCodes,
  flaggedAfter,
  insertRaw,
  type RawRow,
  setFlaggedApart,
  stageRaw,
  storeCodes,
} from './queries/raw.js';
import {
  analyzeStaged,
  dropStaged,
  firstDuplicateRude,
  stageRoll,
  takeUnknownSchools,
} from './queries/students.js';

/**
 * A roll of students: staged, its duplicate RUDEs and unknown schools refused, and in the dry run
 * counted against the roll (the differences kept for the confirmation).
 */
export async function checkStudentFile(options: RollCheck, counts: ImportCounts): Promise<ImportCounts> {
  const { db, onError } = options;
  const phase = phases('roll check');
  // Read before the roll is: a merge committed after this moves it, and the confirmation then
  // computes the differences again instead of reusing these (queries/diff.ts).
  const epoch = await rollEpochNow(db);
  await dropStaged(db, options.importId);
  await checkStudentCells(options, counts, phase);
  await analyzeStaged(db);
  phase.done('analyze');
  const duplicate = await firstDuplicateRude(db, options.importId);
  phase.done('duplicates');
  if (duplicate)
    throw structural(
      importMessages.duplicateRude(Number(duplicate.second), Number(duplicate.first), duplicate.rude),
    );
  for (const unknown of await takeUnknownSchools(db, options.importId)) {
    counts.refused++;
    await onError({
      line: Number(unknown.line),
      column: 'SIE',
      message: rollMessages.unknownSie(Number(unknown.sie)),
    });
  }
  phase.done('unknown schools');
  // The confirmation counts again as it merges (mergeRoll); only the dry run counts here.
  if (options.write) {
    phase.log();
    return counts;
  }
  await storeChanges(db, options.importId, options.year, epoch);
  const found = await changeCounts(db, options.importId);
  phase.done('differences');
  phase.log();
  return { ...counts, ...found };
}

/** How the cells reach `roll_raw`: their number of rows and the header's width. */
type Loaded = { rows: number; width: number };

/**
 * The roll's cells into `roll_raw` (queries/raw.ts), then checked set-based: the valid rows staged,
 * every other row read back and checked by the domain's zod schema (its messages, or its row staged
 * when only the SQL's narrower patterns refused it).
 */
async function checkStudentCells(options: RollCheck, counts: ImportCounts, phase: ReturnType<typeof phases>) {
  const { db, importId, onError } = options;
  await createRaw(db);
  const loaded =
    options.file.format === 'csv' && canCopyIn(db) ? await copyCells(options) : await insertCells(options);
  counts.rows = loaded.rows;
  await analyzeRaw(db);
  phase.done('load the cells');
  const schema = rollRow(options.year);
  const codes: Parameters<typeof storeCodes>[1] = [];
  for (const { column, value } of await distinctCodes(db)) {
    const parsed = schema.shape[column].safeParse(value);
    if (parsed.success) codes.push({ column, value, converted: String(parsed.data) });
  }
  await storeCodes(db, codes);
  phase.done(`codes (${codes.length} values)`);
  const staged = await stageRaw(db, importId);
  phase.done('convert and stage');
  if (staged === loaded.rows) return;
  await setFlaggedApart(db);
  let after = 0;
  for (;;) {
    const flagged = await flaggedAfter(db, after, 2_000);
    if (flagged.length === 0) break;
    const accepted: Array<RollRow & { line: number }> = [];
    for (const row of flagged) {
      after = row.line;
      if (row.width != null) {
        counts.errors++;
        await onError({
          line: row.line,
          column: '',
          message: importMessages.rowWidth(row.width, loaded.width),
        });
        continue;
      }
      const named: Record<string, string> = {};
      for (const [i, column] of rollColumns.entries()) named[column] = row.cells[i] ?? '';
      const checked = checkRow(schema, named, row.line);
      if (checked.ok) accepted.push({ ...checked.data, line: row.line });
      else {
        counts.errors++;
        for (const error of checked.errors) await onError(error);
      }
    }
    if (accepted.length > 0) await stageRoll(db, importId, accepted);
  }
  phase.done('rows refused by the SQL, checked by zod');
}

/** A CSV on PostgreSQL: its bytes, prepared on the way (csv-copy.ts), read by `COPY`. */
async function copyCells(options: RollCheck): Promise<Loaded> {
  let columns: RollColumn[] = [];
  let width = 0;
  const csv = new CsvForCopy(options.file.bytes, options.file.encoding, (cells) => {
    const header = checkRollHeader(cells);
    if (!header.ok) throw structural(header.message);
    columns = [...rollColumns].sort((a, b) => header.positions[a] - header.positions[b]);
    width = cells.length;
    return { keep: rollColumns.length, width };
  });
  const chunks = csv.chunks()[Symbol.asyncIterator]();
  // The header is read with the first piece: the COPY names the columns in the file's order.
  const first = await chunks.next();
  const copy = copyRaw(options.db, columns, csv.delimiter)!;
  let reported = 0;
  async function* all() {
    if (!first.done) yield first.value;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
      yield next.value;
      if (csv.rows - reported >= 50_000) {
        reported = csv.rows;
        await options.onProgress?.(csv.rows);
      }
    }
  }
  try {
    // One piece (a few MB) at a time between the file and the socket: the memory stays flat.
    await pipeline(Readable.from(all(), { highWaterMark: 1 }), copy);
  } catch (error) {
    options.file.bytes.destroy();
    if (error instanceof AppError) throw error;
    const message = copyErrorMessage(error, (n) => csv.lineOf(n));
    if (message) throw structural(message);
    throw error;
  }
  await options.onProgress?.(csv.rows);
  return { rows: csv.rows, width };
}

/** PGlite, or an XLSX: the rows read in Node (reader.ts) and inserted as text a batch at a time. */
async function insertCells(options: RollCheck): Promise<Loaded> {
  let positions: Record<RollColumn, number> | null = null;
  let width = 0;
  let rows = 0;
  let batch: RawRow[] = [];
  for await (const { line, cells } of readRows(
    options.file.bytes,
    options.file.format,
    options.file.encoding,
  )) {
    if (!positions) {
      const header = checkRollHeader(cells);
      if (!header.ok) throw structural(header.message);
      positions = header.positions;
      width = cells.length;
      continue;
    }
    rows++;
    if (rows % YIELD_EVERY === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    if (cells.slice(width).some((c) => c.trim() !== '')) batch.push({ line, width: cells.length, cells: [] });
    else batch.push({ line, width: null, cells: rollColumns.map((c) => cells[positions![c]] ?? '') });
    if (batch.length >= BATCH) {
      await insertRaw(options.db, batch);
      batch = [];
      await options.onProgress?.(rows);
    }
  }
  if (!positions) throw structural(importMessages.empty);
  if (rows === 0) throw structural(importMessages.noRows);
  if (batch.length > 0) await insertRaw(options.db, batch);
  return { rows, width };
}
