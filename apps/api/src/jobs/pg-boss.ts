import pg from 'pg';
import PgBoss from 'pg-boss';
import { type Database, failFast, guardPool } from '../db/client.js';
import { JOB_FAILED_MESSAGE, runAttempt } from './attempt.js';
import type { JobSettings } from './settings.js';
import {
  countByState,
  insertJob,
  markFailed,
  readJob,
  toStatus,
  unfinishedJob,
  writeProgress,
} from './store.js';
import type { JobHandler, JobQueue, JobStatus } from './types.js';

/** pg-boss keeps its own tables in this schema of the application's database. */
export const PG_BOSS_SCHEMA = 'pgboss';

/** A row left unfinished this long without its pg-boss job is an enqueue that died half-way. */
const ORPHAN_MS = 60_000;

/**
 * The runner for PostgreSQL: pg-boss hands each job to exactly one worker among all instances
 * (SKIP LOCKED), keeps it across restarts, and gives it again to a live instance once the one
 * running it has been gone for JOB_EXPIRE_SECONDS (retries). Progress and the outcome live in
 * job_progress, which every instance reads; pg-boss' state covers what the table cannot know
 * (a job whose instance died and whose retries are used up).
 */
export function pgBossQueue(db: Database, connectionString: string, settings: JobSettings): JobQueue {
  // pg-boss runs on a pool of ours, guarded as the application's (db/client.ts: no process exit
  // when the database restarts); its own would leave a checked-out client without a listener.
  const pool = guardPool(
    new pg.Pool({ connectionString, max: 4, application_name: 'pgboss', ...failFast }),
    'pg-boss',
  );
  const boss = new PgBoss({
    db: { executeSql: (text, values) => pool.query(text, values) },
    schema: PG_BOSS_SCHEMA,
    maintenanceIntervalSeconds: settings.JOB_MAINTENANCE_SECONDS,
    monitorStateIntervalSeconds: settings.JOB_MAINTENANCE_SECONDS,
  });
  boss.on('error', (error) => console.error('pg-boss:', error.message));
  const handlers = new Map<string, JobHandler>();
  let started = false;

  const work = async (kind: string, handler: JobHandler) => {
    await boss.createQueue(kind);
    await boss.work<unknown>(
      kind,
      { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: settings.JOB_POLLING_SECONDS },
      async ([job]) => {
        if (!job) return;
        const final = job.retryCount >= job.retryLimit;
        await runAttempt(db, handler, job, (progress) => writeProgress(db, job.id, progress), final);
      },
    );
  };

  /** Whether an unfinished row has no live pg-boss job behind it any more. */
  const abandoned = async (kind: string, id: string, createdAt: Date): Promise<boolean> => {
    const job = await boss.getJobById(kind, id, { includeArchive: true });
    if (!job) return Date.now() - createdAt.getTime() > ORPHAN_MS;
    return job.state === 'failed' || job.state === 'cancelled' || job.state === 'completed';
  };

  return {
    runner: 'pg-boss',
    register(kind, handler) {
      handlers.set(kind, handler as JobHandler);
      if (started) void work(kind, handler as JobHandler);
    },
    async start() {
      if (started) return;
      await boss.start();
      started = true;
      for (const [kind, handler] of handlers) await work(kind, handler);
    },
    async enqueue(kind, data, options = {}) {
      const id = await insertJob(db, kind, options.singletonKey ?? null, options.userId ?? null);
      if (!id) {
        const existing = await unfinishedJob(db, options.singletonKey!);
        if (existing && !(await abandoned(existing.kind, existing.id, existing.createdAt)))
          return { id: existing.id, created: false };
        if (existing) await markFailed(db, existing.id, JOB_FAILED_MESSAGE);
        return this.enqueue(kind, data, options);
      }
      try {
        await boss.send(kind, (data ?? {}) as object, {
          id,
          retryLimit: settings.JOB_RETRY_LIMIT,
          retryDelay: settings.JOB_RETRY_DELAY_SECONDS,
          expireInSeconds: settings.JOB_EXPIRE_SECONDS,
        });
      } catch (error) {
        await markFailed(db, id, JOB_FAILED_MESSAGE);
        throw error;
      }
      return { id, created: true };
    },
    async status(id): Promise<JobStatus | null> {
      const row = await readJob(db, id);
      if (!row) return null;
      const status = toStatus(row);
      if (status.state === 'done' || status.state === 'failed') return status;
      const job = await boss.getJobById(row.kind, id, { includeArchive: true });
      if (!job) return status;
      if (job.state === 'created' || job.state === 'retry') return { ...status, state: 'queued' };
      if (job.state === 'active') return { ...status, state: 'running' };
      if (job.state === 'failed' || job.state === 'cancelled')
        return { ...status, state: 'failed', error: JOB_FAILED_MESSAGE };
      return status;
    },
    counts: () => countByState(db),
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, timeout: 10_000, wait: true });
      await pool.end();
    },
  };
}
