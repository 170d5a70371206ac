import type { BlockCandidate, BlockedStudentPage, BlockResult } from '@bjp/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { untypedApi } from '../../app/api';
import { useSubmission } from '../../app/submission';

const path = (rude: string) => `/blocking/students/${encodeURIComponent(rude)}`;

export function useBlockCandidate(rude: string | null) {
  return useQuery({
    queryKey: ['blocking', 'candidate', rude],
    queryFn: ({ signal }) => untypedApi.get<BlockCandidate>(path(rude!), { signal }),
    enabled: rude !== null,
    retry: false,
  });
}

/** Block or unblock; afterwards the candidate and the blocked list reload. */
export function useBlockAction(action: 'block' | 'unblock') {
  const client = useQueryClient();
  const submission = useSubmission();
  return useMutation({
    mutationFn: ({ rude, observation }: { rude: string; observation: string }) =>
      submission.send([rude, observation], (idempotencyKey) =>
        untypedApi.post<BlockResult>(`${path(rude)}/${action}`, { observation }, { idempotencyKey }),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: ['blocking'] }),
  });
}

export function useBlockedStudents(page: number) {
  return useQuery({
    queryKey: ['blocking', 'blocked', page],
    queryFn: ({ signal }) =>
      untypedApi.get<BlockedStudentPage>('/blocking/blocked', { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}
