import type { OpenYearRequest } from '@bjp/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api';
import { publicConfigKey } from '../../app/public-config';
import { useSubmission } from '../../app/submission';

export const yearKeys = { list: ['settings', 'years'] as const };

/** 'Gestiones': the open year and the closed ones, newest first. */
export function useYears() {
  return useQuery({
    queryKey: yearKeys.list,
    queryFn: ({ signal }) => api.get('/settings/years', { signal }),
  });
}

/**
 * 'Abrir gestión': answers the new list; the public configuration (the open year every screen
 * shows, the year selector's list) is fetched again, and every other cached answer is stale now.
 */
export function useOpenYear() {
  const client = useQueryClient();
  const submission = useSubmission();
  return useMutation({
    mutationFn: (body: OpenYearRequest) =>
      submission.send(body, (idempotencyKey) => api.post('/settings/years', { body, idempotencyKey })),
    onSuccess: async (list) => {
      client.setQueryData(yearKeys.list, list);
      await client.invalidateQueries({ queryKey: publicConfigKey });
      await client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'settings' });
    },
  });
}
