import { syncMessages, syncStepResult } from '@bjp/domain';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import type { JobQueue } from '../../jobs/index.js';
import { AppError } from '../../lib/errors.js';
import { consolidateChanges, sendChanges, takeCopy } from './steps.js';

/**
 * The three daily steps of 'Sincronización Síntesis' as jobs (src/jobs), like the payment sync
 * (jobs.ts): each answers at once with its job's id, reports its progress batch by batch, and
 * commits its result with its work, so a retried attempt never does a step twice.
 */
export const stepJobKinds = {
  consolidate: 'sync.steps.consolidate',
  send: 'sync.steps.send',
  copy: 'sync.steps.copy',
} as const;

export type SyncStepName = keyof typeof stepJobKinds;
export const syncStepNames = Object.keys(stepJobKinds) as SyncStepName[];

const stepOfKind = new Map(syncStepNames.map((step) => [stepJobKinds[step] as string, step]));
const run = { consolidate: consolidateChanges, send: sendChanges, copy: takeCopy };

type StepJobData = { ip?: string };

export const stepJobParams = z.object({
  id: z.string().describe('The id POST /sync/steps/{step}/jobs gave'),
});
export const stepJobStatus = z.object({
  id: z.string(),
  kind: z
    .string()
    .describe("'sync.steps.consolidate', 'sync.steps.send' or 'sync.steps.copy': the step it runs"),
  state: z.enum(['queued', 'running', 'done', 'failed']),
  progress: z.object({ done: z.number(), total: z.number(), message: z.string() }),
  result: syncStepResult.optional().describe('When done: what the synchronous step answers'),
  error: z.string().optional().describe('When failed: the message to show'),
});
export type StepJobStatus = z.infer<typeof stepJobStatus>;

/** Registers the step jobs on the sync area's queue (called where the payment job is registered). */
export function registerStepJobs(app: AppInstance, jobs: JobQueue): void {
  for (const step of syncStepNames)
    jobs.register<StepJobData>(stepJobKinds[step], (job) =>
      run[step]({ deps: app.deps, user: { id: job.userId ?? 0 }, ip: job.data.ip ?? null, job }),
    );
}

/**
 * Enqueues a step, one per step and day: a second click, tab or instance while it is queued or
 * running is refused (409, with the running job's id so the page can follow it).
 */
export async function startStep(
  app: AppInstance,
  jobs: JobQueue,
  step: SyncStepName,
  user: AuthUser,
  ip: string,
) {
  const kind = stepJobKinds[step];
  const job = await jobs.enqueue(kind, { ip } satisfies StepJobData, {
    singletonKey: `${kind}:${app.deps.clock.today()}`,
    userId: user.id,
  });
  if (!job.created) throw new AppError('conflict', syncMessages.busy, { jobId: job.id });
  return { jobId: job.id };
}

const jobId = z.string().uuid();

export async function stepJobState(jobs: JobQueue, id: string): Promise<StepJobStatus> {
  if (!jobId.safeParse(id).success) throw new AppError('bad_request', 'Identificador de proceso no válido.');
  const status = await jobs.status(id);
  if (!status || !stepOfKind.has(status.kind))
    throw new AppError('not_found', 'No existe el proceso de sincronización indicado.');
  return status as StepJobStatus;
}
