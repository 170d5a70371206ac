import { syncMessages } from '@bjp/domain';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import type { JobQueue } from '../../jobs/index.js';
import { AppError } from '../../lib/errors.js';
import { type SyncJobStatus, syncJobStatus } from './job-status.js';
import { syncPayments } from './payments.js';
import { registerStepJobs } from './step-jobs.js';

// The status answer lives in job-status.ts, which imports no job code, so other code can name it.
export { type SyncJobStatus, syncJobStatus };

/** The payment sync as a job; its singleton key keeps it to one run at a time across instances. */
export const PAYMENT_SYNC_JOB = 'sync.payments';
const syncJobKinds = new Set([PAYMENT_SYNC_JOB]);

export const syncJobStarted = z.object({
  jobId: z.string().describe('Read its progress at GET /sync/jobs/:id'),
});
// Any string here, checked in syncJobState: the permission is checked before the id's form.
export const syncJobParams = z.object({ id: z.string().describe('The id POST /sync/payments/jobs gave') });
const jobId = z.string().uuid();

type PaymentJobData = { ip?: string };

/** The server's queue with the sync area's kinds registered: the payment sync and the three steps. */
export function syncJobs(app: AppInstance): JobQueue {
  const jobs = app.deps.jobs;
  const pageSize = Number(process.env.SYNC_PAYMENT_PAGE_SIZE) || undefined;
  jobs.register<PaymentJobData>(PAYMENT_SYNC_JOB, (run) =>
    syncPayments(app.deps, { id: run.userId ?? 0 }, { ip: run.data.ip, pageSize, job: run }),
  );
  registerStepJobs(app, jobs);
  return jobs;
}

export async function startPaymentSync(jobs: JobQueue, user: AuthUser, ip: string) {
  const job = await jobs.enqueue(PAYMENT_SYNC_JOB, { ip } satisfies PaymentJobData, {
    singletonKey: PAYMENT_SYNC_JOB,
    userId: user.id,
  });
  if (!job.created) throw new AppError('conflict', syncMessages.busy, { jobId: job.id });
  return { jobId: job.id };
}

export async function syncJobState(jobs: JobQueue, id: string): Promise<SyncJobStatus> {
  if (!jobId.safeParse(id).success) throw new AppError('bad_request', 'Identificador de proceso no válido.');
  const status = await jobs.status(id);
  if (!status || !syncJobKinds.has(status.kind))
    throw new AppError('not_found', 'No existe el proceso de sincronización indicado.');
  // Every sync job's result is a PaymentSyncResult for now (the response schema checks it).
  return status as SyncJobStatus;
}
