import type {
  ActiveToggleResult,
  EnrollmentFormCreateInput,
  EnrollmentFormDetail,
  EnrollmentFormRow,
  Page,
} from '@bjp/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api';
import { useSubmission } from '../../app/submission';
import { eventKeys } from './api';

export const formKeys = {
  lists: ['enrollment-forms', 'list'] as const,
  list: (page: number) => ['enrollment-forms', 'list', page] as const,
  detail: (id: number) => ['enrollment-forms', 'detail', id] as const,
};

export function useFormList(page: number) {
  return useQuery({
    queryKey: formKeys.list(page),
    queryFn: ({ signal }) =>
      api.get<Page<EnrollmentFormRow>>('/enrollment-forms', { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useFormDetail(id: number | null) {
  return useQuery({
    queryKey: formKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<EnrollmentFormDetail>(`/enrollment-forms/${id}`, { signal }),
    enabled: id !== null,
  });
}

export function useSaveForm() {
  const queryClient = useQueryClient();
  const submission = useSubmission();
  return useMutation({
    mutationFn: (form: EnrollmentFormCreateInput) =>
      submission.send(form, (idempotencyKey) =>
        api.post<EnrollmentFormRow>('/enrollment-forms', form, { idempotencyKey }),
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: formKeys.lists }),
        queryClient.invalidateQueries({ queryKey: eventKeys.options }),
      ]),
  });
}

/** The 'Activo' switch: sends the wanted state; the list refreshes after the change. */
export function useSetFormActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      api.patch<ActiveToggleResult>(`/enrollment-forms/${id}/active`, { active }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: formKeys.lists }),
        queryClient.invalidateQueries({ queryKey: eventKeys.options }),
      ]),
  });
}
