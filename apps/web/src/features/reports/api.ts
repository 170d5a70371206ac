import type { PlaceReport } from '@bjp/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, untypedApi } from '../../app/api';

export type PlaceLevel = 'national' | 'department' | 'district';

export const placeReportPath = (level: PlaceLevel, id: number | null) =>
  level === 'national'
    ? '/reports/national'
    : `/reports/${level === 'department' ? 'departments' : 'districts'}/${id}`;

export function usePlaceReport(level: PlaceLevel, id: number | null) {
  return useQuery({
    queryKey: ['reports', level, id],
    queryFn: ({ signal }) => untypedApi.get<PlaceReport>(placeReportPath(level, id), { signal }),
    enabled: level === 'national' || id !== null,
    retry: false,
  });
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
