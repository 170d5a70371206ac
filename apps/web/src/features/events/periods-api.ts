import type { PeriodCreate } from '@bjp/domain';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';
import { useSubmission } from '../../app/submission';
import { useRefreshOptions } from './api';

export const periodKeys = {
  lists: ['kind-events', 'list'] as const,
  list: (page: number) => ['kind-events', 'list', page] as const,
  catalogs: ['kind-events', 'catalogs'] as const,
};

export function usePeriodList(page: number) {
  return useQuery({
    queryKey: periodKeys.list(page),
    queryFn: ({ signal }) => api.get('/kind-events', { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePeriodCatalogs() {
  return useQuery({
    queryKey: periodKeys.catalogs,
    queryFn: ({ signal }) => api.get('/kind-events/catalogs', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useCreatePeriod() {
  const refresh = useRefreshOptions(periodKeys.lists);
  const submission = useSubmission();
  return useMutation({
    mutationFn: (period: PeriodCreate) =>
      submission.send(period, (idempotencyKey) => api.post('/kind-events', { body: period, idempotencyKey })),
    onSuccess: refresh,
  });
}

export function useSetPeriodActive() {
  const refresh = useRefreshOptions(periodKeys.lists);
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      api.patch('/kind-events/{id}/active', { path: { id }, body: { active } }),
    onSettled: refresh,
  });
}
