import type { Kardex, StepOnePage, StepTwoPage, SyncCalendar, SyncStatus, SyncStepResult } from '@bjp/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api';

export type SyncStep = 'consolidate' | 'send' | 'copy';

export function useSyncStatus() {
  return useQuery({
    queryKey: ['sync', 'status'],
    queryFn: ({ signal }) => api.get<SyncStatus>('/sync/status', { signal }),
  });
}

export function useRunStep() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (step: SyncStep) => api.post<SyncStepResult>(`/sync/steps/${step}`),
    onSettled: () => client.invalidateQueries({ queryKey: ['sync'] }),
  });
}

export function useStepList<T extends StepOnePage | StepTwoPage>(
  list: 'step-one' | 'step-two',
  rude: string,
  page: number,
) {
  return useQuery({
    queryKey: ['sync', list, rude, page],
    queryFn: ({ signal }) => api.get<T>(`/sync/${list}`, { query: { rude, page }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useKardex(rude: string | null) {
  return useQuery({
    queryKey: ['sync', 'kardex', rude],
    queryFn: ({ signal }) => api.get<Kardex>(`/sync/kardex/${encodeURIComponent(rude!)}`, { signal }),
    enabled: rude !== null,
    retry: false,
  });
}

export function useSyncCalendar() {
  return useQuery({
    queryKey: ['sync', 'calendar'],
    queryFn: ({ signal }) => api.get<SyncCalendar>('/sync/calendar', { signal }),
  });
}
