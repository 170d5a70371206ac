import { Counter, Gauge, register } from 'prom-client';
import type { JobQueue, LiveJobState } from './types.js';

/*
 * Jobs in /metrics (issue 35 §6). What is in the queue now is a gauge read from the queue when
 * scraped; what happened to attempts is a counter of this process, so a rate() over it holds across
 * the table's pruning (a gauge of finished rows used to shrink). Module-level: the default registry
 * refuses a second metric of the same name, and one process may build several apps (tests); the
 * gauges read the queue started last.
 */
const liveStates: LiveJobState[] = ['queued', 'running', 'stalled'];
let current: JobQueue | null = null;

const once = <T>(name: string, make: () => T): T =>
  (register.getSingleMetric(name) as T | undefined) ?? make();

once(
  'bjp_jobs',
  () =>
    new Gauge({
      name: 'bjp_jobs',
      help: 'Long jobs by state: queued, running (lease alive), stalled (running, lease expired: its instance is gone)',
      labelNames: ['state'],
      async collect() {
        this.reset();
        if (!current) return;
        const counts = await current.counts().catch(() => null);
        if (!counts) return;
        for (const state of liveStates) this.set({ state }, counts[state]);
      },
    }),
);

once(
  'bjp_job_queue_depth',
  () =>
    new Gauge({
      name: 'bjp_job_queue_depth',
      help: 'Jobs waiting for a worker, by queue (pg-boss: created or waiting to retry)',
      labelNames: ['queue'],
      async collect() {
        this.reset();
        if (!current) return;
        const depth = await current.depth().catch(() => null);
        for (const [queue, waiting] of Object.entries(depth ?? {})) this.set({ queue }, waiting);
      },
    }),
);

const attempts = once(
  'bjp_job_attempts_total',
  () =>
    new Counter({
      name: 'bjp_job_attempts_total',
      help: 'Job attempts finished by this process, by kind and outcome: done, refused (the job’s own answer), retried, failed (no retry left)',
      labelNames: ['kind', 'outcome'],
    }),
);

export const countAttempt = (kind: string, outcome: 'done' | 'refused' | 'retried' | 'failed') =>
  attempts.inc({ kind, outcome });

export const measureJobs = (queue: JobQueue | null) => {
  current = queue;
};
