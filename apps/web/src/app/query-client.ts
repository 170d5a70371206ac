import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './http';

/** Client errors (4xx) are answers, not hiccups: retrying them only repeats the same message. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/**
 * The app's one client (main.tsx renders with it). A screen's module prefetches its first queries
 * into it when its chunk arrives, so the requests run beside the first render instead of after it
 * (issue 14).
 */
export const appQueryClient = createQueryClient();
