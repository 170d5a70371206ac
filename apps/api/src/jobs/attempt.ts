import type { Database } from '../db/client.js';
import { AppError } from '../lib/errors.js';
import { opsLog } from '../lib/log.js';
import { startHeartbeat } from './lease.js';
import { countAttempt } from './metrics.js';
import { commitResult, committedResult, markFailed, markRunning } from './store.js';
import type { JobHandler, JobProgress } from './types.js';

/** Shown when a job failed for a reason that is not the user's to read (crash, retries used up). */
export const JOB_FAILED_MESSAGE = 'El proceso no pudo completarse; vuelva a intentarlo.';

/**
 * One attempt, the same under both runners: the row turns 'running', the handler works and commits
 * its result in its own transaction. An AppError is the job's answer (Síntesis refused, nothing to
 * do): recorded as 'failed' with its Spanish message and not retried. Anything else is rethrown for
 * the runner to retry; `final` says no retry is left, so the row is closed as failed.
 * Each start and end is one JSON log line with the job's id, kind, attempt and duration, and the
 * cause of a failure (issue 35 §6); the outcome is counted in bjp_job_attempts_total.
 */
export async function runAttempt(
  db: Database,
  handler: JobHandler,
  job: { id: string; kind: string; data: unknown; attempt?: number },
  report: (progress: JobProgress) => Promise<void>,
  final: boolean,
  /** pg-boss: the lease's heartbeat (lease.ts), so another instance can tell this one is alive. */
  heartbeatEveryMs?: number,
): Promise<'done' | 'failed' | 'finished before'> {
  const row = await markRunning(db, job.id);
  // Finished by an earlier attempt (its commit landed, the queue was not told): nothing to do.
  if (!row) return 'finished before';
  const started = performance.now();
  const line = { jobId: job.id, kind: job.kind, attempt: job.attempt ?? 1 };
  const ended = (outcome: 'done' | 'refused' | 'retried' | 'failed') => {
    countAttempt(job.kind, outcome);
    return { ...line, outcome, durationMs: Math.round(performance.now() - started) };
  };
  opsLog().info(line, 'job started');
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
    opsLog().info(ended('done'), 'job done');
    return 'done';
  } catch (error) {
    if (error instanceof AppError) {
      // The job's own answer (Síntesis refused, nothing to do): its code, and the Spanish message users read.
      opsLog().warn({ ...ended('refused'), code: error.code, cause: error.message }, 'job refused');
      await markFailed(db, job.id, error.message);
      return 'failed';
    }
    const cause = error instanceof Error ? error.message : String(error);
    opsLog().error(
      { ...ended(final ? 'failed' : 'retried'), cause },
      final ? 'job failed' : 'job failed; retried',
    );
    if (final) await markFailed(db, job.id, JOB_FAILED_MESSAGE).catch(() => undefined);
    throw error;
  } finally {
    stopHeartbeat();
  }
}
