import type { InstitutionReport, PlaceReport, StudentPaymentPage, UserPlace } from '@bjp/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { untypedApi } from '../../app/api';

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
    queryFn: ({ signal }) => untypedApi.get<UserPlace>(`/reports/me/${level}`, { signal }),
    enabled,
    retry: false,
  });
}

export function useInstitutionOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['reports', 'institutions'],
    queryFn: ({ signal }) =>
      untypedApi.get<{ items: Array<{ id: number; name: string; codeType: number }> }>(
        '/reports/institutions',
        {
          signal,
        },
      ),
    enabled,
  });
}

export function useInstitutionReport(sie: number | null) {
  return useQuery({
    queryKey: ['reports', 'institution', sie],
    queryFn: ({ signal }) => untypedApi.get<InstitutionReport>(`/reports/institutions/${sie}`, { signal }),
    enabled: sie !== null,
    retry: false,
  });
}

export function useInstitutionStudents(sie: number, courseId: number | null, page: number) {
  return useQuery({
    queryKey: ['reports', 'institution', sie, 'students', courseId, page],
    queryFn: ({ signal }) =>
      untypedApi.get<StudentPaymentPage>(`/reports/institutions/${sie}/students`, {
        query: { page, courseId },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
