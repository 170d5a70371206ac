import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';

/** GET /users/person-search-activity?days&page — paged and ranked on the server, unusual users first. */
export function useSearchActivity(days: number, page: number) {
  return useQuery({
    queryKey: ['users', 'person-search-activity', days, page] as const,
    queryFn: ({ signal }) => api.get('/users/person-search-activity', { query: { days, page }, signal }),
    placeholderData: keepPreviousData,
  });
}
