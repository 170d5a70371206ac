/** The districts' and the schools' files: read, checked and classified a batch at a time (check.ts). */
import {
  checkDistrictHeader,
  checkInstitutionHeader,
  checkRow,
  type DistrictRow,
  districtRow,
  type HeaderCheck,
  type ImportCounts,
  type InstitutionRow,
  importMessages,
  institutionRow,
  type RowError,
  rollMessages,
} from '@bjp/domain';
import type { z } from 'zod';
import type { Executor } from '../../../db/client.js';
import { type FileRow, readRows, structural } from '../reader.js';
import { BATCH, type RollCheck, YIELD_EVERY } from './check-options.js';
import {
  classifyDistricts,
  classifyInstitutions,
  writeDistricts,
  writeInstitutions,
} from './queries/places.js';

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

/** A file of districts or of schools, classified (and, with `write`, written) a batch at a time. */
export async function checkPlaceFile(
  options: RollCheck,
  counts: ImportCounts,
  kind: 'districts' | 'institutions',
): Promise<void> {
  if (kind === 'districts') {
    await checkPlaces(options, counts, layouts.districts(), {
      classify: classifyDistricts,
      write: writeDistricts,
      refusal: (row) => ({
        column: 'COD_DEPARTAMENTO',
        message: rollMessages.districtOfOtherDepartment(row.COD_DISTRITO),
      }),
    });
    return;
  }
  await checkPlaces(options, counts, layouts.institutions(), {
    classify: classifyInstitutions,
    write: writeInstitutions,
    refusal: (row) => ({ column: 'COD_DISTRITO', message: rollMessages.unknownDistrict(row.COD_DISTRITO) }),
  });
}
