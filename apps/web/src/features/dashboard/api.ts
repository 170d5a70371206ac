import type { DepartmentPaidRow, InstitutionCompletionRow } from '@bjp/domain';
import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';

/** Payment dates to count (yyyy-mm-dd, both optional). */
export type PaymentRange = { from?: string; to?: string };

export type DepartmentPaidStats = { rows: DepartmentPaidRow[]; amountPerStudent: number };
export type InstitutionCompletionStats = { rows: InstitutionCompletionRow[] };

/** `year`: a closed gestión's figures (undefined: the open one's, decision 040). */
export const dashboardKeys = {
  all: ['statistics'] as const,
  departmentsPaid: (range: PaymentRange, year?: number) =>
    ['statistics', 'departments-paid', range.from ?? null, range.to ?? null, year ?? null] as const,
  systems: (range: PaymentRange, year?: number) =>
    ['statistics', 'systems', range.from ?? null, range.to ?? null, year ?? null] as const,
  institutions: (year?: number) => ['statistics', 'institutions-completion', year ?? null] as const,
};

const departmentsPaidQuery = (range: PaymentRange, year?: number) =>
  queryOptions({
    queryKey: dashboardKeys.departmentsPaid(range, year),
    queryFn: ({ signal }) =>
      api.get('/statistics/departments-paid', { query: { from: range.from, to: range.to, year }, signal }),
  });

const systemsQuery = (range: PaymentRange, year?: number) =>
  queryOptions({
    queryKey: dashboardKeys.systems(range, year),
    queryFn: ({ signal }) =>
      api.get('/statistics/systems', { query: { from: range.from, to: range.to, year }, signal }),
  });

const institutionsQuery = (year?: number) =>
  queryOptions({
    queryKey: dashboardKeys.institutions(year),
    queryFn: ({ signal }) => api.get('/statistics/institutions-completion', { query: { year }, signal }),
  });

/**
 * The first screen's statistics (all dates), asked when the dashboard's chunk arrives: beside the
 * layout's first render rather than after it, and so answered in the same render (issue 14). Only
 * the open year's: an address with ?gestion= asks for that year when the page renders.
 */
export function prefetchDashboard(client: QueryClient) {
  if (new URLSearchParams(window.location.search).has('gestion')) return;
  void client.prefetchQuery(departmentsPaidQuery({}));
  void client.prefetchQuery(systemsQuery({}));
  void client.prefetchQuery(institutionsQuery());
}

export function useDepartmentPaidStats(range: PaymentRange, year?: number) {
  // Keep the charts on screen while another date range loads.
  return useQuery({ ...departmentsPaidQuery(range, year), placeholderData: keepPreviousData });
}

/** Paid students by education system; with a range, only the payments made in it. */
export function useSystemStats(range: PaymentRange, year?: number) {
  return useQuery({ ...systemsQuery(range, year), placeholderData: keepPreviousData });
}

export function useInstitutionCompletion(year?: number) {
  return useQuery(institutionsQuery(year));
}
