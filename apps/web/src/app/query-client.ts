import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './http';

/** Client errors (4xx) are answers, not hiccups: retrying them only repeats the same message. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** The query of the logged-in user as the server sees it now (auth/session-sync.ts). */
export const currentUserKey = ['auth', 'me'] as const;

export function createQueryClient(): QueryClient {
  // A refusal may mean the user's roles changed since the menu was drawn: ask who the user is now.
  const onError = (error: unknown) => {
    if (isApiError(error) && error.status === 403)
      void client.invalidateQueries({ queryKey: currentUserKey });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return client;
}

/**
 * The app's one client (main.tsx renders with it). A screen's module prefetches its first queries
 * into it when its chunk arrives, so the requests run beside the first render instead of after it
 * (issue 14).
 */
export const appQueryClient = createQueryClient();
