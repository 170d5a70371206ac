import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../db/client.js';
import { jobProgress } from '../db/schema/index.js';
import type { JobProgress, JobState, JobStatus, LiveJobState } from './types.js';

/** The job_progress table, shared by both runners: the one place a job's state and progress live. */
export type JobRow = typeof jobProgress.$inferSelect;

const unfinished: JobState[] = ['queued', 'running'];
/** This process, as job_progress.worker names it. */
export const worker = `${hostname()}:${process.pid}`;

export function toStatus(row: JobRow): JobStatus {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    progress: { done: row.done, total: row.total, message: row.message },
    ...(row.result !== null ? { result: row.result } : {}),
    ...(row.error !== null ? { error: row.error } : {}),
  };
}

/** A new queued row, or null when the singleton key already has an unfinished job (unique index). */
export async function insertJob(
  db: Database,
  kind: string,
  singletonKey: string | null,
  userId: number | null,
): Promise<string | null> {
  const id = randomUUID();
  const rows = await db
    .insert(jobProgress)
    .values({ id, kind, singletonKey, userId })
    .onConflictDoNothing()
    .returning({ id: jobProgress.id });
  return rows[0]?.id ?? null;
}

export async function unfinishedJob(db: Database, singletonKey: string): Promise<JobRow | null> {
  const [row] = await db
    .select()
    .from(jobProgress)
    .where(and(eq(jobProgress.singletonKey, singletonKey), inArray(jobProgress.state, unfinished)));
  return row ?? null;
}

export async function unfinishedJobs(db: Database): Promise<JobRow[]> {
  return db.select().from(jobProgress).where(inArray(jobProgress.state, unfinished));
}

export async function readJob(db: Executor, id: string): Promise<JobRow | null> {
  const [row] = await db.select().from(jobProgress).where(eq(jobProgress.id, id));
  return row ?? null;
}

/** An attempt begins: 'running' unless an earlier attempt already finished it (then null). */
export async function markRunning(db: Database, id: string): Promise<JobRow | null> {
  const [row] = await db
    .update(jobProgress)
    .set({ state: 'running', attempts: sql`${jobProgress.attempts} + 1`, worker, updatedAt: sql`now()` })
    .where(and(eq(jobProgress.id, id), inArray(jobProgress.state, unfinished)))
    .returning();
  return row ?? null;
}

export async function writeProgress(db: Database, id: string, progress: JobProgress): Promise<void> {
  await db
    .update(jobProgress)
    .set({ ...progress, updatedAt: sql`now()` })
    .where(and(eq(jobProgress.id, id), eq(jobProgress.state, 'running')));
}

/** The result, written in the transaction of the work itself. */
export async function commitResult(
  tx: Transaction,
  id: string,
  result: unknown,
  progress?: JobProgress,
): Promise<void> {
  const now = new Date();
  await tx
    .update(jobProgress)
    .set({ state: 'done', result, ...progress, error: null, updatedAt: now, finishedAt: now })
    .where(eq(jobProgress.id, id));
}

/** The result an earlier attempt committed, if any (read under the work's own lock). */
export async function committedResult(tx: Transaction, id: string): Promise<unknown | null> {
  const [row] = await tx
    .select({ result: jobProgress.result })
    .from(jobProgress)
    .where(and(eq(jobProgress.id, id), eq(jobProgress.state, 'done')));
  return row ? row.result : null;
}

export async function markFailed(db: Database, id: string, error: string): Promise<void> {
  const now = new Date();
  await db
    .update(jobProgress)
    .set({ state: 'failed', error, updatedAt: now, finishedAt: now })
    .where(and(eq(jobProgress.id, id), inArray(jobProgress.state, unfinished)));
}

/** Unfinished jobs by state; a running row without a stamp for `leaseSeconds` is stalled (lease.ts). */
export async function countByState(
  db: Database,
  leaseSeconds: number,
): Promise<Record<LiveJobState, number>> {
  const [row] = await db
    .select({
      queued: sql<number>`count(*) FILTER (WHERE ${jobProgress.state} = 'queued')::int`,
      running: sql<number>`count(*) FILTER (WHERE ${jobProgress.state} = 'running' AND ${jobProgress.updatedAt} >= now() - make_interval(secs => ${leaseSeconds}))::int`,
      stalled: sql<number>`count(*) FILTER (WHERE ${jobProgress.state} = 'running' AND ${jobProgress.updatedAt} < now() - make_interval(secs => ${leaseSeconds}))::int`,
    })
    .from(jobProgress)
    .where(inArray(jobProgress.state, ['queued', 'running']));
  return {
    queued: Number(row?.queued ?? 0),
    running: Number(row?.running ?? 0),
    stalled: Number(row?.stalled ?? 0),
  };
}
