import type { DepartmentPaidRow, InstitutionCompletionRow } from '@bjp/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';

/** Payment dates to count (yyyy-mm-dd, both optional). */
export type PaymentRange = { from?: string; to?: string };

export type DepartmentPaidStats = { rows: DepartmentPaidRow[]; amountPerStudent: number };
export type InstitutionCompletionStats = { rows: InstitutionCompletionRow[] };

export const dashboardKeys = {
  all: ['statistics'] as const,
  departmentsPaid: (range: PaymentRange) =>
    ['statistics', 'departments-paid', range.from ?? null, range.to ?? null] as const,
  systems: (range: PaymentRange) => ['statistics', 'systems', range.from ?? null, range.to ?? null] as const,
  institutions: ['statistics', 'institutions-completion'] as const,
};

export function useDepartmentPaidStats(range: PaymentRange) {
  return useQuery({
    queryKey: dashboardKeys.departmentsPaid(range),
    queryFn: ({ signal }) =>
      api.get('/statistics/departments-paid', { query: { from: range.from, to: range.to }, signal }),
    // Keep the charts on screen while another date range loads.
    placeholderData: keepPreviousData,
  });
}

/** Paid students by education system; with a range, only the payments made in it. */
export function useSystemStats(range: PaymentRange) {
  return useQuery({
    queryKey: dashboardKeys.systems(range),
    queryFn: ({ signal }) =>
      api.get('/statistics/systems', { query: { from: range.from, to: range.to }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useInstitutionCompletion() {
  return useQuery({
    queryKey: dashboardKeys.institutions,
    queryFn: ({ signal }) => api.get('/statistics/institutions-completion', { signal }),
  });
}
