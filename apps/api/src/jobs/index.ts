import type { Database } from '../db/client.js';
import { inProcessQueue } from './in-process.js';
import { measureJobs } from './metrics.js';
import { pgBossQueue } from './pg-boss.js';
import { jobSettings } from './settings.js';
import type { JobQueue } from './types.js';

export { JOB_FAILED_MESSAGE } from './attempt.js';
export { inProcessQueue } from './in-process.js';
export { JOB_INTERRUPTED_MESSAGE } from './lease.js';
export { PG_BOSS_SCHEMA } from './pg-boss.js';
export { jobSettings } from './settings.js';
export type { Enqueued, JobHandler, JobProgress, JobQueue, JobRun, JobState, JobStatus } from './types.js';

/**
 * Long work as jobs: pg-boss on PostgreSQL (`url`: shared by every instance), otherwise the
 * in-process runner (PGlite is one process). Handlers are registered by the modules (register)
 * before start(); both runners keep state and progress in job_progress.
 */
export function createJobQueue(
  db: Database,
  options: { url?: string; env?: NodeJS.ProcessEnv } = {},
): JobQueue {
  const queue = options.url ? pgBossQueue(db, options.url, jobSettings(options.env)) : inProcessQueue(db);
  const start = queue.start.bind(queue);
  const stop = queue.stop.bind(queue);
  return Object.assign(queue, {
    async start() {
      await start();
      measureJobs(queue);
    },
    async stop() {
      measureJobs(null);
      await stop();
    },
  });
}
