import type { Transaction } from '../db/client.js';

export type JobState = 'queued' | 'running' | 'done' | 'failed';
/** A job not finished: waiting, running with a live lease, or running with its lease expired. */
export type LiveJobState = 'queued' | 'running' | 'stalled';
export type JobProgress = { done: number; total: number; message: string };

/** What any instance can tell about a job, from the shared table (and pg-boss' own state). */
export type JobStatus = {
  id: string;
  kind: string;
  state: JobState;
  progress: JobProgress;
  result?: unknown;
  error?: string;
};

/**
 * One attempt at a job, as its handler sees it. The handler does its work in one transaction and,
 * inside it, first asks `committed(tx)` (an earlier attempt may have committed the same work and
 * crashed before telling the queue) and last calls `commit(tx, result)`: the result commits
 * with the work, so a retry never does it twice.
 */
export type JobRun<Data> = {
  id: string;
  data: Data;
  userId: number | null;
  /** No retry is left after this attempt: a handler that keeps its own record closes it on failure. */
  final: boolean;
  report(progress: JobProgress): Promise<void>;
  committed(tx: Transaction): Promise<unknown | null>;
  commit(tx: Transaction, result: unknown): Promise<void>;
};

/** A handler throws AppError for a failure to show (not retried); anything else is retried. */
export type JobHandler<Data = unknown> = (run: JobRun<Data>) => Promise<unknown>;

export type EnqueueOptions = { singletonKey?: string; userId?: number };
/**
 * `created: false`: a job with the same singleton key is still queued or running; its id.
 * `replaced`: the same key's job had died with its instance (lease.ts); closed, and this one started.
 */
export type Enqueued = { id: string; created: boolean; replaced?: string };

export type JobQueue = {
  /** Which runner carries the jobs: 'pg-boss' (PostgreSQL) or 'in-process' (PGlite, tests). */
  readonly runner: 'pg-boss' | 'in-process';
  register<Data>(kind: string, handler: JobHandler<Data>): void;
  start(): Promise<void>;
  enqueue(kind: string, data: unknown, options?: EnqueueOptions): Promise<Enqueued>;
  status(id: string): Promise<JobStatus | null>;
  /** Unfinished jobs by state, for the metrics gauge (in-process: this process's). */
  counts(): Promise<Record<LiveJobState, number>>;
  /** Jobs waiting for a worker, by kind (the queue's depth). */
  depth(): Promise<Record<string, number>>;
  stop(): Promise<void>;
};
