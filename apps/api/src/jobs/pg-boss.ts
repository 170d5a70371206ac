import pg from 'pg';
import PgBoss from 'pg-boss';
import { type Database, failFast, guardPool } from '../db/client.js';
import { opsLog } from '../lib/log.js';
import { JOB_FAILED_MESSAGE, runAttempt } from './attempt.js';
import { claimExpiredLease, expiredLeases, heartbeatMs, JOB_INTERRUPTED_MESSAGE } from './lease.js';
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
  boss.on('error', (error) => opsLog().error({ cause: error.message }, 'pg-boss error'));
  const handlers = new Map<string, JobHandler>();
  let started = false;
  let sweeper: NodeJS.Timeout | undefined;
  const lease = settings.JOB_LEASE_SECONDS;

  const work = async (kind: string, handler: JobHandler) => {
    await boss.createQueue(kind);
    await boss.work<unknown>(
      kind,
      { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: settings.JOB_POLLING_SECONDS },
      async ([job]) => {
        if (!job) return;
        const final = job.retryCount >= job.retryLimit;
        await runAttempt(
          db,
          handler,
          { id: job.id, kind, data: job.data, attempt: job.retryCount + 1 },
          (progress) => writeProgress(db, job.id, progress),
          final,
          heartbeatMs(lease),
        );
      },
    );
  };

  /**
   * Takes over the jobs whose instance died (lease.ts): a running row whose lease ran out and whose
   * pg-boss job is still 'active' is claimed by this instance and failed in pg-boss, which gives it
   * to a worker again after JOB_RETRY_DELAY_SECONDS (the handler starts over from its own
   * transaction, so nothing the dead attempt began is kept, and nothing committed is done twice).
   * A row whose pg-boss job has ended (retries used up, cancelled) is closed as failed.
   */
  const sweep = async () => {
    for (const row of await expiredLeases(db, lease)) {
      const job = await boss.getJobById(row.kind, row.id, { includeArchive: true });
      if (job && (job.state === 'created' || job.state === 'retry')) continue; // a worker will take it
      if (!(await claimExpiredLease(db, row.id, lease))) continue; // another instance did
      if (job?.state === 'active') {
        opsLog().warn({ jobId: row.id, kind: row.kind, worker: row.worker }, 'job lease expired; taken over');
        await boss.fail(row.kind, row.id, { message: `lease of ${row.worker} expired` });
        const after = await boss.getJobById(row.kind, row.id, { includeArchive: true });
        if (after?.state !== 'failed') continue;
      }
      await markFailed(db, row.id, JOB_FAILED_MESSAGE);
    }
  };
  const sweepSafely = () =>
    sweep().catch((error: Error) => opsLog().error({ cause: error.message }, 'job leases not swept'));

  /**
   * A dead job met by 'Confirmar' (enqueue of its singleton key): its lease ran out and this
   * instance claimed it, so it is cancelled in pg-boss and closed with JOB_INTERRUPTED_MESSAGE,
   * and a new job takes its place. False when it is alive (or another instance took it over).
   */
  const replaceIfDead = async (row: { id: string; kind: string; state: string }) => {
    if (row.state !== 'running' || !(await claimExpiredLease(db, row.id, lease))) return false;
    await boss.cancel(row.kind, row.id);
    await markFailed(db, row.id, JOB_INTERRUPTED_MESSAGE);
    return true;
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
      sweeper = setInterval(sweepSafely, (lease * 1000) / 2);
      sweeper.unref();
    },
    async enqueue(kind, data, options = {}) {
      const id = await insertJob(db, kind, options.singletonKey ?? null, options.userId ?? null);
      if (!id) {
        const existing = await unfinishedJob(db, options.singletonKey!);
        if (existing && (await replaceIfDead(existing))) {
          const fresh = await this.enqueue(kind, data, options);
          return { ...fresh, replaced: existing.id };
        }
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
    counts: () => countByState(db, lease),
    async depth() {
      const depth: Record<string, number> = {};
      for (const kind of handlers.keys()) depth[kind] = await boss.getQueueSize(kind);
      return depth;
    },
    async stop() {
      if (!started) return;
      started = false;
      clearInterval(sweeper);
      await boss.stop({ graceful: true, timeout: 10_000, wait: true });
      await pool.end();
    },
  };
}
