import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api';
import { useSubmission } from '../../app/submission';
import { holderKeys } from './api';

/** Under the school's key, so every change of the school's titulars refreshes the review too. */
const reviewKey = (sie: number) => [...holderKeys.school(sie), 'previous-titulars'] as const;

/** The review list of 'Titulares de la gestión anterior' (decision 062), read when the dialog opens. */
export function usePreviousTitularsReview(sie: number, enabled: boolean) {
  return useQuery({
    queryKey: reviewKey(sie),
    queryFn: ({ signal }) =>
      api.get('/holders/institutions/{sie}/previous-titulars', { path: { sie }, signal }),
    enabled,
    staleTime: 0,
  });
}

/**
 * 'Designar N titulares': one request for the whole list, with an idempotency key so a retry after a
 * lost answer is the same batch on the server; the school's lists and counts are read again after.
 */
export function useDesignatePreviousTitulars(sie: number) {
  const client = useQueryClient();
  const submission = useSubmission();
  return useMutation({
    mutationFn: (inscriptionIds: number[]) =>
      submission.send(inscriptionIds, (idempotencyKey) =>
        api.post('/holders/institutions/{sie}/previous-titulars', {
          path: { sie },
          body: { inscriptionIds },
          idempotencyKey,
        }),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: holderKeys.school(sie) }),
  });
}
