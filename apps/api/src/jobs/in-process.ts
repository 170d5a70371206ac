import type { Database } from '../db/client.js';
import { runAttempt } from './attempt.js';
import { insertJob, readJob, toStatus, unfinishedJob, unfinishedJobs } from './store.js';
import type { JobHandler, JobProgress, JobQueue, JobState, JobStatus } from './types.js';

type Live = { kind: string; key: string | null; state: JobState; progress: JobProgress };
type Job = { id: string; kind: string; key: string | null; data: unknown };

/**
 * The runner for PGlite (and tests that do not ask for pg-boss): jobs run in this process, over the
 * same job_progress table. Why not pg-boss over PGlite's handle: PGlite is one connection whose
 * transaction holds every other query back, while pg-boss expects a pool — its polling, its
 * maintenance and the worker's own progress writes would all wait behind a job's long transaction.
 * With one process there is no other instance to share with, so live progress is kept in memory
 * (read without touching the database a job's transaction holds) and the table keeps the outcome.
 * Survives a restart all the same: start() runs again the jobs the table shows unfinished.
 */
export function inProcessQueue(db: Database): JobQueue {
  const handlers = new Map<string, JobHandler>();
  const live = new Map<string, Live>();
  const running = new Set<Promise<void>>();
  let started = false;
  let stopped = false;
  const pending: Job[] = [];

  const run = (job: Job) => {
    const handler = handlers.get(job.kind);
    if (!handler || stopped) return;
    const state: Live = {
      kind: job.kind,
      key: job.key,
      state: 'running',
      progress: { done: 0, total: 0, message: '' },
    };
    live.set(job.id, state);
    const attempt = runAttempt(
      db,
      handler,
      job,
      async (progress) => {
        state.progress = progress;
      },
      true,
    )
      .then(
        () => undefined,
        // runAttempt has logged and counted the failure with its cause.
        () => undefined,
      )
      .finally(() => {
        live.delete(job.id);
        running.delete(attempt);
      });
    running.add(attempt);
  };

  return {
    runner: 'in-process',
    register(kind, handler) {
      handlers.set(kind, handler as JobHandler);
    },
    async start() {
      if (started) return;
      started = true;
      // Data is not kept for in-process jobs: their handlers take what they need from the row.
      for (const row of await unfinishedJobs(db))
        if (handlers.has(row.kind))
          pending.push({ id: row.id, kind: row.kind, key: row.singletonKey, data: {} });
      for (const job of pending.splice(0)) run(job);
    },
    async enqueue(kind, data, options = {}) {
      const key = options.singletonKey ?? null;
      // Asked of memory first: on PGlite the insert below would wait for the running job's transaction.
      const holder =
        key && ([...live].find(([, j]) => j.key === key)?.[0] ?? pending.find((j) => j.key === key)?.id);
      if (holder) return { id: holder, created: false };
      const id = await insertJob(db, kind, options.singletonKey ?? null, options.userId ?? null);
      if (!id) {
        const existing = await unfinishedJob(db, options.singletonKey!);
        if (existing) return { id: existing.id, created: false };
        return this.enqueue(kind, data, options);
      }
      if (started) run({ id, kind, key, data });
      else pending.push({ id, kind, key, data });
      return { id, created: true };
    },
    async status(id): Promise<JobStatus | null> {
      const state = live.get(id);
      if (state && state.state === 'running')
        return { id, kind: state.kind, state: 'running', progress: state.progress };
      const row = await readJob(db, id);
      return row ? toStatus(row) : null;
    },
    async counts() {
      // From memory, like status(): on PGlite a count query would wait for a running job's transaction.
      // A job of this process cannot outlive it, so none is stalled.
      const counts = { queued: pending.length, running: 0, stalled: 0 };
      for (const state of live.values()) if (state.state === 'running') counts.running++;
      return counts;
    },
    async depth() {
      const depth: Record<string, number> = Object.fromEntries([...handlers.keys()].map((kind) => [kind, 0]));
      for (const job of pending) depth[job.kind] = (depth[job.kind] ?? 0) + 1;
      return depth;
    },
    async stop() {
      stopped = true;
      await Promise.allSettled([...running]);
    },
  };
}
