import type { ObservedKind } from '@bjp/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';
import { apiPath } from '../../app/api-path';
import type { ReconciliationTarget } from './reconciliation-api';

/** The spreadsheet of a place's observed payments. */
export function observedXlsxPath(target: ReconciliationTarget) {
  switch (target.level) {
    case 'national':
      return apiPath('/reports/observed-payments/national/xlsx');
    case 'department':
      return apiPath('/reports/observed-payments/departments/{departmentId}/xlsx', {
        departmentId: target.id,
      });
    case 'district':
      return apiPath('/reports/observed-payments/districts/{districtId}/xlsx', { districtId: target.id });
    case 'institution':
      return apiPath('/reports/observed-payments/institutions/{sie}/xlsx', { sie: target.id });
  }
}

function observedReport(
  target: ReconciliationTarget,
  query: { page: number; kind?: ObservedKind },
  signal: AbortSignal,
) {
  switch (target.level) {
    case 'national':
      return api.get('/reports/observed-payments/national', { query, signal });
    case 'department':
      return api.get('/reports/observed-payments/departments/{departmentId}', {
        path: { departmentId: target.id },
        query,
        signal,
      });
    case 'district':
      return api.get('/reports/observed-payments/districts/{districtId}', {
        path: { districtId: target.id },
        query,
        signal,
      });
    case 'institution':
      return api.get('/reports/observed-payments/institutions/{sie}', {
        path: { sie: target.id },
        query,
        signal,
      });
  }
}

/** One page of the place's observed payments (the figures of every kind come with each page). */
export function useObservedPayments(
  target: ReconciliationTarget | null,
  page: number,
  kind: ObservedKind | null,
) {
  return useQuery({
    queryKey: ['reports', 'observed-payments', target, page, kind],
    queryFn: ({ signal }) => observedReport(target!, { page, kind: kind ?? undefined }, signal),
    enabled: target !== null,
    // While another page or kind loads, the place's table stays; another place never shows the last one's rows.
    placeholderData: (previous, query) =>
      JSON.stringify(query?.queryKey[2]) === JSON.stringify(target) ? previous : undefined,
    retry: false,
  });
}
