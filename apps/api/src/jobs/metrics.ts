import { Gauge } from 'prom-client';
import type { JobQueue, JobState } from './types.js';

const states: JobState[] = ['queued', 'running', 'done', 'failed'];
// Module-level: the default registry refuses a second gauge of the same name, and one process may
// build several apps (tests). The gauge reads the queue started last.
let current: JobQueue | null = null;

new Gauge({
  name: 'bjp_jobs',
  help: 'Long jobs (Síntesis payment sync, …) by state: all of job_progress (pg-boss), or this process’s since it started (in-process)',
  labelNames: ['state'],
  async collect() {
    if (!current) return;
    const counts = await current.counts().catch(() => null);
    if (!counts) return;
    for (const state of states) this.set({ state }, counts[state]);
  },
});

export const measureJobs = (queue: JobQueue | null) => {
  current = queue;
};
