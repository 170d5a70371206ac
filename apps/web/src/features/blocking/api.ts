import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api';
import { useSubmission } from '../../app/submission';

export function useBlockCandidate(rude: string | null) {
  return useQuery({
    queryKey: ['blocking', 'candidate', rude],
    queryFn: ({ signal }) => api.get('/blocking/students/{rude}', { path: { rude: rude! }, signal }),
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
        api.post(`/blocking/students/{rude}/${action}`, {
          path: { rude },
          body: { observation },
          idempotencyKey,
        }),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: ['blocking'] }),
  });
}

export function useBlockedStudents(page: number) {
  return useQuery({
    queryKey: ['blocking', 'blocked', page],
    queryFn: ({ signal }) => api.get('/blocking/blocked', { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}
