import type {
  RemovalCandidate,
  RemovalDepartment,
  RemovalHistoryPage,
  RemovalResult,
  RemovalStudentPage,
} from '@bjp/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { untypedApi } from '../../app/api';
import { useSubmission } from '../../app/submission';

const dep = (id: number) => `/removals/departments/${id}`;

export function useMyDepartment(enabled: boolean) {
  return useQuery({
    queryKey: ['removals', 'me'],
    queryFn: ({ signal }) => untypedApi.get<RemovalDepartment>('/removals/me/department', { signal }),
    enabled,
    retry: false,
  });
}

export function useRemovalDepartment(id: number | null) {
  return useQuery({
    queryKey: ['removals', id, 'department'],
    queryFn: ({ signal }) => untypedApi.get<RemovalDepartment>(dep(id ?? 0), { signal }),
    enabled: id !== null,
    retry: false,
  });
}

export function useCandidate(departmentId: number, rude: string | null) {
  return useQuery({
    queryKey: ['removals', departmentId, 'candidate', rude],
    queryFn: ({ signal }) =>
      untypedApi.get<RemovalCandidate>(`${dep(departmentId)}/students/${encodeURIComponent(rude ?? '')}`, {
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
        untypedApi.post<RemovalResult>(
          `${dep(departmentId)}/students/${encodeURIComponent(rude)}`,
          { reason },
          { idempotencyKey },
        ),
      ),
    // The finder, both tables and every count that included the student change.
    onSettled: () => client.invalidateQueries(),
  });
}

export function useRemovalStudents(sie: number, course: number | undefined, page: number) {
  return useQuery({
    queryKey: ['removals', 'students', sie, course, page],
    queryFn: ({ signal }) =>
      untypedApi.get<RemovalStudentPage>(`/removals/institutions/${sie}/students`, {
        query: { course, page },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useRemovalHistory(departmentId: number, page: number) {
  return useQuery({
    queryKey: ['removals', departmentId, 'history', page],
    queryFn: ({ signal }) =>
      untypedApi.get<RemovalHistoryPage>(`${dep(departmentId)}/history`, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}
