import type { PaymentSyncResult, StepOnePage, StepTwoPage, SyncStepResult } from '@bjp/domain';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { type ApiResponse, api } from '../../app/api';

export type SyncStep = 'consolidate' | 'send' | 'copy';

export function useSyncStatus() {
  return useQuery({
    queryKey: ['sync', 'status'],
    queryFn: ({ signal }) => api.get('/sync/status', { signal }),
  });
}

/** A step as a job (apps/api/src/modules/sync/step-jobs.ts): the answer is the job's id (202). */
export function useStartStep() {
  return useMutation({
    mutationFn: (step: SyncStep) => api.post(`/sync/steps/${step}/jobs`),
  });
}

/** A step's job as GET /sync/steps/jobs/:id tells it; its result is the step's answer. */
export type StepJobStatus = Omit<SyncJobStatus, 'result'> & { result?: SyncStepResult };

/** A step's job, asked again every second until it is done or failed (from any instance). */
export function useStepJob(id: string | null) {
  return useQuery({
    queryKey: ['sync-job', 'step', id],
    queryFn: ({ signal }) => api.get('/sync/steps/jobs/{id}', { path: { id: id! }, signal }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && jobFinished(query.state.data.state) ? false : 1_000),
  });
}

// The two lists' answers as the API declares them are the page types StepLists renders.
type Assignable<A extends B, B> = A;
export type StepPagesMatch = [
  Assignable<ApiResponse<'/sync/step-one', 'get'>, StepOnePage>,
  Assignable<ApiResponse<'/sync/step-two', 'get'>, StepTwoPage>,
];

export function useStepList<T extends StepOnePage | StepTwoPage>(
  list: 'step-one' | 'step-two',
  rude: string,
  page: number,
  batch?: number,
) {
  return useQuery({
    queryKey: ['sync', list, rude, page, batch ?? 'latest'],
    // The answer is that list's page (checked against the API's types below); T says which it is.
    queryFn: ({ signal }) => api.get(`/sync/${list}`, { query: { rude, page, batch }, signal }) as Promise<T>,
    placeholderData: keepPreviousData,
  });
}

/** A calendar day opened: that day's synchronisation records with their counts. */
export function useSyncDay(day: string | null) {
  return useQuery({
    queryKey: ['sync', 'calendar', 'day', day],
    queryFn: ({ signal }) => api.get('/sync/calendar/days/{day}', { path: { day: day! }, signal }),
    enabled: day !== null,
  });
}

export function useSyncCalendar() {
  return useQuery({
    queryKey: ['sync', 'calendar'],
    queryFn: ({ signal }) => api.get('/sync/calendar', { signal }),
  });
}

/** A synchronisation job as GET /sync/jobs/:id tells it (apps/api/src/modules/sync/jobs.ts). */
export type SyncJobStatus = {
  id: string;
  kind: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  progress: { done: number; total: number; message: string };
  result?: PaymentSyncResult;
  error?: string;
};

export const jobFinished = (state: SyncJobStatus['state']) => state === 'done' || state === 'failed';

/** 'Sincronizar Datos de Pago de Síntesis' as a job: the answer is the job's id (202). */
export function useStartPaymentSync() {
  return useMutation({ mutationFn: () => api.post('/sync/payments/jobs') });
}

/** A job's state, asked again every second until it is done or failed (from any instance). */
export function useSyncJob(id: string | null) {
  return useQuery({
    queryKey: ['sync-job', id],
    queryFn: ({ signal }) => api.get('/sync/jobs/{id}', { path: { id: id! }, signal }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && jobFinished(query.state.data.state) ? false : 1_000),
  });
}

/** The last completed payment sync (counts, when, by whom): the panel that stays after a reload. */
export function useLastPaymentSync() {
  return useQuery({
    queryKey: ['sync', 'payments', 'last'],
    queryFn: ({ signal }) => api.get('/sync/payments/last', { signal }),
  });
}
