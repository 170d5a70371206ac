import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';
import { apiPath } from '../../app/api-path';

export type Level = 'department' | 'district';
export type TrackingFilters = {
  code: string;
  name: string;
  districtId: string | null;
  subsystem: string | null;
  status: 'TODOS' | 'PENDIENTE' | 'CONCLUIDO';
};

/** The place's progress report (PDF). */
export const placeReportDocumentPath = (level: Level, id: number) =>
  level === 'department'
    ? apiPath('/tracking/departments/{departmentId}/report', { departmentId: id })
    : apiPath('/tracking/districts/{districtId}/report', { districtId: id });

export const filterQuery = (f: TrackingFilters) => ({
  code: f.code || undefined,
  name: f.name || undefined,
  // The select holds text; the API reads a number (the URL is the same).
  districtId: f.districtId ? Number(f.districtId) : undefined,
  subsystem: f.subsystem ?? undefined,
  status: f.status,
});

export function useOwnPlace(level: Level, enabled: boolean) {
  return useQuery({
    queryKey: ['tracking', 'me', level],
    queryFn: ({ signal }) => api.get('/tracking/me/{level}', { path: { level }, signal }),
    enabled,
    retry: false,
  });
}

/** `year` in the functions below: a closed gestión (undefined: the open one, decision 040). */
export function useTrackingOverview(level: Level, id: number | null, year?: number) {
  return useQuery({
    queryKey: ['tracking', level, id, year ?? null],
    queryFn: ({ signal }) =>
      level === 'department'
        ? api.get('/tracking/departments/{departmentId}', {
            path: { departmentId: id! },
            query: { year },
            signal,
          })
        : api.get('/tracking/districts/{districtId}', { path: { districtId: id! }, query: { year }, signal }),
    enabled: id !== null,
    retry: false,
  });
}

export function useTrackingList(
  level: Level,
  id: number,
  filters: TrackingFilters,
  page: number,
  year?: number,
) {
  return useQuery({
    queryKey: ['tracking', level, id, 'institutions', filters, page, year ?? null],
    queryFn: ({ signal }) => {
      const query = { ...filterQuery(filters), page, year };
      return level === 'department'
        ? api.get('/tracking/departments/{departmentId}/institutions', {
            path: { departmentId: id },
            query,
            signal,
          })
        : api.get('/tracking/districts/{districtId}/institutions', {
            path: { districtId: id },
            query,
            signal,
          });
    },
    placeholderData: keepPreviousData,
  });
}

export function useTrackingInstitution(sie: number | null, year?: number) {
  return useQuery({
    queryKey: ['tracking', 'institution', sie, year ?? null],
    queryFn: ({ signal }) =>
      api.get('/tracking/institutions/{sie}', { path: { sie: sie! }, query: { year }, signal }),
    enabled: sie !== null,
    retry: false,
  });
}
