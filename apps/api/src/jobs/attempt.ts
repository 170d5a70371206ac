import type { Database } from '../db/client.js';
import { AppError } from '../lib/errors.js';
import { startHeartbeat } from './lease.js';
import { commitResult, committedResult, markFailed, markRunning } from './store.js';
import type { JobHandler, JobProgress } from './types.js';

/** Shown when a job failed for a reason that is not the user's to read (crash, retries used up). */
export const JOB_FAILED_MESSAGE = 'El proceso no pudo completarse; vuelva a intentarlo.';

/**
 * One attempt, the same under both runners: the row turns 'running', the handler works and commits
 * its result in its own transaction. An AppError is the job's answer (Síntesis refused, nothing to
 * do): recorded as 'failed' with its Spanish message and not retried. Anything else is rethrown for
 * the runner to retry; `final` says no retry is left, so the row is closed as failed.
 */
export async function runAttempt(
  db: Database,
  handler: JobHandler,
  job: { id: string; data: unknown },
  report: (progress: JobProgress) => Promise<void>,
  final: boolean,
  /** pg-boss: the lease's heartbeat (lease.ts), so another instance can tell this one is alive. */
  heartbeatEveryMs?: number,
): Promise<'done' | 'failed' | 'finished before'> {
  const row = await markRunning(db, job.id);
  // Finished by an earlier attempt (its commit landed, the queue was not told): nothing to do.
  if (!row) return 'finished before';
  const stopHeartbeat = heartbeatEveryMs ? startHeartbeat(db, job.id, heartbeatEveryMs) : () => undefined;
  // The last progress is stored with the result (the in-process runner keeps it only in memory).
  let last: JobProgress | undefined;
  try {
    await handler({
      id: job.id,
      data: job.data,
      userId: row.userId,
      final,
      report: (progress) => {
        last = progress;
        return report(progress);
      },
      committed: (tx) => committedResult(tx, job.id),
      commit: (tx, result) => commitResult(tx, job.id, result, last),
    });
    return 'done';
  } catch (error) {
    if (error instanceof AppError) {
      await markFailed(db, job.id, error.message);
      return 'failed';
    }
    if (final) await markFailed(db, job.id, JOB_FAILED_MESSAGE).catch(() => undefined);
    throw error;
  } finally {
    stopHeartbeat();
  }
}
