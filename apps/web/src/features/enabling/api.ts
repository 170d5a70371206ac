import type { EnablingKind } from '@bjp/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiBody, api } from '../../app/api';
import { useSubmission } from '../../app/submission';

const paths = {
  paid_validation: '/enabling/paid-validation',
  holders: '/enabling/holders',
} as const satisfies Record<EnablingKind, string>;

export const enablingKeys = {
  all: ['enabling'] as const,
  list: (kind: EnablingKind, page: number) => ['enabling', kind, page] as const,
};

/** POST /enabling/paid-validation or /enabling/holders. Afterwards that school's screens reload. */
export function useEnable(kind: EnablingKind) {
  const client = useQueryClient();
  const submission = useSubmission();
  return useMutation({
    mutationFn: (body: ApiBody<(typeof paths)[EnablingKind], 'post'>) =>
      submission.send(body, (idempotencyKey) => api.post(paths[kind], { body, idempotencyKey })),
    onSuccess: (result) => {
      client.invalidateQueries({ queryKey: enablingKeys.all });
      client.invalidateQueries({
        queryKey: [kind === 'holders' ? 'holders' : 'paid-validation', result.sie],
      });
    },
  });
}

/** What the enabling would reopen; refuses (404/409) as the enabling would, without changing anything. */
export const fetchEnablingPreview = (kind: EnablingKind, sie: number) =>
  api.get('/enabling/{kind}/schools/{sie}', { path: { kind, sie } });

/** The enablings of one kind already made, newest first, 10 a page. */
export function useEnablings(kind: EnablingKind, page: number) {
  return useQuery({
    queryKey: enablingKeys.list(kind, page),
    queryFn: ({ signal }) => api.get('/enabling', { query: { kind, page }, signal }),
    placeholderData: keepPreviousData,
  });
}
