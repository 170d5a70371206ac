import type { ActiveToggleResult, Page, PeriodCatalogs, PeriodCreate, PeriodRow } from '@bjp/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { untypedApi } from '../../app/api';
import { useSubmission } from '../../app/submission';
import { eventKeys } from './api';

export const periodKeys = {
  lists: ['kind-events', 'list'] as const,
  list: (page: number) => ['kind-events', 'list', page] as const,
  catalogs: ['kind-events', 'catalogs'] as const,
};

export function usePeriodList(page: number) {
  return useQuery({
    queryKey: periodKeys.list(page),
    queryFn: ({ signal }) => untypedApi.get<Page<PeriodRow>>('/kind-events', { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePeriodCatalogs() {
  return useQuery({
    queryKey: periodKeys.catalogs,
    queryFn: ({ signal }) => untypedApi.get<PeriodCatalogs>('/kind-events/catalogs', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useCreatePeriod() {
  const queryClient = useQueryClient();
  const submission = useSubmission();
  return useMutation({
    mutationFn: (period: PeriodCreate) =>
      submission.send(period, (idempotencyKey) =>
        untypedApi.post<PeriodRow>('/kind-events', period, { idempotencyKey }),
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: periodKeys.lists }),
        queryClient.invalidateQueries({ queryKey: eventKeys.options }),
      ]),
  });
}

export function useSetPeriodActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      untypedApi.patch<ActiveToggleResult>(`/kind-events/${id}/active`, { active }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: periodKeys.lists }),
        queryClient.invalidateQueries({ queryKey: eventKeys.options }),
      ]),
  });
}
