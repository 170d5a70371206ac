import { DEFAULT_AMOUNT_PER_STUDENT } from '@bjp/domain';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiResponse, api } from './api';

export type PublicConfig = ApiResponse<'/config/public', 'get'>;

/** Shown until the server answers, so the shell never waits for it. */
export const fallbackConfig: PublicConfig = {
  appEnv: 'production',
  year: 2025,
  amountPerStudent: DEFAULT_AMOUNT_PER_STUDENT,
  years: [{ year: 2025, closed: false }],
};

/** The public configuration's cache key: what changes the open year (opening the next) refreshes it. */
export const publicConfigKey = ['config', 'public'] as const;

const publicConfigQuery = queryOptions({
  queryKey: publicConfigKey,
  queryFn: ({ signal }) => api.get('/config/public', { signal, auth: false }),
  staleTime: Number.POSITIVE_INFINITY,
  retry: 1,
});

export function prefetchPublicConfig(client: QueryClient) {
  void client.prefetchQuery(publicConfigQuery);
}

export function usePublicConfig(): PublicConfig {
  const { data } = useQuery(publicConfigQuery);
  return data ?? fallbackConfig;
}

/** The server's configuration, or undefined while it has not answered (no fallback). */
export function useLoadedPublicConfig(): PublicConfig | undefined {
  return useQuery(publicConfigQuery).data;
}
