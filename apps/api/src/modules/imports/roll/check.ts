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
  type RollKind,
  type RollRow,
  type RowError,
  rollMessages,
  rollRow,
} from '@bjp/domain';
import type { z } from 'zod';
import type { Executor } from '../../../db/client.js';
import { type FileRow, structural } from '../reader.js';
import {
  classifyDistricts,
  classifyInstitutions,
  writeDistricts,
  writeInstitutions,
} from './queries/places.js';
import {
  analyzeStaged,
  dropStaged,
  firstDuplicateRude,
  rollCounts,
  stageRoll,
  takeUnknownSchools,
} from './queries/students.js';

/** Where a roll check spends its time, printed with IMPORT_TIMINGS=1 (the bench sets it). */
function phases() {
  const spent: Array<[string, number]> = [];
  let last = performance.now();
  return {
    done(name: string, adjust = 0) {
      const now = performance.now();
      spent.push([name, now - last + adjust]);
      last = now;
    },
    add(name: string, ms: number) {
      spent.push([name, ms]);
    },
    log() {
      if (process.env.IMPORT_TIMINGS !== '1') return;
      console.error(`roll check: ${spent.map(([n, ms]) => `${n} ${(ms / 1000).toFixed(1)} s`).join(', ')}`);
    },
  };
}

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
  roll: (year: number): Layout<RollRow> => ({ header: checkRollHeader, schema: rollRow(year) }),
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
  rows: AsyncIterable<FileRow>;
  onError: (error: RowError) => void | Promise<void>;
  /** Also write the valid rows (the confirmation of districts and institutions); the roll is merged apart. */
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
  await readValid(options.rows, layout, counts, options.onError, async (batch) => {
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
 * are classified (and, with `write`, written) a batch at a time; the students are staged and
 * classified set-based (`roll_staging`), ready for the merge.
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

  const phase = phases();
  await dropStaged(db, options.importId);
  // One batch is written while the next is read and validated: the database and the parser
  // overlap, each on its own core, as the payment check overlaps its classification.
  let pending: Promise<unknown> = Promise.resolve();
  let waited = 0;
  const settle = async () => {
    const started = performance.now();
    await pending;
    waited += performance.now() - started;
  };
  try {
    await readValid(options.rows, layouts.roll(options.year), counts, onError, async (batch) => {
      await settle();
      pending = stageRoll(db, options.importId, batch);
      pending.catch(() => undefined);
      await options.onProgress?.(counts.rows);
    });
    await settle();
  } catch (error) {
    await pending.catch(() => undefined);
    throw error;
  }
  phase.done('read, validate and stage', -waited);
  phase.add('waiting for the staging INSERTs', waited);
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
  const found = await rollCounts(db, options.importId, options.year);
  phase.done('counts');
  phase.log();
  return { ...counts, ...found };
}
