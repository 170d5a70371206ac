import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type ImportCounts,
  MAX_ERRORS_SHOWN,
  type RollKind,
  type RowError,
  rollMessages,
  rowErrorText,
} from '@bjp/domain';
import type { AppDeps } from '../../../app-types.js';
import { refreshStatistics } from '../../../db/summaries.js';
import type { JobRun } from '../../../jobs/index.js';
import { writeAudit } from '../../../lib/audit.js';
import { AppError } from '../../../lib/errors.js';
import { fileStoreFor } from '../../../lib/file-store.js';
import { holdOpenYear } from '../../settings/index.js';
import { errorsWorkbook } from '../errors-file.js';
import { phases } from '../phases.js';
import { putChunked } from '../stored-file.js';
import { storedFile } from '../stored-rows.js';
import { checkRollFile } from './check.js';
import { lockRollWriters, markChecked, markImported, roomForTheRoll } from './queries/import-row.js';
import { mergeRoll } from './queries/merge.js';
import { dropStaged, dropStaleStaging, stagedCount, withdrawnSample } from './queries/students.js';

/** The import row as the jobs read it (service.ts's importRow). */
export type RollImportRow = {
  id: number;
  kind: string;
  year: number | null;
  fileName: string;
  sha256: string;
  format: string;
  encoding: string;
  fileKey: string;
  chunks: number;
  counts: unknown;
};

/** Students listed on the 'Retirados' sheet at most (a wrong file could leave out a whole country). */
const WITHDRAWN_LISTED = 100_000;

export type RollJobResult = { message: string; importId: number; counts: ImportCounts };

/**
 * The roll's dry run, as a job (the national roll takes longer than a request should): the stored
 * file read again, every row checked, the students staged and counted set-based, the first errors
 * kept for the screen and all of them in the errors spreadsheet. Nothing of the programme's data is
 * written; the staged rows commit with the job's result, so a retried attempt starts over cleanly.
 */
export async function runRollCheck(
  deps: AppDeps,
  run: JobRun<unknown>,
  row: RollImportRow,
): Promise<RollJobResult> {
  // In a short transaction of its own: the roll writers' lock is tried, not held for the check.
  if (row.kind === 'roll') await deps.db.transaction((tx) => dropStaleStaging(tx, row.id));
  const dir = await mkdtemp(path.join(tmpdir(), 'bjp-roll-'));
  try {
    return await deps.db.transaction(async (tx) => {
      const earlier = await run.committed(tx);
      if (earlier) return earlier as RollJobResult;
      if (row.kind === 'roll') await roomForTheRoll(tx);
      const errors = errorsWorkbook(dir);
      const shown: RowError[] = [];
      const file = await storedFile(deps, row);
      const counts = await checkRollFile({
        db: tx,
        kind: row.kind as RollKind,
        importId: row.id,
        year: row.year ?? 0,
        file,
        onError(error) {
          if (shown.length < MAX_ERRORS_SHOWN) shown.push(error);
          errors.add(error);
        },
        onProgress: (done) => run.report({ done, total: 0, message: rollMessages.checking(done) }),
      });
      file.assertSame();
      if (counts.withdrawn)
        errors.withdrawn(
          await withdrawnSample(tx, row.id, row.year ?? 0, WITHDRAWN_LISTED),
          counts.withdrawn,
        );
      await errors.finish();
      const prefix = `${row.fileKey}-errores`;
      const chunks = await putChunked(fileStoreFor(deps), prefix, errors.file);
      const errorList = shown
        .sort((a, b) => a.line - b.line)
        .map((e) => ({ ...e, message: rowErrorText(e) }));
      await markChecked(
        tx,
        row.id,
        counts,
        { items: errorList, truncated: errors.count > shown.length },
        `${prefix}#${chunks}`,
      );
      const result: RollJobResult = { message: rollMessages.checked, importId: row.id, counts };
      await run.commit(tx, result);
      return result;
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * 'Confirmar' for a roll file, one transaction: the roll writers' lock, then districts and schools
 * written from the file read again (checked again against the database as it is now), or the
 * students merged set-based from the staged rows (staged again from the file if a restart lost
 * them), the statistics refreshed, the import marked done and one audit row last.
 */
export async function runRollImport(
  deps: AppDeps,
  run: JobRun<unknown>,
  row: RollImportRow,
): Promise<RollJobResult> {
  return deps.db.transaction(async (tx) => {
    // The open year first, as every write of year-bound data (settings' holdOpenYear): a gestión
    // opened since the dry run would otherwise receive the closed year's roll.
    const openYear = await holdOpenYear(tx);
    await lockRollWriters(tx);
    const earlier = await run.committed(tx);
    if (earlier) return earlier as RollJobResult;
    const now = deps.clock.now();
    const kind = row.kind as RollKind;
    if (kind === 'roll' && Number(row.year) !== openYear)
      throw new AppError('conflict', rollMessages.yearNoLongerOpen(Number(row.year), openYear));
    const checked = row.counts as ImportCounts;
    const phase = phases('roll import');
    if (kind === 'roll') await roomForTheRoll(tx);
    let counts = checked;
    // Districts whose figures moved; undefined: all of them.
    let touched: number[] | undefined;
    if (
      kind !== 'roll' ||
      (await stagedCount(tx, row.id)) !== checked.new + checked.changed + checked.unchanged
    ) {
      const file = await storedFile(deps, row);
      counts = await checkRollFile({
        db: tx,
        kind,
        importId: row.id,
        year: row.year ?? 0,
        file,
        write: true,
        onError: () => undefined,
        onProgress: (done) =>
          run.report({ done, total: checked.rows, message: rollMessages.writing(done, checked.rows) }),
      });
      file.assertSame();
      phase.done('read the file again');
    }
    if (kind === 'roll') {
      await run.report({ done: checked.rows, total: checked.rows, message: rollMessages.merging });
      // Counted again against the database as it is now (the dry run may be days old).
      const { districtIds, ...merged } = await mergeRoll(tx, row.id, row.year ?? 0, now, phase.done);
      counts = { ...counts, ...merged };
      touched = districtIds;
      await dropStaged(tx, row.id, true);
      phase.done('drop the staged rows');
    }
    // The figures count schools and inscriptions by place, level and grade: only new or changed
    // schools and students move them (a district's name does not; a withdrawn student still counts),
    // and a roll of students only in the districts the merge touched (20 s nationally, a few
    // districts in milliseconds).
    if (kind !== 'districts' && counts.new + counts.changed > 0)
      await refreshStatistics(tx, touched && { districtIds: touched });
    phase.done('statistics');
    phase.log();
    await markImported(tx, row.id, counts, run.userId, now);
    await writeAudit(tx, {
      userId: run.userId,
      action: `imports.${kind}`,
      entity: 'file_import',
      entityId: row.id,
      after: { fileName: row.fileName, sha256: row.sha256, year: row.year, counts },
    });
    const result: RollJobResult = { message: rollMessages.done(kind, counts), importId: row.id, counts };
    await run.commit(tx, result);
    return result;
  });
}
