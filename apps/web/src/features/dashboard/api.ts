import type { DepartmentPaidRow, InstitutionCompletionRow } from '@bjp/domain';
import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
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

const departmentsPaidQuery = (range: PaymentRange) =>
  queryOptions({
    queryKey: dashboardKeys.departmentsPaid(range),
    queryFn: ({ signal }) =>
      api.get('/statistics/departments-paid', { query: { from: range.from, to: range.to }, signal }),
  });

const systemsQuery = (range: PaymentRange) =>
  queryOptions({
    queryKey: dashboardKeys.systems(range),
    queryFn: ({ signal }) =>
      api.get('/statistics/systems', { query: { from: range.from, to: range.to }, signal }),
  });

const institutionsQuery = queryOptions({
  queryKey: dashboardKeys.institutions,
  queryFn: ({ signal }) => api.get('/statistics/institutions-completion', { signal }),
});

/**
 * The first screen's statistics (all dates), asked when the dashboard's chunk arrives: beside the
 * layout's first render rather than after it, and so answered in the same render (issue 14).
 */
export function prefetchDashboard(client: QueryClient) {
  void client.prefetchQuery(departmentsPaidQuery({}));
  void client.prefetchQuery(systemsQuery({}));
  void client.prefetchQuery(institutionsQuery);
}

export function useDepartmentPaidStats(range: PaymentRange) {
  // Keep the charts on screen while another date range loads.
  return useQuery({ ...departmentsPaidQuery(range), placeholderData: keepPreviousData });
}

/** Paid students by education system; with a range, only the payments made in it. */
export function useSystemStats(range: PaymentRange) {
  return useQuery({ ...systemsQuery(range), placeholderData: keepPreviousData });
}

export function useInstitutionCompletion() {
  return useQuery(institutionsQuery);
}
