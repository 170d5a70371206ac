import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';
import { apiPath } from '../../app/api-path';

export type PlaceLevel = 'national' | 'department' | 'district';

/** The place report's document (PDF or spreadsheet by ?format=). */
export const placeReportDocumentPath = (level: PlaceLevel, id: number | null) =>
  level === 'national'
    ? apiPath('/reports/national/document')
    : level === 'department'
      ? apiPath('/reports/departments/{departmentId}/document', { departmentId: id! })
      : apiPath('/reports/districts/{districtId}/document', { districtId: id! });

/** `year`: a closed gestión (undefined for the open one). */
export function usePlaceReport(level: PlaceLevel, id: number | null, year?: number) {
  const query = { year };
  return useQuery({
    queryKey: ['reports', level, id, year],
    queryFn: ({ signal }) =>
      level === 'national'
        ? api.get('/reports/national', { query, signal })
        : level === 'department'
          ? api.get('/reports/departments/{departmentId}', { path: { departmentId: id! }, query, signal })
          : api.get('/reports/districts/{districtId}', { path: { districtId: id! }, query, signal }),
    enabled: level === 'national' || id !== null,
    retry: false,
  });
}

/**
 * National and department reports cover many schools: prepared as a job (exports), of the open year
 * or of the closed gestión `year`. A district's stays a direct download (one district's summary
 * rows, a second or two): undefined.
 */
export function placeReportExport(level: PlaceLevel, id: number | null, year?: number) {
  const query = { year };
  if (level === 'national')
    return (format: 'pdf' | 'xlsx') => api.post('/exports/reports/national', { query, body: { format } });
  if (level === 'department')
    return (format: 'pdf' | 'xlsx') =>
      api.post('/exports/reports/departments/{departmentId}', {
        path: { departmentId: id! },
        query,
        body: { format },
      });
  return undefined;
}

/** The logged-in user's own department or district (user routes). */
export function useUserPlace(level: 'department' | 'district', enabled: boolean) {
  return useQuery({
    queryKey: ['reports', 'me', level],
    queryFn: ({ signal }) => api.get('/reports/me/{level}', { path: { level }, signal }),
    enabled,
    retry: false,
  });
}

export function useInstitutionOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['reports', 'institutions'],
    queryFn: ({ signal }) => api.get('/reports/institutions', { signal }),
    enabled,
  });
}

export function useInstitutionReport(sie: number | null, year?: number) {
  return useQuery({
    queryKey: ['reports', 'institution', sie, year],
    queryFn: ({ signal }) =>
      api.get('/reports/institutions/{sie}', { path: { sie: sie! }, query: { year }, signal }),
    enabled: sie !== null,
    retry: false,
  });
}

export function useInstitutionStudents(sie: number, courseId: number | null, page: number, year?: number) {
  return useQuery({
    queryKey: ['reports', 'institution', sie, 'students', courseId, page, year],
    queryFn: ({ signal }) =>
      api.get('/reports/institutions/{sie}/students', {
        path: { sie },
        query: { page, courseId, year },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
