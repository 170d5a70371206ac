/** What other areas may use of the payment sync: the gatherer contract an area implements and the job status. */
export type { ChangeGatherer } from './change-gatherer.js';
export type { SyncJobStatus } from './job-status.js';
