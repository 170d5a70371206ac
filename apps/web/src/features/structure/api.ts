import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';

export const structureKeys = {
  card: (sie: number) => ['institutions', sie, 'card'] as const,
  courses: (sie: number) => ['institutions', sie, 'courses'] as const,
  mine: ['institutions', 'mine'] as const,
};

/** GET /institutions/:sie — the card; the server refuses a school outside the user's scope. */
export function useInstitutionCard(sie: number | null) {
  return useQuery({
    queryKey: structureKeys.card(sie ?? 0),
    queryFn: ({ signal }) => api.get('/institutions/{sie}', { path: { sie: sie! }, signal }),
    enabled: sie !== null,
    retry: false,
  });
}

/** GET /institutions/:sie/courses — the 'Lista' menu. */
export function useInstitutionCourses(sie: number | null) {
  return useQuery({
    queryKey: structureKeys.courses(sie ?? 0),
    queryFn: ({ signal }) => api.get('/institutions/{sie}/courses', { path: { sie: sie! }, signal }),
    enabled: sie !== null,
  });
}

/** GET /institutions/mine — the director's schools for 'Seleccione Institución'. */
export function useMyInstitutions(enabled = true) {
  return useQuery({
    queryKey: structureKeys.mine,
    queryFn: ({ signal }) => api.get('/institutions/mine', { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
