import type { TrackingOverview, TrackingPage } from '@bjp/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, untypedApi } from '../../app/api';

export type Level = 'department' | 'district';
export type TrackingFilters = {
  code: string;
  name: string;
  districtId: string | null;
  subsystem: string | null;
  status: 'TODOS' | 'PENDIENTE' | 'CONCLUIDO';
};

export const placePath = (level: Level, id: number) =>
  `/tracking/${level === 'department' ? 'departments' : 'districts'}/${id}`;

export const filterQuery = (f: TrackingFilters) => ({
  code: f.code || undefined,
  name: f.name || undefined,
  districtId: f.districtId ?? undefined,
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

export function useTrackingOverview(level: Level, id: number | null) {
  return useQuery({
    queryKey: ['tracking', level, id],
    queryFn: ({ signal }) => untypedApi.get<TrackingOverview>(placePath(level, id!), { signal }),
    enabled: id !== null,
    retry: false,
  });
}

export function useTrackingList(level: Level, id: number, filters: TrackingFilters, page: number) {
  return useQuery({
    queryKey: ['tracking', level, id, 'institutions', filters, page],
    queryFn: ({ signal }) =>
      untypedApi.get<TrackingPage>(`${placePath(level, id)}/institutions`, {
        query: { ...filterQuery(filters), page },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useTrackingInstitution(sie: number | null) {
  return useQuery({
    queryKey: ['tracking', 'institution', sie],
    queryFn: ({ signal }) => api.get('/tracking/institutions/{sie}', { path: { sie: sie! }, signal }),
    enabled: sie !== null,
    retry: false,
  });
}
