import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  checkDistrictHeader,
  checkInstitutionHeader,
  checkRollHeader,
  checkRow,
  type DistrictRow,
  districtRow,
  type HeaderCheck,
  type ImportCounts,
  type InstitutionRow,
  importMessages,
  institutionRow,
  type RollColumn,
  type RollKind,
  type RollRow,
  type RowError,
  rollColumns,
  rollMessages,
  rollRow,
} from '@bjp/domain';
import type { z } from 'zod';
import { canCopyIn, type Executor } from '../../../db/client.js';
import { AppError } from '../../../lib/errors.js';
import { type FileFormat, type FileRow, readRows, structural, type TextEncoding } from '../reader.js';
import { CsvForCopy, copyErrorMessage } from './csv-copy.js';
import { phases } from './phases.js';
import { changeCounts, rollEpochNow, storeChanges } from './queries/diff.js';
import {
  classifyDistricts,
  classifyInstitutions,
  writeDistricts,
  writeInstitutions,
} from './queries/places.js';
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

/** Rows per statement: big enough for few round trips, small enough for a flat memory. */
const BATCH = 5_000;
/** Rows read and validated between two turns of the event loop (the check runs in a job, but shares the process). */
const YIELD_EVERY = 1_000;
/** Districts and schools of a whole country fit well below this; a larger file is not the file the data team meant. */
const MAX_PLACE_ROWS = 100_000;

type Lined<T> = T & { line: number };

type Layout<Row> = {
  header: (cells: readonly string[]) => HeaderCheck<string>;
  schema: z.ZodType<Row, unknown>;
  /** The natural key for duplicate detection in memory (places only; the roll's is found in SQL). */
  key?: (row: Row) => string;
  duplicate?: (line: number, first: number, row: Row) => string;
};

const layouts = {
  districts: (): Layout<DistrictRow> => ({
    header: checkDistrictHeader,
    schema: districtRow,
    key: (r) => String(r.COD_DISTRITO),
    duplicate: (line, first, r) => rollMessages.duplicateKey(line, first, `el distrito ${r.COD_DISTRITO}`),
  }),
  institutions: (): Layout<InstitutionRow> => ({
    header: checkInstitutionHeader,
    schema: institutionRow,
    key: (r) => String(r.SIE),
    duplicate: (line, first, r) => rollMessages.duplicateKey(line, first, `el SIE ${r.SIE}`),
  }),
};

/**
 * Reads a file's rows against a layout: the header (structural), the row's width and cells (row
 * errors with line and column), duplicate keys (structural); valid rows are handed on in batches.
 */
async function readValid<Row>(
  rows: AsyncIterable<FileRow>,
  layout: Layout<Row>,
  counts: ImportCounts,
  onError: (error: RowError) => void | Promise<void>,
  onBatch: (batch: Array<Lined<Row>>) => Promise<void>,
): Promise<void> {
  let positions: Record<string, number> | null = null;
  let width = 0;
  let batch: Array<Lined<Row>> = [];
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
    if (layout.key && counts.rows > MAX_PLACE_ROWS)
      throw structural(rollMessages.tooManyRows(MAX_PLACE_ROWS));
    if (cells.slice(width).some((c) => c.trim() !== '')) {
      counts.errors++;
      await onError({ line, column: '', message: importMessages.rowWidth(cells.length, width) });
      continue;
    }
    const named: Record<string, string> = {};
    for (const [column, at] of Object.entries(positions)) named[column] = cells[at] ?? '';
    const checked = checkRow(layout.schema, named, line);
    if (!checked.ok) {
      counts.errors++;
      for (const error of checked.errors) await onError(error);
      continue;
    }
    if (layout.key) {
      const key = layout.key(checked.data);
      const earlier = firstLine.get(key);
      if (earlier !== undefined) throw structural(layout.duplicate!(line, earlier, checked.data));
      firstLine.set(key, line);
    }
    batch.push({ ...checked.data, line });
    if (batch.length >= BATCH) {
      await onBatch(batch);
      batch = [];
    }
  }
  if (!positions) throw structural(importMessages.empty);
  if (counts.rows === 0) throw structural(importMessages.noRows);
  if (batch.length > 0) await onBatch(batch);
}

export type RollCheck = {
  db: Executor;
  kind: RollKind;
  importId: number;
  year: number;
  /** The file's bytes (hashed by the caller on the way), its format and a CSV's encoding. */
  file: { bytes: Readable; format: FileFormat; encoding: TextEncoding };
  onError: (error: RowError) => void | Promise<void>;
  /**
   * The confirmation: districts and institutions are written as they are read; the roll's students
   * are staged and not counted (the merge counts them against the database as it is then).
   */
  write?: boolean;
  onProgress?: (rowsRead: number) => Promise<void>;
};

const emptyCounts = (): ImportCounts => ({
  rows: 0,
  new: 0,
  unchanged: 0,
  changed: 0,
  refused: 0,
  errors: 0,
  withdrawn: 0,
});

/** A file of places (districts or schools): each batch classified, its refusals reported, then written. */
async function checkPlaces<Row>(
  options: RollCheck,
  counts: ImportCounts,
  layout: Layout<Row>,
  step: {
    classify: (db: Executor, batch: Array<Lined<Row>>) => Promise<Array<{ line: number; verdict: string }>>;
    write: (db: Executor, batch: Array<Lined<Row>>) => Promise<void>;
    /** The refusal of a row the database does not admit, as a row error. */
    refusal: (row: Row) => { column: string; message: string };
  },
) {
  const rows = readRows(options.file.bytes, options.file.format, options.file.encoding);
  await readValid(rows, layout, counts, options.onError, async (batch) => {
    const verdicts = await step.classify(options.db, batch);
    const byLine = new Map(batch.map((r) => [r.line, r]));
    for (const v of verdicts) {
      if (v.verdict === 'new' || v.verdict === 'changed' || v.verdict === 'unchanged') {
        counts[v.verdict]++;
        continue;
      }
      counts.refused++;
      const row = byLine.get(Number(v.line))!;
      await options.onError({ line: row.line, ...step.refusal(row) });
    }
    await options.onProgress?.(counts.rows);
    if (options.write) await step.write(options.db, batch);
  });
}

/**
 * Checks a roll file of any of the three kinds and counts what it would do. Districts and schools
 * are classified (and, with `write`, written) a batch at a time; the students' cells are loaded as
 * text (COPY on PostgreSQL), checked set-based, staged (`roll_staging`) and counted, ready for the merge.
 */
export async function checkRollFile(options: RollCheck): Promise<ImportCounts> {
  const { db, kind, onError } = options;
  const counts = emptyCounts();
  if (kind === 'districts') {
    await checkPlaces(options, counts, layouts.districts(), {
      classify: classifyDistricts,
      write: writeDistricts,
      refusal: (row) => ({
        column: 'COD_DEPARTAMENTO',
        message: rollMessages.districtOfOtherDepartment(row.COD_DISTRITO),
      }),
    });
    return counts;
  }
  if (kind === 'institutions') {
    await checkPlaces(options, counts, layouts.institutions(), {
      classify: classifyInstitutions,
      write: writeInstitutions,
      refusal: (row) => ({ column: 'COD_DISTRITO', message: rollMessages.unknownDistrict(row.COD_DISTRITO) }),
    });
    return counts;
  }

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
