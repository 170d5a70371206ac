import type { ImportCounts } from '@bjp/domain';
import type { RollCheck } from './check-options.js';
import { checkPlaceFile } from './check-places.js';
import { checkStudentFile } from './check-students.js';

const emptyCounts = (): ImportCounts => ({
  rows: 0,
  new: 0,
  unchanged: 0,
  changed: 0,
  refused: 0,
  errors: 0,
  withdrawn: 0,
});

/**
 * Checks a roll file of any of the three kinds and counts what it would do. Districts and schools
 * are classified (and, with `write`, written) a batch at a time; the students' cells are loaded as
 * text (COPY on PostgreSQL), checked set-based, staged (`roll_staging`) and counted, ready for the merge.
 */
export async function checkRollFile(options: RollCheck): Promise<ImportCounts> {
  const { kind } = options;
  const counts = emptyCounts();
  if (kind === 'districts' || kind === 'institutions') {
    await checkPlaceFile(options, counts, kind);
    return counts;
  }
  return checkStudentFile(options, counts);
}
