import type { EnrollmentFormCreateInput, EnrollmentFormUpdateInput } from '@bjp/domain';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';
import { useSubmission } from '../../app/submission';
import { useRefreshOptions } from './api';

export const formKeys = {
  lists: ['enrollment-forms', 'list'] as const,
  list: (page: number) => ['enrollment-forms', 'list', page] as const,
  details: ['enrollment-forms', 'detail'] as const,
  detail: (id: number) => ['enrollment-forms', 'detail', id] as const,
  version: (id: number, version: number) => ['enrollment-forms', 'version', id, version] as const,
};

export function useFormList(page: number) {
  return useQuery({
    queryKey: formKeys.list(page),
    queryFn: ({ signal }) => api.get('/enrollment-forms', { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A form with its latest version and history; `fresh` asks the server again even if cached (an edit starts on it). */
export function useFormDetail(id: number | null, fresh = false) {
  return useQuery({
    queryKey: formKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get('/enrollment-forms/{id}', { path: { id: id! }, signal }),
    enabled: id !== null,
    refetchOnMount: fresh ? 'always' : true,
  });
}

/** One saved version as it was; versions never change, so it is fetched once. */
export function useFormVersion(id: number, version: number | null) {
  return useQuery({
    queryKey: formKeys.version(id, version ?? 0),
    queryFn: ({ signal }) =>
      api.get('/enrollment-forms/{id}/versions/{version}', { path: { id, version: version! }, signal }),
    enabled: version !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** 'Guardar' of an edit: a new version; 409 when someone saved another version meanwhile. */
export function useUpdateForm(id: number) {
  const refresh = useRefreshOptions(formKeys.lists, formKeys.details);
  return useMutation({
    mutationFn: (form: EnrollmentFormUpdateInput) =>
      api.put('/enrollment-forms/{id}', { path: { id }, body: form }),
    onSuccess: refresh,
  });
}

export function useSaveForm() {
  const refresh = useRefreshOptions(formKeys.lists);
  const submission = useSubmission();
  return useMutation({
    mutationFn: (form: EnrollmentFormCreateInput) =>
      submission.send(form, (idempotencyKey) =>
        api.post('/enrollment-forms', { body: form, idempotencyKey }),
      ),
    onSuccess: refresh,
  });
}

/** The 'Activo' switch: sends the wanted state; the list refreshes after the change. */
export function useSetFormActive() {
  const refresh = useRefreshOptions(formKeys.lists);
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      api.patch('/enrollment-forms/{id}/active', { path: { id }, body: { active } }),
    onSettled: refresh,
  });
}
