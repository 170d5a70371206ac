import type { LoginLockLift } from '@bjp/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api';

const locksKey = ['auth', 'login-locks'] as const;

/** GET /auth/login-locks?page — the login delays in force and the accounts under attack. */
export function useLoginLocks(page: number) {
  return useQuery({
    queryKey: [...locksKey, page] as const,
    queryFn: ({ signal }) => api.get('/auth/login-locks', { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /auth/login-locks/lift — the list is refetched after it. */
export function useLiftLoginLock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lock: LoginLockLift) => api.post('/auth/login-locks/lift', { body: lock }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: locksKey }),
  });
}
