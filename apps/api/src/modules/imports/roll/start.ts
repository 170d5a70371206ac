import { randomUUID } from 'node:crypto';
import type { RollKind } from '@bjp/domain';
import type { AppDeps } from '../../../app-types.js';
import type { JobQueue } from '../../../jobs/index.js';
import { fileStoreFor } from '../../../lib/file-store.js';
import { ROLL_CHECK_JOB } from '../job-kinds.js';
import { putChunked, removeChunked } from '../stored-file.js';
import type { ReceivedFile } from '../upload.js';
import { insertRollImport, programmeYear, setCheckJob } from './queries/import-row.js';

/**
 * A roll file arrives: it is stored (as the payment file is) and recorded as 'checking'. The roll is
 * always for the programme year in force.
 */
export async function storeRollImport(
  deps: AppDeps,
  userId: number,
  kind: RollKind,
  file: ReceivedFile,
): Promise<number> {
  const store = fileStoreFor(deps);
  const prefix = `imports/${randomUUID()}`;
  const chunks = await putChunked(store, prefix, file.path);
  let id: number;
  try {
    id = await insertRollImport(deps.db, {
      kind,
      year: await programmeYear(deps.db),
      fileName: file.fileName,
      sha256: file.sha256,
      size: file.size,
      format: file.format,
      encoding: file.encoding,
      fileKey: prefix,
      chunks,
      userId,
      createdAt: deps.clock.now(),
    });
  } catch (error) {
    await removeChunked(store, prefix, chunks).catch(() => undefined);
    throw error;
  }
  return id;
}

/** Stores the file and queues its dry run as a job; the screen follows it at GET /imports/:id. */
export async function startRollCheck(
  deps: AppDeps,
  jobs: JobQueue,
  userId: number,
  kind: RollKind,
  file: ReceivedFile,
): Promise<{ id: number; jobId: string }> {
  const id = await storeRollImport(deps, userId, kind, file);
  const job = await jobs.enqueue(
    ROLL_CHECK_JOB,
    { importId: id },
    { singletonKey: `import-check|${id}`, userId },
  );
  await setCheckJob(deps.db, id, job.id);
  return { id, jobId: job.id };
}
