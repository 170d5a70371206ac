import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';

/** One student's Kardex within the caller's place (404 'Estudiante no encontrado' outside it). */
export function useKardex(rude: string | null) {
  return useQuery({
    queryKey: ['kardex', 'student', rude],
    queryFn: ({ signal }) => api.get('/kardex/students/{rude}', { path: { rude: rude! }, signal }),
    enabled: rude !== null && rude !== '',
    retry: false,
  });
}

/** Students of the caller's place by RUDE or name, 10 a page; asked from 3 characters on. */
export function useKardexSearch(q: string, page: number) {
  return useQuery({
    queryKey: ['kardex', 'search', q, page],
    queryFn: ({ signal }) => api.get('/kardex/students', { query: { q, page }, signal }),
    enabled: q.length >= 3,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
