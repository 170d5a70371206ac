/** The districts' and the schools' files: read, checked and classified a batch at a time (check.ts). */
import {
  checkDistrictHeader,
  checkInstitutionHeader,
  checkRow,
  type DistrictRow,
  districtRow,
  type ImportCounts,
  type InstitutionRow,
  institutionRow,
  rollMessages,
} from '@bjp/domain';
import type { z } from 'zod';
import type { Executor } from '../../../db/client.js';
import { countVerdict, type RowLayout, readCheckedRows } from '../checked-rows.js';
import { readRows } from '../reader.js';
import { BATCH, type RollCheck } from './check-options.js';
import {
  classifyDistricts,
  classifyInstitutions,
  writeDistricts,
  writeInstitutions,
} from './queries/places.js';

/** Districts and schools of a whole country fit well below this; a larger file is not the file the data team meant. */
const MAX_PLACE_ROWS = 100_000;

type Lined<T> = T & { line: number };

/** A places file's layout: its header, its row schema and its natural key (duplicates refuse the file). */
function placeLayout<Row>(
  header: RowLayout<Lined<Row>>['header'],
  schema: z.ZodType<Row, unknown>,
  key: (row: Row) => string,
  name: (row: Row) => string,
): RowLayout<Lined<Row>> {
  return {
    header,
    check: (named, line) => {
      const checked = checkRow(schema, named, line);
      return checked.ok ? { ok: true, row: { ...checked.data, line } } : checked;
    },
    key,
    duplicate: (line, first, row) => rollMessages.duplicateKey(line, first, name(row)),
    maxRows: { count: MAX_PLACE_ROWS, message: rollMessages.tooManyRows(MAX_PLACE_ROWS) },
  };
}

const layouts = {
  districts: () =>
    placeLayout<DistrictRow>(
      checkDistrictHeader,
      districtRow,
      (r) => String(r.COD_DISTRITO),
      (r) => `el distrito ${r.COD_DISTRITO}`,
    ),
  institutions: () =>
    placeLayout<InstitutionRow>(
      checkInstitutionHeader,
      institutionRow,
      (r) => String(r.SIE),
      (r) => `el SIE ${r.SIE}`,
    ),
};

/** A file of places (districts or schools): each batch classified, its refusals reported, then written. */
async function checkPlaces<Row>(
  options: RollCheck,
  counts: ImportCounts,
  layout: RowLayout<Lined<Row>>,
  step: {
    classify: (db: Executor, batch: Array<Lined<Row>>) => Promise<Array<{ line: number; verdict: string }>>;
    write: (db: Executor, batch: Array<Lined<Row>>) => Promise<void>;
    /** The refusal of a row the database does not admit, as a row error. */
    refusal: (row: Row) => { column: string; message: string };
  },
) {
  const rows = readRows(options.file.bytes, options.file.format, options.file.encoding);
  await readCheckedRows(rows, layout, {
    counts,
    batchSize: BATCH,
    onError: options.onError,
    onBatch: async (batch) => {
      const verdicts = await step.classify(options.db, batch);
      const byLine = new Map(batch.map((r) => [r.line, r]));
      for (const v of verdicts) {
        const row = byLine.get(Number(v.line))!;
        await countVerdict(
          counts,
          v.verdict,
          () => ({ line: row.line, ...step.refusal(row) }),
          options.onError,
        );
      }
      await options.onProgress?.(counts.rows);
      if (options.write) await step.write(options.db, batch);
    },
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
