import { randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  type DryRunResult,
  IMPORT_PAGE_SIZE,
  type ImportCounts,
  type ImportDetail,
  type ImportKind,
  type ImportPage,
  type ImportState,
  type ImportSummary,
  importMessages,
  MAX_ERRORS_SHOWN,
  type RowError,
  rowErrorText,
} from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import type { Executor } from '../../db/client.js';
import { JOB_INTERRUPTED_MESSAGE, type JobQueue } from '../../jobs/index.js';
import { AppError } from '../../lib/errors.js';
import { fileStoreFor } from '../../lib/file-store.js';
import { errorsWorkbook } from './errors-file.js';
import { confirmJobOf } from './job-kinds.js';
import { checkPayments } from './payment-check.js';
import { phases } from './phases.js';
import {
  countImports,
  type ImportRow,
  importPage,
  importRow,
  insertImport,
  markQueued,
  programmeAmount,
  type SummaryRow,
} from './queries.js';
import { readRows } from './reader.js';
import { openLocal, putChunked, removeChunked } from './stored-file.js';
import type { ReceivedFile } from './upload.js';

export { PAYMENT_IMPORT_JOB } from './job-kinds.js';

/** Where the errors spreadsheet is: '<prefix>#<chunks>' (both stored in one column). */
const errorsKeyOf = (prefix: string, chunks: number) => `${prefix}#${chunks}`;
export const parseErrorsKey = (key: string) => {
  const [prefix, chunks] = key.split('#');
  return { prefix: prefix!, chunks: Number(chunks) };
};

/**
 * The dry run: reads the whole file, checks every row and classifies it against the database,
 * writes nothing to the programme's tables. A structural error refuses the file (400) and stores
 * nothing; otherwise the file and its errors spreadsheet are stored and the import is recorded as
 * 'checked', ready for 'Confirmar'.
 */
export async function dryRun(deps: AppDeps, userId: number, file: ReceivedFile): Promise<DryRunResult> {
  const amount = await programmeAmount(deps.db);
  const dir = path.dirname(file.path);
  const errors = errorsWorkbook(dir);
  const shown: RowError[] = [];
  const phase = phases('payment check');
  const spent = { classifying: 0 };
  const counts = await checkPayments({
    db: deps.db,
    rows: readRows(openLocal(file.path), file.format, file.encoding),
    amountPerStudent: amount,
    spent,
    onError(error) {
      if (shown.length < MAX_ERRORS_SHOWN) shown.push(error);
      errors.add(error);
    },
  });
  phase.done(`read and classified (classifying ${(spent.classifying / 1000).toFixed(1)} s)`);
  phase.log();
  await errors.finish();
  const store = fileStoreFor(deps);
  const prefix = `imports/${randomUUID()}`;
  const chunks = await putChunked(store, prefix, file.path);
  const errorChunks = await putChunked(store, `${prefix}-errores`, errors.file);
  let row: ImportRow;
  try {
    row = await insertImport(deps.db, {
      kind: 'payments',
      fileName: file.fileName,
      sha256: file.sha256,
      size: file.size,
      format: file.format,
      encoding: file.encoding,
      fileKey: prefix,
      chunks,
      errorsKey: errorsKeyOf(`${prefix}-errores`, errorChunks),
      userId,
      createdAt: deps.clock.now(),
      counts,
    });
  } catch (error) {
    await removeChunked(store, prefix, chunks).catch(() => undefined);
    await removeChunked(store, `${prefix}-errores`, errorChunks).catch(() => undefined);
    throw error;
  }
  const summary = await importSummary(deps.db, row.id);
  return {
    ...summary!,
    // Refusals arrive a batch late (the database check overlaps the reading): shown in line order.
    errorList: shown.sort((a, b) => a.line - b.line).map((e) => ({ ...e, message: rowErrorText(e) })),
    errorsTruncated: errors.count > shown.length,
  };
}

type ErrorList = { items: DryRunResult['errorList']; truncated: boolean };

function toSummary(r: SummaryRow): ImportSummary {
  return {
    id: r.id,
    kind: r.kind as ImportKind,
    fileName: r.fileName,
    sha256: r.sha256,
    size: r.size,
    by: r.by,
    createdAt: new Date(r.createdAt).toISOString(),
    confirmedAt: r.confirmedAt ? new Date(r.confirmedAt).toISOString() : null,
    state: r.state as ImportState,
    counts: r.counts as ImportCounts,
    result: (r.result as ImportCounts | null) ?? null,
  };
}

async function importSummary(db: Executor, id: number) {
  const row = await importRow(db, id);
  return row ? toSummary(row) : null;
}

/** The import history, newest first, paged on the server. */
export async function importHistory(db: Executor, page: number): Promise<ImportPage> {
  const offset = (page - 1) * IMPORT_PAGE_SIZE;
  const items = await importPage(db, offset);
  const total = await countImports(db);
  return { items: items.map(toSummary), page, pageSize: IMPORT_PAGE_SIZE, total };
}

/** One import with its job's state and progress while it runs (from any instance). */
export async function importDetail(deps: AppDeps, jobs: JobQueue, id: number): Promise<ImportDetail> {
  const row = await importRow(deps.db, id);
  if (!row) throw new AppError('not_found', importMessages.notFound);
  const summary = toSummary(row);
  const status = row.jobId ? await jobs.status(row.jobId) : null;
  let state = summary.state;
  if (status && (state === 'queued' || state === 'running')) {
    state = status.state === 'done' ? 'done' : status.state;
  }
  // A roll file's dry run is a job too: a check that failed for good is shown as failed.
  if (status && state === 'checking' && status.state === 'failed') state = 'failed';
  const errorList = row.errorList as ErrorList | null;
  const done =
    state === 'done' ? ((status?.result as { message?: string } | undefined)?.message ?? null) : null;
  return {
    ...summary,
    state,
    jobId: row.jobId,
    progress: status?.progress ?? null,
    error: row.error ?? status?.error ?? null,
    message: done,
    ...(errorList ? { errorList: errorList.items, errorsTruncated: errorList.truncated } : {}),
  };
}

/**
 * 'Confirmar': enqueues the import as a job (its singleton key names the import, so a double click
 * gives the same job) and marks it queued. A failed import may be confirmed again.
 */
export async function confirmImport(deps: AppDeps, jobs: JobQueue, userId: number, id: number) {
  const row = await importRow(deps.db, id);
  if (!row) throw new AppError('not_found', importMessages.notFound);
  if (row.state === 'done') throw new AppError('conflict', importMessages.alreadyConfirmed);
  if (row.state === 'expired') throw new AppError('conflict', importMessages.expired);
  // A roll file is confirmed only once its dry run has counted it.
  if (row.state === 'checking' || (row.state === 'failed' && !(row.counts as ImportCounts).rows))
    throw new AppError('conflict', importMessages.notChecked);
  const job = await jobs.enqueue(
    confirmJobOf(row.kind as ImportKind),
    { importId: id },
    { singletonKey: `import|${id}`, userId },
  );
  if (job.created || row.state === 'checked' || row.state === 'failed') {
    await markQueued(deps.db, id, job.id, userId, deps.clock.now());
  }
  // The import's job had died with its instance (jobs/lease.ts): closed, and this one started.
  return { id, jobId: job.id, ...(job.replaced ? { message: JOB_INTERRUPTED_MESSAGE } : {}) };
}
