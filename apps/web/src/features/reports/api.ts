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

export function usePlaceReport(level: PlaceLevel, id: number | null) {
  return useQuery({
    queryKey: ['reports', level, id],
    queryFn: ({ signal }) =>
      level === 'national'
        ? api.get('/reports/national', { signal })
        : level === 'department'
          ? api.get('/reports/departments/{departmentId}', { path: { departmentId: id! }, signal })
          : api.get('/reports/districts/{districtId}', { path: { districtId: id! }, signal }),
    enabled: level === 'national' || id !== null,
    retry: false,
  });
}

/**
 * National and department reports cover many schools: prepared as a job (exports). A district's
 * stays a direct download (one district's summary rows, a second or two): undefined.
 */
export function placeReportExport(level: PlaceLevel, id: number | null) {
  if (level === 'national')
    return (format: 'pdf' | 'xlsx') => api.post('/exports/reports/national', { body: { format } });
  if (level === 'department')
    return (format: 'pdf' | 'xlsx') =>
      api.post('/exports/reports/departments/{departmentId}', {
        path: { departmentId: id! },
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

export function useInstitutionReport(sie: number | null) {
  return useQuery({
    queryKey: ['reports', 'institution', sie],
    queryFn: ({ signal }) => api.get('/reports/institutions/{sie}', { path: { sie: sie! }, signal }),
    enabled: sie !== null,
    retry: false,
  });
}

export function useInstitutionStudents(sie: number, courseId: number | null, page: number) {
  return useQuery({
    queryKey: ['reports', 'institution', sie, 'students', courseId, page],
    queryFn: ({ signal }) =>
      api.get('/reports/institutions/{sie}/students', { path: { sie }, query: { page, courseId }, signal }),
    placeholderData: keepPreviousData,
  });
}
