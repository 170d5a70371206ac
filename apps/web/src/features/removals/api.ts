import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api';
import { useSubmission } from '../../app/submission';

export function useMyDepartment(enabled: boolean) {
  return useQuery({
    queryKey: ['removals', 'me'],
    queryFn: ({ signal }) => api.get('/removals/me/department', { signal }),
    enabled,
    retry: false,
  });
}

export function useRemovalDepartment(id: number | null) {
  return useQuery({
    queryKey: ['removals', id, 'department'],
    queryFn: ({ signal }) =>
      api.get('/removals/departments/{departmentId}', { path: { departmentId: id ?? 0 }, signal }),
    enabled: id !== null,
    retry: false,
  });
}

export function useCandidate(departmentId: number, rude: string | null) {
  return useQuery({
    queryKey: ['removals', departmentId, 'candidate', rude],
    queryFn: ({ signal }) =>
      api.get('/removals/departments/{departmentId}/students/{rude}', {
        path: { departmentId, rude: rude ?? '' },
        signal,
      }),
    enabled: rude !== null,
    retry: false,
  });
}

export function useRemove(departmentId: number) {
  const client = useQueryClient();
  const submission = useSubmission();
  return useMutation({
    mutationFn: ({ rude, reason }: { rude: string; reason: string }) =>
      submission.send({ rude, reason }, (idempotencyKey) =>
        api.post('/removals/departments/{departmentId}/students/{rude}', {
          path: { departmentId, rude },
          body: { reason },
          idempotencyKey,
        }),
      ),
    // The finder, both tables and every count that included the student change.
    onSettled: () => client.invalidateQueries(),
  });
}

export function useRemovalStudents(sie: number, course: number | undefined, page: number) {
  return useQuery({
    queryKey: ['removals', 'students', sie, course, page],
    queryFn: ({ signal }) =>
      api.get('/removals/institutions/{sie}/students', { path: { sie }, query: { course, page }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRemovalHistory(departmentId: number, page: number) {
  return useQuery({
    queryKey: ['removals', departmentId, 'history', page],
    queryFn: ({ signal }) =>
      api.get('/removals/departments/{departmentId}/history', {
        path: { departmentId },
        query: { page },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
